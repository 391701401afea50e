import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { listPdfSignatures, readCms, readDocumentSecurityStore, vriKey } from '../../src/infra/pdf/seal/index.js';
import { createPendingDocument, typicalPayload } from '../helpers/documents.js';
import {
  fillFields,
  prepareSignature,
  signDigitally as signThroughApi,
  submitSignature,
  type PreparedSignatures,
} from '../helpers/digital-signers.js';
import { signAll, tokenOf, waitForStatus } from '../helpers/signing.js';
import { freePort } from '../helpers/free-port.js';
import { startTestServer, testDatabases, type TestServer } from '../helpers/test-server.js';
import { changesBesidesDss, diffAfterSignatures, loadRevision, nextRevisionEnd } from '../support/revision-diff.js';
import { pdfsig, qpdfCheck } from '../support/seal-test-support.js';
import { createTestPki, type EndEntityCase, type TestPki } from '../support/test-pki.js';

/**
 * Issue #34: a validator with modification analysis (Adobe Reader, pyHanko) accepts a signer's
 * signature only if every later revision just fills form fields, adds signature fields, the DSS or
 * document timestamps. Two DIGITAL signers (RSA, then P-256) and an ELECTRONIC one between them,
 * with and without a TSA: the suite's own revision diff (test/support/revision-diff.ts) finds no
 * page content, content stream, resource or page-tree change after any signature, and each
 * DIGITAL signature is followed at once by its own DSS update (B-LT at signing time) that adds
 * nothing but the DSS. The finals are written to FIRMA_TEST_KEEP_PDFS (default /tmp/firma-pades/)
 * for a hand run of pyHanko (docs/signing.md).
 */
const OUT = process.env.FIRMA_TEST_KEEP_PDFS || '/tmp/firma-pades';

let pki: TestPki;
before(async () => {
  pki = await createTestPki();
  mkdirSync(OUT, { recursive: true });
  writeFileSync(join(OUT, 'root.pem'), pki.rootPem);
  writeFileSync(join(OUT, 'tsa.pem'), pki.tsa.certificatePem);
});
after(async () => {
  await pki?.close();
});

/**
 * Ana (DIGITAL, RSA), Dora (ELECTRONIC), Bruno (DIGITAL, P-256; the test PKI's CUIL, two SIGNATURE fields),
 * signing in that order.
 */
function threeSigners() {
  const payload = typicalPayload();
  const [ana, bruno] = payload.recipients;
  return {
    ...payload,
    recipients: [
      { ...ana!, signatureLevel: 'DIGITAL' },
      {
        email: 'dora@example.com',
        name: 'Dora Ruiz',
        role: 'SIGNER',
        cuil: '27000000006',
        fields: [
          { type: 'SIGNATURE', pageNumber: 1, pageX: 10, pageY: 50, width: 30, height: 8 },
          { type: 'NAME', pageNumber: 1, pageX: 10, pageY: 60, width: 30, height: 5 },
        ],
      },
      {
        ...bruno!,
        signatureLevel: 'DIGITAL',
        cuil: '20123456786',
        // A second signature field: the certificate's one signature is in the first, this one names it.
        fields: [
          ...(bruno!.fields ?? []),
          { type: 'SIGNATURE', pageNumber: 1, pageX: 55, pageY: 20, width: 30, height: 8 },
        ],
      },
    ],
  };
}

for (const database of testDatabases()) {
  for (const withTsa of [false, true]) {
    const label = `${database}${withTsa ? '-tsa' : ''}`;
    describe(`digital signatures stay valid after later revisions (${label})`, () => {
      let server: TestServer;
      before(async () => {
        server = await startTestServer({
          database,
          env: {
            FIRMA_TRUST_ANCHORS: pki.trustAnchorsPath,
            FIRMA_REVOCATION_ALLOW_PRIVATE: 'true',
            FIRMA_JOB_POLL_MS: '100',
            ...(withTsa ? { FIRMA_TSA_URL: pki.tsa.url } : {}),
          },
        });
      });
      after(async () => {
        await server?.close();
      });

      async function certificateFields(token: string) {
        const view = await server.anon.get(`/api/v2/signing/${token}`);
        const fields = view.body.fields as { id: number; isOwn: boolean; signedByCertificate: boolean }[];
        return fields.filter((f) => f.isOwn && f.signedByCertificate).sort((a, b) => a.id - b.id);
      }

      function signDigitally(token: string, entity: EndEntityCase) {
        const { certificatePem, chainPem, privateKey } = pki.entities[entity];
        return signThroughApi(server.anon, token, { certificateChain: [certificatePem, ...chainPem], privateKey });
      }

      test('after each signature only form fields, signature fields, the DSS and timestamps change', async () => {
        const { urls, documentId } = await createPendingDocument(server.api, threeSigners());
        await signDigitally(tokenOf(urls.get('ana@example.com')!), 'good');
        const dora = await signAll(server.anon, tokenOf(urls.get('dora@example.com')!), { drawn: true });
        assert.equal(dora.status, 200, JSON.stringify(dora.body));
        const brunoToken = tokenOf(urls.get('bruno@example.com')!);
        const brunoSignatures = await certificateFields(brunoToken);
        assert.equal(brunoSignatures.length, 2, "both of his SIGNATURE fields are the certificate's");
        for (const field of brunoSignatures) {
          const drawn = await server.anon.post(`/api/v2/signing/${brunoToken}/field/${field.id}`, {
            json: { signature: { type: 'typed', text: 'Bruno' } },
          });
          assert.equal(drawn.status, 400, JSON.stringify(drawn.body));
          assert.equal(drawn.body.code, 'FIELD_SIGNED_BY_CERTIFICATE');
        }
        await signDigitally(brunoToken, 'goodCompact');
        await waitForStatus(server.api, documentId, ['COMPLETED']);
        // The second field names the signature: who signed with a certificate, and the field that holds it.
        const fields = (await server.api.get(`/api/v2/document/${documentId}`)).body.fields as {
          id: number;
          inserted: boolean;
          customText: string;
        }[];
        const second = fields.find((f) => f.id === brunoSignatures[1]!.id)!;
        assert.equal(second.inserted, true);
        assert.equal(second.customText, 'Digitally signed by\nBruno Díaz\nSignature 3 — DÍAZ Bruno');
        const download = await server.api.get(`/api/v2/document/${documentId}/download`);
        assert.equal(download.status, 200);
        const path = join(OUT, `three-signers-${label}.pdf`);
        writeFileSync(path, download.bytes);

        const signatures = listPdfSignatures(download.bytes);
        const types = signatures.map((s) => s.type);
        assert.deepEqual(types, ['Sig', 'Sig', 'Sig', ...(withTsa ? ['DocTimeStamp'] : [])], 'Ana, Bruno, the seal');
        // With a TSA each signer's CMS carries its own signature timestamp (PAdES B-T), not only the seal's.
        for (const s of signatures.slice(0, 2))
          assert.equal(readCms(s.contents).timestampTokens.length, withTsa ? 1 : 0, 'a signature timestamp per signer');
        const report = pdfsig(path);
        // poppler cannot check an RFC 3161 document timestamp ("not yet verified"): the three signatures only.
        for (const s of report.signatures.slice(0, 3)) assert.equal(s.validation, 'Signature is Valid.', report.output);
        assert.ok(qpdfCheck(path).clean, qpdfCheck(path).output);

        // Each signer's own DSS, written when they signed: only the DSS, naming their signature,
        // their chain and a revocation answer (OCSP for them, the root's CRL for the intermediate).
        for (const [index, s] of signatures.slice(0, 2).entries()) {
          const signedEnd = s.byteRange![2] + s.byteRange![3];
          const dssEnd = nextRevisionEnd(download.bytes, signedEnd);
          const before = await loadRevision(download.bytes, signedEnd);
          const after = await loadRevision(download.bytes, dssEnd);
          assert.deepEqual(changesBesidesDss(before, after), [], `signer ${index + 1}'s DSS update`);
          const dss = readDocumentSecurityStore(Buffer.from(download.bytes.subarray(0, dssEnd)));
          assert.ok(dss, `signer ${index + 1} has a DSS at signing time`);
          assert.ok(dss.vriKeys.includes(vriKey(s.contents)), 'a VRI entry for their signature');
          assert.ok(dss.ocsps.length >= index + 1, 'their OCSP answer');
          assert.ok(dss.crls.length >= 1, "the intermediate's CRL");
          assert.ok(dss.certs.length >= 3, 'their chain up to the root');
          if (index === 0) assert.equal(dss.vriKeys.length, 1, 'only their own signature');
        }
        // Completion merges: one VRI per signature, none written twice.
        const finalDss = readDocumentSecurityStore(Buffer.from(download.bytes))!;
        assert.equal(new Set(finalDss.vriKeys).size, finalDss.vriKeys.length);
        assert.equal(finalDss.vriKeys.length, 3, 'Ana, Bruno, the seal');

        // The certificate says where each signer's time comes from: the authority's token, or Firma's clock.
        const certificate = await server.api.get(`/api/v2/document/${documentId}/certificate`);
        assert.equal(certificate.status, 200);
        const certificatePath = join(OUT, `certificate-${label}.pdf`);
        writeFileSync(certificatePath, certificate.bytes);
        const words = execFileSync('pdftotext', [certificatePath, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
        const claimed = words.match(/not attested by a timestamp authority/g) ?? [];
        const stamped = words.match(/a timestamp authority \(RFC 3161 signature timestamp\)/g) ?? [];
        assert.deepEqual([claimed.length, stamped.length], withTsa ? [0, 2] : [2, 0], words);

        const diffs = await diffAfterSignatures(download.bytes);
        assert.equal(diffs.length, 3);
        for (const diff of diffs)
          assert.deepEqual(
            diff.problems,
            [],
            `signature #${diff.signature} is followed by changes a validator refuses`,
          );
      });
    });
  }
}

for (const database of testDatabases()) {
  describe(`a signer's timestamp authority that does not answer (${database})`, () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer({
        database,
        env: {
          FIRMA_TRUST_ANCHORS: pki.trustAnchorsPath,
          FIRMA_REVOCATION_ALLOW_PRIVATE: 'true',
          FIRMA_TSA_URL: `http://127.0.0.1:${await freePort()}/tsa`,
        },
      });
    });
    after(async () => {
      await server?.close();
    });

    test('submit answers 503 SERVICE_UNAVAILABLE and the signer stays unsigned', async () => {
      const { urls, documentId } = await createPendingDocument(server.api, threeSigners());
      const token = tokenOf(urls.get('ana@example.com')!);
      await fillFields(server.anon, token);
      const { certificatePem, chainPem, privateKey } = pki.entities.good;
      const prepared = await prepareSignature(server.anon, token, [certificatePem, ...chainPem]);
      assert.equal(prepared.status, 200, JSON.stringify(prepared.body));
      const submitted = await submitSignature(server.anon, token, prepared.body as PreparedSignatures, privateKey);
      assert.equal(submitted.status, 503, JSON.stringify(submitted.body));
      assert.equal(submitted.body.code, 'SERVICE_UNAVAILABLE');
      const doc = await server.api.get(`/api/v2/document/${documentId}`);
      const ana = (doc.body.recipients as { email: string; signingStatus: string }[]).find(
        (r) => r.email === 'ana@example.com',
      );
      assert.equal(ana?.signingStatus, 'NOT_SIGNED');
    });
  });
}

for (const database of testDatabases()) {
  describe(`a signer's timestamp authority issued by a CA (${database})`, () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer({
        database,
        env: {
          FIRMA_TRUST_ANCHORS: pki.trustAnchorsPath,
          FIRMA_REVOCATION_ALLOW_PRIVATE: 'true',
          FIRMA_TSA_URL: pki.issuedTsa.url,
        },
      });
    });
    after(async () => {
      await server?.close();
    });

    test("the DSS written with the signer's signature holds the authority's path and its revocation answer too", async () => {
      const { urls } = await createPendingDocument(server.api, threeSigners());
      const { certificatePem, chainPem, privateKey } = pki.entities.good;
      await signThroughApi(server.anon, tokenOf(urls.get('ana@example.com')!), {
        certificateChain: [certificatePem, ...chainPem],
        privateKey,
      });
      const view = await server.anon.get(`/api/v2/signing/${tokenOf(urls.get('ana@example.com')!)}`);
      assert.equal(view.status, 200);
      const pdf = await server.ctx.storage.getBytes(
        (await server.ctx.db.selectFrom('envelopeItem').select('revisionSha256').executeTakeFirstOrThrow())
          .revisionSha256!,
      );
      const [signature] = listPdfSignatures(pdf);
      assert.equal(readCms(signature!.contents).timestampTokens.length, 1, 'her signature timestamp');
      const dss = readDocumentSecurityStore(Buffer.from(pdf))!;
      const tsaCertificate = Buffer.from(pki.issuedTsa.certificatePem.replace(/-----[^-]+-----|\s/g, ''), 'base64');
      assert.ok(
        dss.certs.some((c) => Buffer.from(c).equals(tsaCertificate)),
        "the authority's certificate is in the DSS",
      );
      // The root's CRL answers for the intermediate (her path and the authority's); the
      // intermediate's CRL answers for the authority's certificate (hers is answered by OCSP).
      assert.ok(dss.crls.length >= 2, `the authority's CRL besides the intermediate's (${dss.crls.length})`);
    });
  });
}
