import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Db } from '../../src/db/database.js';
import { enqueueJob, insertJob } from '../../src/domain/jobs/enqueue-job.js';
import {
  COMPLETE_ENVELOPE_JOB,
  jobCatalogue,
  OWNER_NOTICE_MAIL,
  parseJobPayload,
  SIGNING_REQUEST_MAIL,
} from '../../src/domain/jobs/job-catalogue.js';
import { jobHandlers } from '../../src/worker.js';
import { startTestServer, testDatabases, type TestServer } from '../helpers/test-server.js';

// Never called: what the compiler must refuse (`npm run typecheck` fails if any line here compiles).
function _refusedAtCompileTime(db: Db, now: Date): void {
  // @ts-expect-error a completion job carries an envelopeId, not a recipientId
  void enqueueJob(db, { kind: COMPLETE_ENVELOPE_JOB, payload: { recipientId: 1 } }, now);
  // @ts-expect-error ids are numbers
  void enqueueJob(db, { kind: SIGNING_REQUEST_MAIL, payload: { recipientId: '1' } }, now);
  // @ts-expect-error a kind outside the catalogue
  void enqueueJob(db, { kind: 'mail.unknown', payload: {} }, now);
}

describe('job catalogue', () => {
  test('accepts the payloads use cases write, including those queued before the catalogue', () => {
    assert.deepEqual(parseJobPayload(COMPLETE_ENVELOPE_JOB, JSON.parse('{"envelopeId":7}')), {
      ok: true,
      payload: { envelopeId: 7 },
    });
    assert.deepEqual(parseJobPayload(SIGNING_REQUEST_MAIL, { recipientId: 3 }), {
      ok: true,
      payload: { recipientId: 3 },
    });
    const notice = { envelopeId: 1, notice: 'ownerRecipientExpired', detail: 'Ana <ana@example.com>' };
    assert.deepEqual(parseJobPayload(OWNER_NOTICE_MAIL, notice), { ok: true, payload: notice });
    assert.deepEqual(parseJobPayload(OWNER_NOTICE_MAIL, { ...notice, detail: null }), {
      ok: true,
      payload: { ...notice, detail: null },
    });
  });

  test('refuses a bad payload, naming the member but not its value', () => {
    for (const [kind, raw] of [
      [COMPLETE_ENVELOPE_JOB, {}],
      [COMPLETE_ENVELOPE_JOB, { envelopeId: '7' }],
      [COMPLETE_ENVELOPE_JOB, { envelopeId: 1.5 }],
      [SIGNING_REQUEST_MAIL, { recipientId: -1 }],
      [SIGNING_REQUEST_MAIL, null],
      [OWNER_NOTICE_MAIL, { envelopeId: 1, notice: 'secret-notice-value', detail: null }],
    ] as const) {
      const result = parseJobPayload(kind, raw);
      assert.equal(result.ok, false, `${kind} ${JSON.stringify(raw)}`);
      if (!result.ok) assert.doesNotMatch(result.problem, /secret-notice-value|"7"/);
    }
  });
});

for (const database of testDatabases()) {
  describe(`job catalogue in the worker (${database})`, () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer({ database, worker: false, captureLogs: true, env: { LOG_LEVEL: 'warn' } });
    });
    after(() => server.close());

    test('the worker has a handler for every kind, and only those', () => {
      assert.deepEqual(Object.keys(jobHandlers(server.ctx)).sort(), Object.keys(jobCatalogue).sort());
    });

    test('a job whose payload does not parse fails at once, logged, and the worker goes on', async () => {
      const now = new Date();
      await insertJob(
        server.ctx.db,
        { kind: SIGNING_REQUEST_MAIL, payload: { recipientId: 'secret-value' }, maxAttempts: 5 },
        now,
      );
      await insertJob(
        server.ctx.db,
        { kind: OWNER_NOTICE_MAIL, payload: {}, dedupeKey: 'not-json', maxAttempts: 5 },
        now,
      );
      await server.ctx.db
        .updateTable('job')
        .set({ payload: '{"envelopeId": 1,' })
        .where('dedupeKey', '=', 'not-json')
        .execute();
      // A well-formed job for a recipient that does not exist: its handler runs and has nothing to send.
      await enqueueJob(server.ctx.db, { kind: SIGNING_REQUEST_MAIL, payload: { recipientId: 999_999 } }, now);

      assert.equal(await server.worker.drain(), 3);
      const rows = await server.ctx.db
        .selectFrom('job')
        .select(['kind', 'status', 'attempts', 'lastError', 'payload'])
        .orderBy('id')
        .execute();
      assert.deepEqual(
        rows.map((r) => [r.status, r.attempts]),
        [
          ['failed', 1],
          ['failed', 1],
          ['done', 1],
        ],
      );
      assert.match(rows[0]!.lastError ?? '', /payload of mail\.signing-request refused: recipientId/);
      assert.doesNotMatch(rows[0]!.lastError ?? '', /secret-value/);
      assert.match(rows[1]!.lastError ?? '', /not valid JSON/);
      const failures = server.logs.filter((line) => line.includes('job failed for good'));
      assert.equal(failures.length, 2);
      assert.ok(failures.every((line) => !line.includes('secret-value')));
    });
  });
}
