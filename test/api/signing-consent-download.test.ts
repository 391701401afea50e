import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { verifyEnvelopeEvidence } from '../../src/domain/audit/verify-envelope-evidence.js';
import { CONSENT_VERSION, CONSENT_VERSIONS } from '../../src/domain/model/signing-consent.js';
import { createPendingDocument, typicalPayload } from '../helpers/documents.js';
import { CONSENT, signAll, tokenOf, valueFor, waitForStatus } from '../helpers/signing.js';
import { recipientOf, startSmtpSink, type SmtpSink } from '../helpers/smtp-sink.js';
import { startTestServer, testDatabases, type TestServer } from '../helpers/test-server.js';
import { pdfText } from '../support/poppler.js';

const DAY_MS = 86_400_000;

for (const database of testDatabases()) {
  describe(`signing consent and the recipient's downloads after completion (${database})`, () => {
    let server: TestServer;
    let smtp: SmtpSink;
    before(async () => {
      smtp = await startSmtpSink();
      server = await startTestServer({
        database,
        env: { SMTP_URL: smtp.url, FIRMA_JOB_POLL_MS: '100', FIRMA_RECIPIENT_DOWNLOAD_DAYS: '7' },
      });
    });
    after(async () => {
      await server?.close();
      await smtp?.stop();
    });

    const auditLog = async (envelopeId: string) =>
      (await server.api.get(`/api/v2/envelope/${envelopeId}/audit-log?perPage=100`)).body.data as {
        type: string;
        firmaType?: string;
        data: Record<string, unknown>;
        email: string | null;
        ipAddress: string | null;
        createdAt: string;
      }[];

    const fillAll = async (token: string) => {
      const view = await server.anon.get(`/api/v2/signing/${token}`);
      for (const f of view.body.fields)
        assert.equal(
          (await server.anon.post(`/api/v2/signing/${token}/field/${f.id}`, { json: valueFor(f) })).status,
          200,
        );
      return view.body;
    };

    test('complete without an accepted, current consent is 400 CONSENT_REQUIRED and changes nothing', async () => {
      const { urls, envelopeId } = await createPendingDocument(server.api);
      const token = tokenOf(urls.get('ana@example.com')!);
      const view = await fillAll(token);
      assert.equal(view.consent.version, CONSENT_VERSION);
      assert.equal(view.consent.level, 'ELECTRONIC');
      assert.match(view.consent.statements.es, /firmar este documento con una firma electrónica/);
      assert.match(view.consent.statements.en, /sign this document with an electronic signature/);
      // Under Ley 25.506 an electronic signature is not a handwritten one's equal: no statement says so.
      for (const statement of Object.values(view.consent.statements as Record<string, string>))
        assert.doesNotMatch(statement, /handwritten|manuscrit|handschrift|autograf|własnoręczn|手書き|자필|手写/i);
      const before = (await auditLog(envelopeId)).length;
      for (const body of [
        undefined,
        {},
        { consent: { accepted: false, version: CONSENT_VERSION } },
        { consent: { accepted: true, version: '1999-01-01' } },
        // The first statement claimed equivalence with a handwritten signature: no longer accepted.
        { consent: { accepted: true, version: '2026-11-26' } },
        // The DIGITAL statement is not an ELECTRONIC signer's.
        { consent: { accepted: true, version: CONSENT_VERSIONS.DIGITAL } },
      ]) {
        const res = await server.anon.post(
          `/api/v2/signing/${token}/complete`,
          body === undefined ? {} : { json: body },
        );
        assert.equal(res.status, 400, JSON.stringify(body));
        assert.equal(res.body.code, 'CONSENT_REQUIRED', JSON.stringify(res.body));
        assert.ok(!JSON.stringify(res.body).includes(token), 'the token is not quoted');
      }
      const extra = await server.anon.post(`/api/v2/signing/${token}/complete`, {
        json: { consent: { ...CONSENT.consent, surprise: 1 } },
      });
      assert.equal(extra.status, 400, 'an unknown member is refused, not ignored');
      assert.equal((await server.anon.get(`/api/v2/signing/${token}`)).body.recipient.signingStatus, 'NOT_SIGNED');
      assert.equal((await auditLog(envelopeId)).length, before, 'no audit entry');
      // A wrong token with a valid consent is the same 404 as any other.
      const wrong = await server.anon.post(`/api/v2/signing/${'x'.repeat(43)}/complete`, { json: CONSENT });
      assert.equal(wrong.status, 404);
    });

    test('the acceptance is recorded with time, version, language and words, before the completion, and printed on the certificate', async () => {
      const { urls, envelopeId, documentId } = await createPendingDocument(server.api);
      const ana = tokenOf(urls.get('ana@example.com')!);
      await fillAll(ana);
      const first = await server.anon.post(`/api/v2/signing/${ana}/complete`, {
        json: { consent: { accepted: true, version: CONSENT_VERSION, language: 'es' } },
        headers: { 'user-agent': 'consent-test' },
      });
      assert.equal(first.status, 200);
      assert.equal(first.body.documentState, 'WAITING_FOR_OTHERS');
      const again = await server.anon.post(`/api/v2/signing/${ana}/complete`, { json: CONSENT });
      assert.deepEqual(again.body, first.body, 'repeating answers the same');

      const log = await auditLog(envelopeId);
      const consents = log.filter((e) => e.firmaType === 'RECIPIENT_CONSENT_ACCEPTED');
      assert.equal(consents.length, 1, 'recorded once');
      const consent = consents[0]!;
      assert.equal(consent.type, 'DOCUMENT_VIEWED');
      assert.equal(consent.email, 'ana@example.com');
      assert.equal(consent.data.version, CONSENT_VERSION);
      assert.equal(consent.data.level, 'ELECTRONIC');
      assert.equal(consent.data.language, 'es');
      assert.match(String(consent.data.statement), /^Acepto firmar este documento/);
      const completed = log.find((e) => e.type === 'DOCUMENT_RECIPIENT_COMPLETED' && e.email === 'ana@example.com')!;
      assert.ok(consent.createdAt <= completed.createdAt);

      const bruno = tokenOf(urls.get('bruno@example.com')!);
      const last = await signAll(server.anon, bruno);
      assert.equal(last.status, 200);
      assert.equal(last.body.documentState, 'COMPLETING', 'the last one hears the document is being finished');
      await waitForStatus(server.api, documentId, ['COMPLETED']);
      const certificate = await server.api.get(`/api/v2/envelope/${envelopeId}/certificate/download`);
      assert.equal(certificate.status, 200);
      const text = pdfText(certificate.bytes).replace(/\s+/g, ' ');
      assert.match(text, /Consent to sign Ana García agreed to sign electronically \(statement version/);
      assert.ok(text.includes(CONSENT_VERSION), 'the version is on the certificate');
      assert.match(text, /Acepto firmar este documento/);
    });

    test('after completion the mail link leads to the downloads: signed PDF and certificate, audited, for the configured days', async () => {
      const { urls, envelopeId, documentId } = await createPendingDocument(server.api, typicalPayload(), {});
      const ana = tokenOf(urls.get('ana@example.com')!);
      const firstItem = (await server.anon.get(`/api/v2/signing/${ana}`)).body.envelope.items[0].id as string;
      // Before completion: nothing to download.
      const early = await server.anon.get(`/api/v2/signing/${ana}/download/${firstItem}`);
      assert.equal(early.status, 409);
      assert.equal(early.body.code, 'DOCUMENT_NOT_COMPLETED');
      assert.equal((await server.anon.get(`/api/v2/signing/${ana}/certificate`)).status, 409);
      assert.equal((await server.anon.get(`/api/v2/signing/${ana}`)).body.download, null);

      for (const email of ['ana@example.com', 'bruno@example.com'])
        assert.equal((await signAll(server.anon, tokenOf(urls.get(email)!))).status, 200);
      await waitForStatus(server.api, documentId, ['COMPLETED']);

      const [mail] = await smtp.waitFor(
        (m) => recipientOf(m) === 'carla@example.com' && /^Completed: Contrato de locación/.test(String(m.subject)),
      );
      const link = /https?:\/\/[^\s"<>]+\/sign\/([A-Za-z0-9_-]+)/.exec(String(mail!.text))!;
      assert.ok(link, 'the completion mail links to the signing link');
      const carla = link[1]!;
      const view = await server.anon.get(`/api/v2/signing/${carla}`);
      assert.equal(view.body.state, 'document_completed');
      assert.equal(view.body.download.expired, false);
      const completedAt = (await server.api.get(`/api/v2/document/${documentId}`)).body.completedAt as string;
      assert.equal(view.body.download.availableUntil, new Date(Date.parse(completedAt) + 7 * DAY_MS).toISOString());

      const before = (await auditLog(envelopeId)).length;
      const signed = await server.anon.get(`/api/v2/signing/${carla}/download/${firstItem}`);
      assert.equal(signed.status, 200);
      assert.equal(signed.headers.get('content-type'), 'application/pdf');
      const official = await server.api.get(`/api/v2/document/${documentId}/download`);
      assert.deepEqual(Buffer.from(signed.bytes), Buffer.from(official.bytes), 'the same sealed PDF');
      const cert = await server.anon.get(`/api/v2/signing/${carla}/certificate`);
      assert.equal(cert.status, 200);
      assert.match(cert.bytes.subarray(0, 5).toString(), /^%PDF-/);
      const downloads = (await auditLog(envelopeId)).filter((e) => e.firmaType === 'DOCUMENT_RECIPIENT_DOWNLOADED');
      assert.equal(downloads.length, 2);
      assert.equal((await auditLog(envelopeId)).length, before + 2);
      assert.deepEqual(
        downloads.map((d) => [d.email, d.data.file]),
        [
          ['carla@example.com', 'signed'],
          ['carla@example.com', 'certificate'],
        ],
      );

      const verdict = await verifyEnvelopeEvidence(server.ctx, { publicId: envelopeId });
      assert.equal(
        verdict.verdict,
        'OK',
        `entries after the seal keep the evidence whole: ${verdict.problems.join('; ')}`,
      );

      // Another envelope's item through this link, a wrong token: 404, nothing recorded.
      const other = await createPendingDocument(server.api);
      const otherItem = (await server.anon.get(`/api/v2/signing/${tokenOf(other.urls.get('ana@example.com')!)}`)).body
        .envelope.items[0].id as string;
      assert.equal((await server.anon.get(`/api/v2/signing/${carla}/download/${otherItem}`)).status, 404);
      assert.equal((await server.anon.get(`/api/v2/signing/${'y'.repeat(43)}/download/${firstItem}`)).status, 404);
      assert.equal((await server.anon.get(`/api/v2/signing/${'y'.repeat(43)}/certificate`)).status, 404);
      assert.equal((await auditLog(envelopeId)).length, before + 2);

      // After the window: 410, nothing recorded.
      const realClock = server.ctx.clock;
      server.ctx.clock = () => new Date(Date.parse(completedAt) + 7 * DAY_MS + 1000);
      try {
        const late = await server.anon.get(`/api/v2/signing/${carla}/download/${firstItem}`);
        assert.equal(late.status, 410);
        assert.equal(late.body.code, 'DOWNLOAD_LINK_EXPIRED');
        assert.equal((await server.anon.get(`/api/v2/signing/${carla}/certificate`)).status, 410);
        assert.equal((await server.anon.get(`/api/v2/signing/${carla}`)).body.download.expired, true);
      } finally {
        server.ctx.clock = realClock;
      }
      assert.equal((await auditLog(envelopeId)).length, before + 2);
    });

    test('a signer whose document is then rejected hears so, and has nothing to download', async () => {
      const { urls } = await createPendingDocument(server.api);
      const ana = tokenOf(urls.get('ana@example.com')!);
      assert.equal((await signAll(server.anon, ana)).status, 200);
      assert.equal((await server.anon.get(`/api/v2/signing/${ana}`)).body.state, 'signed');
      const bruno = tokenOf(urls.get('bruno@example.com')!);
      assert.equal((await server.anon.post(`/api/v2/signing/${bruno}/reject`, { json: { reason: 'no' } })).status, 200);
      const view = (await server.anon.get(`/api/v2/signing/${ana}`)).body;
      assert.equal(view.state, 'document_rejected');
      assert.equal(view.download, null);
      const item = view.envelope.items[0].id as string;
      assert.equal(
        (await server.anon.get(`/api/v2/signing/${ana}/download/${item}`)).body.code,
        'DOCUMENT_NOT_COMPLETED',
      );
      assert.equal((await server.anon.get(`/api/v2/signing/${ana}/certificate`)).status, 409);
    });

    test('a drawn signature is served back to its recipient only', async () => {
      const { urls } = await createPendingDocument(server.api);
      const ana = tokenOf(urls.get('ana@example.com')!);
      const bruno = tokenOf(urls.get('bruno@example.com')!);
      const view = (await server.anon.get(`/api/v2/signing/${ana}`)).body;
      const sigField = view.fields.find((f: { type: string }) => f.type === 'SIGNATURE');
      assert.equal((await server.anon.get(`/api/v2/signing/${ana}/field/${sigField.id}/signature`)).status, 404);
      const put = await server.anon.post(`/api/v2/signing/${ana}/field/${sigField.id}`, {
        json: valueFor(sigField, { drawn: true }),
      });
      assert.equal(put.status, 200);
      const png = await server.anon.get(`/api/v2/signing/${ana}/field/${sigField.id}/signature`);
      assert.equal(png.status, 200);
      assert.equal(png.headers.get('content-type'), 'image/png');
      assert.equal(png.bytes.subarray(1, 4).toString(), 'PNG');
      assert.equal((await server.anon.get(`/api/v2/signing/${bruno}/field/${sigField.id}/signature`)).status, 404);
    });
  });
}
