import { z } from 'zod';
import { fieldDefinitionSchema, ZPercent, ZPercentSize } from '../../domain/fields/field-input.js';
import { ZFieldMeta } from '../../domain/fields/field-meta.js';
import { ZMetaInput } from '../../domain/model/envelope-meta.js';
import { ZRecipientCreate, ZRecipientUpdate } from '../../domain/recipients/recipient-input.js';
import { ENVELOPE_STATUSES } from '../../lib/vocabulary/envelope-status.js';
import { FIELD_TYPES } from '../../lib/vocabulary/field-types.js';
import { LANGUAGES } from '../../lib/vocabulary/languages.js';
import { RECIPIENT_ROLES, SIGNING_STATUSES } from '../../lib/vocabulary/recipients.js';
import { ZRecordId } from '../../lib/record-id.js';
import { ZFieldUpdate } from '../v2/envelope-parts.schema.js';
import { ZAppEnvelopeParams } from './documents.schema.js';

/*
 * The editor's shapes (no OpenAPI ids: see app.schema.ts). The inputs are the API's own
 * (recipient-input.ts, field-input.ts, envelope-meta.ts): what the editor may send is exactly what
 * envelope/recipient/create-many, envelope/field/create-many and envelope/update accept.
 */

export const ZEditorItemParams = ZAppEnvelopeParams.extend({ itemId: z.string().min(1).max(64) });

export const ZEditorRecipientCreate = ZRecipientCreate;
export const ZEditorRecipientUpdate = ZRecipientUpdate;
export const ZEditorRecipientDelete = z.object({ recipientId: ZRecordId });

/** A field at coordinates, in percent of its page (the editor places every field; no placeholder text). */
const ZEditorFieldCreate = fieldDefinitionSchema({
  recipientId: ZRecordId,
  envelopeItemId: z.string().min(1).max(64).optional().describe('Optional when the document has one PDF'),
  page: z.number().int().min(1),
  positionX: ZPercent,
  positionY: ZPercent,
  width: ZPercentSize,
  height: ZPercentSize,
});
export const ZEditorFieldsCreate = z.object({ fields: z.array(ZEditorFieldCreate).min(1).max(500) });
/** The API's own field update (field/update-many's items). */
export const ZEditorFieldUpdate = ZFieldUpdate;
export const ZEditorFieldDelete = z.object({ fieldId: ZRecordId });

/** The document settings the editor shows: the API's meta members of the same names. */
export const ZEditorSettings = z.object({
  title: z.string().trim().min(1).max(255).optional(),
  meta: ZMetaInput.pick({
    subject: true,
    message: true,
    language: true,
    dateFormat: true,
    timezone: true,
    redirectUrl: true,
    distributionMethod: true,
    signingOrder: true,
  }).optional(),
});

export const ZEditorDocument = z.object({
  id: z.string().describe('`envelope_…`'),
  type: z.enum(['DOCUMENT', 'TEMPLATE']),
  title: z.string(),
  status: z.enum(ENVELOPE_STATUSES),
  items: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      order: z.number().int(),
      pageCount: z.number().int(),
      pages: z.array(z.object({ width: z.number(), height: z.number() })).describe('In PDF points, as displayed'),
    }),
  ),
  recipients: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      email: z.string(),
      role: z.enum(RECIPIENT_ROLES),
      signingOrder: z.number().int().nullable(),
      cuil: z.string().nullable(),
      signatureLevel: z.enum(['ELECTRONIC', 'DIGITAL']),
      signingStatus: z.enum(SIGNING_STATUSES),
    }),
  ),
  fields: z.array(
    z.object({
      id: z.number().int(),
      envelopeItemId: z.string(),
      type: z.enum(FIELD_TYPES),
      recipientId: z.number().int(),
      page: z.number().int(),
      positionX: z.number().describe('Percent of the page’s width, from its left edge'),
      positionY: z.number().describe('Percent of the page’s height, from its top edge'),
      width: z.number(),
      height: z.number(),
      fieldMeta: ZFieldMeta.nullable(),
    }),
  ),
  meta: z.object({
    subject: z.string(),
    message: z.string(),
    language: z.enum(LANGUAGES),
    dateFormat: z.string(),
    timezone: z.string(),
    redirectUrl: z.string(),
    distributionMethod: z.enum(['EMAIL', 'NONE']),
    signingOrder: z.enum(['PARALLEL', 'SEQUENTIAL']),
  }),
  dateFormats: z.array(z.string()).describe('The date formats meta.dateFormat may take'),
});
