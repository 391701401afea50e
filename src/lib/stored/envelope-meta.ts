import { z } from 'zod';
import type { Language } from '../vocabulary/languages.js';

/**
 * An envelope's stored `meta` (its JSON column): every member present once decoded, defaults filled
 * for members added since it was written. The rules that change it are the domain's
 * (domain/model/envelope-meta.ts); this is only its shape, so the repositories can decode it.
 */
export const DATE_FORMATS = [
  'yyyy-MM-dd hh:mm a',
  'yyyy-MM-dd',
  'dd/MM/yyyy',
  'dd-MM-yyyy',
  'MM/dd/yyyy',
  'yy-MM-dd',
  'MMMM dd, yyyy',
  'EEEE, MMMM dd, yyyy',
  'dd/MM/yyyy hh:mm a',
  'dd/MM/yyyy HH:mm',
  'dd-MM-yyyy hh:mm a',
  'dd-MM-yyyy HH:mm',
  'MM/dd/yyyy hh:mm a',
  'MM/dd/yyyy HH:mm',
  'dd.MM.yyyy',
  'dd.MM.yyyy HH:mm',
  'yyyy-MM-dd HH:mm',
  'yy-MM-dd hh:mm a',
  'yy-MM-dd HH:mm',
  'yyyy-MM-dd HH:mm:ss',
  'MMMM dd, yyyy hh:mm a',
  'MMMM dd, yyyy HH:mm',
  'EEEE, MMMM dd, yyyy hh:mm a',
  'EEEE, MMMM dd, yyyy HH:mm',
  "yyyy-MM-dd'T'HH:mm:ss.SSSXXX",
] as const;

export const ZEmailSettings = z.object({
  recipientSigningRequest: z.boolean().default(true),
  recipientRemoved: z.boolean().default(true),
  recipientSigned: z.boolean().default(true),
  documentPending: z.boolean().default(true),
  documentCompleted: z.boolean().default(true),
  documentDeleted: z.boolean().default(true),
  ownerDocumentCompleted: z.boolean().default(true),
  ownerRecipientExpired: z.boolean().default(true),
  ownerDocumentCreated: z.boolean().default(true),
});
export type EmailSettings = z.output<typeof ZEmailSettings>;

export const ZPeriod = z.union([
  z.object({ unit: z.enum(['day', 'week', 'month', 'year']), amount: z.number().int().min(1).max(1000) }),
  z.object({ disabled: z.literal(true) }),
]);
const ZReminderPart = z.union([
  z.object({ unit: z.enum(['day', 'week', 'month']), amount: z.number().int().min(1).max(365) }),
  z.object({ disabled: z.literal(true) }),
]);
export const ZReminderSettings = z.object({ sendAfter: ZReminderPart, repeatEvery: ZReminderPart });
export type ReminderSettings = z.output<typeof ZReminderSettings>;

/** The stored meta: every member present. */
export interface EnvelopeMeta {
  subject: string | null;
  message: string | null;
  timezone: string;
  dateFormat: (typeof DATE_FORMATS)[number];
  distributionMethod: 'EMAIL' | 'NONE';
  signingOrder: 'PARALLEL' | 'SEQUENTIAL';
  allowDictateNextSigner: boolean;
  redirectUrl: string | null;
  language: Language;
  typedSignatureEnabled: boolean;
  uploadSignatureEnabled: boolean;
  drawSignatureEnabled: boolean;
  emailId: string | null;
  emailReplyTo: string | null;
  emailSettings: EmailSettings;
  envelopeExpirationPeriod: z.output<typeof ZPeriod> | null;
  reminderSettings: ReminderSettings | null;
  /**
   * Firma's own, never on the wire: whether the sender set `language` (the signing page follows
   * the browser's Accept-Language when not, instead of the default English).
   */
  languageChosen: boolean;
}

export const DEFAULT_META: EnvelopeMeta = {
  subject: null,
  message: null,
  timezone: 'Etc/UTC',
  dateFormat: 'yyyy-MM-dd hh:mm a',
  distributionMethod: 'EMAIL',
  signingOrder: 'PARALLEL',
  allowDictateNextSigner: false,
  redirectUrl: null,
  language: 'en',
  typedSignatureEnabled: true,
  uploadSignatureEnabled: true,
  drawSignatureEnabled: true,
  emailId: null,
  emailReplyTo: null,
  emailSettings: ZEmailSettings.parse({}),
  envelopeExpirationPeriod: null,
  reminderSettings: null,
  languageChosen: false,
};

/** The stored meta with today's defaults for members it was stored without. */
export function decodeStoredMeta(json: string): EnvelopeMeta {
  const stored = JSON.parse(json) as Partial<EnvelopeMeta>;
  // Meta stored before `languageChosen` existed: a language other than the default was chosen.
  const languageChosen = stored.languageChosen ?? (stored.language !== undefined && stored.language !== 'en');
  return { ...DEFAULT_META, ...stored, languageChosen };
}
