import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { sql } from 'kysely';
import pg from 'pg';
import { readChangeStamp } from '../../src/db/change-stamp.js';
import { createDocument } from '../helpers/documents.js';
import { untilSignalHealthy, untilSignalled } from '../helpers/change-signal.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';

const PG_URL = process.env.FIRMA_TEST_DATABASE_URL;

/**
 * PostgreSQL's change stamp (db/change-signal.ts, migration 0031): moved by every commit that
 * touches what a cache depends on, by this process at once and by anyone else through
 * LISTEN/NOTIFY; null (check everything) while the listener is disconnected or behind.
 */
describe('the PostgreSQL change signal', { skip: PG_URL ? false : 'needs FIRMA_TEST_DATABASE_URL' }, () => {
  let server: TestServer;
  let other: pg.Client;
  let admin: pg.Client;
  const stamp = () => readChangeStamp(server.ctx.db);
  /** Runs SQL on a connection of its own (another node, the CLI, an operator). */
  const elsewhere = async (text: string, params: unknown[] = []) => {
    await other.query(text, params);
  };
  const listenerPid = async (): Promise<number | undefined> => {
    const { rows } = await admin.query<{ pid: number }>(
      'select pid from pg_stat_activity where application_name = $1',
      [`firma-listener-${process.pid}`],
    );
    return rows[0]?.pid;
  };
  const until = async (what: string, check: () => boolean | Promise<boolean>, timeoutMs = 120_000) => {
    const deadline = Date.now() + timeoutMs;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error(`timed out waiting: ${what}`);
      await new Promise((r) => setTimeout(r, 10));
    }
  };

  before(async () => {
    server = await startTestServer({ database: 'postgres', worker: false });
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(server.ctx.db);
    other = new pg.Client({ connectionString: PG_URL, options: `-c search_path=${rows[0]!.schema}` });
    await other.connect();
    admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await untilSignalHealthy(server.ctx.db);
  });
  after(async () => {
    await other.end();
    await admin.end();
    await server.close();
  });

  test('a commit elsewhere to any table a cache reads moves the stamp (parts through the envelope)', async () => {
    const { id } = (await createDocument(server.api)).body;
    const doc = (await server.api.get(`/api/v2/document/${id}`)).body;
    const statements: [string, unknown[]][] = [
      ['update envelope set title = $1 where id = $2', ['otro', doc.id]],
      ['update recipient set name = $1 where id = $2', ['Otro Nombre', doc.recipients[0].id]],
      ['update field set position_x = $1 where id = $2', [12, doc.fields[0].id]],
      ['update envelope_item set title = $1 where envelope_id = $2', ['otro.pdf', doc.id]],
      ['update api_token set name = name where false', []],
      ['update platform set name = name where false', []],
      ['update folder set name = name where false', []],
      ['update template_direct_link set enabled = enabled where false', []],
    ];
    for (const [text, params] of statements) {
      const before = stamp();
      assert.notEqual(before, null);
      await elsewhere(text, params);
      await untilSignalled(server.ctx.db, before).catch(() => assert.fail(`no signal after: ${text}`));
    }
  });

  /** A new envelope row copied from an existing one, as another node's transaction would insert one. */
  const COPY_ENVELOPE = `insert into envelope (public_id, platform_id, type, status, source, visibility, title, meta_id, meta,
      created_at, updated_at) select 'envelope_fresh_' || md5(random()::text), platform_id, type, status, source, visibility,
      'fresh', meta_id, meta, created_at, updated_at from envelope where id = $1 returning id`;
  /** What the schema's change channel heard while `act` ran (notifications arrive in commit order). */
  const heardDuring = async (act: () => Promise<void>): Promise<string[]> => {
    const listener = new pg.Client({ connectionString: PG_URL });
    await listener.connect();
    const { rows } = await other.query<{ channel: string }>(
      `select 'firma_change_' || md5(current_schema()) as channel`,
    );
    const channel = rows[0]!.channel;
    await listener.query(`listen "${channel}"`);
    const heard: string[] = [];
    const marker = new Promise<void>((resolve) =>
      listener.on('notification', (m) => (m.payload === 'marker' ? resolve() : heard.push(m.payload ?? ''))),
    );
    try {
      await act();
      // The marker is committed after `act`'s commits, so it arrives after anything they sent.
      await elsewhere('select pg_notify($1, $2)', [channel, 'marker']);
      await marker;
    } finally {
      await listener.end();
    }
    return heard;
  };

  test('a table no cache reads notifies nobody', async () => {
    const heard = await heardDuring(async () => {
      await elsewhere('delete from webhook_delivery where false');
      await elsewhere('delete from rate_limit_bucket where false');
    });
    assert.deepEqual(heard, []);
  });

  test('creating rows no cache can hold notifies nobody; touching an older envelope in the same transaction does', async () => {
    const older = (await createDocument(server.api)).body.id;
    const olderId = (await server.api.get(`/api/v2/document/${older}`)).body.id;
    const created = await heardDuring(async () => {
      await createDocument(server.api);
      await server.api.post('/api/v2/document/create', {}); // refused: no transaction commits
    });
    assert.deepEqual(created, [], 'a create (envelope, items, recipients, fields, version bumps) is silent');
    const mixed = await heardDuring(async () => {
      await other.query('begin');
      const { rows } = await other.query<{ id: number }>(COPY_ENVELOPE, [olderId]);
      await other.query('update envelope set title = $1 where id = $2', ['fresh too', rows[0]!.id]);
      await other.query('update envelope set title = $1 where id = $2', ['older', olderId]);
      await other.query('commit');
    });
    assert.equal(mixed.length, 1, 'the older envelope was cached somewhere perhaps: one notification');
    const freshOnly = await heardDuring(async () => {
      await other.query('begin');
      const { rows } = await other.query<{ id: number }>(COPY_ENVELOPE, [olderId]);
      await other.query('update envelope set title = $1 where id = $2', ['fresh again', rows[0]!.id]);
      await other.query('commit');
    });
    assert.deepEqual(freshOnly, []);
    const later = await heardDuring(async () => {
      await elsewhere('update envelope set title = $1 where title = $2', ['no longer fresh', 'fresh again']);
    });
    assert.equal(later.length, 1, 'the same row in a later transaction is not fresh any more');
    const tokenAndPlatform = await heardDuring(async () => {
      await elsewhere('update api_token set name = name where false');
      await elsewhere('delete from platform where false');
    });
    assert.equal(tokenAndPlatform.length, 2, 'updates and deletes of tokens and platforms notify');
  });

  test('a transaction inserting thousands of envelopes stays linear and its updates notify (migration 0044)', async () => {
    const olderId = (await server.api.get(`/api/v2/document/${(await createDocument(server.api)).body.id}`)).body.id;
    const bulkCopy = COPY_ENVELOPE.replace('md5(random()::text)', 'md5(random()::text || n)').replace(
      'from envelope where id = $1',
      'from envelope, generate_series(1, 20000) n where id = $1',
    );
    const heard = await heardDuring(async () => {
      await other.query('begin');
      const { rows } = await other.query<{ id: number }>(bulkCopy, [olderId]);
      assert.equal(rows.length, 20000);
      // Under 0041 the last statement looked each of its 20,000 rows up in a 20,000-id list.
      for (const { id } of rows.slice(0, 200))
        await other.query('update envelope set version = version + 1 where id = $1', [id]);
      await other.query('update envelope set title = $1 where id = any($2)', ['bulk', rows.map((r) => r.id)]);
      await other.query('commit');
    });
    assert.equal(heard.length, 1, 'too many fresh rows to remember: the updates notify (once per transaction)');
    const small = await heardDuring(async () => {
      await other.query('begin');
      const { rows } = await other.query<{ id: number }>(COPY_ENVELOPE, [olderId]);
      await other.query('update envelope set title = $1 where id = $2', ['still fresh', rows[0]!.id]);
      await other.query('commit');
    });
    assert.deepEqual(small, [], 'a few fresh rows are still remembered');
  });

  test("this process's own commit moves the stamp before the write's promise resolves", async () => {
    // A heartbeat late by 2 s (a loaded machine) makes the stamp null, which says nothing about
    // commits: such an attempt is run again.
    for (let attempt = 1; ; attempt++) {
      await until('the signal is healthy', () => stamp() !== null, 15_000);
      const before = stamp();
      await sql`select 1`.execute(server.ctx.db);
      const afterRead = stamp();
      // No trigger on this table: only the process's own commit can move the stamp.
      await sql`delete from rate_limit_bucket where false`.execute(server.ctx.db);
      const afterWrite = stamp();
      let inside: string | null = null;
      await server.ctx.db.transaction().execute(async (trx) => {
        await sql`delete from rate_limit_bucket where false`.execute(trx);
        inside = stamp();
      });
      const afterCommit = stamp();
      if ([before, afterRead, afterWrite, inside, afterCommit].includes(null) && attempt < 5) continue;
      assert.equal(afterRead, before, 'a read moves nothing');
      assert.notEqual(afterWrite, before);
      assert.equal(inside, afterWrite, 'not while the transaction is open');
      assert.notEqual(afterCommit, afterWrite, 'at its commit');
      return;
    }
  });

  test('the listener killed: null stamp, exact reads, then a new connection and a new epoch', async () => {
    const { id } = (await createDocument(server.api)).body;
    const get = async () => (await server.api.get(`/api/v2/document/${id}`)).body;
    await get();
    await get();
    const healthy = stamp()!;
    const pid = await listenerPid();
    assert.ok(pid, 'the listener is found by its application_name');
    await admin.query('select pg_terminate_backend($1)', [pid]);
    await until('the backend is gone', async () => (await listenerPid()) !== pid);
    await until('the stamp is null', () => stamp() === null || stamp()!.split(':')[0] !== healthy.split(':')[0]);
    // Whatever the listener's state now, a change made now shows in the next read.
    await elsewhere('update envelope set title = $1 where id = $2', ['tras el corte', id]);
    assert.equal((await get()).title, 'tras el corte');
    await until('the listener is back', () => stamp() !== null, 15_000);
    assert.notEqual(stamp()!.split(':')[0], healthy.split(':')[0], 'a new epoch');
    const again = await listenerPid();
    assert.ok(again && again !== pid);
    const before = stamp();
    await elsewhere('update envelope set title = $1 where id = $2', ['de nuevo', id]);
    await untilSignalled(server.ctx.db, before);
    assert.equal((await get()).title, 'de nuevo');
  });

  test('the listener behind (its backend stopped): null after the heartbeat is late, exact reads', async (t) => {
    const { id } = (await createDocument(server.api)).body;
    const get = async () => (await server.api.get(`/api/v2/document/${id}`)).body;
    await get();
    const pid = await listenerPid();
    assert.ok(pid);
    // The PostgreSQL server runs on this machine: stopping the backend is a listener that falls
    // behind (alive, connected, delivering nothing).
    if (!signalable(pid)) return t.skip('the PostgreSQL backend is not a process this test may signal');
    process.kill(pid, 'SIGSTOP');
    try {
      await elsewhere('update envelope set title = $1 where id = $2', ['sin aviso', id]);
      await until('the stamp is null', () => stamp() === null, 5000);
      assert.equal((await get()).title, 'sin aviso');
    } finally {
      process.kill(pid, 'SIGCONT');
    }
    await until('the listener catches up', () => stamp() !== null, 15_000);
    assert.equal(await listenerPid(), pid, 'the same connection: behind is not lost');
    assert.equal((await get()).title, 'sin aviso');
  });
});

/** Whether the PostgreSQL backend runs on this machine and this user may signal it (root in CI). */
function signalable(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
