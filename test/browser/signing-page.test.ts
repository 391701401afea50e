import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import { after, before, test } from 'node:test';
import { describeOrSkip } from '../helpers/describe-or-skip.js';
import { chromium, type Browser, type Page } from 'playwright-core';
import { createPendingDocument, CUIL_A, CUIL_B, typicalPayload } from '../helpers/documents.js';
import { createRentalTemplate } from '../helpers/templates.js';
import { signAll, tokenOf } from '../helpers/signing.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';

// The browser tier runs where Chromium is installed: CI sets FIRMA_TEST_BROWSER=/usr/bin/chromium.
const executablePath = process.env.FIRMA_TEST_BROWSER;
const SCREENSHOT = 'test-results/signing-page-phone.png';

describeOrSkip(
  'the signing page in Chromium',
  { skip: executablePath ? false : 'set FIRMA_TEST_BROWSER to run browser tests' },
  () => {
    let server: TestServer;
    let browser: Browser;

    before(async () => {
      server = await startTestServer({ database: 'sqlite' });
      browser = await chromium.launch({
        executablePath: executablePath!,
        args: [
          '--no-sandbox',
          '--disable-gpu',
          '--disable-background-networking',
          '--disable-component-update',
          '--no-first-run',
        ],
      });
    });
    after(async () => {
      await browser?.close();
      await server?.close();
    });

    /** A page that records every request leaving the server's origin and every console error. */
    async function openPage(url: string, viewport = { width: 1280, height: 900 }) {
      const context = await browser.newContext({ viewport, locale: 'en-US' });
      const page = await context.newPage();
      const foreign: string[] = [];
      const problems: string[] = [];
      const token = url.split('/sign/')[1] ?? '';
      page.on('request', (r) => {
        const u = r.url();
        if (!u.startsWith(server.url) && !u.startsWith('data:') && !u.startsWith('blob:')) foreign.push(u);
        // The token travels only to the page itself and to the signing API, never in a Referer.
        const path = u.startsWith(server.url) ? u.slice(server.url.length) : u;
        if (token && path.includes(token) && !path.startsWith('/sign/') && !path.startsWith('/api/v2/signing/'))
          problems.push(`token in ${path.split(token).join('<token>')}`);
        if (token && (r.headers()['referer'] ?? '').includes(token))
          problems.push(`token in the Referer of ${path.split(token).join('<token>')}`);
      });
      page.on('console', (m) => {
        if (m.type() === 'error') problems.push(m.text());
      });
      page.on('pageerror', (e) => problems.push(e.message));
      await page.goto(url);
      return { page, foreign, problems, close: () => context.close() };
    }

    async function waitForPages(page: Page) {
      await page.locator('.page canvas').first().waitFor();
      await page.locator('.field').first().waitFor();
    }

    test('a signer fills a text field, draws a signature with the mouse, signs and sees the done page', async () => {
      const { urls, documentId } = await createPendingDocument(server.api);
      const { page, foreign, problems, close } = await openPage(urls.get('ana@example.com')!);
      await waitForPages(page);
      assert.match(await page.locator('#progress').innerText(), /2 required fields left/);

      await page.locator('.field[aria-label^="Domicilio"]').click();
      await page.locator('#field-input').fill('Av. Corrientes 1234');
      await page.locator('dialog button[type=submit]').click();
      await page.locator('.field.filled', { hasText: 'Av. Corrientes 1234' }).waitFor();

      await page.locator('#next-field').click();
      const pad = page.locator('canvas.signature-pad');
      await pad.waitFor();
      const box = (await pad.boundingBox())!;
      await page.mouse.move(box.x + 20, box.y + box.height / 2);
      await page.mouse.down();
      for (let i = 1; i <= 12; i++)
        await page.mouse.move(box.x + 20 + i * 18, box.y + box.height / 2 + (i % 2 ? -25 : 25));
      await page.mouse.up();
      await page.locator('dialog button[type=submit]').click();
      // The field shows the drawn signature itself, as it will be burned in.
      const drawn = page.locator('.field.filled img.signature-image');
      await drawn.waitFor();
      assert.ok(await drawn.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0));
      assert.match(await page.locator('#progress').innerText(), /All required fields are filled/);

      await page.locator('#complete').click();
      await page
        .locator('#consent-statement', { hasText: 'sign this document with an electronic signature' })
        .waitFor();
      // Without ticking the box nothing is sent.
      await page.locator('dialog button[type=submit]').click();
      await page.locator('.dialog-error', { hasText: 'Tick the box' }).waitFor();
      await page.locator('#consent-agree').check();
      await page.locator('dialog button[type=submit]').click();
      await page.getByRole('heading', { name: 'You have signed the document' }).waitFor();
      await page.getByText('Other recipients still have to act').waitFor();

      const doc = await server.api.get(`/api/v2/document/${documentId}`);
      const ana = doc.body.recipients.find((r: { email: string }) => r.email === 'ana@example.com');
      assert.equal(ana.signingStatus, 'SIGNED');
      const signature = doc.body.fields.find(
        (f: { recipientId: number; type: string }) => f.recipientId === ana.id && f.type === 'SIGNATURE',
      );
      assert.equal(signature.inserted, true);
      assert.deepEqual(foreign, [], 'no request leaves Firma');
      assert.deepEqual(problems, [], 'no script error or CSP violation');
      await close();
    });

    test('in an es-AR browser, with no language from the sender: preview with redo, consent and done states in Spanish, then the download', async () => {
      const { urls, documentId, envelopeId } = await createPendingDocument(server.api);
      assert.equal((await signAll(server.anon, tokenOf(urls.get('ana@example.com')!))).status, 200);
      const context = await browser.newContext({
        viewport: { width: 390, height: 844 },
        locale: 'es-AR',
        extraHTTPHeaders: { 'accept-language': 'es-AR,es;q=0.9,en;q=0.5' },
        acceptDownloads: true,
      });
      const page = await context.newPage();
      const problems: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error') problems.push(m.text());
      });
      page.on('pageerror', (e) => problems.push(e.message));
      mkdirSync('test-results', { recursive: true });
      try {
        await page.goto(urls.get('bruno@example.com')!);
        await waitForPages(page);
        assert.equal(await page.locator('html').getAttribute('lang'), 'es');
        await page.locator('#progress', { hasText: 'Falta 1 campo obligatorio' }).waitFor();

        // Preview: the typed signature appears in the field in the signature font, and can be redone.
        const typeSignature = async (text: string) => {
          await page.locator('dialog .tab', { hasText: 'Escribir' }).click();
          await page.locator('#signature-text').fill(text);
          await page.locator('dialog button[type=submit]').click();
          await page.locator('.field.filled .signature-text', { hasText: text }).waitFor();
        };
        await page.locator('#next-field').click();
        await typeSignature('Bruno Díaz');
        assert.equal(await page.locator('.field.filled .redo').innerText(), 'Cambiar');
        await page.screenshot({ path: 'test-results/signing-es-preview.png' });
        await page.locator('.field.filled.typed-signature').click();
        await typeSignature('B. Díaz');
        const view = await server.anon.get(`/api/v2/signing/${tokenOf(urls.get('bruno@example.com')!)}`);
        const signature = view.body.fields.find((f: { type: string }) => f.type === 'SIGNATURE');
        assert.deepEqual(
          signature.signature,
          { type: 'typed', text: 'B. Díaz' },
          'the redone signature is the one kept',
        );

        // Consent, in Spanish.
        await page.locator('#complete', { hasText: 'Firmar' }).click();
        await page
          .locator('#consent-statement', { hasText: 'Acepto firmar este documento con una firma electrónica' })
          .waitFor();
        await page.screenshot({ path: 'test-results/signing-es-consent.png' });
        await page.locator('#consent-agree').check();
        await page.locator('dialog button[type=submit]').click();

        // Done: the last signer hears the document is being finished, then gets the signed copy.
        await page.getByRole('heading', { name: 'Ha firmado el documento' }).waitFor();
        const download = page.locator('a[data-download=signed]', {
          hasText: 'Descargar «Contrato de locación» (firmado)',
        });
        await download.waitFor({ timeout: 30_000 });
        await page.getByText('Todos terminaron. El documento está completo.').waitFor();
        await page.screenshot({ path: 'test-results/signing-es-done.png' });
        const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
        assert.equal(file.suggestedFilename(), 'Contrato de locación_signed.pdf');
        const official = await server.api.get(`/api/v2/document/${documentId}/download`);
        assert.deepEqual(readFileSync(await file.path()), Buffer.from(official.bytes));

        const log = (await server.api.get(`/api/v2/envelope/${envelopeId}/audit-log?perPage=100`)).body.data;
        const consent = log.find(
          (e: { firmaType?: string; email: string }) =>
            e.firmaType === 'RECIPIENT_CONSENT_ACCEPTED' && e.email === 'bruno@example.com',
        );
        assert.equal(consent.data.language, 'es', 'the statement accepted is the Spanish one shown');
        assert.ok(
          log.some((e: { firmaType?: string; email: string }) => e.firmaType === 'DOCUMENT_RECIPIENT_DOWNLOADED'),
        );

        // A recipient coming back later through the same link sees the same completed state.
        await page.goto(urls.get('ana@example.com')!);
        await page.getByRole('heading', { name: 'Este documento está completo' }).waitFor();
        await page.locator('a[data-download=certificate]', { hasText: 'Descargar el certificado' }).waitFor();
        assert.deepEqual(problems, []);
      } finally {
        await context.close();
      }
    });

    test('a value the sender prefilled from a template is shown filled and cannot be edited', async () => {
      const template = await createRentalTemplate(server.api);
      const used = await server.api.post('/api/v2/template/use', {
        json: {
          templateId: template.templateId,
          recipients: [
            { id: template.landlord, email: 'ana@example.com', name: 'Ana García', cuil: CUIL_A },
            { id: template.tenant, email: 'bruno@example.com', name: 'Bruno Díaz', cuil: CUIL_B },
          ],
          prefillFields: [{ type: 'text', id: template.fields.address, value: 'Av. Siempreviva 742' }],
          distributeDocument: true,
          override: { distributionMethod: 'NONE' },
        },
      });
      assert.equal(used.status, 200, JSON.stringify(used.body));
      const ana = used.body.recipients.find((r: { email: string }) => r.email === 'ana@example.com');
      const { page, problems, close } = await openPage(`${server.url}/sign/${ana.token as string}`);
      await waitForPages(page);
      const prefilled = page.locator('.field.filled.read-only', { hasText: 'Av. Siempreviva 742' });
      await prefilled.waitFor();
      // Marked disabled for assistive technology (aria-disabled), so the click is forced past Playwright's check.
      assert.equal(await prefilled.getAttribute('aria-disabled'), 'true');
      await prefilled.click({ force: true });
      assert.equal(await page.locator('dialog[open]').count(), 0, 'no editor opens on a read-only field');
      assert.deepEqual(problems, []);
      await close();
    });

    test('every request of the page stays on 127.0.0.1 and carries no Referer', async () => {
      const { urls } = await createPendingDocument(server.api);
      const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
      const page = await context.newPage();
      const seen: { host: string; referer: string | undefined }[] = [];
      page.on('request', (r) => {
        if (!r.url().startsWith('data:') && !r.url().startsWith('blob:'))
          seen.push({ host: new URL(r.url()).hostname, referer: r.headers()['referer'] });
      });
      await page.goto(urls.get('ana@example.com')!);
      await waitForPages(page);
      assert.ok(seen.length >= 5, 'the page, its assets, the API and the PDF');
      assert.deepEqual([...new Set(seen.map((s) => s.host))], ['127.0.0.1']);
      assert.deepEqual(
        seen.filter((s) => s.referer),
        [],
        'no-referrer keeps the signing link to itself',
      );
      await context.close();
    });

    test('at phone width a signer rejects with a reason; the document becomes REJECTED', async () => {
      const { urls, documentId } = await createPendingDocument(
        server.api,
        typicalPayload({ meta: { language: 'es' } }),
      );
      const { page, foreign, problems, close } = await openPage(urls.get('bruno@example.com')!, {
        width: 390,
        height: 844,
      });
      await waitForPages(page);
      await page.locator('#progress', { hasText: 'Falta 1 campo obligatorio' }).waitFor();
      mkdirSync('test-results', { recursive: true });
      await page.screenshot({ path: SCREENSHOT, fullPage: false });
      // The signature dialog at phone width, for a human to look at; cancelling leaves nothing behind.
      await page.locator('#next-field').click();
      await page.locator('canvas.signature-pad').waitFor();
      await page.screenshot({ path: 'test-results/signing-page-phone-signature.png', fullPage: false });
      await page.locator('dialog button', { hasText: 'Cancelar' }).click();
      await page.locator('dialog').waitFor({ state: 'detached' });

      await page.locator('#reject').click();
      await page.locator('#reject-reason').fill('El monto no es el acordado');
      await page.locator('dialog button[type=submit]').click();
      await page.getByRole('heading', { name: 'Rechazó el documento' }).waitFor();

      const doc = await server.api.get(`/api/v2/document/${documentId}`);
      assert.equal(doc.body.status, 'REJECTED');
      assert.deepEqual(foreign, []);
      assert.deepEqual(problems, []);
      await close();
    });

    test('a wrong link shows a clear page, and a finished recipient sees where things stand', async () => {
      const wrong = await openPage(`${server.url}/sign/${'x'.repeat(43)}`);
      await wrong.page.getByRole('heading', { name: 'This link is not valid' }).waitFor();
      await wrong.close();

      const { urls } = await createPendingDocument(server.api);
      const token = urls.get('ana@example.com')!.split('/sign/')[1]!;
      const rejected = await server.anon.post(`/api/v2/signing/${token}/reject`, { json: { reason: 'no' } });
      assert.equal(rejected.status, 200);
      const bruno = await openPage(urls.get('bruno@example.com')!);
      await bruno.page.getByRole('heading', { name: 'This document was rejected' }).waitFor();
      await bruno.close();
    });

    test('out of turn, already signed and cancelled each get their own clear message', async () => {
      const sequential = await createPendingDocument(server.api, typicalPayload(), {
        distributionMethod: 'NONE',
        signingOrder: 'SEQUENTIAL',
      });
      const waiting = await openPage(sequential.urls.get('bruno@example.com')!);
      await waiting.page.getByRole('heading', { name: 'Not your turn yet' }).waitFor();
      assert.deepEqual(waiting.problems, []);
      await waiting.close();

      assert.equal((await signAll(server.anon, tokenOf(sequential.urls.get('ana@example.com')!))).status, 200);
      const signed = await openPage(sequential.urls.get('ana@example.com')!);
      await signed.page.getByRole('heading', { name: 'You have already signed' }).waitFor();
      await signed.close();

      const cancelled = await createPendingDocument(server.api, typicalPayload({ meta: { language: 'es' } }));
      assert.equal(
        (await server.api.post('/api/v2/envelope/cancel', { json: { envelopeId: cancelled.envelopeId } })).status,
        200,
      );
      const gone = await openPage(cancelled.urls.get('ana@example.com')!);
      await gone.page.getByRole('heading', { name: 'Este documento fue cancelado' }).waitFor();
      await gone.close();
    });
  },
);
