import { z } from 'zod';
import { ZEmailAddress } from '../../lib/email-address.js';
import { LANGUAGES, type Language } from '../../lib/vocabulary/languages.js';

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

const ZPeriod = z.union([
  z.object({ unit: z.enum(['day', 'week', 'month', 'year']), amount: z.number().int().min(1).max(1000) }),
  z.object({ disabled: z.literal(true) }),
]);
const ZReminderPart = z.union([
  z.object({ unit: z.enum(['day', 'week', 'month']), amount: z.number().int().min(1).max(365) }),
  z.object({ disabled: z.literal(true) }),
]);
export const ZReminderSettings = z.object({ sendAfter: ZReminderPart, repeatEvery: ZReminderPart });
export type ReminderSettings = z.output<typeof ZReminderSettings>;

const ZTimezone = z
  .string()
  .max(64)
  .refine((tz) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: tz });
      return true;
    } catch {
      return false;
    }
  }, 'must be an IANA time zone such as America/Argentina/Buenos_Aires');

/** Meta accepted on create, update and distribute; every member optional (MetaInput). */
export const ZMetaInput = z.object({
  subject: z.string().max(254).optional(),
  message: z.string().max(5000).optional(),
  timezone: ZTimezone.optional(),
  dateFormat: z.enum(DATE_FORMATS).optional(),
  distributionMethod: z.enum(['EMAIL', 'NONE']).optional(),
  signingOrder: z.enum(['PARALLEL', 'SEQUENTIAL']).optional(),
  allowDictateNextSigner: z.boolean().optional(),
  redirectUrl: z.union([z.literal(''), z.url({ protocol: /^https?$/ })]).optional(),
  language: z.enum(LANGUAGES).optional(),
  typedSignatureEnabled: z.boolean().optional(),
  uploadSignatureEnabled: z.boolean().optional(),
  drawSignatureEnabled: z.boolean().optional(),
  emailId: z.string().max(255).nullable().optional(),
  emailReplyTo: ZEmailAddress.nullable().optional(),
  emailSettings: ZEmailSettings.nullable().optional(),
  envelopeExpirationPeriod: ZPeriod.nullable().optional(),
  reminderSettings: ZReminderSettings.nullable().optional(),
});
export type MetaInput = z.input<typeof ZMetaInput>;

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

/** Applies an input over stored meta; absent members keep their value, `null` clears nullable ones. */
export function mergeMeta(current: EnvelopeMeta, input: z.output<typeof ZMetaInput> | undefined): EnvelopeMeta {
  if (!input) return current;
  const next: EnvelopeMeta = { ...current };
  for (const [key, value] of Object.entries(input) as [keyof EnvelopeMeta, unknown][]) {
    if (value === undefined) continue;
    if (key === 'emailSettings')
      next.emailSettings = value === null ? DEFAULT_META.emailSettings : (value as EmailSettings);
    else if (key === 'redirectUrl') next.redirectUrl = value === '' ? null : (value as string);
    else if (key === 'language') {
      next.language = value as EnvelopeMeta['language'];
      next.languageChosen = true;
    } else (next as unknown as Record<string, unknown>)[key] = value;
  }
  return next;
}

export function parseStoredMeta(json: string): EnvelopeMeta {
  const stored = JSON.parse(json) as Partial<EnvelopeMeta>;
  // Meta stored before `languageChosen` existed: a language other than the default was chosen.
  const languageChosen = stored.languageChosen ?? (stored.language !== undefined && stored.language !== 'en');
  return { ...DEFAULT_META, ...stored, languageChosen };
}

/** The language the sender chose for the document, null when they left it to the recipient's browser. */
export function chosenLanguage(meta: EnvelopeMeta): EnvelopeMeta['language'] | null {
  return meta.languageChosen ? meta.language : null;
}

/** Default expiry when none is configured: three months after sending. */
export function expiryFrom(meta: EnvelopeMeta, sentAt: Date): Date | null {
  const period = meta.envelopeExpirationPeriod ?? { unit: 'month' as const, amount: 3 };
  if ('disabled' in period) return null;
  const d = new Date(sentAt);
  switch (period.unit) {
    case 'day':
      d.setUTCDate(d.getUTCDate() + period.amount);
      break;
    case 'week':
      d.setUTCDate(d.getUTCDate() + 7 * period.amount);
      break;
    case 'month':
      d.setUTCMonth(d.getUTCMonth() + period.amount);
      break;
    case 'year':
      d.setUTCFullYear(d.getUTCFullYear() + period.amount);
      break;
  }
  return d;
}
