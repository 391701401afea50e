import { pgChangeSignalOf, sqliteHandleOf, type Db } from './database.js';

/**
 * A value that moves whenever anything is committed to the database, read for the price of
 * opening a read snapshot (no table is touched). Caches stamp each entry with a value read
 * before the entry's data, and trust the entry while the stamp has not moved; otherwise they
 * check the entry itself. A stamp read earlier is only older: it can make a cache check again,
 * never trust stale data.
 *
 * On SQLite it combines `PRAGMA data_version` (moves when another connection, in this process or
 * another, commits) with `total_changes()` (this connection's own changes). It is null, meaning
 * "unknown, check the entry", while a transaction of this process is open on the connection (its
 * changes are not committed yet). Reading it costs about 1.5 µs (the WAL read lock), so the HTTP
 * layer reads it once per request.
 *
 * On PostgreSQL it is the change signal's (`change-signal.ts`: LISTEN/NOTIFY plus this process's
 * own commits), started by the first read, and null whenever that signal may be incomplete.
 * Notifications arrive asynchronously, so a request reads it one turn of the event loop after it
 * arrived (`readChangeStampAfterTurn`): notifications already received by then are counted.
 */
export type ChangeStamp = string | null;

const readers = new WeakMap<Db, () => ChangeStamp>();

export function readChangeStamp(db: Db): ChangeStamp {
  let read = readers.get(db);
  if (!read) readers.set(db, (read = createReader(db)));
  return read();
}

/**
 * Calls `then` with the stamp as soon as it is worth reading: at once on SQLite (its stamp is
 * read from the database file itself) or when it is null; on PostgreSQL after one turn of the
 * event loop (setImmediate runs after the I/O callbacks of the current poll), so notifications
 * that had reached the socket when the request was read are counted before the stamp is taken.
 */
export function readChangeStampAfterTurn(db: Db, then: (stamp: ChangeStamp) => void): void {
  const stamp = readChangeStamp(db);
  if (stamp === null || !needsTurn(db)) return then(stamp);
  setImmediate(() => then(readChangeStamp(db)));
}

/**
 * The stamp for a caller that cannot wait a turn of the event loop: on PostgreSQL null (check the
 * entry), since a notification already received might not be counted yet.
 */
export function readChangeStampAtOnce(db: Db): ChangeStamp {
  return needsTurn(db) ? null : readChangeStamp(db);
}

/** Whether a stamp read without a turn of the event loop may miss notifications already received. */
export function needsTurn(db: Db): boolean {
  return pgChangeSignalOf(db) !== undefined;
}

function createReader(db: Db): () => ChangeStamp {
  const sqlite = sqliteHandleOf(db);
  if (!sqlite) {
    const signal = pgChangeSignalOf(db);
    if (!signal) return () => null;
    signal.start();
    return () => signal.stamp();
  }
  const dataVersion = sqlite.prepare('pragma data_version').pluck();
  const ownChanges = sqlite.prepare('select total_changes()').pluck();
  return () => (sqlite.inTransaction ? null : `${String(dataVersion.get())}:${String(ownChanges.get())}`);
}
