import { z } from 'zod';
import { fieldDefinitionSchema, ZPercent, ZPercentSize } from '../../domain/fields/field-input.js';
import { ZRecipientCreate, ZRecipientUpdate } from '../../domain/recipients/recipient-input.js';
import { ZField, ZFieldLegacy, ZRecipient, ZRecipientLegacy, ZRecipientWithIdentity } from '../schemas/views.schema.js';
import { ZEnvelopeIdString } from './envelope.schema.js';

const ZId = z.coerce.number().int().positive().max(2_147_483_647);

export const ZRecipientIdParams = z.object({ recipientId: ZId });
export const ZFieldIdParams = z.object({ fieldId: ZId });

export const ZRecipientCreateManyBody = z.object({
  envelopeId: ZEnvelopeIdString,
  data: z.array(ZRecipientCreate).min(1).max(100),
});
export const ZRecipientUpdateManyBody = z.object({
  envelopeId: ZEnvelopeIdString,
  data: z.array(ZRecipientUpdate).min(1).max(100),
});
export const ZRecipientDeleteBody = z.object({ recipientId: z.number().int().positive() });
export const ZRecipientCreateManyResponse = z.object({ data: z.array(ZRecipientWithIdentity) });
export const ZRecipientUpdateManyResponse = z.object({ data: z.array(ZRecipientLegacy) });
export const ZRecipientGetResponse = ZRecipient.extend({ fields: z.array(ZFieldLegacy) }).meta({
  id: 'RecipientWithFields',
});

export const ZFieldCreate = fieldDefinitionSchema({
  recipientId: z.number().int().positive(),
  envelopeItemId: z.string().min(1).max(64).optional().describe('Optional when the envelope has one item'),
  page: z.number().int().min(1),
  positionX: ZPercent,
  positionY: ZPercent,
  width: ZPercentSize,
  height: ZPercentSize,
});
export const ZFieldUpdate = fieldDefinitionSchema({
  id: z.number().int().positive(),
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
export const ZFieldDeleteBody = z.object({ fieldId: z.number().int().positive() });
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
  recipientId: z.number().int().optional(),
});
