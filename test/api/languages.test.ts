import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { MAIL_DICTIONARIES } from '../../src/domain/mail/i18n/index.js';
import { currentConsent } from '../../src/domain/model/signing-consent.js';
import { LANGUAGES } from '../../src/lib/vocabulary/languages.js';
import { EVIDENCE_DICTIONARIES } from '../../src/infra/pdf/evidence/i18n/index.js';
import { createPendingDocument, typicalPayload } from '../helpers/documents.js';
import { CONSENT, signAll, tokenOf, waitForStatus } from '../helpers/signing.js';
import { recipientOf, startSmtpSink, type SmtpSink } from '../helpers/smtp-sink.js';
import { startTestServer, testDatabases, type TestServer } from '../helpers/test-server.js';
import { pdfToText } from '../support/pdf-tools.js';

/** pdftotext breaks lines and spaces where the layout does; compare without whitespace. */
const flat = (text: string) => text.replace(/\s+/g, '');

for (const database of testDatabases()) {
  describe(`every document language: mails, page and certificate speak it (${database})`, () => {
    let server: TestServer;
    let smtp: SmtpSink;
    before(async () => {
      smtp = await startSmtpSink();
      server = await startTestServer({ database, env: { SMTP_URL: smtp.url, FIRMA_JOB_POLL_MS: '100' } });
    });
    after(async () => {
      await server?.close();
      await smtp?.stop();
    });

    test('a document in each of the eleven languages: signing mail, page shell, completion mail and certificate', async () => {
      const documents = await Promise.all(
        LANGUAGES.map(async (language) => {
          const title = `Contrato ${language}`;
          const made = await createPendingDocument(server.api, typicalPayload({ title }), {
            distributionMethod: 'EMAIL',
            language,
          });
          return { language, title, ...made };
        }),
      );
      // Each document is signed while the others are: the completions run side by side.
      await Promise.all(
        documents.map(async ({ language, title, urls, documentId }) => {
          const mail = MAIL_DICTIONARIES[language];
          const [request] = await smtp.waitFor(
            (m) => recipientOf(m) === 'ana@example.com' && String(m.subject).includes(title),
          );
          assert.equal(request!.subject, mail.kinds.signingRequest.subject(title), `${language} signing mail subject`);
          assert.ok(String(request!.text).includes(mail.roles.SIGNER), `${language} mail body`);
          assert.match(String(request!.html), new RegExp(`<html lang="${language}">`));

          const shell = await (await fetch(urls.get('ana@example.com')!)).text();
          assert.match(shell, new RegExp(`<html lang="${language}">`), `${language} page shell`);

          for (const email of ['ana@example.com', 'bruno@example.com']) {
            const done = await signAll(server.anon, tokenOf(urls.get(email)!));
            assert.equal(done.status, 200, JSON.stringify(done.body));
          }
          await waitForStatus(server.api, documentId, ['COMPLETED'], 120_000);
        }),
      );
      for (const { language, title, envelopeId } of documents) {
        const evidence = EVIDENCE_DICTIONARIES[language];
        const completed = await smtp.waitFor(
          (m) => recipientOf(m) === 'carla@example.com' && String(m.subject).includes(title),
        );
        assert.equal(completed[0]!.subject, MAIL_DICTIONARIES[language].kinds.completed.subject(title));

        const certificate = await server.api.get(`/api/v2/envelope/${envelopeId}/certificate/download`);
        assert.equal(certificate.status, 200);
        const text = flat(pdfToText(certificate.bytes));
        for (const words of [
          evidence.messages.certificateTitle,
          evidence.messages.sectionRecipients,
          evidence.messages.sectionEvents,
          evidence.roles.SIGNER,
          evidence.eventTypes.RECIPIENT_CONSENT_ACCEPTED!,
          // The statement each signer accepted, in the document's language (the default of the page).
          currentConsent().statements[language].slice(0, 30),
        ])
          assert.ok(text.includes(flat(words)), `${language} certificate says "${words}"`);
        if (language !== 'en') assert.ok(!text.includes('Certificateofcompletion'), `${language}: no English title`);
      }
    });

    test('a Japanese signer types a name and a signature in kanji: the sealed document shows them, not "?"', async () => {
      const { urls, documentId } = await createPendingDocument(server.api, typicalPayload({ title: '賃貸借契約' }), {
        distributionMethod: 'NONE',
        language: 'ja',
      });
      const token = tokenOf(urls.get('ana@example.com')!);
      const view = await server.anon.get(`/api/v2/signing/${token}`);
      for (const f of view.body.fields as { id: number; type: string }[]) {
        const value =
          f.type === 'SIGNATURE' ? { signature: { type: 'typed', text: '山田太郎' } } : { value: '東京都千代田区 1-1' };
        assert.equal((await server.anon.post(`/api/v2/signing/${token}/field/${f.id}`, { json: value })).status, 200);
      }
      assert.equal((await server.anon.post(`/api/v2/signing/${token}/complete`, { json: CONSENT })).status, 200);
      assert.equal((await signAll(server.anon, tokenOf(urls.get('bruno@example.com')!))).status, 200);
      await waitForStatus(server.api, documentId, ['COMPLETED'], 120_000);
      const signed = await server.api.get(`/api/v2/document/${documentId}/download?version=signed`);
      assert.equal(signed.status, 200);
      const text = flat(pdfToText(signed.bytes));
      for (const words of ['山田太郎', '東京都千代田区1-1', EVIDENCE_DICTIONARIES.ja.messages.auditTrailTitle])
        assert.ok(text.includes(flat(words)), `the sealed document says "${words}"`);
    });
  });
}
