import { z } from 'zod';
import { fieldTypeName, type FieldType } from '../../lib/vocabulary/field-types.js';
import { isNumberFormat, NUMBER_FORMAT_NAMES } from '../../lib/vocabulary/number-formats.js';
import { readNumber } from '../../lib/number-format.js';

import {
  fieldMetaSchemas,
  ZValidationPreset,
  type FieldMeta,
  type FieldMetaType,
} from '../../lib/stored/field-meta.js';

export { fieldMetaSchemas, ZValidationPreset, type FieldMeta, type FieldMetaType };

function extendedInputSchema<K extends FieldMetaType>(kind: K) {
  const schema = fieldMetaSchemas[kind] as z.ZodObject;
  return schema.extend({ type: z.literal(kind).optional() });
}

/** Built once per kind: zod's `extend` costs about as much as a small create's validation, per call. */
const inputSchemas = new Map<FieldMetaType, ReturnType<typeof extendedInputSchema>>();

/** The input form: like the stored form, but `type` may be omitted. */
export function fieldMetaInputSchema<K extends FieldMetaType>(kind: K): ReturnType<typeof extendedInputSchema<K>> {
  let schema = inputSchemas.get(kind);
  if (!schema) {
    schema = extendedInputSchema(kind);
    inputSchemas.set(kind, schema);
  }
  return schema as ReturnType<typeof extendedInputSchema<K>>;
}

type FieldMetaSchema = (typeof fieldMetaSchemas)[FieldMetaType];

/** The response form: every variant (in the table's order), discriminated by `type`. */
export const ZFieldMeta = z.discriminatedUnion(
  'type',
  Object.values(fieldMetaSchemas) as [FieldMetaSchema, ...FieldMetaSchema[]],
);

export function metaTypeOf(type: FieldType): FieldMetaType | null {
  return fieldTypeName(type);
}

/** Defaults applied when a field is created without fieldMeta (spec section 2, "Default fieldMeta"). */
export function defaultFieldMeta(type: FieldType): FieldMeta | null {
  switch (type) {
    case 'FREE_SIGNATURE':
      return null;
    case 'SIGNATURE':
      return { type: 'signature', fontSize: 18, overflow: 'auto' };
    case 'INITIALS':
      return { type: 'initials', fontSize: 12, textAlign: 'left' };
    case 'NAME':
      return { type: 'name', fontSize: 12, textAlign: 'left' };
    case 'EMAIL':
      return { type: 'email', fontSize: 12, textAlign: 'left', overflow: 'auto' };
    case 'DATE':
      return { type: 'date', fontSize: 12, textAlign: 'left', overflow: 'auto' };
    case 'TEXT':
      return {
        type: 'text',
        fontSize: 12,
        textAlign: 'left',
        label: '',
        placeholder: '',
        text: '',
        required: false,
        readOnly: false,
      };
    case 'NUMBER':
      return {
        type: 'number',
        fontSize: 12,
        textAlign: 'left',
        label: '',
        placeholder: '',
        required: false,
        readOnly: false,
      };
    case 'RADIO':
      return {
        type: 'radio',
        fontSize: 12,
        values: [{ id: 1, checked: false, value: '' }],
        required: false,
        readOnly: false,
        direction: 'vertical',
      };
    case 'CHECKBOX':
      return {
        type: 'checkbox',
        fontSize: 12,
        values: [{ id: 1, checked: false, value: '' }],
        validationRule: '',
        validationLength: 0,
        required: false,
        readOnly: false,
        direction: 'vertical',
      };
    case 'DROPDOWN':
      return {
        type: 'dropdown',
        fontSize: 12,
        values: [{ value: 'Option 1' }],
        defaultValue: '',
        required: false,
        readOnly: false,
      };
  }
}

export const CHECKBOX_RULES = ['', 'Select at least', 'Select exactly', 'Select at most'] as const;

/**
 * Rules a schema cannot express: coherent choices and bounds. Returns human-readable problems
 * (relative to the fieldMeta object), empty when the meta is sound.
 */
export function fieldMetaProblems(meta: FieldMeta): { path: (string | number)[]; message: string }[] {
  const problems: { path: (string | number)[]; message: string }[] = [];
  switch (meta.type) {
    case 'radio':
    case 'checkbox': {
      const ids = new Set<number>();
      (meta.values ?? []).forEach((v, i) => {
        if (ids.has(v.id)) problems.push({ path: ['values', i, 'id'], message: `duplicate option id ${v.id}` });
        ids.add(v.id);
      });
      if (meta.type === 'radio' && (meta.values ?? []).filter((v) => v.checked).length > 1) {
        problems.push({ path: ['values'], message: 'a radio field can have at most one checked option' });
      }
      if (
        meta.type === 'checkbox' &&
        meta.validationRule &&
        !(CHECKBOX_RULES as readonly string[]).includes(meta.validationRule)
      ) {
        problems.push({
          path: ['validationRule'],
          message: `must be one of: ${CHECKBOX_RULES.filter(Boolean).join(', ')}`,
        });
      }
      if (meta.type === 'checkbox' && (meta.validationLength ?? 0) > (meta.values ?? []).length) {
        problems.push({ path: ['validationLength'], message: 'cannot exceed the number of options' });
      }
      break;
    }
    case 'dropdown':
      if (meta.defaultValue && !(meta.values ?? []).some((v) => v.value === meta.defaultValue)) {
        problems.push({ path: ['defaultValue'], message: 'must be one of the values' });
      }
      break;
    case 'number': {
      if (meta.minValue != null && meta.maxValue != null && meta.minValue > meta.maxValue) {
        problems.push({ path: ['minValue'], message: 'must not exceed maxValue' });
      }
      // The prefill is read as a signer's input would be: canonical, or in the field's format.
      const format = isNumberFormat(meta.numberFormat) ? meta.numberFormat : null;
      const value = meta.value !== undefined && meta.value.trim() !== '' ? readNumber(meta.value, format) : null;
      if (meta.value !== undefined && meta.value.trim() !== '' && value === null) {
        problems.push({
          path: ['value'],
          message: format ? `must be a number, such as 1234.5 or as ${format}` : 'must be a number',
        });
      }
      if (value !== null && meta.minValue != null && Number(value) < meta.minValue)
        problems.push({ path: ['value'], message: `must be at least minValue (${meta.minValue})` });
      if (value !== null && meta.maxValue != null && Number(value) > meta.maxValue)
        problems.push({ path: ['value'], message: `must be at most maxValue (${meta.maxValue})` });
      break;
    }
    case 'text':
      if (meta.characterLimit && meta.text && meta.text.length > meta.characterLimit) {
        problems.push({ path: ['text'], message: 'is longer than characterLimit' });
      }
      break;
    case 'signature':
    case 'initials':
    case 'name':
    case 'email':
    case 'date':
      break;
  }
  return problems;
}

/**
 * Values Firma cannot honour: a number format that is not one of Documenso's (a free string in its
 * SDK's types, so a typo would otherwise be stored and shown as plain digits). `null` and `""` mean
 * no format. Refused with FIELD_META_NOT_SUPPORTED.
 */
export function unsupportedFieldMeta(meta: FieldMeta): { path: (string | number)[]; message: string }[] {
  if (meta.type !== 'number' || !meta.numberFormat || isNumberFormat(meta.numberFormat)) return [];
  return [
    {
      path: ['numberFormat'],
      message: `unknown number format: one of ${NUMBER_FORMAT_NAMES.map((f) => JSON.stringify(f)).join(', ')}, or null`,
    },
  ];
}
