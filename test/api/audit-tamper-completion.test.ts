import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { auditEntryHash, GENESIS_HASH } from '../../src/domain/audit/audit-hash.js';
import { auditMacFloorMac } from '../../src/domain/audit/audit-mac-floor.js';
import { verifyEnvelopeEvidence } from '../../src/domain/audit/verify-envelope-evidence.js';
import { completeEnvelope } from '../../src/domain/completion/complete-envelope.js';
import type { Db } from '../../src/db/database.js';
import { createPendingDocument } from '../helpers/documents.js';
import { signAll, tokenOf } from '../helpers/signing.js';
import { startTestServer, testDatabases, type TestServer } from '../helpers/test-server.js';

/**
 * An attacker with write access to the database but not the instance secret rewrites an open
 * envelope's audit entries (here: a forged IP), removes their MACs and recomputes the hash chain.
 * Completion must not seal that chain into the certificate: it refuses, the envelope stays PENDING
 * without a final PDF, the operator hears of it, and the audit chain records the refusal.
 */

/** Forges the IP of every entry, removes every MAC and recomputes every hash, as the attacker would. */
async function launderChain(db: Db, envelopeId: number, ip: string): Promise<void> {
  const rows = await db
    .selectFrom('auditEvent')
    .selectAll()
    .where('envelopeId', '=', envelopeId)
    .orderBy('seq')
    .execute();
  let prevHash = GENESIS_HASH;
  for (const row of rows) {
    const forged = { ...row, ip, prevHash };
    const hash = auditEntryHash(forged);
    await db.updateTable('auditEvent').set({ ip, prevHash, hash, mac: null }).where('id', '=', row.id).execute();
    prevHash = hash;
  }
}

const envelopeRow = (server: TestServer, id: number) =>
  server.ctx.db
    .selectFrom('envelope')
    .select(['status', 'completedAt', 'certificateSha256', 'completionError'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

const auditTypes = async (server: TestServer, id: number) =>
  (
    await server.ctx.db.selectFrom('auditEvent').select('type').where('envelopeId', '=', id).orderBy('seq').execute()
  ).map((r) => r.type);

for (const database of testDatabases()) {
  describe(`completion refuses a rewritten audit chain (${database})`, () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer({ database, worker: false, captureLogs: true, env: { LOG_LEVEL: 'error' } });
    });
    after(() => server?.close());

    test('an untampered envelope completes and verifies OK', async () => {
      const doc = await createPendingDocument(server.api);
      for (const url of doc.urls.values()) assert.equal((await signAll(server.anon, tokenOf(url))).status, 200);
      await server.worker.drain();
      const row = await envelopeRow(server, doc.documentId);
      assert.equal(row.status, 'COMPLETED');
      assert.ok(row.certificateSha256);
      const verdict = await verifyEnvelopeEvidence(server.ctx, { publicId: doc.envelopeId });
      assert.equal(verdict.verdict, 'OK', JSON.stringify(verdict.checks));
      assert.ok(!(await auditTypes(server, doc.documentId)).includes('AUDIT_CHAIN_TAMPERED'));
    });

    test('MACs stripped and the chain recomputed: the envelope stays PENDING, nothing sealed, refusal recorded', async () => {
      const doc = await createPendingDocument(server.api);
      const [first, last] = [...doc.urls.values()];
      assert.equal((await signAll(server.anon, tokenOf(first!))).status, 200);
      await launderChain(server.ctx.db, doc.documentId, '203.0.113.66');
      const before = await verifyEnvelopeEvidence(server.ctx, { publicId: doc.envelopeId });
      assert.equal(before.verdict, 'BROKEN', 'an installation with MACs from its first entry: a MAC-less entry fails');
      assert.match(before.checks.find((c) => c.name === 'entry MACs')!.detail, /has no MAC .* its MAC was removed/);

      assert.equal((await signAll(server.anon, tokenOf(last!))).status, 200);
      await server.worker.drain();

      const row = await envelopeRow(server, doc.documentId);
      assert.equal(row.status, 'PENDING');
      assert.equal(row.completedAt, null);
      assert.equal(row.certificateSha256, null, 'no certificate sealed');
      assert.match(row.completionError ?? '', /audit chain tampered/);
      const finals = await server.ctx.db
        .selectFrom('envelopeItem')
        .select('finalSha256')
        .where('envelopeId', '=', doc.documentId)
        .execute();
      assert.ok(
        finals.every((i) => i.finalSha256 === null),
        'no final PDF',
      );
      const signed = await server.api.get(`/api/v2/document/${doc.documentId}/download`);
      assert.equal(signed.status, 409, 'the signed PDF does not exist');
      const types = await auditTypes(server, doc.documentId);
      assert.deepEqual(
        types.filter((t) => t === 'AUDIT_CHAIN_TAMPERED'),
        ['AUDIT_CHAIN_TAMPERED'],
      );
      assert.ok(!types.includes('DOCUMENT_COMPLETED'));

      const job = await server.ctx.db
        .selectFrom('job')
        .select(['status', 'lastError'])
        .where('kind', '=', 'envelope.complete')
        .where('dedupeKey', '=', `complete:${doc.documentId}`)
        .executeTakeFirstOrThrow();
      assert.equal(job.status, 'failed', 'failed for good: retrying cannot help');
      assert.match(job.lastError ?? '', /audit chain tampered/);
      const status = await server.api.get(`/api/v2/envelope/${doc.envelopeId}/completion`);
      assert.equal(status.body.state, 'FAILED');
      assert.match(status.body.lastError, /audit chain tampered/);
      assert.ok(
        server.logs.some(
          (l) => l.includes('"level":50') && l.includes(doc.envelopeId) && l.includes('audit chain tampered'),
        ),
        'an error line names the envelope',
      );
      assert.match(
        await server.ctx.metrics.render(),
        /firma_completion_duration_seconds_count\{outcome="tampered"\} 1/,
      );

      const after = await verifyEnvelopeEvidence(server.ctx, { publicId: doc.envelopeId });
      assert.equal(after.verdict, 'BROKEN');

      // Run again (the sweep re-queues failed completions): still refused, the refusal recorded once.
      await assert.rejects(completeEnvelope(server.ctx, doc.documentId), /audit chain tampered/);
      assert.equal((await envelopeRow(server, doc.documentId)).status, 'PENDING');
      assert.equal((await auditTypes(server, doc.documentId)).filter((t) => t === 'AUDIT_CHAIN_TAMPERED').length, 1);
    });

    test('a careless edit (hash not recomputed) is refused too', async () => {
      const doc = await createPendingDocument(server.api);
      const [first, last] = [...doc.urls.values()];
      assert.equal((await signAll(server.anon, tokenOf(first!))).status, 200);
      await server.ctx.db
        .updateTable('auditEvent')
        .set({ ip: '203.0.113.67' })
        .where('envelopeId', '=', doc.documentId)
        .where('seq', '=', 2)
        .execute();
      assert.equal((await signAll(server.anon, tokenOf(last!))).status, 200);
      await server.worker.drain();
      assert.equal((await envelopeRow(server, doc.documentId)).status, 'PENDING');
      assert.ok((await auditTypes(server, doc.documentId)).includes('AUDIT_CHAIN_TAMPERED'));
    });

    test('the MAC floor: entries below it may lack a MAC (pre-MAC installations); a forged floor counts as 0', async () => {
      const doc = await createPendingDocument(server.api);
      const ids = await server.ctx.db
        .selectFrom('auditEvent')
        .select('id')
        .where('envelopeId', '=', doc.documentId)
        .execute();
      const top = Math.max(...ids.map((r) => r.id));
      await server.ctx.db
        .updateTable('auditEvent')
        .set({ mac: null })
        .where('envelopeId', '=', doc.documentId)
        .execute();
      const floor = await server.ctx.db.selectFrom('auditMacFloor').selectAll().executeTakeFirstOrThrow();
      assert.equal(floor.legacyThrough, 0, 'a fresh installation: MACs from its first entry');
      try {
        // What a database-only writer can do: raise the floor, keeping (or guessing) the MAC.
        await server.ctx.db.updateTable('auditMacFloor').set({ legacyThrough: top }).execute();
        assert.equal((await verifyEnvelopeEvidence(server.ctx, { publicId: doc.envelopeId })).verdict, 'BROKEN');
        // An installation whose entries predate MACs (the floor written with the secret key).
        await server.ctx.db
          .updateTable('auditMacFloor')
          .set({ legacyThrough: top, mac: auditMacFloorMac(server.ctx.auditMac, top) })
          .execute();
        const legacy = await verifyEnvelopeEvidence(server.ctx, { publicId: doc.envelopeId });
        assert.equal(legacy.verdict, 'UNANCHORED', JSON.stringify(legacy.checks));
        for (const url of doc.urls.values()) assert.equal((await signAll(server.anon, tokenOf(url))).status, 200);
        await server.worker.drain();
        assert.equal((await envelopeRow(server, doc.documentId)).status, 'COMPLETED', 'a legacy envelope completes');
      } finally {
        await server.ctx.db.updateTable('auditMacFloor').set({ legacyThrough: 0, mac: floor.mac }).execute();
      }
    });
  });
}
