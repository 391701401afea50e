import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { after, before, test } from 'node:test';
import { chromium, type Browser, type Page } from 'playwright-core';
import { describeOrSkip } from '../helpers/describe-or-skip.js';
import { signInFrame } from '../helpers/documenso-host.js';
import { createPendingDocument, typicalPayload } from '../helpers/documents.js';
import { freePort } from '../helpers/free-port.js';
import { tokenOf } from '../helpers/signing.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';

const executablePath = process.env.FIRMA_TEST_BROWSER;
const EXAMPLE = readFileSync(new URL('../../docs/embedding-example.html', import.meta.url));

interface Received {
  origin: string;
  data: { source: string; type: string; envelopeId: string; [k: string]: unknown };
}

/** An embedding app: serves the documented example page on its own port (so its own origin). */
async function startParent(): Promise<{ port: number; server: Server }> {
  const port = await freePort();
  const server = createServer((request, response) => {
    if (request.url?.startsWith('/embedding-example.html')) {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(EXAMPLE);
    } else if (request.url === '/after-signing') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<title>Thanks</title>');
    } else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { port, server };
}

/**
 * `?embed=1` inside a frame and its events: received by the documented example page on an allowed
 * origin (another port), never by a page that may frame Firma only through a pattern, nor by one
 * that may not frame it at all.
 */
describeOrSkip(
  'the signing page embedded in another origin, in Chromium',
  { skip: executablePath ? false : 'set FIRMA_TEST_BROWSER to run browser tests' },
  () => {
    let server: TestServer;
    let browser: Browser;
    const parents: Server[] = [];
    let allowed = '';
    let patterned = '';
    let refused = '';

    before(async () => {
      const [a, b, c] = [await startParent(), await startParent(), await startParent()];
      parents.push(a.server, b.server, c.server);
      allowed = `http://127.0.0.1:${a.port}`;
      // localhost is another origin than 127.0.0.1; the pattern lets it frame the page, not hear it.
      patterned = `http://localhost:${b.port}`;
      refused = `http://127.0.0.1:${c.port}`;
      server = await startTestServer({
        database: 'sqlite',
        env: { FIRMA_FRAME_ANCESTORS: `${allowed} http://localhost:*` },
      });
      browser = await chromium.launch({
        executablePath: executablePath!,
        args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
      });
    });
    after(async () => {
      await browser?.close();
      await server?.close();
      for (const p of parents) p.close();
    });

    /** The example page at `parentOrigin` framing `signingUrl`; every message the top window receives is kept. */
    async function openEmbedded(parentOrigin: string, signingUrl: string) {
      const context = await browser.newContext({ viewport: { width: 1100, height: 900 }, locale: 'en-US' });
      await context.addInitScript(() => {
        if (window !== window.top) return;
        const w = window as unknown as { firmaEvents: unknown[] };
        w.firmaEvents = [];
        window.addEventListener('message', (e) => w.firmaEvents.push({ origin: e.origin, data: e.data as unknown }));
      });
      const page = await context.newPage();
      const scriptErrors: string[] = [];
      page.on('pageerror', (e) => scriptErrors.push(e.message));
      await page.goto(`${parentOrigin}/embedding-example.html?url=${encodeURIComponent(signingUrl)}`);
      const frame = page.frameLocator('#firma');
      return { page, frame, scriptErrors, close: () => context.close() };
    }

    const received = (page: Page) =>
      page.evaluate(() => (window as unknown as { firmaEvents: Received[] }).firmaEvents);
    const waitForEvents = (page: Page, n: number) =>
      page.waitForFunction((count) => (window as unknown as { firmaEvents: unknown[] }).firmaEvents.length >= count, n);

    test('an allowed parent hears ready, each field signed and completed, with the envelope id and never the token', async () => {
      const { urls, envelopeId } = await createPendingDocument(server.api, typicalPayload(), {
        distributionMethod: 'NONE',
        redirectUrl: `${allowed}/after-signing`,
      });
      const url = urls.get('ana@example.com')!;
      const { page, frame, scriptErrors, close } = await openEmbedded(allowed, url);
      await frame.locator('.field').first().waitFor();
      await waitForEvents(page, 1);

      // Chromeless: no header of its own (the title only for screen readers), and it fits the frame.
      const signing = page.frames().find((f) => f.url().includes('/sign/'))!;
      assert.ok(signing.url().endsWith('?embed=1'));
      assert.equal(await signing.locator('html').getAttribute('class'), 'embed');
      assert.equal(await signing.locator('.bar .lang').isVisible(), false);
      assert.ok((await signing.locator('.bar-title h1').boundingBox())!.width <= 1, 'the title is visually hidden');
      assert.equal(await signing.getByRole('heading', { level: 1 }).innerText(), 'Contrato de locación');
      const fit = await signing.evaluate(() => ({
        scroll: document.documentElement.scrollWidth,
        width: document.documentElement.clientWidth,
        page: document.querySelector('.page')!.getBoundingClientRect().width,
      }));
      assert.ok(fit.scroll <= fit.width, 'no sideways scrolling inside the frame');
      assert.ok(fit.page >= fit.width - 40, 'the document takes the frame width');
      mkdirSync('test-results', { recursive: true });
      await page.screenshot({ path: 'test-results/embedding-example.png' });

      await signInFrame(frame, { label: 'Domicilio', value: 'Av. Corrientes 1234' });
      await frame.getByRole('heading', { name: 'You have signed the document' }).waitFor();
      await waitForEvents(page, 4);

      const events = await received(page);
      assert.deepEqual(
        events.map((e) => e.data.type),
        ['document-ready', 'field-signed', 'field-signed', 'document-completed'],
      );
      for (const e of events) {
        assert.equal(e.origin, server.url, 'posted by the signing page');
        assert.equal(e.data.source, 'firma');
        assert.equal(e.data.envelopeId, envelopeId);
        assert.ok(!JSON.stringify(e.data).includes(tokenOf(url)), 'the token is never in an event');
      }
      const view = await server.anon.get(`/api/v2/signing/${tokenOf(url)}`);
      assert.deepEqual(
        events.filter((e) => e.data.type === 'field-signed').map((e) => [e.data.fieldId, e.data.fieldType]),
        [
          [view.body.fields.find((f: { type: string }) => f.type === 'TEXT').id, 'TEXT'],
          [view.body.fields.find((f: { type: string }) => f.type === 'SIGNATURE').id, 'SIGNATURE'],
        ],
      );
      assert.equal(events[3]!.data.documentState, 'WAITING_FOR_OTHERS');
      // The example page logs what it received.
      assert.equal(await page.locator('#log li').count(), 4);
      assert.match(await page.locator('#log li').last().innerText(), /document-completed envelope_/);
      assert.deepEqual(scriptErrors, []);
      // "Continue" takes the whole window to the sender's page, not the frame.
      await frame.getByRole('link', { name: 'Continue' }).click();
      await page.waitForURL(`${allowed}/after-signing`);
      await close();
    });

    test('an allowed parent hears a rejection, and the error of a document that cannot be signed', async () => {
      const { urls, envelopeId } = await createPendingDocument(server.api);
      const rejecting = await openEmbedded(allowed, urls.get('bruno@example.com')!);
      await rejecting.frame.locator('.field').first().waitFor();
      await rejecting.frame.locator('#reject').click();
      await rejecting.frame.locator('#reject-reason').fill('The amount is wrong');
      await rejecting.frame.locator('dialog button[type=submit]').click();
      await waitForEvents(rejecting.page, 2);
      assert.deepEqual(
        (await received(rejecting.page)).map((e) => [e.data.type, e.data.envelopeId]),
        [
          ['document-ready', envelopeId],
          ['document-rejected', envelopeId],
        ],
      );
      await rejecting.close();

      // Ana's link now opens a rejected document: nothing to sign, and the parent hears why.
      const late = await openEmbedded(allowed, urls.get('ana@example.com')!);
      await late.frame.getByRole('heading', { name: 'This document was rejected' }).waitFor();
      await waitForEvents(late.page, 1);
      const [error] = await received(late.page);
      assert.deepEqual(error!.data, {
        code: 'NOT_SIGNABLE',
        state: 'document_rejected',
        source: 'firma',
        type: 'document-error',
        envelopeId,
      });
      await late.close();
    });

    test('a document pdf.js cannot draw: the page says so and the parent hears RENDER_ERROR', async () => {
      const { urls, envelopeId } = await createPendingDocument(server.api);
      const { page, frame, close } = await openEmbedded(allowed, urls.get('ana@example.com')!);
      // Damaged in transit: the browser gets bytes that are no PDF (the server never serves such a file).
      await page.route('**/api/v2/signing/*/item/*', (route) =>
        route.fulfill({ status: 200, contentType: 'application/pdf', body: Buffer.from('%PDF-1.7 truncated') }),
      );
      await page.reload();
      await frame.locator('.notice-error[role=alert]', { hasText: 'could not be displayed' }).waitFor();
      await waitForEvents(page, 1);
      const events = await received(page);
      assert.deepEqual(
        events.map((e) => [e.data.type, e.data.code, e.data.envelopeId]),
        [['document-error', 'RENDER_ERROR', envelopeId]],
        'an error, and no document-ready',
      );
      await close();
    });

    test('a parent that may frame the page only through a pattern, or not at all, hears nothing', async () => {
      const { urls } = await createPendingDocument(server.api);
      const framed = await openEmbedded(patterned, urls.get('ana@example.com')!);
      await framed.frame.locator('.field[aria-label^="Domicilio"]').click();
      await framed.frame.locator('#field-input').fill('Calle 1');
      await framed.frame.locator('dialog button[type=submit]').click();
      await framed.frame.locator('.field.filled', { hasText: 'Calle 1' }).waitFor();
      await framed.page.waitForTimeout(300);
      assert.deepEqual(await received(framed.page), []);
      assert.deepEqual(framed.scriptErrors, []);
      await framed.close();

      const blocked = await openEmbedded(refused, urls.get('bruno@example.com')!);
      await blocked.page.waitForTimeout(1500);
      assert.equal(await blocked.frame.locator('.field').count(), 0, 'frame-ancestors keeps the page out');
      assert.deepEqual(await received(blocked.page), []);
      await blocked.close();
    });
  },
);
