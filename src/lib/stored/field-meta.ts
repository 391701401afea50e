import { z } from 'zod';
import type { FieldTypeName } from '../vocabulary/field-types.js';

/**
 * fieldMeta per field type (spec section 2 "fieldMeta by type" and the limits of section 8).
 * Inputs may omit the lower-case `type` member; stored and returned meta always carries it.
 */
const ZOverflow = z.enum(['auto', 'horizontal', 'vertical', 'crop']);
const ZTextAlign = z.enum(['left', 'center', 'right']);
const ZVerticalAlign = z.enum(['top', 'middle', 'bottom']);
const ZDirection = z.enum(['vertical', 'horizontal']);

const base = {
  label: z.string().max(255).optional(),
  placeholder: z.string().max(255).optional(),
  required: z.boolean().optional(),
  readOnly: z.boolean().optional(),
  fontSize: z.number().min(8).max(96).default(12),
  overflow: ZOverflow.optional(),
};
const textLayout = {
  textAlign: ZTextAlign.optional(),
  lineHeight: z.number().min(1).max(10).nullable().optional(),
  letterSpacing: z.number().min(0).max(100).nullable().optional(),
  verticalAlign: ZVerticalAlign.nullable().optional(),
};
const ZChoiceValue = z.object({ id: z.number().int(), checked: z.boolean(), value: z.string().max(255) });

export const ZValidationPreset = z.enum(['none', 'cuil', 'dni', 'cuit']);

export const fieldMetaSchemas = {
  signature: z.object({ ...base, type: z.literal('signature'), overflow: ZOverflow.default('auto') }),
  initials: z.object({ ...base, type: z.literal('initials'), textAlign: ZTextAlign.optional() }),
  name: z.object({ ...base, type: z.literal('name'), textAlign: ZTextAlign.optional() }),
  email: z.object({
    ...base,
    type: z.literal('email'),
    overflow: ZOverflow.default('auto'),
    textAlign: ZTextAlign.optional(),
  }),
  date: z.object({
    ...base,
    type: z.literal('date'),
    overflow: ZOverflow.default('auto'),
    textAlign: ZTextAlign.optional(),
  }),
  text: z.object({
    ...base,
    ...textLayout,
    type: z.literal('text'),
    text: z.string().max(10_000).optional(),
    characterLimit: z.number().int().min(0).optional(),
    validationPreset: ZValidationPreset.optional(),
  }),
  number: z.object({
    ...base,
    ...textLayout,
    type: z.literal('number'),
    numberFormat: z.string().max(32).nullable().optional(),
    value: z.string().max(64).optional(),
    minValue: z.number().nullable().optional(),
    maxValue: z.number().nullable().optional(),
  }),
  radio: z.object({
    ...base,
    type: z.literal('radio'),
    values: z.array(ZChoiceValue).max(100).optional(),
    direction: ZDirection.default('vertical'),
  }),
  checkbox: z.object({
    ...base,
    type: z.literal('checkbox'),
    values: z.array(ZChoiceValue).max(100).optional(),
    validationRule: z.string().max(64).optional(),
    validationLength: z.number().int().min(0).optional(),
    direction: ZDirection.default('vertical'),
  }),
  dropdown: z.object({
    ...base,
    type: z.literal('dropdown'),
    values: z
      .array(z.object({ value: z.string().max(255) }))
      .max(200)
      .optional(),
    defaultValue: z.string().max(255).optional(),
  }),
} as const satisfies Record<FieldTypeName, z.ZodObject>;

export type FieldMetaType = keyof typeof fieldMetaSchemas;
export type FieldMeta = { [K in FieldMetaType]: z.output<(typeof fieldMetaSchemas)[K]> }[FieldMetaType];
