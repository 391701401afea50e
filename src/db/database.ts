import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import type { SqliteDialect } from 'kysely';
import { CamelCasePlugin, Kysely, sql, PostgresAdapter, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Logger } from 'pino';
import type { Config } from '../config.js';
import { PgChangeSignal, trackPoolWrites } from './change-signal.js';
import type { DB } from './schema.js';
import { BusyRetryingSqliteDialect, SQLITE_SYNC_WAIT_MS } from './sqlite-busy-retry.js';

export type Db = Kysely<DB>;
export type DialectName = 'sqlite' | 'postgres';

// Counts and sums come back from PostgreSQL as strings (int8); every other integer column is int4.
pg.types.setTypeParser(pg.types.builtins.INT8, (v: string) => Number(v));

export interface DatabaseOptions {
  /** PostgreSQL schema to use (tests give each server its own). Created when missing. */
  pgSchema?: string;
  poolSize?: number;
  /** Where a dropped pooled connection is reported (a warning: the pool replaces it). */
  log?: Logger;
}

/**
 * How long a statement waits for SQLite's write lock before failing with SQLITE_BUSY: retried
 * asynchronously (sqlite-busy-retry.ts), so the event loop stays free while it waits.
 */
export const SQLITE_BUSY_TIMEOUT_MS = 5000;
/** How long a request waits for a PostgreSQL connection (new or from a full pool) before a 503. */
const PG_CONNECT_TIMEOUT_MS = 5000;

/**
 * The one place the dialect is chosen. SQLite (embedded default): WAL, foreign keys on,
 * synchronous=FULL by default because an acknowledged signature must survive a power cut, not just
 * a crash; FIRMA_SQLITE_SYNC=normal trades that for one fsync per checkpoint instead of per commit
 * (a crash still loses nothing committed; the test servers use it).
 * PostgreSQL: a pool; an optional schema isolates test servers sharing one database.
 */
export function openDatabase(config: Pick<Config, 'database'>, options: DatabaseOptions = {}): Db {
  const plugins = [new CamelCasePlugin()];
  if (config.database.kind === 'sqlite') {
    if (config.database.path !== ':memory:') mkdirSync(dirname(config.database.path), { recursive: true });
    const sqlite = new SQLite(config.database.path);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma(`synchronous = ${config.database.synchronous === 'normal' ? 'NORMAL' : 'FULL'}`);
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma(`busy_timeout = ${SQLITE_SYNC_WAIT_MS}`);
    const dialect = new BusyRetryingSqliteDialect({ database: withStatementCache(sqlite) }, SQLITE_BUSY_TIMEOUT_MS);
    const db = new Kysely<DB>({ dialect, plugins });
    sqliteHandles.set(db, sqlite);
    return db;
  }
  if (options.pgSchema && !/^[a-z_][a-z0-9_]*$/.test(options.pgSchema))
    throw new Error('invalid PostgreSQL schema name');
  const connection: pg.ClientConfig = {
    connectionString: config.database.url,
    // Without it a request waits forever for a database that does not answer; with it, a 503.
    connectionTimeoutMillis: PG_CONNECT_TIMEOUT_MS,
    keepAlive: true,
    ...(options.pgSchema ? { options: `-c search_path=${options.pgSchema}` } : {}),
  };
  const pool = new pg.Pool({ ...connection, max: options.poolSize ?? config.database.poolSize ?? 10 });
  // The change signal listens on a connection of its own, started by the first reader of the
  // change stamp (the HTTP layer), so the CLI and workers never open it; it ends with the pool.
  const signal = new PgChangeSignal(connection, options.log);
  trackPoolWrites(pool, () => signal.noteOwnCommit());
  const end = pool.end.bind(pool);
  pool.end = async () => {
    await signal.stop();
    return end();
  };
  // An idle connection that dies (terminated backend, restart, network) makes the pool emit
  // 'error'; with no listener that is an uncaught exception that kills the process. The pool has
  // already discarded the connection and opens a new one on demand.
  pool.on('error', (error) =>
    options.log?.warn(
      { err: { message: error.message, code: (error as { code?: string }).code } },
      'database connection lost; the pool replaces it',
    ),
  );
  // A connection in use that dies emits 'error' on the client too, where the pool listens only
  // while it is idle. The statement running on it fails on its own (503 for a request), and the
  // pool discards the client when it is released, so this listener only keeps the process up.
  pool.on('connect', (client) => client.on('error', () => undefined));
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }), plugins });
  pgSignals.set(db, signal);
  return db;
}

/** The change signal of a PostgreSQL Kysely instance (docs/design/hot-path-reads.md). */
const pgSignals = new WeakMap<Db, PgChangeSignal>();

export function pgChangeSignalOf(db: Db): PgChangeSignal | undefined {
  return pgSignals.get(db);
}

/**
 * Kysely prepares every query afresh; with better-sqlite3 preparing costs as much as running a
 * point lookup. Queries are built from a small set of shapes (values are bound, never inlined), so
 * a bounded cache keyed by SQL text removes that cost. Safe because Kysely's SQLite driver runs one
 * statement at a time on its single connection.
 */
function withStatementCache(sqlite: SQLite.Database, capacity = 1000): SqliteDialectDatabase {
  const cache = new Map<string, SQLite.Statement>();
  let nothing: SQLite.Statement | undefined;
  return {
    close: () => sqlite.close(),
    prepare(given: string) {
      // SQLite rolls a transaction back itself when a statement or the commit fails with
      // SQLITE_FULL, SQLITE_IOERR, SQLITE_BUSY or SQLITE_NOMEM. Kysely's `rollback` would then fail
      // ("no transaction is active") and its error would replace the real one: a full disk would
      // be answered 500 instead of 503 STORAGE_FULL. There is nothing left to roll back.
      if (given === 'rollback' && !sqlite.inTransaction) return (nothing ??= sqlite.prepare('select 0 where 0'));
      // Kysely opens every transaction with a deferred `begin`. When another process (the CLI, a
      // worker) commits between such a transaction's first read and its first write, SQLite
      // refuses the write at once (SQLITE_BUSY on a stale snapshot; busy_timeout does not apply).
      // Taking the write lock at `begin` makes the other process wait its turn instead; inside
      // one process Kysely already runs transactions one at a time, so nothing is lost.
      const text = given === 'begin' ? 'begin immediate' : given;
      let statement = cache.get(text);
      if (statement) {
        // Refresh its place so the least recently used shape is the one evicted.
        cache.delete(text);
      } else {
        statement = sqlite.prepare(text);
        if (cache.size >= capacity) cache.delete(cache.keys().next().value as string);
      }
      cache.set(text, statement);
      return statement;
    },
  };
}

type SqliteDialectDatabase = ConstructorParameters<typeof SqliteDialect>[0]['database'] & object;

/** The better-sqlite3 handle behind a SQLite Kysely instance, for the few synchronous hot paths. */
const sqliteHandles = new WeakMap<Db, SQLite.Database>();

export function sqliteHandleOf(db: Db): SQLite.Database | undefined {
  return sqliteHandles.get(db);
}

/** Creates the configured PostgreSQL schema before anything uses it (tests give each server its own). */
export async function ensurePgSchema(db: Db, schema: string | undefined): Promise<void> {
  if (!schema || dialectOf(db) !== 'postgres') return;
  await sql`create schema if not exists ${sql.id(schema)}`.execute(db);
}

/** Works on a Kysely instance and on a transaction alike (they share the adapter). */
export function dialectOf(db: Kysely<DB> | Kysely<unknown>): DialectName {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

export function nowIso(): string {
  return new Date().toISOString();
}
