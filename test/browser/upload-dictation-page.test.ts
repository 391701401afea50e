import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { after, before, test } from 'node:test';
import type axeCore from 'axe-core';
import { chromium, type Browser, type Page } from 'playwright-core';
import { describeOrSkip } from '../helpers/describe-or-skip.js';
import { CUIL_A, CUIL_B, createPendingDocument } from '../helpers/documents.js';
import { tokenOf } from '../helpers/signing.js';
import { startTestServer, testDatabases, type TestServer } from '../helpers/test-server.js';
import { SIGNATURE_JPEG } from '../support/signature-images.js';

const executablePath = process.env.FIRMA_TEST_BROWSER;
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const PHONE = { width: 390, height: 844 };

/** axe-core's WCAG 2.1 AA violations on the page as it stands (one line per node). */
async function violations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: typeof axeCore }).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      resultTypes: ['violations'],
    });
    return result.violations.flatMap((v) => v.nodes.map((n) => `${v.id} at ${n.target.join(' ')}`));
  });
}

const focused = (page: Page) =>
  page.evaluate(() => {
    const a = document.activeElement as HTMLElement | null;
    return !a || a === document.body
      ? 'body'
      : a.id || a.getAttribute('aria-label') || a.textContent?.trim() || a.tagName;
  });

async function tabTo(page: Page, wanted: (d: string) => boolean, max = 25): Promise<void> {
  const seen: string[] = [];
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    seen.push(await focused(page));
    if (wanted(seen[seen.length - 1]!)) return;
  }
  throw new Error(`Tab never reached it: ${seen.join(' → ')}`);
}

/**
 * Issue 35, items 4 and 5 on the page, at phone width and with the keyboard only: the signer
 * uploads a JPEG of their signature, then corrects the next signer in the final dialog.
 */
for (const database of testDatabases()) {
  describeOrSkip(
    `upload a signature and name the next signer on the page (${database}, Chromium)`,
    { skip: executablePath ? false : 'set FIRMA_TEST_BROWSER to run browser tests' },
    () => {
      let server: TestServer;
      let browser: Browser;
      before(async () => {
        server = await startTestServer({ database });
        browser = await chromium.launch({ executablePath: executablePath!, args: ['--no-sandbox', '--disable-gpu'] });
      });
      after(async () => {
        await browser?.close();
        await server?.close();
      });

      test('keyboard only, 390 px wide: upload a JPEG, then change who signs next', async () => {
        const sig = (pageY: number) => ({ type: 'SIGNATURE', pageNumber: 1, pageX: 10, pageY, width: 30, height: 8 });
        const { urls, documentId } = await createPendingDocument(
          server.api,
          {
            title: 'Contrato',
            meta: { allowDictateNextSigner: true },
            recipients: [
              {
                email: 'ana@example.com',
                name: 'Ana',
                role: 'SIGNER',
                cuil: CUIL_A,
                signingOrder: 1,
                fields: [sig(10)],
              },
              {
                email: 'bruno@example.com',
                name: 'Bruno',
                role: 'SIGNER',
                cuil: CUIL_B,
                signingOrder: 2,
                fields: [sig(40)],
              },
            ],
          },
          { distributionMethod: 'NONE', signingOrder: 'SEQUENTIAL' },
        );
        const context = await browser.newContext({ viewport: PHONE, locale: 'en-US', hasTouch: true });
        const page = await context.newPage();
        const scriptErrors: string[] = [];
        page.on('pageerror', (e) => scriptErrors.push(e.message));
        try {
          await page.goto(urls.get('ana@example.com')!);
          await page.locator('.page canvas').first().waitFor();
          await page.locator('.field').first().waitFor();

          await tabTo(page, (d) => d === 'Signature (required)');
          await page.keyboard.press('Enter');
          await page.locator('#tab-uploaded').waitFor();
          await tabTo(page, (d) => d === 'tab-uploaded');
          await page.keyboard.press('Enter');
          assert.equal(await focused(page), 'signature-file', 'the upload tab puts focus on its file input');
          assert.equal(
            await page.locator('label[for="signature-file"]').textContent(),
            'Image of your signature (PNG or JPEG, up to 700 KB)',
          );
          const chooser = page.waitForEvent('filechooser');
          await page.keyboard.press('Space');
          await (await chooser).setFiles({ name: 'firma.jpg', mimeType: 'image/jpeg', buffer: SIGNATURE_JPEG });
          await page.locator('img.signature-preview:not([hidden])').waitFor();
          assert.deepEqual(await violations(page), [], 'the upload panel is accessible');
          await tabTo(page, (d) => d === 'Save');
          await page.keyboard.press('Enter');
          await page.locator('.field.filled img.signature-image').first().waitFor();

          await tabTo(page, (d) => d === 'complete');
          await page.keyboard.press('Enter');
          await page.locator('#next-signer-name').waitFor();
          assert.equal(await focused(page), 'next-signer-name', 'the dialog opens on the next signer');
          assert.equal(await page.locator('#next-signer-name').inputValue(), 'Bruno', 'prefilled');
          assert.equal(await page.locator('#next-signer-email').inputValue(), 'bruno@example.com');
          assert.deepEqual(await violations(page), [], 'the final dialog is accessible');
          const fits = await page.evaluate(() => {
            const dialog = document.querySelector('dialog')!.getBoundingClientRect();
            return dialog.right <= window.innerWidth + 1 && document.documentElement.scrollWidth <= window.innerWidth;
          });
          assert.ok(fits, 'nothing overflows the phone width');
          await page.keyboard.press('Control+A');
          await page.keyboard.type('Carla Díaz');
          await page.keyboard.press('Tab');
          await page.keyboard.press('Control+A');
          await page.keyboard.type('carla@example.com');
          await page.keyboard.press('Tab');
          assert.equal(await focused(page), 'next-signer-id');
          assert.equal(await page.locator('label[for="next-signer-id"]').textContent(), 'CUIL of the next signer');
          await tabTo(page, (d) => d === 'consent-agree', 4);
          await page.keyboard.press('Space');
          await tabTo(page, (d) => d === 'Sign', 4);
          await page.keyboard.press('Enter');
          await page.getByText('Enter the next signer’s CUIL.').waitFor();
          await tabTo(page, (d) => d === 'next-signer-id', 8);
          await page.keyboard.type('20-11111111-2');
          await tabTo(page, (d) => d === 'Sign', 8);
          await page.keyboard.press('Enter');
          await page.getByRole('heading', { name: 'You have signed the document' }).waitFor();
        } finally {
          await context.close();
        }
        assert.deepEqual(scriptErrors, []);

        const doc = await server.api.get(`/api/v2/document/${documentId}`);
        const second = doc.body.recipients.find((r: { signingOrder: number }) => r.signingOrder === 2);
        assert.deepEqual([second.name, second.email], ['Carla Díaz', 'carla@example.com']);
        const ana = await server.anon.get(`/api/v2/signing/${tokenOf(urls.get('ana@example.com')!)}`);
        assert.equal(ana.body.recipient.signingStatus, 'SIGNED');
        assert.deepEqual(ana.body.fields[0].signature, { type: 'uploaded' });
      });
    },
  );
}
