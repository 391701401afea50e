import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import { after, before, describe, test } from 'node:test';
import { Worker } from 'node:worker_threads';
import { sql } from 'kysely';
import { openDatabase, type Db } from '../../src/db/database.js';

/**
 * Two processes on one SQLite file (the server and `firma send`, or a separate worker): a
 * transaction that reads, then writes after the other process committed, must wait its turn,
 * never fail with "database is locked". The other writer runs in a thread with its own connection,
 * as another process would.
 */
describe('SQLite transactions across connections', () => {
  let dir: string;
  let path: string;
  let db: Db;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'firma-lock-'));
    path = join(dir, 'firma.db');
    db = openDatabase({ database: { kind: 'sqlite', path } });
    await sql`create table t (x integer)`.execute(db);
  });
  after(async () => {
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  test('a read-then-write transaction is not refused when another connection writes in between', async () => {
    const other = new Worker(
      `const { parentPort, workerData } = require('node:worker_threads');
       const SQLite = require(workerData.module);
       const db = new SQLite(workerData.path);
       db.pragma('busy_timeout = 10000');
       parentPort.once('message', () => {
         db.prepare('insert into t values (2)').run();
         db.close();
         parentPort.postMessage('committed');
       });`,
      { eval: true, workerData: { path, module: import.meta.resolve('better-sqlite3').replace('file://', '') } },
    );
    try {
      await db.transaction().execute(async (trx) => {
        await sql`select count(*) from t`.execute(trx);
        // The other connection writes now: it either commits at once (this transaction holds no
        // write lock yet) or waits for this one to finish.
        other.postMessage('write');
        await Promise.race([once(other, 'message'), new Promise((resolve) => setTimeout(resolve, 1500))]);
        await sql`insert into t values (1)`.execute(trx);
      });
      await once(other, 'message');
      const rows = await sql<{ x: number }>`select x from t order by x`.execute(db);
      assert.deepEqual(
        rows.rows.map((r) => r.x),
        [1, 2],
      );
    } finally {
      await other.terminate();
    }
  });
});
