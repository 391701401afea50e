import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser, Frame, FrameLocator, Page } from 'playwright-core';
import { assertAccessible } from '../helpers/axe.js';
import { describeOrSkip } from '../helpers/describe-or-skip.js';
import { CUIL_A, createDocument, onePagePdf } from '../helpers/documents.js';
import {
  bundleHost,
  callsOf,
  fragmentOptions,
  launchChromium,
  openEmbedded,
  startHost,
  type Embedded,
  type Host,
} from '../helpers/documenso-host.js';
import { startTestServer, testDatabases, type TestServer } from '../helpers/test-server.js';
import { ensureWebApp } from '../helpers/web-app.js';

const executablePath = process.env.FIRMA_TEST_BROWSER;
/**
 * Issue #38 item 3's proof: Documenso's real authoring components (`@documenso/embed-react`) on
 * another origin (localhost:Q; Firma is 127.0.0.1:P, named exactly by FIRMA_FRAME_ANCESTORS), with
 * only `host` pointed at Firma, create and edit documents, templates and envelopes in the frame, and
 * their callbacks fire with the ids Documenso sends; axe-core finds nothing inside the frame.
 */
for (const database of testDatabases())
  describeOrSkip(
    `Documenso's authoring embeds against Firma, in Chromium (${database})`,
    { skip: executablePath ? false : 'set FIRMA_TEST_BROWSER to run browser tests' },
    () => {
      let server: TestServer;
      let browser: Browser;
      let host: Host;

      before(async () => {
        await ensureWebApp();
        host = await startHost(await bundleHost(), 'localhost');
        server = await startTestServer({ database, env: { FIRMA_FRAME_ANCESTORS: host.origin } });
        browser = await launchChromium(executablePath!);
      });
      after(async () => {
        await browser?.close();
        await server?.close();
        host?.server.close();
      });

      const presign = async (scope?: string) => {
        const res = await server.api.post('/api/v2/embedding/create-presign-token', { json: scope ? { scope } : {} });
        assert.equal(res.status, 200, JSON.stringify(res.body));
        return res.body.token as string;
      };
      const firmaFrame = (embedded: Embedded): Frame =>
        embedded.page.frames().find((f) => f.url().startsWith(server.url))!;
      const accessible = (embedded: Embedded, state: string) =>
        assertAccessible(firmaFrame(embedded) as unknown as Page, state);

      /** The create step in the frame: the PDF and a title, then the editor on the new draft. */
      async function createIn(frame: FrameLocator, title: string) {
        await frame.getByRole('heading', { level: 1 }).waitFor();
        await frame.locator('#ea-file').setInputFiles({
          name: 'contract.pdf',
          mimeType: 'application/pdf',
          buffer: Buffer.from(await onePagePdf()),
        });
        await frame.locator('#ea-title').fill(title);
        await frame.getByRole('button', { name: 'Continue' }).click();
        await frame.locator('.ed-page canvas').first().waitFor();
      }

      /** Adds a signer and places a signature by keyboard and a text field by drag and drop. */
      async function prepareIn(embedded: Embedded) {
        const frame = embedded.frame;
        await frame.getByRole('button', { name: 'Add a recipient' }).click();
        const ana = frame.getByRole('group', { name: 'Recipient 1' });
        await ana.getByLabel('Name').fill('Ana García');
        await ana.getByLabel('E-mail address').fill('ana@example.com');
        await ana.getByLabel('CUIL of the signer').fill(CUIL_A);
        await ana.getByRole('button', { name: 'Add this recipient' }).click();
        await frame.locator('.ed-palette-item[data-type="SIGNATURE"]').focus();
        await embedded.page.keyboard.press('Enter');
        await frame.locator('.ed-field').first().waitFor();
        const item = (await frame.locator('.ed-palette-item[data-type="TEXT"]').boundingBox())!;
        const target = (await frame.locator('.ed-page').first().boundingBox())!;
        const mouse = embedded.page.mouse;
        await mouse.move(item.x + item.width / 2, item.y + item.height / 2);
        await mouse.down();
        await mouse.move(item.x + 40, item.y + 40, { steps: 4 });
        await mouse.move(target.x + target.width * 0.5, target.y + target.height * 0.5, { steps: 8 });
        await mouse.up();
        await frame.locator('.ed-field').nth(1).waitFor();
      }

      const envelopeOf = async (id: string | number) =>
        (await server.api.get(typeof id === 'number' ? `/api/v2/document/${id}` : `/api/v2/envelope/${id}`)).body;

      test('EmbedCreateDocumentV1: upload, recipients and fields in the frame; Done fires onDocumentCreated twice with the id and externalId', async () => {
        const token = await presign();
        const embedded = await openEmbedded(browser, host, 'EmbedCreateDocumentV1', {
          presignToken: token,
          host: server.url,
          externalId: 'crm-7',
          features: { allowConfigureRedirectUrl: false },
        });
        assert.equal(embedded.src.pathname, '/embed/v1/authoring/document/create');
        assert.equal(embedded.src.searchParams.get('token'), token);
        assert.equal(fragmentOptions(embedded.src).externalId, 'crm-7');
        await embedded.frame.getByRole('heading', { name: 'New document' }).waitFor();
        await accessible(embedded, 'the create step');
        await createIn(embedded.frame, 'Contrato embebido');
        await prepareIn(embedded);
        assert.equal(await embedded.frame.getByLabel('Redirect URL').count(), 0, 'a feature set to false hides it');
        assert.equal(
          await embedded.frame.getByRole('button', { name: 'Send the document' }).count(),
          0,
          'v1 never sends',
        );
        await accessible(embedded, 'the embedded editor');
        assert.deepEqual(await embedded.calls(), [], 'nothing is posted before Done');
        await embedded.frame.getByRole('button', { name: 'Done' }).click();
        await embedded.waitForCall('onDocumentCreated', 2);
        const [first, second] = await callsOf(embedded, 'onDocumentCreated');
        const { documentId, externalId } = first as { documentId: number; externalId: string };
        assert.deepEqual(second, first);
        assert.equal(externalId, 'crm-7');
        const made = await envelopeOf(documentId);
        assert.equal(made.status, 'DRAFT');
        assert.equal(made.externalId, 'crm-7');
        assert.equal(made.title, 'Contrato embebido');
        assert.deepEqual(
          made.recipients.map((r: { email: string }) => r.email),
          ['ana@example.com'],
        );
        assert.equal(made.fields.length, 2);
        const origins = (await embedded.messages()).map((m) => m.origin);
        assert.ok(
          origins.every((o) => o === server.url),
          'posted by the Firma frame',
        );
        await accessible(embedded, 'done');
        assert.deepEqual(embedded.problems, []);
        await embedded.close();
      });

      test('EmbedUpdateDocumentV1 with a scoped token and onlyEditFields: fields only; onDocumentUpdated with the id', async () => {
        const doc = await createDocument(server.api, { title: 'Para editar', externalId: 'ext-9', recipients: [] });
        const id = doc.body.id as number;
        await server.api.post(`/api/v2/envelope/recipient/create-many`, {
          json: {
            envelopeId: doc.body.envelopeId,
            data: [{ name: 'Ana', email: 'ana@example.com', role: 'SIGNER', cuil: CUIL_A }],
          },
        });
        const token = await presign(`documentId:${id}`);
        const embedded = await openEmbedded(browser, host, 'EmbedUpdateDocumentV1', {
          presignToken: token,
          host: server.url,
          documentId: id,
          externalId: 'ext-9',
          onlyEditFields: true,
          language: 'es',
        });
        assert.equal(embedded.src.pathname, `/embed/v1/authoring/document/edit/${id}`);
        await embedded.frame.locator('.ed-page canvas').first().waitFor();
        assert.equal(await firmaFrame(embedded).evaluate(() => document.documentElement.lang), 'es');
        assert.equal(await embedded.frame.locator('#ed-doc-title').count(), 0, 'no settings');
        assert.equal(await embedded.frame.locator('#ed-recipients-title').count(), 0, 'no recipients panel');
        await embedded.frame.locator('.ed-palette-item[data-type="SIGNATURE"]').focus();
        await embedded.page.keyboard.press('Enter');
        await embedded.frame.locator('.ed-field').first().waitFor();
        await accessible(embedded, 'editing fields only, in Spanish');
        await embedded.frame.getByRole('button', { name: 'Listo' }).click();
        await embedded.waitForCall('onDocumentUpdated');
        assert.deepEqual(
          await callsOf(embedded, 'onDocumentUpdated'),
          [{ type: 'document-updated', documentId: id, externalId: 'ext-9' }].map(({ documentId, externalId }) => ({
            documentId,
            externalId,
          })),
        );
        assert.equal((await envelopeOf(id)).fields.length, 1);
        await embedded.close();
      });

      test('EmbedCreateTemplateV1 at a phone’s width: a template, onTemplateCreated with its id', async () => {
        const token = await presign();
        const embedded = await openEmbedded(
          browser,
          host,
          'EmbedCreateTemplateV1',
          { presignToken: token, host: server.url },
          { width: 390 },
        );
        assert.equal(embedded.src.pathname, '/embed/v1/authoring/template/create');
        await embedded.frame.getByRole('heading', { name: 'New template' }).waitFor();
        await accessible(embedded, 'the create step at a phone’s width');
        await createIn(embedded.frame, 'Plantilla embebida');
        await accessible(embedded, 'the template editor at a phone’s width');
        await embedded.frame.getByRole('button', { name: 'Done' }).click();
        await embedded.waitForCall('onTemplateCreated', 2);
        const [created] = (await callsOf(embedded, 'onTemplateCreated')) as { templateId: number }[];
        const row = await server.ctx.db
          .selectFrom('envelope')
          .select(['type', 'title'])
          .where('id', '=', created!.templateId)
          .executeTakeFirstOrThrow();
        assert.deepEqual(row, { type: 'TEMPLATE', title: 'Plantilla embebida' });
        await embedded.close();
      });

      test('EmbedCreateEnvelopeV2 then EmbedUpdateEnvelopeV2: envelope ids, features sending on, sections hidden by null', async () => {
        const token = await presign();
        const embedded = await openEmbedded(browser, host, 'EmbedCreateEnvelopeV2', {
          presignToken: token,
          host: server.url,
          externalId: 'v2-1',
          type: 'DOCUMENT',
          features: { settings: null },
        });
        assert.equal(embedded.src.pathname, '/embed/v2/authoring/envelope/create');
        await createIn(embedded.frame, 'Sobre v2');
        assert.equal(await embedded.frame.locator('#ed-doc-title').count(), 0, 'settings: null hides the settings');
        assert.equal(await embedded.frame.getByRole('button', { name: 'Send the document' }).count(), 0);
        await embedded.frame.getByRole('button', { name: 'Done' }).click();
        await embedded.waitForCall('onEnvelopeCreated');
        const [created] = (await callsOf(embedded, 'onEnvelopeCreated')) as {
          envelopeId: string;
          externalId: string;
        }[];
        assert.match(created!.envelopeId, /^envelope_/);
        assert.equal(created!.externalId, 'v2-1');
        await embedded.close();

        const scoped = await presign(`envelopeId:${created!.envelopeId}`);
        const update = await openEmbedded(browser, host, 'EmbedUpdateEnvelopeV2', {
          presignToken: scoped,
          host: server.url,
          envelopeId: created!.envelopeId,
          externalId: 'v2-1',
          features: { actions: { allowDistributing: true } },
        });
        assert.equal(update.src.pathname, `/embed/v2/authoring/envelope/edit/${created!.envelopeId}`);
        await update.frame.locator('.ed-page canvas').first().waitFor();
        await prepareIn(update);
        await accessible(update, 'the v2 editor with Send');
        await update.frame.getByRole('button', { name: 'Send the document' }).click();
        await update.waitForCall('onEnvelopeUpdated');
        assert.deepEqual(await callsOf(update, 'onEnvelopeUpdated'), [
          { envelopeId: created!.envelopeId, externalId: 'v2-1' },
        ]);
        assert.equal((await envelopeOf(created!.envelopeId)).status, 'PENDING');
        assert.deepEqual(update.problems, []);
        await update.close();
      });
    },
  );
