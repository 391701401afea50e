import { z } from 'zod';
import type { EnvelopeRow } from '../../db/repositories/envelope.repo.js';
import { LANGUAGES } from '../../lib/vocabulary/languages.js';
import { DATE_FORMATS, ZEmailSettings } from './envelope-meta.js';

/**
 * An envelope's meta as Documenso's API v2 names it (`documentMeta`), mapped once here: the v2
 * shapes answer it whole, the envelope shapes and the webhook payload pick from it.
 */
const ZPeriod = z.union([
  z.object({ unit: z.enum(['day', 'week', 'month', 'year']), amount: z.number().int() }),
  z.object({ disabled: z.literal(true) }),
]);
const ZReminderPart = z.union([
  z.object({ unit: z.enum(['day', 'week', 'month']), amount: z.number().int() }),
  z.object({ disabled: z.literal(true) }),
]);

export const ZDocumentMetaView = z.object({
  id: z.string(),
  subject: z.string().nullable(),
  message: z.string().nullable(),
  timezone: z.string().nullable(),
  dateFormat: z.enum(DATE_FORMATS).nullable(),
  redirectUrl: z.string().nullable(),
  signingOrder: z.enum(['PARALLEL', 'SEQUENTIAL']),
  allowDictateNextSigner: z.boolean(),
  typedSignatureEnabled: z.boolean(),
  uploadSignatureEnabled: z.boolean(),
  drawSignatureEnabled: z.boolean(),
  language: z.enum(LANGUAGES),
  distributionMethod: z.enum(['EMAIL', 'NONE']),
  emailSettings: ZEmailSettings.nullable(),
  emailId: z.string().nullable(),
  emailReplyTo: z.string().nullable(),
  envelopeExpirationPeriod: ZPeriod.nullable(),
  reminderSettings: z.object({ sendAfter: ZReminderPart, repeatEvery: ZReminderPart }).nullable(),
  password: z.string().nullable(),
  documentId: z.number().int(),
});

export function documentMetaView(e: EnvelopeRow) {
  const meta = e.meta;
  return {
    id: e.metaId,
    subject: meta.subject,
    message: meta.message,
    timezone: meta.timezone,
    dateFormat: meta.dateFormat,
    redirectUrl: meta.redirectUrl,
    signingOrder: meta.signingOrder,
    allowDictateNextSigner: meta.allowDictateNextSigner,
    typedSignatureEnabled: meta.typedSignatureEnabled,
    uploadSignatureEnabled: meta.uploadSignatureEnabled,
    drawSignatureEnabled: meta.drawSignatureEnabled,
    language: meta.language,
    distributionMethod: meta.distributionMethod,
    emailSettings: meta.emailSettings,
    emailId: meta.emailId,
    emailReplyTo: meta.emailReplyTo,
    envelopeExpirationPeriod: meta.envelopeExpirationPeriod,
    reminderSettings: meta.reminderSettings,
    password: null,
    documentId: e.type === 'DOCUMENT' ? e.id : -1,
  };
}
