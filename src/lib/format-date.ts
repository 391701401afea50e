/**
 * Formats a date with the luxon-style patterns Documenso's API accepts as `dateFormat`
 * (yyyy, yy, MMMM, MM, dd, EEEE, HH, hh, mm, ss, SSS, a, XXX and quoted literals), in an IANA
 * time zone and a language, using only Intl so nothing is downloaded or bundled.
 */
export function formatDate(date: Date, pattern: string, timeZone: string, language = 'en'): string {
  const zone = validZone(timeZone);
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(date)
      .map((p) => [p.type, p.value]),
  );
  const named = (options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat(language, { timeZone: zone, ...options }).format(date);
  const hour24 = Number(parts.hour) % 24;
  const tokens: Record<string, () => string> = {
    yyyy: () => parts.year!,
    yy: () => parts.year!.slice(-2),
    MMMM: () => named({ month: 'long' }),
    MM: () => parts.month!,
    dd: () => parts.day!,
    EEEE: () => named({ weekday: 'long' }),
    HH: () => String(hour24).padStart(2, '0'),
    hh: () => String(hour24 % 12 === 0 ? 12 : hour24 % 12).padStart(2, '0'),
    mm: () => parts.minute!,
    ss: () => parts.second!,
    SSS: () => String(date.getUTCMilliseconds()).padStart(3, '0'),
    a: () => (hour24 < 12 ? 'AM' : 'PM'),
    XXX: () => offsetOf(date, zone),
  };
  return pattern.replace(
    /'([^']*)'|yyyy|yy|MMMM|MM|dd|EEEE|HH|hh|mm|ss|SSS|a|XXX/g,
    (match, literal: string | undefined) => (literal !== undefined ? literal : tokens[match]!()),
  );
}

function validZone(timeZone: string): string {
  try {
    new Intl.DateTimeFormat('en', { timeZone });
    return timeZone;
  } catch {
    return 'UTC';
  }
}

/** `+hh:mm` / `-hh:mm`, or `Z` for UTC. */
function offsetOf(date: Date, timeZone: string): string {
  const name =
    new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
      .formatToParts(date)
      .find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const match = /GMT([+-]\d{2}):?(\d{2})?/.exec(name);
  const offset = match ? `${match[1]}:${match[2] ?? '00'}` : 'Z';
  return offset === '+00:00' || offset === '-00:00' ? 'Z' : offset;
}
