import type SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { SQLITE_BUSY_TIMEOUT_MS, sqliteHandleOf, type Db } from './database.js';
import { SQLITE_SYNC_WAIT_MS } from './sqlite-busy-retry.js';

export interface ReadinessProbeOptions {
  /** A result is reused this long, so a load balancer polling often costs no round trip each time. */
  cacheMs?: number;
  /** PostgreSQL: a probe that has not answered by then counts as "unavailable". */
  timeoutMs?: number;
}

/**
 * Whether the database can take writes now, for `/ready`. PostgreSQL: `select 1` within a
 * deadline. SQLite: a write transaction that writes nothing and is rolled back (`begin
 * immediate` alone passes on a read-only file: SQLite turns it into a read transaction), run
 * synchronously with busy_timeout 0 so it never blocks the event loop. Another writer holding the
 * lock is normal; only a lock held longer than the busy timeout (when statements start failing
 * with SQLITE_BUSY) makes the probe fail. Concurrent callers share one probe.
 */
export function createReadinessProbe(db: Db, options: ReadinessProbeOptions = {}): () => Promise<boolean> {
  const cacheMs = options.cacheMs ?? 1000;
  const check = sqliteCheck(db) ?? pgCheck(db, options.timeoutMs ?? 2000);
  let last: { ok: boolean; at: number } | null = null;
  let running: Promise<boolean> | null = null;
  return () => {
    if (last && Date.now() - last.at < cacheMs) return Promise.resolve(last.ok);
    running ??= check()
      .catch(() => false)
      .then((ok) => {
        last = { ok, at: Date.now() };
        running = null;
        return ok;
      });
    return running;
  };
}

function pgCheck(db: Db, timeoutMs: number): () => Promise<boolean> {
  return async () => {
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs)));
    const query = sql`select 1`.execute(db).then(
      () => true,
      () => false,
    );
    try {
      return await Promise.race([query, deadline]);
    } finally {
      clearTimeout(timer);
    }
  };
}

function sqliteCheck(db: Db): (() => Promise<boolean>) | null {
  const sqlite = sqliteHandleOf(db);
  if (!sqlite) return null;
  let statements: { begin: SQLite.Statement; write: SQLite.Statement; rollback: SQLite.Statement } | null = null;
  let busySince: number | null = null;
  return () => {
    // A transaction of this process is open on the one connection: it is writing, so writes work.
    if (sqlite.inTransaction) return Promise.resolve(true);
    try {
      // `platform` exists from the first migration; `where 0` touches no row, yet needs the write lock.
      statements ??= {
        begin: sqlite.prepare('begin immediate'),
        write: sqlite.prepare('delete from platform where 0'),
        rollback: sqlite.prepare('rollback'),
      };
      sqlite.pragma('busy_timeout = 0');
      try {
        statements.begin.run();
        try {
          statements.write.run();
        } finally {
          statements.rollback.run();
        }
      } finally {
        sqlite.pragma(`busy_timeout = ${SQLITE_SYNC_WAIT_MS}`);
      }
      busySince = null;
      return Promise.resolve(true);
    } catch (error) {
      if (String((error as { code?: unknown }).code).startsWith('SQLITE_BUSY')) {
        busySince ??= Date.now();
        return Promise.resolve(Date.now() - busySince < SQLITE_BUSY_TIMEOUT_MS);
      }
      busySince = null;
      return Promise.resolve(false);
    }
  };
}
