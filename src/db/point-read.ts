import { CompiledQuery } from 'kysely';
import { sqliteHandleOf, type Db } from './database.js';

export type MaybePromise<T> = T | Promise<T>;

/**
 * A one-row read by key for the hot path of every request (the API token check, the freshness
 * check of a cached view). Kysely builds, compiles and awaits every query, which costs more than
 * the read itself on SQLite; this runs a statement prepared once:
 * - SQLite: synchronously on the connection, no promise at all; but while a transaction of this
 *   process is open on that connection it goes through Kysely, which waits for the transaction to
 *   end, so it never sees uncommitted rows.
 * - PostgreSQL: through the pool, as any query.
 * The SQL is written once with `?` placeholders and columns aliased (quoted) to the names the
 * caller reads, so both dialects return the same row.
 */
export function pointRead<Row>(
  db: Db,
  text: string,
): (...params: (string | number)[]) => MaybePromise<Row | undefined> {
  const sqlite = sqliteHandleOf(db);
  let n = 0;
  const compiled = sqlite ? text : text.replace(/\?/g, () => `$${++n}`);
  const viaKysely = async (params: (string | number)[]): Promise<Row | undefined> =>
    (await db.executeQuery<Row>(CompiledQuery.raw(compiled, params))).rows[0];
  if (!sqlite) return (...params) => viaKysely(params);
  const statement = sqlite.prepare(text);
  return (...params) => (sqlite.inTransaction ? viaKysely(params) : (statement.get(...params) as Row | undefined));
}

/** Runs `then` on a value that may or may not be a promise, staying synchronous when it is not. */
export function whenReady<T, R>(value: MaybePromise<T>, then: (value: T) => MaybePromise<R>): MaybePromise<R> {
  return value instanceof Promise ? value.then(then) : then(value);
}
