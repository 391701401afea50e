import { z } from 'zod';
import { fieldDefinitionSchema, ZPercent, ZPercentSize } from '../../domain/fields/field-input.js';
import { ZRecipientCreate, ZRecipientUpdate } from '../../domain/recipients/recipient-input.js';
import { ZField, ZFieldLegacy, ZRecipient, ZRecipientLegacy, ZRecipientWithIdentity } from '../schemas/views.schema.js';
import { ZEnvelopeIdString } from './envelope.schema.js';
import { ZRecordId, ZRecordIdParam } from '../../lib/record-id.js';

export const ZRecipientIdParams = z.object({ recipientId: ZRecordIdParam });
export const ZFieldIdParams = z.object({ fieldId: ZRecordIdParam });

export const ZRecipientCreateManyBody = z.object({
  envelopeId: ZEnvelopeIdString,
  data: z.array(ZRecipientCreate).min(1).max(100),
});
export const ZRecipientUpdateManyBody = z.object({
  envelopeId: ZEnvelopeIdString,
  data: z.array(ZRecipientUpdate).min(1).max(100),
});
export const ZRecipientDeleteBody = z.object({ recipientId: ZRecordId });
export const ZRecipientCreateManyResponse = z.object({ data: z.array(ZRecipientWithIdentity) });
export const ZRecipientUpdateManyResponse = z.object({ data: z.array(ZRecipientLegacy) });
export const ZRecipientGetResponse = ZRecipient.extend({ fields: z.array(ZFieldLegacy) }).meta({
  id: 'RecipientWithFields',
});

const COORDINATES = ['page', 'positionX', 'positionY', 'width', 'height'] as const;
/**
 * A field at coordinates, or (Documenso's placeholder positioning) on a text of the item's PDF:
 * `placeholder` instead of page and position, `width`/`height` then optional overrides.
 */
export const ZFieldCreate = fieldDefinitionSchema({
  recipientId: ZRecordId,
  envelopeItemId: z.string().min(1).max(64).optional().describe('Optional when the envelope has one item'),
  page: z.number().int().min(1).optional().describe('Required unless placeholder is given'),
  positionX: ZPercent.optional().describe('Required unless placeholder is given'),
  positionY: ZPercent.optional().describe('Required unless placeholder is given'),
  width: ZPercentSize.optional().describe('Required unless placeholder is given, then it overrides the text’s width'),
  height: ZPercentSize.optional().describe('Required unless placeholder is given, then it overrides the text’s height'),
  placeholder: z
    .string()
    .min(1)
    .max(255)
    .optional()
    .describe(
      'Text of the PDF (e.g. "{{signature}}") to place the field on instead of page and position; it is hidden in the stored PDF. DRAFT envelopes only',
    ),
  matchAll: z.boolean().optional().describe('With placeholder: a field at every occurrence, not only the first'),
}).superRefine((f, ctx) => {
  if (f.placeholder !== undefined) {
    for (const k of ['page', 'positionX', 'positionY'] as const)
      if (f[k] !== undefined)
        ctx.addIssue({ code: 'custom', path: [k], message: `give either placeholder or ${k}, not both` });
    return;
  }
  if (f.matchAll !== undefined) ctx.addIssue({ code: 'custom', path: ['matchAll'], message: 'only with placeholder' });
  for (const k of COORDINATES)
    if (f[k] === undefined)
      ctx.addIssue({ code: 'custom', path: [k], message: 'Required (or give placeholder instead of coordinates)' });
});
export const ZFieldUpdate = fieldDefinitionSchema({
  id: ZRecordId,
  envelopeItemId: z.string().min(1).max(64).optional(),
  page: z.number().int().min(1).optional(),
  positionX: ZPercent.optional(),
  positionY: ZPercent.optional(),
  width: ZPercentSize.optional(),
  height: ZPercentSize.optional(),
});
export const ZFieldCreateManyBody = z.object({
  envelopeId: ZEnvelopeIdString,
  data: z.array(ZFieldCreate).min(1).max(500),
});
export const ZFieldUpdateManyBody = z.object({
  envelopeId: ZEnvelopeIdString,
  data: z.array(ZFieldUpdate).min(1).max(500),
});
export const ZFieldDeleteBody = z.object({ fieldId: ZRecordId });
export const ZFieldsResponse = z.object({ data: z.array(ZFieldLegacy) });
export const ZFieldGetResponse = ZField;

export const ZAttachmentData = z.object({
  label: z.string().trim().min(1).max(255),
  data: z
    .url({ protocol: /^(https?|mailto)$/ })
    .max(2048)
    .describe('A URI (http, https or mailto)'),
});
export const ZAttachmentFindQuery = z.object({
  envelopeId: ZEnvelopeIdString,
  token: z.string().min(16).max(128).optional().describe('A signing token of this envelope, instead of an API token'),
});
export const ZAttachmentList = z.object({
  data: z.array(z.object({ id: z.string(), type: z.literal('link'), label: z.string(), data: z.string() })),
});
export const ZAttachmentCreateBody = z.object({ envelopeId: ZEnvelopeIdString, data: ZAttachmentData });
export const ZAttachmentUpdateBody = z.object({ id: z.string().min(1).max(64), data: ZAttachmentData });
export const ZAttachmentDeleteBody = z.object({ id: z.string().min(1).max(64) });
export const ZRejectOnBehalfBody = z.object({
  reason: z.string().trim().min(1).max(2000),
  envelopeId: ZEnvelopeIdString.optional(),
  recipientId: ZRecordId.optional(),
});
export const ZRecipientCodeBody = z.object({ envelopeId: ZEnvelopeIdString, recipientId: ZRecordId });
export const ZRecipientCode = z.object({
  code: z
    .string()
    .regex(/^\d{6}$/)
    .describe('Deliver it to the recipient yourself; Firma never shows it again'),
  expiresAt: z.string().describe('ISO 8601 UTC timestamp, 10 minutes from now'),
});
