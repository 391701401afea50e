/**
 * Human-readable log lines for a terminal: pino writes its JSON line (already redacted by the
 * logger's paths, URL rewriting and token scrub) and this turns it into
 * `14:03:07.512 INFO  request completed  req-1  GET /api/v2/document/7 200 3.1ms`, with the
 * remaining members as key=value. A formatter in the same thread, not pino-pretty's worker: the
 * lines come out in order with anything else the process prints.
 */
const LEVELS: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };
const COLOURS: Record<number, string> = { 10: '90', 20: '90', 30: '32', 40: '33', 50: '31', 60: '35' };
/** Members every line has or that are shown in their own place. */
const SHOWN = new Set(['level', 'time', 'msg', 'pid', 'hostname', 'reqId', 'req', 'res', 'responseTime', 'err']);

export function formatLogLine(jsonLine: string, colour = false): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(jsonLine) as Record<string, unknown>;
  } catch {
    return jsonLine.endsWith('\n') ? jsonLine : `${jsonLine}\n`;
  }
  const level = typeof entry.level === 'number' ? entry.level : 30;
  const time = typeof entry.time === 'number' ? new Date(entry.time).toISOString().slice(11, 23) : '';
  const levelName = (LEVELS[level] ?? String(level)).padEnd(5);
  const req = (entry.req ?? {}) as { method?: string; url?: string; reqId?: string };
  const res = (entry.res ?? {}) as { statusCode?: number };
  const reqId = (entry.reqId as string | undefined) ?? req.reqId;
  const parts = [
    time,
    colour ? `\u001b[${COLOURS[level] ?? '0'}m${levelName}\u001b[0m` : levelName,
    typeof entry.msg === 'string' ? entry.msg : '',
  ];
  if (reqId) parts.push(`[${reqId}]`);
  if (req.method) parts.push(`${req.method} ${req.url ?? ''}`);
  if (res.statusCode !== undefined) parts.push(String(res.statusCode));
  if (typeof entry.responseTime === 'number') parts.push(`${entry.responseTime.toFixed(1)}ms`);
  for (const [key, value] of Object.entries(entry))
    if (!SHOWN.has(key)) parts.push(`${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`);
  let line = parts.filter(Boolean).join('  ');
  const err = entry.err as { stack?: string; message?: string } | undefined;
  if (err) line += `\n    ${(err.stack ?? err.message ?? JSON.stringify(err)).replaceAll('\n', '\n    ')}`;
  return `${line}\n`;
}
