import assert from 'node:assert/strict';
import { chmodSync, writeFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { verifyEnvelopeEvidence } from '../../src/domain/audit/verify-envelope-evidence.js';
import { completeEnvelope } from '../../src/domain/completion/complete-envelope.js';
import { sweepCompletions } from '../../src/domain/completion/sweep-completions.js';
import { createPendingDocument } from '../helpers/documents.js';
import { signAll, tokenOf, waitForStatus } from '../helpers/signing.js';
import { runFirma } from '../helpers/spawn-firma.js';
import { startTestServer, testDatabases, type TestServer } from '../helpers/test-server.js';
import { pdfsig, pdfToText, qpdfCheck } from '../support/pdf-tools.js';

async function signEveryone(server: TestServer, urls: Map<string, string>) {
  for (const url of urls.values()) {
    const done = await signAll(server.anon, tokenOf(url));
    assert.equal(done.status, 200, JSON.stringify(done.body));
  }
}

async function completedEnvelope(server: TestServer) {
  const doc = await createPendingDocument(server.api);
  await signEveryone(server, doc.urls);
  await waitForStatus(server.api, doc.documentId, ['COMPLETED']);
  return doc;
}

const countRows = async (server: TestServer, table: 'auditEvent' | 'event', envelopeId: number, type: string) =>
  Number(
    (
      await server.ctx.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('envelopeId', '=', envelopeId)
        .where('type', '=', type)
        .executeTakeFirstOrThrow()
    ).n,
  );

for (const database of testDatabases()) {
  describe(`evidence: certificate and audit-log downloads, chain verification (${database})`, () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer({ database });
    });
    after(() => server.close());

    test('while PENDING: no certificate (409), a sealed audit-log extract that says it is not final', async () => {
      const { envelopeId } = await createPendingDocument(server.api);
      const cert = await server.api.get(`/api/v2/envelope/${envelopeId}/certificate/download`);
      assert.equal(cert.status, 409);
      assert.equal(cert.body.code, 'DOCUMENT_NOT_COMPLETED');
      const log = await server.api.get(`/api/v2/envelope/${envelopeId}/audit-log/download`);
      assert.equal(log.status, 200);
      assert.equal(log.headers.get('content-type'), 'application/pdf');
      assert.match(log.headers.get('content-disposition') ?? '', /_audit_log\.pdf"/);
      assert.match(pdfsig(log.bytes), /Signature is Valid/);
      assert.equal(qpdfCheck(log.bytes).status, 0);
      const text = pdfToText(log.bytes);
      assert.match(text, /Pending \(not final\)/);
      assert.match(text, /DOCUMENT_SENT|Sent/);
      const completion = await server.api.get(`/api/v2/envelope/${envelopeId}/completion`);
      assert.equal(completion.status, 200);
      assert.deepEqual(
        { state: completion.body.state, status: completion.body.status },
        { state: 'NOT_READY', status: 'PENDING' },
      );
    });

    test('once COMPLETED: the certificate by envelope id equals the document certificate; the audit log names the chain head', async () => {
      const { documentId, envelopeId } = await completedEnvelope(server);
      const byEnvelope = await server.api.get(`/api/v2/envelope/${envelopeId}/certificate/download`);
      const byDocument = await server.api.get(`/api/v2/document/${documentId}/certificate`);
      assert.equal(byEnvelope.status, 200);
      assert.ok(byEnvelope.bytes.equals(byDocument.bytes), 'one certificate, two addresses');
      assert.match(pdfsig(byEnvelope.bytes), /Signature is Valid/);

      const verdict = await verifyEnvelopeEvidence(server.ctx, { publicId: envelopeId });
      assert.equal(verdict.ok, true, verdict.problems.join('; '));
      assert.equal(verdict.files.length, 3, 'original, sealed final, certificate');
      assert.ok(verdict.files.every((f) => f.present && f.intact && f.recorded));

      const log = await server.api.get(`/api/v2/envelope/${envelopeId}/audit-log/download`);
      assert.equal(log.status, 200);
      assert.match(pdfsig(log.bytes), /Signature is Valid/);
      const text = pdfToText(log.bytes).replace(/\s+/g, '');
      assert.ok(text.includes(verdict.chain.head!), 'the extract shows the chain head the verifier computed');
      assert.match(text, /Completed/);

      const completion = await server.api.get(`/api/v2/envelope/${envelopeId}/completion`);
      assert.equal(completion.body.state, 'DONE');
      assert.equal(completion.body.lastError, null);
    });

    test('a tampered audit row or a changed stored PDF is found and named', async () => {
      const { envelopeId, documentId } = await completedEnvelope(server);
      const db = server.ctx.db;
      const row = await db
        .selectFrom('auditEvent')
        .select(['id', 'ip'])
        .where('envelopeId', '=', documentId)
        .where('seq', '=', 2)
        .executeTakeFirstOrThrow();
      await db.updateTable('auditEvent').set({ ip: '198.51.100.66' }).where('id', '=', row.id).execute();
      const broken = await verifyEnvelopeEvidence(server.ctx, { publicId: envelopeId });
      assert.equal(broken.ok, false);
      assert.deepEqual(broken.chain.firstBreak, {
        seq: 2,
        reason: 'HASH_MISMATCH',
        detail: 'entry 2 was changed after it was written',
      });
      await db.updateTable('auditEvent').set({ ip: row.ip }).where('id', '=', row.id).execute();
      assert.equal(
        (await verifyEnvelopeEvidence(server.ctx, { publicId: envelopeId })).ok,
        true,
        'restoring the row restores the chain',
      );

      const item = await db
        .selectFrom('envelopeItem')
        .select('finalSha256')
        .where('envelopeId', '=', documentId)
        .executeTakeFirstOrThrow();
      const path = await server.ctx.storage.localPath(item.finalSha256!);
      chmodSync(path, 0o600);
      writeFileSync(path, Buffer.from('%PDF-1.7 not the sealed file'));
      const changed = await verifyEnvelopeEvidence(server.ctx, { publicId: envelopeId });
      assert.equal(changed.ok, false);
      assert.ok(
        changed.problems.some((p) => p.includes('no longer hash')),
        changed.problems.join('; '),
      );
    });

    test('evidence routes: unknown ids and other platforms get 404, no token 401', async () => {
      const { envelopeId } = await createPendingDocument(server.api);
      const other = await server.newPlatform();
      for (const path of ['certificate/download', 'audit-log/download', 'completion']) {
        const foreign = await other.get(`/api/v2/envelope/${envelopeId}/${path}`);
        assert.equal(foreign.status, 404, path);
        assert.equal(foreign.body.code, 'NOT_FOUND');
        assert.equal((await server.api.get(`/api/v2/envelope/envelope_doesnotexist/${path}`)).status, 404);
        assert.equal((await server.anon.get(`/api/v2/envelope/${envelopeId}/${path}`)).status, 401);
      }
    });
  });

  describe(`completion runs once and is never silently stuck (${database})`, () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer({ database, worker: false });
    });
    after(() => server.close());

    test('10 concurrent completions of one envelope seal it once', async () => {
      const { documentId } = await createPendingDocument(server.api);
      const { urls } = {
        urls: (await server.api.post('/api/v2/document/distribute', { json: { documentId, includeSigningUrls: true } }))
          .body.recipients,
      };
      for (const r of urls as { signingUrl: string }[])
        assert.equal((await signAll(server.anon, tokenOf(r.signingUrl))).status, 200);
      const runs = await Promise.all(Array.from({ length: 10 }, () => completeEnvelope(server.ctx, documentId)));
      assert.equal(runs.filter((r) => r === 'completed').length, 1, runs.join(','));
      assert.equal(runs.filter((r) => r === 'completed' || r === 'busy' || r === 'nothing-to-do').length, 10);
      const doc = await server.api.get(`/api/v2/document/${documentId}`);
      assert.equal(doc.body.status, 'COMPLETED');
      assert.equal(await countRows(server, 'auditEvent', documentId, 'DOCUMENT_COMPLETED'), 1);
      assert.equal(await countRows(server, 'event', documentId, 'DOCUMENT_COMPLETED'), 1);
      assert.equal(await completeEnvelope(server.ctx, documentId), 'nothing-to-do');
      await server.worker.drain();
      assert.equal(
        await countRows(server, 'event', documentId, 'DOCUMENT_COMPLETED'),
        1,
        'the queued job finds nothing left to do',
      );
    });

    test('the sweep queues a failed completion again, and hands over a finished envelope that lost its job', async () => {
      const first = await createPendingDocument(server.api);
      await signEveryone(server, first.urls);
      const second = await createPendingDocument(server.api);
      await signEveryone(server, second.urls);
      const db = server.ctx.db;
      const long = new Date(Date.now() - 2 * 3600_000).toISOString();
      await db
        .updateTable('job')
        .set({ status: 'failed', attempts: 25, lastError: 'TSA unreachable', updatedAt: long })
        .where('dedupeKey', '=', `complete:${first.documentId}`)
        .execute();
      await db.deleteFrom('job').where('dedupeKey', '=', `complete:${second.documentId}`).execute();

      const failed = await server.api.get(`/api/v2/envelope/${first.envelopeId}/completion`);
      assert.deepEqual(
        { state: failed.body.state, lastError: failed.body.lastError },
        { state: 'FAILED', lastError: 'TSA unreachable' },
      );
      assert.deepEqual(await sweepCompletions(server.ctx, { full: false, retryFailedAfterMs: 3600_000 }), {
        requeued: 1,
        handedOver: 0,
      });
      assert.deepEqual(await sweepCompletions(server.ctx, { full: true, retryFailedAfterMs: 3600_000 }), {
        requeued: 0,
        handedOver: 1,
      });
      await server.worker.drain();
      for (const { documentId } of [first, second])
        assert.equal((await server.api.get(`/api/v2/document/${documentId}`)).body.status, 'COMPLETED');
      assert.deepEqual(
        await sweepCompletions(server.ctx, { full: true, retryFailedAfterMs: 0 }),
        { requeued: 0, handedOver: 0 },
        'nothing left',
      );
    });
  });
}

describe('firma audit verify (CLI)', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ database: 'sqlite' });
  });
  after(() => server.close());

  test('says OK for an intact envelope and names the first broken link of a tampered one', async () => {
    const { documentId, envelopeId } = await completedEnvelope(server);
    const env = { FIRMA_DATA_DIR: server.dataDir };
    const ok = await runFirma(['audit', 'verify', envelopeId], env);
    assert.equal(ok.code, 0, ok.stderr);
    assert.match(ok.stdout, new RegExp(`^OK ${envelopeId} \\(document ${documentId}, COMPLETED\\)`));
    assert.match(ok.stdout, /audit chain: \d+ entries, head [0-9a-f]{64}/);

    await server.ctx.db
      .updateTable('auditEvent')
      .set({ userAgent: 'forged' })
      .where('envelopeId', '=', documentId)
      .where('seq', '=', 3)
      .execute();
    const broken = await runFirma(['audit', 'verify', String(documentId), '--json'], env);
    assert.equal(broken.code, 1);
    const verdict = JSON.parse(broken.stdout) as { ok: boolean; chain: { firstBreak: { seq: number } } };
    assert.equal(verdict.ok, false);
    assert.equal(verdict.chain.firstBreak.seq, 3);
    const human = await runFirma(['audit', 'verify', envelopeId], env);
    assert.match(
      human.stdout,
      /^BROKEN .*\n {2}audit chain broken at entry 3: entry 3 was changed after it was written/,
    );

    const unknown = await runFirma(['audit', 'verify', 'envelope_nope'], env);
    assert.equal(unknown.code, 1);
    assert.match(unknown.stderr, /NOT_FOUND/);
  });
});
