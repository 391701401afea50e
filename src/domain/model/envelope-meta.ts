import { z } from 'zod';
import { ZEmailAddress } from '../../lib/email-address.js';
import { LANGUAGES } from '../../lib/vocabulary/languages.js';
import {
  DATE_FORMATS,
  DEFAULT_META,
  ZEmailSettings,
  ZPeriod,
  ZReminderSettings,
  type EmailSettings,
  type EnvelopeMeta,
  type ReminderSettings,
} from '../../lib/stored/envelope-meta.js';

export {
  DATE_FORMATS,
  DEFAULT_META,
  ZEmailSettings,
  ZReminderSettings,
  type EmailSettings,
  type EnvelopeMeta,
  type ReminderSettings,
};

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
