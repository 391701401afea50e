import type { EnvelopeMeta, ReminderSettings } from './envelope-meta.js';

/**
 * When reminders fall due. The rules the distribution, the turn change, a redistribute, a meta
 * update and the reminder job itself share, so they always agree on the schedule.
 */

/** Documenso's cap: at most this many automatic reminders per recipient and send. */
export const MAX_AUTOMATIC_REMINDERS = 5;

type Part = ReminderSettings['sendAfter'];
type Interval = Exclude<Part, { disabled: true }>;

const isOn = (part: Part): part is Interval => !('disabled' in part);

/**
 * The settings in force for a document: its own `meta.reminderSettings` when it has any (both parts
 * disabled is a deliberate "none"), the platform default otherwise; null when no reminder is due.
 */
export function reminderSettingsInForce(
  meta: Pick<EnvelopeMeta, 'reminderSettings'>,
  platformDefault: ReminderSettings | null,
): ReminderSettings | null {
  const settings = meta.reminderSettings ?? platformDefault;
  return settings && isOn(settings.sendAfter) ? settings : null;
}

/** A reminder is a signing request again: only documents that mail those have reminders. */
export const remindsByMail = (meta: Pick<EnvelopeMeta, 'distributionMethod' | 'emailSettings'>): boolean =>
  meta.distributionMethod === 'EMAIL' && meta.emailSettings.recipientSigningRequest;

/**
 * Why settings cannot be honoured, or null. A repeat without a first reminder would be stored and
 * never have an effect (the repeat counts from the first), so it is refused rather than ignored.
 */
export function reminderSettingsProblem(settings: ReminderSettings | null | undefined): string | null {
  if (!settings) return null;
  if (!isOn(settings.sendAfter) && isOn(settings.repeatEvery))
    return 'repeatEvery counts from the first reminder: set sendAfter too, or disable both';
  return null;
}

/**
 * `from` plus an interval. `dayMs` null: calendar days and months (UTC); a number: a "day" of that
 * many milliseconds, a week of seven and a month of thirty (FIRMA_REMINDER_DAY_SECONDS, for tests
 * and demonstrations).
 */
export function addReminderInterval(from: Date, part: Interval, dayMs: number | null): Date {
  if (dayMs !== null) {
    const days = part.unit === 'day' ? 1 : part.unit === 'week' ? 7 : 30;
    return new Date(from.getTime() + part.amount * days * dayMs);
  }
  const d = new Date(from);
  if (part.unit === 'month') d.setUTCMonth(d.getUTCMonth() + part.amount);
  else d.setUTCDate(d.getUTCDate() + part.amount * (part.unit === 'week' ? 7 : 1));
  return d;
}

/** A reminder at or after the link's expiry could not be acted on: none is scheduled then. */
const beforeExpiry = (due: Date, expiresAt: string | null): Date | null =>
  expiresAt !== null && due.toISOString() >= expiresAt ? null : due;

/** The first reminder after the recipient was sent the document (distribution, turn, redistribute). */
export function firstReminderDue(
  settings: ReminderSettings | null,
  sentAt: Date,
  expiresAt: string | null,
  dayMs: number | null,
): Date | null {
  if (!settings || !isOn(settings.sendAfter)) return null;
  return beforeExpiry(addReminderInterval(sentAt, settings.sendAfter, dayMs), expiresAt);
}

/**
 * The reminder after the one due at `due`, sent at `now` as number `sent`. Counted from the due
 * time, so a late run does not push the schedule; but after a long outage the next one comes a
 * full interval after this one rather than at once (one catch-up reminder, not a burst).
 */
export function nextReminderDue(
  settings: ReminderSettings | null,
  input: { due: Date; now: Date; sent: number; expiresAt: string | null; dayMs: number | null },
): Date | null {
  if (!settings || !isOn(settings.repeatEvery) || input.sent >= MAX_AUTOMATIC_REMINDERS) return null;
  let next = addReminderInterval(input.due, settings.repeatEvery, input.dayMs);
  if (next <= input.now) next = addReminderInterval(input.now, settings.repeatEvery, input.dayMs);
  return beforeExpiry(next, input.expiresAt);
}

/**
 * Reads the CLI's spelling of a part: `3d`, `2w`, `1m` (day, week, month) or `off`; null when it
 * is neither.
 */
export function parseReminderPart(text: string): Part | null {
  if (text === 'off') return { disabled: true };
  const m = /^([1-9]\d{0,2})([dwm])$/.exec(text);
  if (!m || Number(m[1]) > 365) return null;
  return { unit: ({ d: 'day', w: 'week', m: 'month' } as const)[m[2] as 'd' | 'w' | 'm'], amount: Number(m[1]) };
}
