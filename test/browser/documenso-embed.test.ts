import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { describeOrSkip } from '../helpers/describe-or-skip.js';
import { CUIL_B, createPendingDocument } from '../helpers/documents.js';
import { createDirectLink, isCodeMail } from '../helpers/direct-link.js';
import {
  anaSignsOnly,
  bundleHost,
  launchChromium,
  callsOf,
  fragmentOptions,
  openEmbedded,
  signInFrame,
  startHost,
  type Host,
} from '../helpers/documenso-host.js';
import { signAll, tokenOf, waitForStatus } from '../helpers/signing.js';
import { startSmtpSink, type SmtpSink } from '../helpers/smtp-sink.js';
import { startTestServer, testDatabases, type TestServer } from '../helpers/test-server.js';

const executablePath = process.env.FIRMA_TEST_BROWSER;
const DOMICILIO = { label: 'Domicilio', value: 'Av. Corrientes 1234' };

/**
 * Issue 36's proof: Documenso's real React components (`@documenso/embed-react` 0.6.2) on another
 * origin, with only `host` pointed at Firma, sign through the iframe in Chromium, and their
 * callbacks fire with Documenso's payloads. Firma is 127.0.0.1:P, the app localhost:Q, which
 * FIRMA_FRAME_ANCESTORS names exactly.
 */
for (const database of testDatabases())
  describeOrSkip(
    `Documenso's embed components against Firma, in Chromium (${database})`,
    { skip: executablePath ? false : 'set FIRMA_TEST_BROWSER to run browser tests' },
    () => {
      let server: TestServer;
      let browser: Browser;
      let smtp: SmtpSink;
      let host: Host;

      before(async () => {
        host = await startHost(await bundleHost(), 'localhost');
        smtp = await startSmtpSink();
        server = await startTestServer({
          database,
          env: { FIRMA_FRAME_ANCESTORS: host.origin, SMTP_URL: smtp.url, FIRMA_JOB_POLL_MS: '100' },
        });
        browser = await launchChromium(executablePath!);
      });
      after(async () => {
        await browser?.close();
        await server?.close();
        await smtp?.stop();
        host?.server.close();
      });

      /** The ids Documenso's events carry for a recipient of a document. */
      async function idsOf(documentId: number, email: string) {
        const doc = await server.api.get(`/api/v2/document/${documentId}`);
        const recipient = (doc.body.recipients as { id: number; email: string }[]).find((r) => r.email === email)!;
        return { documentId, recipientId: recipient.id, envelopeId: doc.body.envelopeId as string };
      }

      test('EmbedSignDocument: the URL it builds, ready, signing in the frame, completed with its payload; the document seals', async () => {
        const { urls, documentId } = await createPendingDocument(server.api);
        const ana = tokenOf(urls.get('ana@example.com')!);
        const props = {
          token: ana,
          host: server.url,
          name: 'Not Ana',
          language: 'en',
          additionalProps: { ref: 'x-1' },
        };
        const embedded = await openEmbedded(browser, host, 'EmbedSignDocument', props);
        assert.equal(embedded.src.origin, server.url);
        assert.equal(embedded.src.pathname, `/embed/sign/${ana}`);
        assert.equal(embedded.src.search, '');
        assert.deepEqual(fragmentOptions(embedded.src), { name: 'Not Ana', language: 'en', ref: 'x-1' });

        await embedded.frame.locator('.page canvas').first().waitFor();
        await embedded.waitForCall('onDocumentReady');
        assert.equal(await embedded.frame.locator('#reject').count(), 0, 'no rejection unless allowDocumentRejection');
        assert.match(await embedded.frame.locator('.who').innerText(), /Ana García/, "the recipient's own name stays");
        await signInFrame(embedded.frame, DOMICILIO);
        await embedded.frame.getByRole('heading', { name: 'You have signed the document' }).waitFor();
        await embedded.waitForCall('onDocumentCompleted');
        const ids = await idsOf(documentId, 'ana@example.com');
        assert.deepEqual(await callsOf(embedded, 'onDocumentCompleted'), [{ token: ana, ...ids }]);
        assert.equal((await callsOf(embedded, 'onDocumentReady')).length, 1);
        assert.deepEqual(await callsOf(embedded, 'onDocumentError'), []);
        // Every message came from Firma's frame, in Documenso's shape.
        for (const m of await embedded.messages()) {
          assert.equal(m.origin, server.url);
          assert.deepEqual(Object.keys(m.data).sort(), ['action', 'data']);
        }
        assert.deepEqual(embedded.problems, []);
        await embedded.close();

        // The other signer finishes through the API: the document completes and is sealed.
        await signAll(server.anon, tokenOf(urls.get('bruno@example.com')!));
        await waitForStatus(server.api, documentId, ['COMPLETED']);
        const signed = await server.api.get(`/api/v2/document/${documentId}/download`);
        assert.equal(signed.status, 200);
        assert.match(Buffer.from(signed.bytes).toString('latin1'), /\/ByteRange/, 'sealed with a signature');

        // As Documenso's v2 page: opening a completed envelope says completed at once.
        const again = await openEmbedded(browser, host, 'EmbedSignDocument', props);
        await again.waitForCall('onDocumentCompleted');
        assert.deepEqual(await callsOf(again, 'onDocumentCompleted'), [{ token: ana, ...ids }]);
        await again.frame.getByRole('heading', { name: 'This document is complete' }).waitFor();
        await again.close();
      });

      test('EmbedSignDocument: another recipient rejects (allowDocumentRejection), and a bad token is an error', async () => {
        const { urls, documentId } = await createPendingDocument(server.api);
        const bruno = tokenOf(urls.get('bruno@example.com')!);
        const props = { token: bruno, host: server.url, allowDocumentRejection: true };
        const embedded = await openEmbedded(browser, host, 'EmbedSignDocument', props);
        await embedded.waitForCall('onDocumentReady');
        await embedded.frame.locator('#reject').click();
        await embedded.frame.locator('#reject-reason').fill('The amount is wrong');
        await embedded.frame.locator('dialog button[type=submit]').click();
        await embedded.waitForCall('onDocumentRejected');
        const ids = await idsOf(documentId, 'bruno@example.com');
        assert.deepEqual(await callsOf(embedded, 'onDocumentRejected'), [
          { token: bruno, ...ids, reason: 'The amount is wrong' },
        ]);
        assert.equal((await server.api.get(`/api/v2/document/${documentId}`)).body.status, 'REJECTED');
        await embedded.close();

        const wrong = await openEmbedded(browser, host, 'EmbedSignDocument', {
          token: 'x'.repeat(43),
          host: server.url,
          language: 'es',
        });
        await wrong.waitForCall('onDocumentError');
        assert.deepEqual(await callsOf(wrong, 'onDocumentError'), [null]);
        // The page says so in the language the app asked for.
        await wrong.frame.getByRole('heading', { name: 'Este enlace no es válido' }).waitFor();
        assert.deepEqual(wrong.problems, []);
        await wrong.close();
      });

      test('EmbedDirectTemplate: the form takes the app’s name and e-mail, fields signed and unsigned, completed with the new document’s token', async () => {
        const { templateId, token: linkToken } = await createDirectLink(server.api);
        const props = {
          token: linkToken,
          host: server.url,
          externalId: 'crm-7',
          name: 'Carla Gómez',
          lockName: true,
          email: 'carla@example.com',
          lockEmail: true,
        };
        const embedded = await openEmbedded(browser, host, 'EmbedDirectTemplate', props);
        assert.equal(embedded.src.pathname, `/embed/direct/${linkToken}`);
        assert.equal(embedded.src.searchParams.get('externalId'), 'crm-7');
        assert.deepEqual(fragmentOptions(embedded.src), {
          name: 'Carla Gómez',
          lockName: true,
          email: 'carla@example.com',
          lockEmail: true,
        });
        const { frame } = embedded;
        await embedded.waitForCall('onDocumentReady');
        assert.equal(await frame.locator('#visitor-name').inputValue(), 'Carla Gómez');
        assert.equal(await frame.locator('#visitor-email').inputValue(), 'carla@example.com');
        assert.equal(await frame.locator('#visitor-email').getAttribute('readonly'), '');
        await frame.locator('#visitor-cuil').fill(CUIL_B);
        await frame.locator('form.visitor-form button[type=submit]').click();
        await frame.locator('#visitor-code').waitFor();
        const [mail] = await smtp.waitFor((m) => isCodeMail(m, 'carla@example.com'));
        await frame.locator('#visitor-code').fill(/\b(\d{6})\b/.exec(mail!.text ?? '')![1]!);
        await frame.locator('form.visitor-form button[type=submit]').click();

        // The signing page in the same frame: the components still hear it.
        await frame.locator('.page canvas').first().waitFor();
        await frame.locator('.field[aria-label^="Domicilio"]').click();
        await frame.locator('#field-input').fill('Calle Falsa 123');
        await frame.locator('dialog button[type=submit]').click();
        await frame.locator('.field.filled', { hasText: 'Calle Falsa 123' }).click();
        await frame.locator('dialog button', { hasText: 'Remove' }).click();
        await embedded.waitForCall('onFieldUnsigned');
        await signInFrame(frame, { label: 'Domicilio', value: 'Av. Siempre Viva 742' });
        await frame.getByRole('heading', { name: 'You have signed the document' }).waitFor();
        await embedded.waitForCall('onDocumentCompleted');
        assert.equal((await callsOf(embedded, 'onFieldSigned')).length, 3, 'text twice, then the signature');
        assert.equal((await callsOf(embedded, 'onFieldUnsigned')).length, 1);
        assert.equal((await callsOf(embedded, 'onDocumentReady')).length, 1, 'ready once, for the whole flow');

        const listed = await server.api.get(`/api/v2/envelope?templateId=${templateId}`);
        const made = (listed.body.data as { id: string; externalId: string | null; secondaryId: string }[]).find(
          (e) => e.externalId === 'crm-7',
        );
        assert.ok(made, 'the externalId reached the new document');
        const documentId = Number(made.secondaryId.replace('document_', ''));
        const doc = await server.api.get(`/api/v2/document/${documentId}`);
        const visitor = (doc.body.recipients as { id: number; email: string; token: string; name: string }[]).find(
          (r) => r.email === 'carla@example.com',
        )!;
        assert.equal(visitor.name, 'Carla Gómez');
        assert.deepEqual(await callsOf(embedded, 'onDocumentCompleted'), [
          { token: visitor.token, documentId, recipientId: visitor.id, envelopeId: made.id },
        ]);
        assert.deepEqual(embedded.problems, []);
        await embedded.close();
      });

      test('unstable_EmbedMultiSignDocument: one document after the other, then all-documents-completed', async () => {
        const first = await createPendingDocument(server.api, anaSignsOnly());
        const second = await createPendingDocument(server.api, anaSignsOnly());
        const a = tokenOf(first.urls.get('ana@example.com')!);
        const b = tokenOf(second.urls.get('ana@example.com')!);
        const props = { tokens: [a, b], host: server.url, allowDocumentRejection: true };
        const embedded = await openEmbedded(browser, host, 'unstable_EmbedMultiSignDocument', props);
        assert.equal(embedded.src.pathname, '/embed/v1/multisign');
        assert.deepEqual(embedded.src.searchParams.getAll('token'), [a, b]);
        assert.deepEqual(fragmentOptions(embedded.src), { allowDocumentRejection: true });
        const { frame } = embedded;
        await frame.getByText('Document 1 of 2').waitFor();
        await signInFrame(frame);
        await embedded.waitForCall('onDocumentCompleted');
        await frame.getByText('Document 2 of 2').waitFor();
        await frame.locator('.page canvas').first().waitFor();
        await frame.locator('#reject').click();
        await frame.locator('#reject-reason').fill('Not this one');
        await frame.locator('dialog button[type=submit]').click();
        await embedded.waitForCall('onAllDocumentsCompleted');
        await frame.getByRole('heading', { name: 'All documents are done' }).waitFor();

        const one = await idsOf(first.documentId, 'ana@example.com');
        const two = await idsOf(second.documentId, 'ana@example.com');
        assert.deepEqual(await callsOf(embedded, 'onDocumentCompleted'), [{ token: a, ...one }]);
        assert.deepEqual(await callsOf(embedded, 'onDocumentRejected'), [{ token: b, ...two, reason: 'Not this one' }]);
        assert.deepEqual(await callsOf(embedded, 'onAllDocumentsCompleted'), [
          {
            documents: [
              { token: a, documentId: one.documentId, recipientId: one.recipientId, action: 'document-completed' },
              {
                token: b,
                documentId: two.documentId,
                recipientId: two.recipientId,
                action: 'document-rejected',
                reason: 'Not this one',
              },
            ],
          },
        ]);
        assert.equal((await callsOf(embedded, 'onDocumentReady')).length, 2, 'one per document shown');
        assert.deepEqual(embedded.problems, []);
        await embedded.close();
      });
    },
  );
