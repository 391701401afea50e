import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { claimDueDeliveries, newDeliveryRow } from '../../src/db/repositories/webhook.repo.js';
import { startTestServer, testDatabases, type TestServer } from '../helpers/test-server.js';

/**
 * The dispatcher's window and caps rest on a claim never taking more than asked. On PostgreSQL an
 * UPDATE … WHERE id IN (locking LIMIT subquery) took more: the planner rescanned the subquery once
 * per due row of any endpoint, and each rescan skipped the rows the statement had just updated.
 */
for (const database of testDatabases()) {
  describe(`claiming due webhook deliveries (${database})`, () => {
    let server: TestServer;
    const endpoints = ['whk_claim_a', 'whk_claim_b'];
    before(async () => {
      server = await startTestServer({ database, worker: false });
      const { db } = server.ctx;
      const { id: platformId } = await db.selectFrom('platform').select('id').executeTakeFirstOrThrow();
      const now = new Date(Date.now() - 1000).toISOString();
      for (const id of endpoints) {
        await db
          .insertInto('webhookEndpoint')
          .values({
            id,
            platformId,
            url: 'http://127.0.0.1:9/',
            events: '[]',
            secretSealed: 'x',
            enabled: 1,
            createdAt: now,
            updatedAt: now,
          })
          .execute();
      }
      for (let i = 0; i < 40; i++) {
        await db
          .insertInto('event')
          .values({
            id: `evt_claim_${i}`,
            platformId,
            envelopeId: null,
            type: 'DOCUMENT_SENT',
            payload: '{}',
            createdAt: now,
            dispatchedAt: now,
          })
          .execute();
        await db
          .insertInto('webhookDelivery')
          .values(
            newDeliveryRow({
              id: `delivery_claim_${i}`,
              endpointId: endpoints[i % 2]!,
              platformId,
              eventId: `evt_claim_${i}`,
              eventType: 'DOCUMENT_SENT',
              now,
            }),
          )
          .execute();
      }
    });
    after(() => server.close());

    test('takes at most the limit, only the endpoint asked for, each delivery once', async () => {
      const now = new Date().toISOString();
      const lockedUntil = new Date(Date.now() + 60_000).toISOString();
      const taken: string[] = [];
      for (const limit of [1, 3, 1, 5]) {
        const claimed = await claimDueDeliveries(server.ctx.db, { endpointId: 'whk_claim_a', now, lockedUntil, limit });
        assert.equal(claimed.length, limit, `asked for ${limit}, took ${claimed.length}`);
        taken.push(...claimed.map((c) => c.id));
      }
      assert.equal(new Set(taken).size, taken.length, 'no delivery taken twice');
      const rows = await server.ctx.db
        .selectFrom('webhookDelivery')
        .select(['id', 'endpointId', 'status'])
        .where('status', '=', 'delivering')
        .execute();
      assert.deepEqual(rows.map((r) => r.id).sort(), [...taken].sort());
      assert.ok(rows.every((r) => r.endpointId === 'whk_claim_a'));
      const rest = await claimDueDeliveries(server.ctx.db, { endpointId: 'whk_claim_a', now, lockedUntil, limit: 100 });
      assert.equal(rest.length, 20 - taken.length, 'the rest of that endpoint, and nothing more');
    });
  });
}
