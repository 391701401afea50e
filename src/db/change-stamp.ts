import { sqliteHandleOf, type Db } from './database.js';

/**
 * A value that moves whenever anything is committed to the database, read for the price of
 * opening a read snapshot (no table is touched). Caches stamp each entry with a value read
 * before the entry's data, and trust the entry while the stamp has not moved; otherwise they
 * check the entry itself. A stamp read earlier is only older: it can make a cache check again,
 * never trust stale data.
 *
 * On SQLite it combines `PRAGMA data_version` (moves when another connection, in this process or
 * another, commits) with `total_changes()` (this connection's own changes). It is null, meaning
 * "unknown, check the entry", on PostgreSQL (commits there leave no cheap trace) and while a
 * transaction of this process is open on the connection (its changes are not committed yet).
 * Reading it costs about 1.5 µs (the WAL read lock), so the HTTP layer reads it once per request.
 */
export type ChangeStamp = string | null;

const readers = new WeakMap<Db, () => ChangeStamp>();

export function readChangeStamp(db: Db): ChangeStamp {
  let read = readers.get(db);
  if (!read) readers.set(db, (read = createReader(db)));
  return read();
}

function createReader(db: Db): () => ChangeStamp {
  const sqlite = sqliteHandleOf(db);
  if (!sqlite) return () => null;
  const dataVersion = sqlite.prepare('pragma data_version').pluck();
  const ownChanges = sqlite.prepare('select total_changes()').pluck();
  return () => (sqlite.inTransaction ? null : `${String(dataVersion.get())}:${String(ownChanges.get())}`);
}
