import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { claimJobs } from '../../src/db/repositories/job.repo.js';
import { startTestServer, testDatabases, type TestServer } from '../helpers/test-server.js';

/**
 * The job runner's concurrency rests on a claim never taking more than asked. On PostgreSQL an
 * UPDATE … WHERE id IN (locking LIMIT subquery) could take more: the planner may rescan the
 * subquery per row, each rescan skipping the rows the statement had just locked.
 */
for (const database of testDatabases()) {
  describe(`claiming due jobs (${database})`, () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer({ database, worker: false });
      const past = new Date(Date.now() - 1000).toISOString();
      for (let i = 0; i < 30; i++) {
        await server.ctx.db
          .insertInto('job')
          .values({
            kind: i % 2 ? 'claim-test-a' : 'claim-test-b',
            payload: '{}',
            status: 'pending',
            maxAttempts: 3,
            runAt: past,
            lockedBy: null,
            lockedUntil: null,
            lastError: null,
            dedupeKey: null,
            createdAt: past,
            updatedAt: past,
          })
          .execute();
      }
    });
    after(() => server.close());

    test('takes at most the limit, only the kinds asked for, each job once', async () => {
      const now = new Date().toISOString();
      const leaseUntil = new Date(Date.now() + 60_000).toISOString();
      const taken: number[] = [];
      for (const limit of [1, 4, 2, 3]) {
        const claimed = await claimJobs(server.ctx.db, {
          kinds: ['claim-test-a'],
          workerId: 'w1',
          now,
          leaseUntil,
          limit,
        });
        assert.equal(claimed.length, limit, `asked for ${limit}, took ${claimed.length}`);
        assert.ok(claimed.every((j) => j.kind === 'claim-test-a' && j.status === 'running' && j.lockedBy === 'w1'));
        taken.push(...claimed.map((j) => j.id));
      }
      assert.equal(new Set(taken).size, taken.length, 'no job taken twice');
      const rest = await claimJobs(server.ctx.db, {
        kinds: ['claim-test-a'],
        workerId: 'w2',
        now,
        leaseUntil,
        limit: 100,
      });
      assert.equal(rest.length, 15 - taken.length, 'the rest of that kind, and nothing more');
    });
  });
}
