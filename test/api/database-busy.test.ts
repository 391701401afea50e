import assert from 'node:assert/strict';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, describe, test } from 'node:test';
import SQLite from 'better-sqlite3';
import { createDocument } from '../helpers/documents.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';

/**
 * SQLite only (PostgreSQL writers queue on row locks instead): another process holding the write
 * lock longer than the busy timeout (5 s). Writes then fail with SQLITE_BUSY, which must be a 503
 * DATABASE_UNAVAILABLE with Retry-After, never a 500, and /ready must say so; once the lock is
 * released both recover without a restart. A brief lock by another writer is normal: /ready stays 200.
 */
describe('SQLite: the write lock held beyond the busy timeout (sqlite)', () => {
  let server: TestServer;
  let other: SQLite.Database;
  before(async () => {
    server = await startTestServer({ database: 'sqlite' });
    other = new SQLite(join(server.dataDir, 'firma.db'));
  });
  after(async () => {
    if (other.inTransaction) other.exec('rollback');
    other.close();
    await server.close();
  });

  test('writes and /ready answer 503 DATABASE_UNAVAILABLE while it lasts, 200 again right after', async () => {
    assert.equal((await server.anon.get('/ready')).status, 200);
    other.exec('begin immediate');
    // Past the cached answer, locked for less than the busy timeout so far: ready.
    await sleep(1100);
    assert.equal((await server.anon.get('/ready')).status, 200);
    const started = Date.now();
    // While the write waits for the lock the event loop keeps turning: the wait is not a sleep
    // inside the call (better-sqlite3's busy_timeout was one, and froze every request, /health
    // included, for the whole 5 s of each try). A 4 s bound, against the 5 s freeze it replaces.
    let lastTick = Date.now();
    let longestStall = 0;
    const ticker = setInterval(() => {
      longestStall = Math.max(longestStall, Date.now() - lastTick);
      lastTick = Date.now();
    }, 50);
    const write = await createDocument(server.api).finally(() => clearInterval(ticker));
    assert.ok(Date.now() - started >= 4000, 'the write waited for the busy timeout');
    assert.ok(longestStall < 4000, `the event loop stalled ${longestStall} ms while the write waited`);
    assert.equal(write.status, 503, JSON.stringify(write.body));
    assert.equal(write.body.code, 'DATABASE_UNAVAILABLE');
    assert.ok(Number(write.headers.get('retry-after')) >= 1);
    await sleep(1100);
    const ready = await server.anon.get('/ready');
    assert.equal(ready.status, 503, JSON.stringify(ready.body));
    assert.equal(ready.body.code, 'DATABASE_UNAVAILABLE');
    assert.equal((await server.anon.get('/health')).status, 200);

    other.exec('rollback');
    await sleep(1100);
    assert.equal((await server.anon.get('/ready')).status, 200);
    const created = await createDocument(server.api);
    assert.equal(created.status, 200, JSON.stringify(created.body));
  });
});
