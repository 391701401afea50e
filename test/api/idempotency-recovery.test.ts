import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { multipartBody, onePagePdf, typicalPayload } from '../helpers/documents.js';
import { startTestServer, testDatabases, type TestServer } from '../helpers/test-server.js';

/**
 * A key whose owner died (kill -9 between claiming it and answering) must not answer 409 for a
 * day: its lease lapses within half a minute and a retry takes it over. And a creating request's
 * answer is stored in the creating transaction, so it is there the moment the creation is.
 */
for (const database of testDatabases()) {
  describe(`Idempotency-Key after a crash (${database})`, () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer({ database, worker: false });
    });
    after(() => server?.close());

    const send = async (key: string) =>
      server.api.post('/api/v2/document/create', {
        body: multipartBody(typicalPayload(), [{ field: 'file', bytes: await onePagePdf() }]),
        headers: { 'idempotency-key': key },
      });
    /** The row a process killed mid-request leaves: running, no answer, its lease at `leaseUntil`. */
    const orphan = async (key: string, leaseUntil: Date) =>
      server.ctx.db
        .updateTable('idempotencyKey')
        .set({ state: 'running', status: null, body: null, contentType: null, leaseUntil: leaseUntil.toISOString() })
        .where('key', '=', key)
        .execute();

    test('the answer is committed with the creation', async () => {
      const first = await send('tx-1');
      assert.equal(first.status, 200);
      const row = await server.ctx.db
        .selectFrom('idempotencyKey')
        .selectAll()
        .where('key', '=', 'tx-1')
        .executeTakeFirstOrThrow();
      assert.equal(row.state, 'done');
      assert.deepEqual(JSON.parse(server.ctx.secrets.open(row.body!)), first.body);
    });

    test("a retry takes over a key whose owner's lease lapsed; a live lease still answers 409 with Retry-After", async () => {
      const first = await send('crash-1');
      assert.equal(first.status, 200);
      await orphan('crash-1', new Date(Date.now() + 60_000));
      const busy = await send('crash-1');
      assert.equal(busy.status, 409);
      assert.equal(busy.body.code, 'IDEMPOTENCY_IN_PROGRESS');
      assert.ok(Number(busy.headers.get('retry-after')) > 0);

      await orphan('crash-1', new Date(Date.now() - 1000));
      const retried = await send('crash-1');
      assert.equal(retried.status, 200, JSON.stringify(retried.body));
      assert.equal(retried.headers.get('idempotent-replayed'), null, 'the retry ran the request itself');
      const replay = await send('crash-1');
      assert.equal(replay.headers.get('idempotent-replayed'), 'true');
      assert.deepEqual(replay.body, retried.body);
    });
  });
}
