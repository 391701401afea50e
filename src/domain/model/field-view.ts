import { z } from 'zod';
import type { EnvelopeRow, FieldRow } from '../../db/repositories/envelope.repo.js';
import { FIELD_TYPES } from '../../lib/vocabulary/field-types.js';
import { ZFieldMeta } from '../fields/field-meta.js';

/**
 * The field as Documenso's API v2 names it: the base shape. v1's field and the signing page's
 * field are derived from this schema and this presenter (picked and renamed), so a change here
 * reaches every variant. The schema sits in the domain because use cases answer with it; the API
 * gives it its OpenAPI name (`http/schemas/views.schema.ts`).
 */
export const legacyIds = { documentId: z.number().int().nullable(), templateId: z.number().int().nullable() };

export const ZFieldView = z.object({
  envelopeId: z.string(),
  envelopeItemId: z.string(),
  type: z.enum(FIELD_TYPES),
  id: z.number().int(),
  secondaryId: z.string(),
  recipientId: z.number().int(),
  page: z.number().int(),
  positionX: z.number(),
  positionY: z.number(),
  width: z.number(),
  height: z.number(),
  customText: z.string(),
  inserted: z.boolean(),
  fieldMeta: ZFieldMeta.nullable(),
});

/** The field's own members, those that need no envelope: what every variant picks from. */
export function fieldMembers(f: FieldRow) {
  return {
    envelopeItemId: f.envelopeItemId,
    type: f.type,
    id: f.id,
    secondaryId: f.secondaryId,
    recipientId: f.recipientId,
    page: f.page,
    positionX: f.positionX,
    positionY: f.positionY,
    width: f.width,
    height: f.height,
    customText: f.customText,
    inserted: f.inserted === 1,
    fieldMeta: f.fieldMeta,
  };
}

export function fieldView(f: FieldRow, envelope: Pick<EnvelopeRow, 'publicId' | 'id' | 'type'>) {
  return {
    envelopeId: envelope.publicId,
    ...fieldMembers(f),
    documentId: envelope.type === 'DOCUMENT' ? envelope.id : null,
    templateId: envelope.type === 'TEMPLATE' ? envelope.id : null,
  };
}
export type FieldView = ReturnType<typeof fieldView>;
