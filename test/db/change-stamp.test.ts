import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import SQLite from 'better-sqlite3';
import { readChangeStamp } from '../../src/db/change-stamp.js';
import { pointRead } from '../../src/db/point-read.js';
import { holdUncommitted } from '../helpers/uncommitted.js';
import { startTestServer, testDatabases, type TestServer } from '../helpers/test-server.js';

describe('the change stamp (sqlite)', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ database: 'sqlite', worker: false });
  });
  after(() => server.close());

  test('stays put while nothing is committed, and moves on this connection’s writes and on any other connection’s', async () => {
    const db = server.ctx.db;
    const first = readChangeStamp(db);
    assert.ok(first);
    await db.selectFrom('platform').selectAll().execute();
    assert.equal(readChangeStamp(db), first, 'reads move nothing');

    await db.updateTable('platform').set({ notifyEmail: 'a@example.com' }).where('name', '=', 'default').execute();
    const afterOwnWrite = readChangeStamp(db);
    assert.notEqual(afterOwnWrite, first);

    const other = new SQLite(server.ctx.config.database.kind === 'sqlite' ? server.ctx.config.database.path : '');
    other.prepare("update platform set notify_email = 'b@example.com' where name = 'default'").run();
    other.close();
    assert.notEqual(readChangeStamp(db), afterOwnWrite, "another connection's commit moves it");
  });

  test('is unknown (null) while a transaction of this process is open', async () => {
    const db = server.ctx.db;
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('platform').set({ notifyEmail: 'c@example.com' }).where('name', '=', 'default').execute();
      assert.equal(readChangeStamp(db), null);
    });
    assert.ok(readChangeStamp(db));
  });
});

for (const database of testDatabases()) {
  describe(`point reads (${database})`, () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer({ database, worker: false });
    });
    after(() => server.close());

    test('read one row by key, synchronously on SQLite outside transactions', async () => {
      const read = pointRead<{ name: string }>(server.ctx.db, 'select name as "name" from platform where name = ?');
      const row = read('default');
      if (database === 'sqlite') assert.ok(!(row instanceof Promise), 'no promise on SQLite');
      assert.deepEqual(await row, { name: 'default' });
      assert.equal(await read('nobody'), undefined);
    });

    test('wait for an open transaction and never see its uncommitted rows', async () => {
      const read = pointRead<{ notifyEmail: string | null }>(
        server.ctx.db,
        'select notify_email as "notifyEmail" from platform where name = ?',
      );
      const committed = (await read('default'))?.notifyEmail ?? null;
      const open = await holdUncommitted(server.ctx.db, (trx) =>
        trx
          .updateTable('platform')
          .set({ notifyEmail: 'uncommitted@example.com' })
          .where('name', '=', 'default')
          .execute(),
      );
      const during = read('default');
      await open.rollBack();
      assert.equal((await during)?.notifyEmail ?? null, committed);
    });

    test('the stamp is unknown on PostgreSQL, so caches always check their entries there', async () => {
      const stamp = readChangeStamp(server.ctx.db);
      if (database === 'postgres') assert.equal(stamp, null);
      else assert.equal(typeof stamp, 'string');
    });
  });
}
