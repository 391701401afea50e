import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { chromium, type Browser } from 'playwright-core';
import { createPendingDocument, typicalPayload } from '../helpers/documents.js';
import { describeOrSkip } from '../helpers/describe-or-skip.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';

const executablePath = process.env.FIRMA_TEST_BROWSER;

/** The signing page's header on a 390 px phone: the recipient's address is never cut mid-word. */
describeOrSkip(
  'the signing page header at phone width (Chromium)',
  { skip: executablePath ? false : 'set FIRMA_TEST_BROWSER to run browser tests' },
  () => {
    let server: TestServer;
    let browser: Browser;
    before(async () => {
      server = await startTestServer({ database: 'sqlite' });
      browser = await chromium.launch({ executablePath: executablePath!, args: ['--no-sandbox', '--disable-gpu'] });
    });
    after(async () => {
      await browser?.close();
      await server?.close();
    });

    test('a long name and address: the address sits whole on a line of its own, every character shown', async () => {
      // Long, but narrower than the screen: before the fix it was cut into five pieces.
      const email = 'maria.gonzalez@estudio-juridico.example.com';
      const base = typicalPayload();
      const payload = {
        ...base,
        recipients: base.recipients.map((r, i) =>
          i === 0 ? { ...r, name: 'María Fernanda González Etcheverry', email } : r,
        ),
      };
      const { urls } = await createPendingDocument(server.api, payload);
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
      try {
        const page = await context.newPage();
        await page.goto(urls.get(email)!);
        const address = page.locator('header .who .address');
        await address.waitFor();
        assert.equal((await address.textContent())?.replace(/\s/g, ''), email);
        // One line box per visual line: an address cut mid-word would give two.
        const lines = await address.evaluate((node) => {
          const range = document.createRange();
          range.selectNodeContents(node);
          return new Set(Array.from(range.getClientRects()).map((r) => Math.round(r.top))).size;
        });
        assert.equal(lines, 1, 'the address is on one line');
        const box = (await address.boundingBox())!;
        assert.ok(box.x >= 0 && box.x + box.width <= 390, `inside the screen: ${JSON.stringify(box)}`);
        assert.equal(await page.evaluate(() => document.documentElement.scrollWidth), 390, 'no sideways scroll');
      } finally {
        await context.close();
      }
    });
  },
);
