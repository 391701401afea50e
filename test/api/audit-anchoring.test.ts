import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { auditEntryHash } from '../../src/domain/audit/audit-hash.js';
import { auditMacFloorMac } from '../../src/domain/audit/audit-mac-floor.js';
import { verifyEnvelopeEvidence, type EvidenceVerdict } from '../../src/domain/audit/verify-envelope-evidence.js';
import type { Db } from '../../src/db/database.js';
import { createPendingDocument } from '../helpers/documents.js';
import { signAll, tokenOf, waitForStatus } from '../helpers/signing.js';
import { runFirma } from '../helpers/spawn-firma.js';
import { startTestServer, testDatabases, type TestServer } from '../helpers/test-server.js';

/**
 * An attacker with write access to the database (and the blob directory) but neither the instance
 * secret nor the sealing key: every rewrite recomputes the chain, so only the MACs, the sealed
 * certificate and the seals of the final documents can give it away.
 */

async function completedEnvelope(server: TestServer) {
  const doc = await createPendingDocument(server.api);
  for (const url of doc.urls.values()) assert.equal((await signAll(server.anon, tokenOf(url))).status, 200);
  await waitForStatus(server.api, doc.documentId, ['COMPLETED']);
  return doc;
}

/** Applies `patch` to entry `seq`'s data, then recomputes that hash and every later link, as the attacker would. */
async function rewriteChain(
  db: Db,
  envelopeId: number,
  seq: number,
  patch: (data: Record<string, unknown>) => Record<string, unknown>,
): Promise<void> {
  const rows = await db
    .selectFrom('auditEvent')
    .selectAll()
    .where('envelopeId', '=', envelopeId)
    .orderBy('seq')
    .execute();
  let prevHash: string | null = null;
  for (const row of rows) {
    if (row.seq < seq) continue;
    const data = row.seq === seq ? JSON.stringify(patch(JSON.parse(row.data) as Record<string, unknown>)) : row.data;
    const fields = { ...row, data, prevHash: prevHash ?? row.prevHash };
    const hash = auditEntryHash(fields);
    await db
      .updateTable('auditEvent')
      .set({ data, prevHash: fields.prevHash, hash })
      .where('id', '=', row.id)
      .execute();
    prevHash = hash;
  }
}

/** Runs `body` as on an installation whose entries up to this envelope's predate MACs (its floor MAC'd with the secret). */
async function withLegacyFloor(server: TestServer, envelopeId: number, body: () => Promise<void>): Promise<void> {
  const db = server.ctx.db;
  const rows = await db.selectFrom('auditEvent').select('id').where('envelopeId', '=', envelopeId).execute();
  const top = Math.max(...rows.map((r) => r.id));
  const floor = await db.selectFrom('auditMacFloor').selectAll().executeTakeFirstOrThrow();
  await db
    .updateTable('auditMacFloor')
    .set({ legacyThrough: top, mac: auditMacFloorMac(server.ctx.auditMac, top) })
    .execute();
  try {
    await body();
  } finally {
    await db.updateTable('auditMacFloor').set({ legacyThrough: floor.legacyThrough, mac: floor.mac }).execute();
  }
}

const checkOf = (verdict: EvidenceVerdict, name: string) => verdict.checks.find((c) => c.name === name);
const explain = (verdict: EvidenceVerdict) => JSON.stringify(verdict.checks, null, 1);

for (const database of testDatabases()) {
  describe(`audit verification against the sealed certificate and entry MACs (${database})`, () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer({ database });
    });
    after(() => server.close());

    test('(d) an untouched completed envelope verifies: chain, MACs, certificate seal and record, final seals', async () => {
      const { envelopeId } = await completedEnvelope(server);
      const verdict = await verifyEnvelopeEvidence(server.ctx, { publicId: envelopeId });
      assert.equal(verdict.verdict, 'OK', explain(verdict));
      assert.equal(verdict.ok, true);
      for (const name of ['audit chain', 'entry MACs', 'certificate seal', 'certificate record'])
        assert.equal(checkOf(verdict, name)?.status, 'pass', name);
      assert.ok(verdict.checks.some((c) => c.name.startsWith('seal of sealed final') && c.status === 'pass'));
      assert.match(checkOf(verdict, 'certificate record')!.detail, /entry \d+ names this certificate/);
    });

    test('(d) a rejected envelope with a certificate verifies too', async () => {
      const doc = await createPendingDocument(server.api);
      const reject = await server.anon.post(`/api/v2/signing/${tokenOf([...doc.urls.values()][0]!)}/reject`, {
        json: { reason: 'no' },
      });
      assert.equal(reject.status, 200, JSON.stringify(reject.body));
      await waitForStatus(server.api, doc.documentId, ['REJECTED']);
      for (
        let i = 0;
        i < 100 &&
        !(
          await server.ctx.db
            .selectFrom('envelope')
            .select('completedAt')
            .where('id', '=', doc.documentId)
            .executeTakeFirstOrThrow()
        ).completedAt;
        i++
      ) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const verdict = await verifyEnvelopeEvidence(server.ctx, { publicId: doc.envelopeId });
      assert.equal(verdict.verdict, 'OK', explain(verdict));
      assert.equal(checkOf(verdict, 'certificate record')?.status, 'pass');
    });

    test('(a) an edited audit row with every later hash recomputed fails', async () => {
      const { envelopeId, documentId } = await completedEnvelope(server);
      await rewriteChain(server.ctx.db, documentId, 2, (data) => ({ ...data, forged: true }));
      const verdict = await verifyEnvelopeEvidence(server.ctx, { publicId: envelopeId });
      assert.equal(checkOf(verdict, 'audit chain')?.status, 'pass', 'the recomputed chain itself holds');
      assert.equal(verdict.verdict, 'BROKEN', explain(verdict));
      assert.equal(checkOf(verdict, 'certificate record')?.status, 'fail');
      assert.match(checkOf(verdict, 'certificate record')!.detail, /is not the head the certificate sealed/);
      assert.equal(checkOf(verdict, 'entry MACs')?.status, 'fail');
      assert.match(checkOf(verdict, 'entry MACs')!.detail, /entry 2's MAC does not match/);
    });

    test('(b) a swapped final PDF with the completion entry rewritten to name it fails', async () => {
      const { envelopeId, documentId } = await completedEnvelope(server);
      const db = server.ctx.db;
      const item = await db
        .selectFrom('envelopeItem')
        .select(['id', 'finalSha256'])
        .where('envelopeId', '=', documentId)
        .executeTakeFirstOrThrow();
      // A PDF this very instance sealed (anyone with a token can download one): its seal holds.
      const extract = await server.api.get(`/api/v2/envelope/${envelopeId}/audit-log/download`);
      assert.equal(extract.status, 200);
      const { sha256: swapped } = await server.ctx.storage.putBytes(extract.bytes);
      await db.updateTable('envelopeItem').set({ finalSha256: swapped }).where('id', '=', item.id).execute();
      const closing = await db
        .selectFrom('auditEvent')
        .select('seq')
        .where('envelopeId', '=', documentId)
        .where('type', '=', 'DOCUMENT_COMPLETED')
        .executeTakeFirstOrThrow();
      await rewriteChain(
        db,
        documentId,
        closing.seq,
        (data) => JSON.parse(JSON.stringify(data).replaceAll(item.finalSha256!, swapped)) as Record<string, unknown>,
      );

      const verdict = await verifyEnvelopeEvidence(server.ctx, { publicId: envelopeId });
      assert.equal(checkOf(verdict, 'audit chain')?.status, 'pass');
      assert.ok(
        verdict.files.every((f) => f.present && f.intact && f.recorded),
        'the old checks alone are satisfied',
      );
      assert.equal(verdict.verdict, 'BROKEN', explain(verdict));
      assert.match(
        checkOf(verdict, 'certificate record')!.detail,
        /documents .* differ from those the certificate states/,
      );
      assert.equal(checkOf(verdict, 'entry MACs')?.status, 'fail');

      // A final that is not sealed by this instance at all fails its own seal check.
      const original = await db
        .selectFrom('envelopeItem')
        .select('originalSha256')
        .where('id', '=', item.id)
        .executeTakeFirstOrThrow();
      await db
        .updateTable('envelopeItem')
        .set({ finalSha256: original.originalSha256 })
        .where('id', '=', item.id)
        .execute();
      const unsealed = await verifyEnvelopeEvidence(server.ctx, { publicId: envelopeId });
      assert.ok(
        unsealed.checks.some(
          (c) => c.name.startsWith('seal of sealed final') && c.status === 'fail' && /no signature/.test(c.detail),
        ),
        explain(unsealed),
      );
    });

    test('(c) an open envelope with a rewritten chain fails through the MACs; entries without MAC are unanchored', async () => {
      const { envelopeId, documentId } = await createPendingDocument(server.api);
      const intact = await verifyEnvelopeEvidence(server.ctx, { publicId: envelopeId });
      assert.equal(intact.verdict, 'OK', explain(intact));
      assert.equal(checkOf(intact, 'certificate seal'), undefined, 'nothing sealed yet');

      await rewriteChain(server.ctx.db, documentId, 1, (data) => ({ ...data, title: 'Forged title' }));
      const verdict = await verifyEnvelopeEvidence(server.ctx, { publicId: envelopeId });
      assert.equal(checkOf(verdict, 'audit chain')?.status, 'pass');
      assert.equal(verdict.verdict, 'BROKEN', explain(verdict));
      assert.match(checkOf(verdict, 'entry MACs')!.detail, /entry 1's MAC does not match its hash/);

      // Removing the MACs of the rewritten entries is not a way out: a MAC-less entry after a MAC'd one fails.
      await server.ctx.db
        .updateTable('auditEvent')
        .set({ mac: null })
        .where('envelopeId', '=', documentId)
        .where('seq', '>', 1)
        .execute();
      await server.ctx.db
        .updateTable('auditEvent')
        .set({ mac: server.ctx.auditMac.sign('0'.repeat(64)) })
        .where('envelopeId', '=', documentId)
        .where('seq', '=', 1)
        .execute();
      assert.equal((await verifyEnvelopeEvidence(server.ctx, { publicId: envelopeId })).verdict, 'BROKEN');
      // Removing all of them does not make the envelope look older than the MACs: this installation
      // wrote a MAC on every entry (its MAC floor is 0), so a MAC-less entry is a removed MAC.
      await server.ctx.db.updateTable('auditEvent').set({ mac: null }).where('envelopeId', '=', documentId).execute();
      const stripped = await verifyEnvelopeEvidence(server.ctx, { publicId: envelopeId });
      assert.equal(stripped.verdict, 'BROKEN', explain(stripped));
      assert.match(checkOf(stripped, 'entry MACs')!.detail, /entry 1 has no MAC .*its MAC was removed/);
      // Only below a floor written with the instance secret (entries older than MACs) are they unanchored, never OK.
      await withLegacyFloor(server, documentId, async () => {
        const legacy = await verifyEnvelopeEvidence(server.ctx, { publicId: envelopeId });
        assert.equal(legacy.verdict, 'UNANCHORED', explain(legacy));
        assert.equal(legacy.ok, false);
        assert.match(checkOf(legacy, 'entry MACs')!.detail, /no MAC .*written before MACs existed/);
      });
    });
  });
}

describe('firma audit verify prints every check (CLI)', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ database: 'sqlite' });
  });
  after(() => server.close());

  test('exit 0 with each check for an intact completed envelope, 1 for a rewritten chain, 2 for unanchored entries', async () => {
    const env = { FIRMA_DATA_DIR: server.dataDir };
    const completed = await completedEnvelope(server);
    const ok = await runFirma(['audit', 'verify', completed.envelopeId], env);
    assert.equal(ok.code, 0, ok.stdout + ok.stderr);
    assert.match(ok.stdout, /^OK /);
    for (const line of [
      /\[ok {2}\] audit chain: /,
      /\[ok {2}\] entry MACs: /,
      /\[ok {2}\] certificate seal: valid/,
      /\[ok {2}\] certificate record: /,
      /\[ok {2}\] seal of sealed final /,
    ]) {
      assert.match(ok.stdout, line);
    }

    await rewriteChain(server.ctx.db, completed.documentId, 3, (data) => ({ ...data, forged: 1 }));
    const broken = await runFirma(['audit', 'verify', completed.envelopeId], env);
    assert.equal(broken.code, 1);
    assert.match(broken.stdout, /^BROKEN /);
    assert.match(broken.stdout, /\[FAIL\] certificate record: /);
    assert.match(broken.stdout, /\[FAIL\] entry MACs: entry 3's MAC/);

    const open = await createPendingDocument(server.api);
    await server.ctx.db
      .updateTable('auditEvent')
      .set({ mac: null })
      .where('envelopeId', '=', open.documentId)
      .execute();
    const stripped = await runFirma(['audit', 'verify', String(open.documentId)], env);
    assert.equal(stripped.code, 1, stripped.stdout + stripped.stderr);
    assert.match(stripped.stdout, /^BROKEN /);
    assert.match(stripped.stdout, /\[FAIL\] entry MACs: entry 1 has no MAC/);
    await withLegacyFloor(server, open.documentId, async () => {
      const unanchored = await runFirma(['audit', 'verify', String(open.documentId)], env);
      assert.equal(unanchored.code, 2, unanchored.stdout + unanchored.stderr);
      assert.match(unanchored.stdout, /^UNANCHORED /);
      assert.match(unanchored.stdout, /\[WARN\] entry MACs: /);
    });
  });
});
