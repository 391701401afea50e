import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createPendingDocument, onePagePdf } from '../helpers/documents.js';
import { CONSENT, signAll, tokenOf, waitForStatus } from '../helpers/signing.js';
import { pdfsig, pdfToText, qpdfCheck } from '../support/pdf-tools.js';
import { startTestServer, testDatabases, type TestServer } from '../helpers/test-server.js';

for (const database of testDatabases()) {
  describe(`end to end: create → distribute → sign → COMPLETED → sealed downloads (${database})`, () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer({ database });
    });
    after(() => server.close());

    test('every signer signs through the signing API; the final PDF and certificate are sealed and valid', async () => {
      const { documentId, urls } = await createPendingDocument(server.api);
      const ana = await signAll(server.anon, tokenOf(urls.get('ana@example.com')!), { drawn: true });
      assert.equal(ana.status, 200, JSON.stringify(ana.body));
      assert.equal(ana.body.signingStatus, 'SIGNED');
      const mid = await server.api.get(`/api/v2/document/${documentId}`);
      assert.equal(mid.body.status, 'PENDING', 'one signature does not complete the document');

      const bruno = await signAll(server.anon, tokenOf(urls.get('bruno@example.com')!));
      assert.equal(bruno.status, 200);
      const doc = await waitForStatus(server.api, documentId, ['COMPLETED']);
      assert.ok(doc.completedAt >= doc.createdAt);
      assert.ok(
        doc.recipients.every((r: { signingStatus: string }) => r.signingStatus === 'SIGNED'),
        'CC marked signed at completion too',
      );

      const signed = await server.api.get(`/api/v2/document/${documentId}/download`);
      assert.equal(signed.status, 200);
      assert.equal(signed.headers.get('content-type'), 'application/pdf');
      const sig = pdfsig(signed.bytes);
      assert.match(sig, /Signature is Valid/);
      assert.match(sig, /ETSI\.CAdES\.detached/);
      assert.equal(qpdfCheck(signed.bytes).status, 0);
      const text = pdfToText(signed.bytes);
      assert.match(text, /Calle Falsa 123, Córdoba/, 'the text field is burned in');
      assert.match(text, /Audit trail|Registro de auditor/, 'audit pages are appended');
      const original = await onePagePdf();
      assert.ok(signed.bytes.length > original.length);

      const certificate = await server.api.get(`/api/v2/document/${documentId}/certificate`);
      assert.equal(certificate.status, 200);
      assert.match(pdfsig(certificate.bytes), /Signature is Valid/);
      const certText = pdfToText(certificate.bytes).replace(/\s+/g, '');
      assert.ok(certText.includes('20-12345678-6'), 'the CUIL is on the certificate');
      const { createHash } = await import('node:crypto');
      assert.ok(
        certText.includes(createHash('sha256').update(signed.bytes).digest('hex')),
        'the certificate carries the SHA-256 of the final PDF as downloaded',
      );

      const tampered = Buffer.from(signed.bytes);
      const at = Math.floor(tampered.length / 3);
      tampered.writeUInt8(tampered.readUInt8(at) ^ 0x01, at);
      assert.doesNotMatch(pdfsig(tampered), /Signature is Valid/, 'one changed byte breaks the seal');

      const again = await server.anon.post(`/api/v2/signing/${tokenOf(urls.get('ana@example.com')!)}/complete`, {
        json: CONSENT,
      });
      assert.equal(again.status, 200, 'completing again is harmless');
      // The same answer, but for documentState, which says where the document is now.
      assert.deepEqual(again.body, { ...ana.body, documentState: 'COMPLETED' }, 'and answers the same body');
      assert.equal(ana.body.documentState, 'WAITING_FOR_OTHERS');
    });

    test('a rejection makes the document REJECTED with a stamped, sealed final PDF and a certificate', async () => {
      const { documentId, urls } = await createPendingDocument(server.api);
      const token = tokenOf(urls.get('bruno@example.com')!);
      const bad = await server.anon.post(`/api/v2/signing/${token}/reject`, { json: { reason: '' } });
      assert.equal(bad.status, 400);
      const res = await server.anon.post(`/api/v2/signing/${token}/reject`, {
        json: { reason: 'El monto es incorrecto' },
      });
      assert.equal(res.status, 200);
      assert.equal(res.body.signingStatus, 'REJECTED');
      const doc = await waitForStatus(server.api, documentId, ['REJECTED']);
      assert.equal(
        doc.recipients.find((r: { email: string }) => r.email === 'bruno@example.com').rejectionReason,
        'El monto es incorrecto',
      );
      const other = await server.anon.post(`/api/v2/signing/${tokenOf(urls.get('ana@example.com')!)}/complete`, {
        json: CONSENT,
      });
      assert.equal(other.status, 409);
      assert.equal(other.body.code, 'DOCUMENT_NOT_PENDING');
      const signed = await server.api.get(`/api/v2/document/${documentId}/download`);
      assert.equal(signed.status, 200);
      assert.match(pdfsig(signed.bytes), /Signature is Valid/);
      assert.match(pdfToText(signed.bytes), /REJECTED/);
      const cert = await server.api.get(`/api/v2/document/${documentId}/certificate`);
      assert.match(pdfToText(cert.bytes), /El monto es incorrecto/);
    });
  });
}
