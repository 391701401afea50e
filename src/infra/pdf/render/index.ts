export { renderFields } from './render-fields.js';
export { RenderError } from './types.js';
export type {
  FormFieldIdentity,
  FormPlaceholder,
  Overflow,
  RenderField,
  RenderOptions,
  RenderValue,
  TextAlign,
  VerticalAlign,
} from './types.js';
