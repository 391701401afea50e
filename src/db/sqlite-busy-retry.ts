import { setTimeout as sleep } from 'node:timers/promises';
import {
  SqliteDialect,
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';

/**
 * SQLite's own wait for the write lock (busy_timeout) is a sleep inside the call: better-sqlite3 is
 * synchronous, so while another process (a `firma send`, a separate worker, a backup) held the lock,
 * every write attempt froze the whole server for up to the full timeout, /health included, and the
 * worker's polls chained those freezes back to back. Here the connection's own wait is a few
 * milliseconds, and a statement refused with SQLITE_BUSY is tried again after an asynchronous pause
 * until the budget is spent; then the error goes up as before (503 DATABASE_UNAVAILABLE).
 *
 * A retry is safe: SQLITE_BUSY means the statement took no lock and changed nothing. Transactions
 * begin with `begin immediate` (database.ts), so the wait happens at `begin`, before any work.
 */
export const SQLITE_SYNC_WAIT_MS = 20;

export class BusyRetryingSqliteDialect extends SqliteDialect {
  readonly #budgetMs: number;

  constructor(config: ConstructorParameters<typeof SqliteDialect>[0], budgetMs: number) {
    super(config);
    this.#budgetMs = budgetMs;
  }

  override createDriver(): Driver {
    return new BusyRetryingDriver(super.createDriver(), this.#budgetMs);
  }
}

class BusyRetryingDriver implements Driver {
  readonly #wrapped = new WeakMap<DatabaseConnection, DatabaseConnection>();

  constructor(
    private readonly inner: Driver,
    private readonly budgetMs: number,
  ) {}

  init(): Promise<void> {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const connection = await this.inner.acquireConnection();
    let wrapped = this.#wrapped.get(connection);
    if (!wrapped) {
      wrapped = retryingConnection(connection, this.budgetMs);
      this.#wrapped.set(connection, wrapped);
    }
    return wrapped;
  }

  // The inner driver runs `begin`, `commit` and savepoints through the connection it is given,
  // which is the retrying one.
  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    return this.inner.beginTransaction(connection, settings);
  }

  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return this.inner.commitTransaction(connection);
  }

  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    return this.inner.rollbackTransaction(connection);
  }

  savepoint: Driver['savepoint'] = (...args) => this.inner.savepoint!(...args);
  rollbackToSavepoint: Driver['rollbackToSavepoint'] = (...args) => this.inner.rollbackToSavepoint!(...args);
  releaseSavepoint: Driver['releaseSavepoint'] = (...args) => this.inner.releaseSavepoint!(...args);

  releaseConnection(connection: DatabaseConnection): Promise<void> {
    return this.inner.releaseConnection(connection);
  }

  destroy(): Promise<void> {
    return this.inner.destroy();
  }
}

function isBusy(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === 'SQLITE_BUSY';
}

function retryingConnection(inner: DatabaseConnection, budgetMs: number): DatabaseConnection {
  return {
    async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
      const deadline = Date.now() + budgetMs;
      for (let pause = 5; ; pause = Math.min(pause * 2, 100)) {
        try {
          return await inner.executeQuery<R>(query);
        } catch (error) {
          if (!isBusy(error) || Date.now() + pause > deadline) throw error;
          await sleep(pause);
        }
      }
    },
    // Reads only (Kysely streams selects), which WAL never makes wait for a writer.
    streamQuery: <R>(query: CompiledQuery, chunkSize?: number) => inner.streamQuery<R>(query, chunkSize),
  };
}
