import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { countJobs } from '../../src/db/repositories/job.repo.js';
import { insertJob } from '../../src/domain/jobs/enqueue-job.js';
import { JobRunner, PermanentJobError } from '../../src/infra/jobs/job-runner.js';
import { startTestServer, testDatabases, type TestServer } from '../helpers/test-server.js';

for (const database of testDatabases()) {
  describe(`job runner (${database})`, () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer({ database, worker: false });
    });
    after(() => server.close());

    const runner = (
      handlers: ConstructorParameters<typeof JobRunner>[0]['handlers'],
      extra: Partial<ConstructorParameters<typeof JobRunner>[0]> = {},
    ) => new JobRunner({ db: server.ctx.db, log: server.ctx.log, handlers, pollMs: 10, backoff: () => 0, ...extra });
    const enqueue = (
      kind: string,
      payload: Record<string, unknown> = {},
      extra: { maxAttempts?: number; dedupeKey?: string } = {},
    ) => insertJob(server.ctx.db, { kind, payload, ...extra }, new Date());

    test('runs a job once and marks it done', async () => {
      const seen: unknown[] = [];
      await enqueue('t.once', { n: 1 });
      assert.equal(await runner({ 't.once': async (p) => void seen.push(p) }).drain(), 1);
      assert.deepEqual(seen, [{ n: 1 }]);
      assert.equal(await countJobs(server.ctx.db, { kind: 't.once', status: 'done' }), 1);
    });

    test('retries a failing job until it succeeds, then stops', async () => {
      let calls = 0;
      await enqueue('t.flaky');
      await runner({
        't.flaky': async () => {
          calls++;
          if (calls < 3) throw new Error('temporary');
        },
      }).drain();
      assert.equal(calls, 3);
      assert.equal(await countJobs(server.ctx.db, { kind: 't.flaky', status: 'done' }), 1);
    });

    test('gives up after max attempts and keeps the failure visible; a permanent error stops at once', async () => {
      await enqueue('t.broken', {}, { maxAttempts: 3 });
      let calls = 0;
      await runner({
        't.broken': async () => {
          calls++;
          throw new Error('always');
        },
      }).drain();
      assert.equal(calls, 3);
      const row = await server.ctx.db
        .selectFrom('job')
        .selectAll()
        .where('kind', '=', 't.broken')
        .executeTakeFirstOrThrow();
      assert.equal(row.status, 'failed');
      assert.equal(row.attempts, 3);
      assert.match(row.lastError ?? '', /always/);

      await enqueue('t.permanent', {}, { maxAttempts: 5 });
      let permanentCalls = 0;
      await runner({
        't.permanent': async () => {
          permanentCalls++;
          throw new PermanentJobError('no point');
        },
      }).drain();
      assert.equal(permanentCalls, 1);
    });

    test('a deduplicated job is queued once', async () => {
      await enqueue('t.dedupe', {}, { dedupeKey: 'seal:1' });
      await enqueue('t.dedupe', {}, { dedupeKey: 'seal:1' });
      assert.equal(await countJobs(server.ctx.db, { kind: 't.dedupe' }), 1);
    });

    test('two workers never run the same job, and a dead worker’s job is taken over after its lease', async () => {
      for (let i = 0; i < 40; i++) await enqueue('t.shared', { i });
      const runs = new Map<number, number>();
      const handler = async (p: Record<string, unknown>) => {
        runs.set(p.i as number, (runs.get(p.i as number) ?? 0) + 1);
        await new Promise((r) => setTimeout(r, 2));
      };
      await Promise.all([runner({ 't.shared': handler }).drain(), runner({ 't.shared': handler }).drain()]);
      assert.equal(runs.size, 40);
      assert.ok(
        [...runs.values()].every((n) => n === 1),
        'each job ran exactly once',
      );

      await enqueue('t.lease');
      let now = Date.now();
      const dead = runner(
        { 't.lease': () => new Promise(() => undefined) },
        { leaseMs: 1000, clock: () => new Date(now) },
      );
      void dead.drain();
      await new Promise((r) => setTimeout(r, 50));
      let tookOver = 0;
      now += 5000;
      await runner({ 't.lease': async () => void tookOver++ }, { clock: () => new Date(now) }).drain();
      assert.equal(tookOver, 1);
    });

    test('jobs of kinds this worker has no handler for are left alone', async () => {
      await enqueue('t.other');
      assert.equal(await runner({ 't.unrelated': async () => undefined }).drain(), 0);
      assert.equal(await countJobs(server.ctx.db, { kind: 't.other', status: 'pending' }), 1);
    });
  });
}
