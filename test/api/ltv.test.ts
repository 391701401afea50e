import assert from 'node:assert/strict';
import { sign } from 'node:crypto';
import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { verifyEnvelopeEvidence } from '../../src/domain/audit/verify-envelope-evidence.js';
import { listPdfSignatures, readDocumentSecurityStore, vriKey } from '../../src/infra/pdf/seal/index.js';
import { fillFields } from '../helpers/digital-signers.js';
import { createPendingDocument, typicalPayload } from '../helpers/documents.js';
import { DIGITAL_CONSENT, signAll, tokenOf, waitForStatus } from '../helpers/signing.js';
import { runFirma } from '../helpers/spawn-firma.js';
import { startTestServer, testDatabases, type TestServer } from '../helpers/test-server.js';
import { pdfsig, qpdfCheck } from '../support/seal-test-support.js';
import { createTestPki, pemToDer, type TestPki } from '../support/test-pki.js';

/**
 * Long-term validation (issue #22): a final carrying a DIGITAL signer's signature and Firma's seal
 * gets a DSS (PAdES B-LT: the chains, the OCSP answers and CRLs, a VRI per signature) and, with a
 * TSA configured, a document timestamp last (B-LTA). With the OCSP responder gone, `firma audit
 * verify` still validates every signature from the embedded data alone; a changed byte fails it.
 */
for (const database of testDatabases()) {
  describe(`PAdES B-LT / B-LTA and re-validation (${database})`, () => {
    let pki: TestPki;
    let server: TestServer;
    before(async () => {
      pki = await createTestPki();
      server = await startTestServer({
        database,
        env: {
          FIRMA_TRUST_ANCHORS: pki.trustAnchorsPath,
          FIRMA_REVOCATION_ALLOW_PRIVATE: 'true',
          FIRMA_TSA_URL: pki.tsa.url,
          FIRMA_JOB_POLL_MS: '100',
        },
      });
    });
    after(async () => {
      await server?.close();
      await pki?.close();
    });

    async function signDigitally(token: string) {
      await fillFields(server.anon, token);
      const good = pki.entities.good;
      const prepared = await server.anon.post(`/api/v2/signing/${token}/signature/prepare`, {
        json: { certificateChain: [good.certificatePem, ...good.chainPem] },
      });
      assert.equal(prepared.status, 200, JSON.stringify(prepared.body));
      const signatures = (prepared.body.signatures as { itemId: string; signedAttributes: string }[]).map((s) => ({
        itemId: s.itemId,
        signatureValue: sign('sha256', Buffer.from(s.signedAttributes, 'base64'), good.privateKey).toString('base64'),
      }));
      const submitted = await server.anon.post(`/api/v2/signing/${token}/signature/submit`, {
        json: { preparationId: prepared.body.preparationId, signatures, ...DIGITAL_CONSENT },
      });
      assert.equal(submitted.status, 200, JSON.stringify(submitted.body));
    }

    test('an intermediate whose CRL host is down at completion: the answer kept from signing goes into the DSS', async () => {
      const payload = typicalPayload();
      payload.recipients[0] = { ...payload.recipients[0]!, signatureLevel: 'DIGITAL' } as never;
      const { urls, documentId } = await createPendingDocument(server.api, payload);
      await signDigitally(tokenOf(urls.get('ana@example.com')!));
      pki.crlDown.now = true;
      try {
        const bruno = await signAll(server.anon, tokenOf(urls.get('bruno@example.com')!));
        assert.equal(bruno.status, 200, JSON.stringify(bruno.body));
        await waitForStatus(server.api, documentId, ['COMPLETED']);
      } finally {
        pki.crlDown.now = false;
      }
      const pdf = (await server.api.get(`/api/v2/document/${documentId}/download`)).bytes;
      const dss = readDocumentSecurityStore(pdf)!;
      // The answer taken when the signer signed (their own DSS update, issue #34) and the fresh one at
      // completion; one when both are the same bytes.
      assert.ok([1, 2].includes(dss.ocsps.length), `OCSP answers about the signer: ${dss.ocsps.length}`);
      assert.equal(dss.crls.length, 1, 'the root’s CRL about the intermediate, as kept at signing (migration 0045)');
      const verdict = await verifyEnvelopeEvidence(server.ctx, { documentId });
      assert.equal(verdict.verdict, 'OK', verdict.problems.join('; '));
    });

    test('the final has a DSS with a VRI per signature and a document timestamp last; verify needs no responder', async () => {
      const payload = typicalPayload();
      payload.recipients[0] = { ...payload.recipients[0]!, signatureLevel: 'DIGITAL' } as never;
      const { urls, documentId } = await createPendingDocument(server.api, payload);
      await signDigitally(tokenOf(urls.get('ana@example.com')!));
      const bruno = await signAll(server.anon, tokenOf(urls.get('bruno@example.com')!));
      assert.equal(bruno.status, 200, JSON.stringify(bruno.body));
      await waitForStatus(server.api, documentId, ['COMPLETED']);
      const download = await server.api.get(`/api/v2/document/${documentId}/download`);
      assert.equal(download.status, 200);
      const pdf = download.bytes;

      const signatures = listPdfSignatures(pdf);
      assert.deepEqual(
        signatures.map((s) => s.type),
        ['Sig', 'Sig', 'DocTimeStamp'],
        'signer, seal, then the document timestamp',
      );
      const dss = readDocumentSecurityStore(pdf);
      assert.ok(dss, 'the final has a DSS');
      assert.deepEqual(
        [...dss.vriKeys].sort(),
        signatures
          .slice(0, 2)
          .map((s) => vriKey(s.contents))
          .sort(),
      );
      for (const pem of [pki.entities.good.certificatePem, pki.intermediatePem, pki.rootPem])
        assert.ok(
          dss.certs.some((c) => c.equals(pemToDer(pem))),
          'the chain up to the root is in /Certs',
        );
      assert.ok(
        dss.certs.some((c) => c.equals(pemToDer(pki.tsa.certificatePem))),
        'the seal timestamp’s TSA certificate',
      );
      // The answer taken when the signer signed (their own DSS update, issue #34) and the fresh one at
      // completion; one when both are the same bytes.
      assert.ok([1, 2].includes(dss.ocsps.length), `OCSP answers about the signer: ${dss.ocsps.length}`);
      assert.equal(dss.crls.length, 1, 'the root’s CRL about the intermediate');

      const path = join(pki.dir, `ltv-${database}.pdf`);
      writeFileSync(path, pdf);
      const report = pdfsig(path);
      assert.equal(report.signatures.length, 3, report.output);
      for (const s of report.signatures.slice(0, 2)) assert.equal(s.validation, 'Signature is Valid.', report.output);
      assert.match(report.output, /Juana Perez \(good\)/);
      assert.match(report.output, /Firma Test TSA/);
      assert.ok(report.signatures[2]!.total, 'the document timestamp covers the whole file');
      assert.ok(qpdfCheck(path).clean, qpdfCheck(path).output);

      await pki.stopOcsp();
      const verdict = await verifyEnvelopeEvidence(server.ctx, { documentId });
      assert.equal(verdict.verdict, 'OK', verdict.problems.join('; '));
      const digital = verdict.checks.filter((c) => c.name.startsWith('digital signature of'));
      assert.equal(digital.length, 1, JSON.stringify(verdict.checks));
      assert.match(digital[0]!.detail, /CUIL 20123456786.*Firma Test Root CA.*OCSP \+ CRL embedded/);
      const stamps = verdict.checks.filter((c) => c.name.startsWith('document timestamp'));
      assert.equal(stamps.length, 1);
      assert.equal(stamps[0]!.status, 'pass', stamps[0]!.detail);
      if (database === 'sqlite') {
        // The command itself, as an operator runs it: one line per signature.
        const cli = await runFirma(['audit', 'verify', String(documentId)], {
          FIRMA_DATA_DIR: server.dataDir,
          FIRMA_TRUST_ANCHORS: pki.trustAnchorsPath,
        });
        assert.equal(cli.code, 0, cli.stdout + cli.stderr);
        assert.match(
          cli.stdout,
          /\[ok {2}\] digital signature of CN=Juana Perez \(good\) on .*: valid: CUIL 20123456786/,
        );
        assert.match(cli.stdout, /\[ok {2}\] document timestamp on .*: valid: CN=Firma Test TSA/);
        assert.match(cli.stdout, /\[ok {2}\] seal of sealed final /);
      }

      // The recipient's CUIL is not the certificate's (the database edited afterwards): named.
      const recipientCuil = async (cuil: string) =>
        server.ctx.db
          .updateTable('recipient')
          .set({ cuil })
          .where('envelopeId', '=', documentId)
          .where('email', '=', 'ana@example.com')
          .execute();
      await recipientCuil('27987654320');
      const otherCuil = await verifyEnvelopeEvidence(server.ctx, { documentId });
      assert.ok(
        otherCuil.checks.some(
          (c) => c.status === 'fail' && /CUIL 20123456786, the recipient 27987654320/.test(c.detail),
        ),
        JSON.stringify(otherCuil.checks),
      );
      await recipientCuil('20123456786');

      // A byte of the signer's revision changed in the stored final (in the header's binary
      // comment, so every reader still parses it): its signature and the timestamp fail.
      const finalSha256 = (
        await server.ctx.db
          .selectFrom('envelopeItem')
          .select('finalSha256')
          .where('envelopeId', '=', documentId)
          .executeTakeFirstOrThrow()
      ).finalSha256!;
      const stored = await server.ctx.storage.localPath(finalSha256);
      const tampered = Buffer.from(pdf);
      const at = pdf.indexOf('\n') + 2;
      assert.equal(pdf[at - 1], 0x25, 'the second line is a comment');
      tampered[at] = tampered[at]! ^ 0x01;
      chmodSync(stored, 0o600);
      writeFileSync(stored, tampered);
      const broken = await verifyEnvelopeEvidence(server.ctx, { documentId });
      assert.equal(broken.verdict, 'BROKEN');
      const failed = broken.checks.filter((c) => c.status === 'fail').map((c) => `${c.name}: ${c.detail}`);
      assert.ok(
        failed.some((f) => /^digital signature of .*messageDigest/.test(f)),
        failed.join('\n'),
      );
      assert.ok(
        failed.some((f) => /^document timestamp .*imprint/.test(f)),
        failed.join('\n'),
      );
      writeFileSync(stored, pdf);
      assert.equal((await verifyEnvelopeEvidence(server.ctx, { documentId })).verdict, 'OK');
    });
  });
}
