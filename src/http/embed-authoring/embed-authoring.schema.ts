import { z } from 'zod';

/*
 * The embedded editor's shapes. Its changes take the web app editor's bodies (editor.schema.ts),
 * which are the API's own inputs; only the path and the credential (a presign token) differ.
 */

export const ZEmbedKind = z.enum(['documents', 'templates']).describe('Documents or templates');

export const ZEmbedEnvelopeParams = z.object({
  kind: ZEmbedKind,
  envelopeId: z.string().min(1).max(64).describe('The envelope id, `envelope_…`'),
});

export const ZEmbedItemParams = ZEmbedEnvelopeParams.extend({ itemId: z.string().min(1).max(64) });

export const ZEmbedNewEnvelopePayload = z.object({
  type: z.enum(['DOCUMENT', 'TEMPLATE']),
  title: z.string().trim().min(1).max(255),
  externalId: z.string().max(255).nullable().optional().describe('The embedding app’s own id, stored on it'),
  folderId: z.string().max(255).nullable().optional(),
});

export const ZEmbedNewEnvelopeBody = z.object({
  payload: ZEmbedNewEnvelopePayload.describe('JSON text'),
  file: z.string().meta({ format: 'binary' }).describe('The PDF'),
});

export const ZEmbedNewEnvelopeAnswer = z.object({
  envelopeId: z.string().describe('`envelope_…` (v2 events)'),
  documentId: z.number().int().describe('The numeric id (v1 events’ documentId or templateId)'),
  type: z.enum(['DOCUMENT', 'TEMPLATE']),
});

/** What Send answers: the status only — never a recipient's signing URL. */
export const ZEmbedDistributeAnswer = z.object({ status: z.string() });
