import { dictionary } from './evidence-i18n.js';
import type { EvidenceLanguage } from './evidence-types.js';
import type { DayParts } from './i18n/evidence-dictionary.js';

/**
 * Value formatting for the evidence. Times are always given twice: ISO 8601 in UTC (the
 * unambiguous, machine-comparable form) and the wall-clock time in the envelope's zone with
 * its UTC offset, with the month spelled out so day/month order cannot be misread.
 */

export interface TimeFormatter {
  /** The zone actually used: the envelope's, or UTC when that one is not a valid IANA zone. */
  readonly zone: string;
  /** False when the configured zone was rejected and UTC is used instead. */
  readonly zoneValid: boolean;
  utc(date: Date): string;
  local(date: Date): string;
}

/**
 * Building a DateTimeFormat loads locale and zone data (about 1 ms, a tenth of an audit page's
 * time); a format is immutable, so each language and zone is built once per thread. Bounded, as
 * zones come from envelope settings.
 */
const intlKept = new Map<string, Intl.DateTimeFormat>();
const MAX_KEPT_INTL = 256;

function makeIntl(language: EvidenceLanguage, timeZone: string): Intl.DateTimeFormat {
  const key = `${language} ${timeZone}`;
  let intl = intlKept.get(key);
  if (!intl) {
    intl = newIntl(language, timeZone);
    if (intlKept.size < MAX_KEPT_INTL) intlKept.set(key, intl);
  }
  return intl;
}

// English is en-GB rather than en-US (each dictionary names its locale): day before month,
// 24-hour clock, as lawyers in Argentina expect too.
function newIntl(language: EvidenceLanguage, timeZone: string): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat(dictionary(language).locale, {
    timeZone,
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'longOffset',
  });
}

export function timeFormatter(language: EvidenceLanguage, timezone: string): TimeFormatter {
  let zone = timezone;
  let zoneValid = true;
  let intl: Intl.DateTimeFormat;
  const day = dictionary(language).day;
  try {
    intl = makeIntl(language, timezone);
  } catch {
    // A bad zone in settings must not stop the evidence from being produced: UTC is exact.
    zone = 'UTC';
    zoneValid = false;
    intl = makeIntl(language, 'UTC');
  }
  return {
    zone,
    zoneValid,
    utc: (date) => (isValidDate(date) ? date.toISOString() : '—'),
    local: (date) => (isValidDate(date) ? localText(intl, day, date) : '—'),
  };
}

/**
 * Assembled from parts so every language reads "14 Mar 2025, 12:09:26 UTC-03:00" (the day in the
 * language's own order: "2025年3月14日" in Japanese and Chinese): Spanish Intl
 * output wraps the offset in parentheses, which nests badly inside sentences, and "GMT" is
 * relabelled UTC, the time standard the offsets are actually relative to.
 */
function localText(intl: Intl.DateTimeFormat, day: (parts: DayParts) => string, date: Date): string {
  const part: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const p of intl.formatToParts(date)) part[p.type] = p.value;
  const offset = (part.timeZoneName ?? 'GMT').replace(/^GMT/, 'UTC');
  const dayText = day({ day: part.day ?? '', month: part.month ?? '', year: part.year ?? '' });
  const two = (v: string | undefined) => (v ?? '').padStart(2, '0');
  return `${dayText}, ${two(part.hour)}:${two(part.minute)}:${two(part.second)} ${offset === 'UTC' ? 'UTC+00:00' : offset}`;
}

function isValidDate(date: Date): boolean {
  return date instanceof Date && !Number.isNaN(date.getTime());
}

/** NN-NNNNNNNN-N; anything that is not exactly 11 digits is shown as given, never hidden. */
export function formatCuil(cuil: string | null): string {
  if (cuil === null || cuil.trim() === '') return '—';
  const digits = cuil.replace(/[\s.-]/g, '');
  if (!/^\d{11}$/.test(digits)) return cuil.trim();
  return `${digits.slice(0, 2)}-${digits.slice(2, 10)}-${digits.slice(10)}`;
}
