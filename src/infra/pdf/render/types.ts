/** Public types of the burn-in renderer. */
import type { FormFieldIdentity } from './form-widgets.js';

export type { FormFieldIdentity };

export type RenderValue =
  /** NAME, EMAIL, DATE, TEXT, NUMBER, DROPDOWN, typed INITIALS. */
  | { kind: 'text'; text: string }
  /** A typed signature, drawn in a handwriting-like font scaled to fill the box. */
  | { kind: 'typed-signature'; text: string }
  /** A drawn signature: fitted inside the box, keeping its aspect ratio, centred. */
  | { kind: 'image'; png: Uint8Array }
  | {
      kind: 'choices';
      style: 'checkbox' | 'radio';
      direction: 'vertical' | 'horizontal';
      options: { label: string; checked: boolean }[];
    };

export type TextAlign = 'left' | 'center' | 'right';
export type VerticalAlign = 'top' | 'middle' | 'bottom';
/** fieldMeta.overflow: what text too long for its box does (see text-layout.ts). */
export type Overflow = 'auto' | 'horizontal' | 'vertical' | 'crop';
export const OVERFLOWS: readonly Overflow[] = ['auto', 'horizontal', 'vertical', 'crop'];

export interface RenderField {
  /** 1-based page number. */
  page: number;
  /** Box in percent (0–100) of the page as displayed (CropBox, /Rotate applied), from its top-left. */
  positionX: number;
  positionY: number;
  width: number;
  height: number;
  value: RenderValue;
  /** Points; default 12. With overflow `auto` text shrinks below it (to 6 pt) rather than overflow the box. */
  fontSize?: number;
  /**
   * Text values only (typed and drawn signatures are scaled to their box, choices laid out as
   * their own): `auto` (default) shrinks, wraps, then runs past the box; `horizontal` grows to
   * the right; `vertical` grows downward; `crop` clips to the box.
   */
  overflow?: Overflow;
  /** Default left (centre for typed signatures). */
  textAlign?: TextAlign;
  /** Default middle for single-line boxes, top for boxes that hold several lines and for vertical choice lists. */
  verticalAlign?: VerticalAlign;
  /** Multiple of the font size between baselines; default 1.2. */
  lineHeight?: number;
  /** Extra space between characters, in points; default 0. */
  letterSpacing?: number;
  /** In form mode (`RenderOptions.form`): the form field that shows this value. */
  form?: FormFieldIdentity;
}

/** A form field created empty (form mode): where it goes and its name. */
export interface FormPlaceholder {
  page: number;
  positionX: number;
  positionY: number;
  width: number;
  height: number;
  form: FormFieldIdentity;
}

export interface RenderOptions {
  /** A diagonal translucent stamp (e.g. "REJECTED") on every page of the output, appended pages included. */
  stamp?: { text: string };
  /** PDFs whose pages are appended at the end (e.g. audit pages). */
  appendPdfs?: Uint8Array[];
  /**
   * Write what changed as an incremental update after the original bytes instead of saving a new
   * file, so signatures already in the document stay valid (Firma digital revisions).
   */
  incremental?: boolean;
  /**
   * Form mode (a document with DIGITAL signers, issue #34): every field becomes a read-only AcroForm
   * field with its own appearance instead of page content; `empty` ones are created without a value.
   * Stamps and appended pages are not drawn in this mode.
   */
  form?: { empty: FormPlaceholder[] };
}

/** A field or option the renderer cannot honour (bad page number, non-PNG signature…). */
export class RenderError extends Error {
  override readonly name = 'RenderError';
  /** Index of the offending field in the input array, when it is about one field. */
  readonly fieldIndex: number | undefined;

  constructor(message: string, fieldIndex?: number, options?: { cause?: unknown }) {
    super(fieldIndex === undefined ? message : `field #${fieldIndex}: ${message}`, options);
    this.fieldIndex = fieldIndex;
  }
}
