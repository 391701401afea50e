import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { sql } from 'kysely';
import { verifyEnvelopeEvidence } from '../../src/domain/audit/verify-envelope-evidence.js';
import { createDocument, createPendingDocument, typicalPayload } from '../helpers/documents.js';
import {
  digitalPayload as digitalAna,
  fillFields,
  prepareSignature,
  submitSignature,
  type PreparedSignatures,
} from '../helpers/digital-signers.js';
import { CONSENT, DIGITAL_CONSENT, signAll, tokenOf, waitForStatus } from '../helpers/signing.js';
import { startTestServer, testDatabases, type TestServer } from '../helpers/test-server.js';
import { pdfsig, qpdfCheck } from '../support/seal-test-support.js';
import { createTestPki, type EndEntityCase, type TestPki } from '../support/test-pki.js';

/**
 * Firma digital (issue #22), first increment: a DIGITAL recipient signs with their own certificate
 * through prepare → submit (the test plays the client that signs elsewhere, with node's crypto and
 * the test PKI's key); every certificate refusal changes nothing; the final PDF carries the signer's
 * revision and Firma's seal, both valid for pdfsig, the signer's CMS valid for openssl against the
 * test root, and qpdf finds nothing wrong.
 */
let pki: TestPki;
before(async () => {
  pki = await createTestPki();
});
after(async () => {
  await pki?.close();
});

for (const database of testDatabases()) {
  describe(`firma digital: prepare → submit (${database})`, () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer({
        database,
        env: {
          FIRMA_TRUST_ANCHORS: pki.trustAnchorsPath,
          FIRMA_REVOCATION_ALLOW_PRIVATE: 'true',
          FIRMA_JOB_POLL_MS: '100',
          LOG_LEVEL: 'info',
        },
        captureLogs: true,
      });
    });
    after(async () => {
      await server?.close();
    });

    const chainOf = (name: EndEntityCase) => [pki.entities[name].certificatePem, ...pki.entities[name].chainPem];
    const digitalRows = async () =>
      Number((await sql<{ n: number }>`select count(*) as n from digital_signature`.execute(server.ctx.db)).rows[0]!.n);

    test('signatureLevel is stored and answered; DIGITAL is refused for a CC', async () => {
      const created = await createDocument(server.api, digitalAna());
      assert.equal(created.status, 200, JSON.stringify(created.body));
      const got = await server.api.get(`/api/v2/document/${created.body.id}`);
      const levels = (got.body.recipients as { email: string; signatureLevel: string }[]).map(
        (r) => `${r.email}:${r.signatureLevel}`,
      );
      assert.deepEqual(levels.sort(), [
        'ana@example.com:DIGITAL',
        'bruno@example.com:ELECTRONIC',
        'carla@example.com:ELECTRONIC',
      ]);
      const payload = typicalPayload();
      payload.recipients[2] = { ...payload.recipients[2]!, signatureLevel: 'DIGITAL' } as never;
      const refused = await createDocument(server.api, payload);
      assert.equal(refused.status, 400);
      assert.equal(refused.body.code, 'SIGNATURE_LEVEL_NOT_ALLOWED');
    });

    test('every certificate refusal has its code and changes nothing', async () => {
      const { urls, documentId } = await createPendingDocument(server.api, digitalAna());
      const ana = tokenOf(urls.get('ana@example.com')!);
      const bruno = tokenOf(urls.get('bruno@example.com')!);
      await fillFields(server.anon, ana);
      const before = await digitalRows();
      const electronic = await server.anon.post(`/api/v2/signing/${ana}/complete`, { json: CONSENT });
      assert.equal(electronic.status, 400);
      assert.equal(electronic.body.code, 'DIGITAL_SIGNATURE_REQUIRED');
      const cases: [EndEntityCase, string][] = [
        ['wrongCuil', 'CERT_CUIL_MISMATCH'],
        ['noCuil', 'CERT_CUIL_MISMATCH'],
        ['untrusted', 'CERT_UNTRUSTED'],
        ['expired', 'CERT_EXPIRED'],
        ['revoked', 'CERT_REVOKED'],
        // Its certificate is fine; the intermediate that issued it is on the root's CRL.
        ['revokedIssuer', 'CERT_REVOKED'],
        ['noKeyUsage', 'CERT_KEY_USAGE'],
      ];
      for (const [name, code] of cases) {
        const res = await prepareSignature(server.anon, ana, chainOf(name));
        assert.equal(res.status, 400, `${name}: ${JSON.stringify(res.body)}`);
        assert.equal(res.body.code, code, name);
      }
      const garbage = await server.anon.post(`/api/v2/signing/${ana}/signature/prepare`, {
        json: { certificateChain: ['bm90IGEgY2VydGlmaWNhdGUgYXQgYWxs'] },
      });
      assert.equal(garbage.body.code, 'CERT_INVALID');
      const notDigital = await server.anon.post(`/api/v2/signing/${bruno}/signature/prepare`, {
        json: { certificateChain: chainOf('good') },
      });
      assert.equal(notDigital.status, 400);
      assert.equal(notDigital.body.code, 'DIGITAL_SIGNATURE_NOT_EXPECTED');
      const unknown = await server.anon.post(`/api/v2/signing/${ana}/signature/submit`, {
        json: { preparationId: 'nope', signatures: [{ itemId: 'x', signatureValue: 'AAAA' }], ...DIGITAL_CONSENT },
      });
      assert.equal(unknown.body.code, 'SIGNATURE_PREPARATION_NOT_FOUND');
      assert.equal(await digitalRows(), before, 'no preparation stored');
      const doc = await server.api.get(`/api/v2/document/${documentId}`);
      const anaRow = (doc.body.recipients as { email: string; signingStatus: string }[]).find(
        (r) => r.email === 'ana@example.com',
      );
      assert.equal(anaRow!.signingStatus, 'NOT_SIGNED');
    });

    test('a DIGITAL signer and an ELECTRONIC one: the final PDF has the signer revision and the seal, all valid', async () => {
      const { urls, documentId } = await createPendingDocument(server.api, digitalAna());
      const ana = tokenOf(urls.get('ana@example.com')!);
      await fillFields(server.anon, ana);
      const prepared = await prepareSignature(server.anon, ana, chainOf('good'));
      assert.equal(
        prepared.status,
        200,
        `${JSON.stringify(prepared.body)} ${server.logs.filter((l) => /"level":(50|40)|err/.test(l)).join('\n')}`,
      );
      assert.equal(prepared.body.certificate.cuil, '20123456786');
      assert.equal(prepared.body.certificate.revocationSource, 'OCSP');
      const key = pki.entities.good.privateKey;
      const wrong = await server.anon.post(`/api/v2/signing/${ana}/signature/submit`, {
        json: {
          preparationId: prepared.body.preparationId,
          signatures: (prepared.body as PreparedSignatures).signatures.map((s) => ({
            itemId: s.itemId,
            signatureValue: Buffer.alloc(256, 1).toString('base64'),
          })),
          ...DIGITAL_CONSENT,
        },
      });
      assert.equal(wrong.status, 400);
      assert.equal(wrong.body.code, 'SIGNATURE_INVALID');
      // The statement of the other level is not this signer's: refused, nothing signed.
      const electronicWords = await submitSignature(
        server.anon,
        ana,
        prepared.body as PreparedSignatures,
        key,
        CONSENT,
      );
      assert.equal(electronicWords.status, 400);
      assert.equal(electronicWords.body.code, 'CONSENT_REQUIRED');
      const submitted = await submitSignature(server.anon, ana, prepared.body as PreparedSignatures, key);
      assert.equal(submitted.status, 200, JSON.stringify(submitted.body));
      assert.equal(submitted.body.signingStatus, 'SIGNED');

      const bruno = await signAll(server.anon, tokenOf(urls.get('bruno@example.com')!));
      assert.equal(bruno.status, 200, JSON.stringify(bruno.body));
      await waitForStatus(server.api, documentId, ['COMPLETED']);
      const download = await server.api.get(`/api/v2/document/${documentId}/download`);
      assert.equal(download.status, 200);
      const path = join(pki.dir, `final-${database}.pdf`);
      writeFileSync(path, download.bytes);
      const report = pdfsig(path);
      assert.equal(report.signatures.length, 2, report.output);
      for (const s of report.signatures) assert.equal(s.validation, 'Signature is Valid.', report.output);
      assert.match(report.output, /Juana Perez \(good\)/);
      // Only the DSS (PAdES B-LT, test/api/ltv.test.ts) follows the seal's revision.
      assert.match(download.bytes.toString('latin1'), /\/Type \/DSS/);
      assert.ok(qpdfCheck(path).clean, qpdfCheck(path).output);
      verifyFirstCms(download.bytes, pki);

      const certificate = await server.api.get(`/api/v2/document/${documentId}/certificate`);
      assert.equal(certificate.status, 200);
      writeFileSync(join(pki.dir, `certificate-${database}.pdf`), certificate.bytes);
      const text = execFileSync('pdftotext', [join(pki.dir, `certificate-${database}.pdf`), '-'], {
        encoding: 'utf8',
      });
      assert.match(text, /Digital signatures \(1\)/);
      assert.match(text, /20123456786/);
      assert.match(text, /Firma Test Signing CA/);
      assert.match(text, /not revoked \(OCSP\)/);

      const verdict = await verifyEnvelopeEvidence(server.ctx, { documentId });
      assert.equal(verdict.verdict, 'OK', verdict.problems.join('; '));
    });

    test('two DIGITAL signers in parallel: the later submit of the same base is stale, prepared again both revisions stay valid', async () => {
      const payload = typicalPayload();
      payload.recipients[0] = { ...payload.recipients[0]!, signatureLevel: 'DIGITAL' } as never;
      // Bruno holds the same CUIL as Ana here so one test certificate serves both.
      payload.recipients[1] = { ...payload.recipients[1]!, signatureLevel: 'DIGITAL', cuil: '20123456786' } as never;
      const { urls, documentId } = await createPendingDocument(server.api, payload);
      const ana = tokenOf(urls.get('ana@example.com')!);
      const bruno = tokenOf(urls.get('bruno@example.com')!);
      await fillFields(server.anon, ana);
      await fillFields(server.anon, bruno);
      const prepare = async (token: string, name: EndEntityCase) => {
        const res = await prepareSignature(server.anon, token, chainOf(name));
        assert.equal(res.status, 200, JSON.stringify(res.body));
        return res.body as PreparedSignatures;
      };
      const submit = (token: string, prepared: PreparedSignatures, name: EndEntityCase) =>
        submitSignature(server.anon, token, prepared, pki.entities[name].privateKey);
      const [forAna, forBruno] = await Promise.all([prepare(ana, 'good'), prepare(bruno, 'goodCompact')]);
      const [first, second] = await Promise.all([submit(ana, forAna, 'good'), submit(bruno, forBruno, 'goodCompact')]);
      const statuses = [first.status, second.status].sort();
      assert.deepEqual(statuses, [200, 409], JSON.stringify([first.body, second.body]));
      const stale = first.status === 409 ? first : second;
      assert.equal(stale.body.code, 'SIGNATURE_PREPARATION_STALE');
      const [lateToken, lateCert] = first.status === 409 ? [ana, 'good' as const] : [bruno, 'goodCompact' as const];
      const again = await submit(lateToken, await prepare(lateToken, lateCert), lateCert);
      assert.equal(again.status, 200, JSON.stringify(again.body));

      await waitForStatus(server.api, documentId, ['COMPLETED']);
      const download = await server.api.get(`/api/v2/document/${documentId}/download`);
      const path = join(pki.dir, `parallel-${database}.pdf`);
      writeFileSync(path, download.bytes);
      const report = pdfsig(path);
      assert.equal(report.signatures.length, 3, report.output);
      for (const s of report.signatures) assert.equal(s.validation, 'Signature is Valid.', report.output);
      assert.match(report.output, /Juana Perez \(good\)/);
      assert.match(report.output, /Juana Perez \(goodCompact\)/);
      assert.ok(qpdfCheck(path).clean, qpdfCheck(path).output);
    });
  });
}

/** openssl cms -verify of the first signature's CMS over its byte range, against the test root only. */
function verifyFirstCms(pdf: Buffer, pki: TestPki): void {
  const text = pdf.toString('latin1');
  const match = /\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/.exec(text)!;
  const [a, b, c, d] = match.slice(1).map(Number) as [number, number, number, number];
  const content = Buffer.concat([pdf.subarray(a, a + b), pdf.subarray(c, c + d)]);
  const padded = Buffer.from(text.slice(a + b + 1, c - 1), 'hex');
  const lengthBytes = padded[1]! & 0x7f;
  let length = 0;
  for (let i = 0; i < lengthBytes; i++) length = length * 256 + padded[2 + i]!;
  const cms = padded.subarray(0, 2 + lengthBytes + length);
  writeFileSync(join(pki.dir, 'signer.cms'), cms);
  writeFileSync(join(pki.dir, 'signed.bin'), content);
  const out = execFileSync(
    'openssl',
    [
      'cms',
      '-verify',
      '-binary',
      '-inform',
      'DER',
      '-in',
      'signer.cms',
      '-content',
      'signed.bin',
      '-CAfile',
      'root.pem',
      '-purpose',
      'any',
      '-out',
      '/dev/null',
    ],
    { cwd: pki.dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
  );
  void out;
}
