/**
 * Database failures that say "the database is not there right now", not "this request is wrong":
 * the same statement can succeed once the database is back. The HTTP layer answers them with 503
 * and Retry-After, start-up retries them, the worker backs off on them. Anything else (a bug, a
 * constraint violation, a missing table) is not transient and keeps its usual path.
 */

/** PostgreSQL SQLSTATEs: 57P01-57P03 shutdown / starting up, 53300 too many connections. */
const PG_STATES = new Set(['57P01', '57P02', '57P03', '53300']);

/** Socket errors of a connection to the database (always with a syscall, unlike a client's aborted request). */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'ENOTFOUND',
]);

/**
 * node-postgres reports a lost or timed-out connection with plain Errors, known by their text
 * (pg 8 / pg-pool 3).
 */
const PG_CLIENT_MESSAGES = [
  { text: 'Connection terminated', reason: 'connection-terminated' },
  // pg-pool's connectionTimeoutMillis: no pooled connection came free, or a new one did not connect, in time.
  { text: 'timeout exceeded when trying to connect', reason: 'pool-wait-timeout' },
  { text: 'Client has encountered a connection error and is not queryable', reason: 'connection-lost' },
  { text: 'Client was closed and is not queryable', reason: 'connection-closed' },
];

/** better-sqlite3 codes (extended codes start with the primary one): locked beyond busy_timeout, disk full, I/O, read-only, cannot open. */
const SQLITE_PREFIXES = ['SQLITE_BUSY', 'SQLITE_FULL', 'SQLITE_IOERR', 'SQLITE_READONLY', 'SQLITE_CANTOPEN'];

export function isTransientDatabaseError(error: unknown): boolean {
  return transientDatabaseReason(error) !== null;
}

/**
 * Why a database failure is transient, in words safe for a log line (a SQLSTATE, a socket code or
 * a name for node-postgres' plain errors; never the driver's message, which may name the host),
 * or null when it is not. Tells an operator apart "too many connections" (53300: lower the pools
 * or raise max_connections), "the pool was full for 5 s" (pool-wait-timeout) and a database gone.
 */
export function transientDatabaseReason(error: unknown): string | null {
  // Kysely and our own code sometimes wrap the driver's error (a failed rollback after a lost connection).
  for (
    let e = error, depth = 0;
    e && typeof e === 'object' && depth < 5;
    e = (e as { cause?: unknown }).cause, depth++
  ) {
    const reason = reasonItself(e);
    if (reason) return reason;
    // A host name with several addresses fails with an AggregateError of each attempt.
    if (e instanceof AggregateError)
      for (const inner of e.errors) {
        const innerReason = transientDatabaseReason(inner);
        if (innerReason) return innerReason;
      }
  }
  return null;
}

function reasonItself(e: { code?: unknown; syscall?: unknown; message?: unknown }): string | null {
  const code = typeof e.code === 'string' ? e.code : '';
  if (PG_STATES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return code;
  if (SQLITE_PREFIXES.some((p) => code.startsWith(p))) return code;
  if (typeof e.syscall === 'string' && (SOCKET_CODES.has(code) || (code === 'ENOENT' && e.syscall === 'connect')))
    return code;
  const message = typeof e.message === 'string' ? e.message : '';
  if (code !== '') return null;
  const known = PG_CLIENT_MESSAGES.find((m) => message.startsWith(m.text));
  return known ? known.reason : null;
}
