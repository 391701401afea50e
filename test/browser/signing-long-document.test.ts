import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { after, before, test } from 'node:test';
import { chromium, type Browser, type Page } from 'playwright-core';
import { assertAccessible } from '../helpers/axe.js';
import { describeOrSkip } from '../helpers/describe-or-skip.js';
import { createDocument, CUIL_A } from '../helpers/documents.js';
import { tokenOf } from '../helpers/signing.js';
import { startTestServer, testDatabases, type TestServer } from '../helpers/test-server.js';
import { makePdf, type PageSpec } from '../support/pdf-fixtures.js';

// Issue 38 item 2: a long document on a phone. Every page is laid out at once with its field
// boxes, only the pages near the screen are drawn, and the field list reaches a field on the
// last page by keyboard.
const executablePath = process.env.FIRMA_TEST_BROWSER;
const PAGES = 300;
const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };
/** Drawn within a screen of the viewport, kept within two (pdf-pages.js): about 8 A4 pages at 390 px. */
const MOST_CANVASES = 12;

/** A4 pages, but page 150 is landscape: its placeholder must take its own shape before it is drawn. */
function longPdf(): Promise<Uint8Array> {
  const pages: PageSpec[] = Array.from({ length: PAGES }, (_, i) => ({
    mediaBox: i === 149 ? [0, 0, 842, 595] : [0, 0, 595, 842],
    label: `Contrato de prueba — página ${i + 1}`,
  }));
  return makePdf(pages);
}

const field = (type: string, pageNumber: number, fieldMeta?: Record<string, unknown>) => ({
  type,
  pageNumber,
  pageX: 10,
  pageY: 70,
  width: 40,
  height: 6,
  ...(fieldMeta ? { fieldMeta } : {}),
});

for (const database of testDatabases()) {
  describeOrSkip(
    `a ${PAGES}-page document on a phone's signing page (${database})`,
    { skip: executablePath ? false : 'set FIRMA_TEST_BROWSER to run browser tests' },
    () => {
      let server: TestServer;
      let browser: Browser;
      let pdf: Uint8Array;

      before(async () => {
        server = await startTestServer({ database });
        browser = await chromium.launch({
          executablePath: executablePath!,
          args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
        });
        pdf = await longPdf();
      });
      after(async () => {
        await browser?.close();
        await server?.close();
      });

      /** Ana must fill a text on page 2 and sign on page 300; a text on page 150 is optional. */
      async function longDocument() {
        const created = await createDocument(
          server.api,
          {
            title: 'Contrato largo',
            recipients: [
              {
                email: 'ana@example.com',
                name: 'Ana García',
                role: 'SIGNER',
                cuil: CUIL_A,
                fields: [
                  field('TEXT', 2, { type: 'text', label: 'Domicilio', required: true }),
                  field('TEXT', 150, { type: 'text', label: 'Observaciones', required: false }),
                  field('SIGNATURE', PAGES),
                ],
              },
            ],
          },
          pdf,
        );
        assert.equal(created.status, 200, JSON.stringify(created.body));
        const sent = await server.api.post('/api/v2/document/distribute', {
          json: { documentId: created.body.id, meta: { distributionMethod: 'NONE' }, includeSigningUrls: true },
        });
        assert.equal(sent.status, 200, JSON.stringify(sent.body));
        return { documentId: created.body.id as number, url: sent.body.recipients[0].signingUrl as string };
      }

      async function openOnPhone(url: string) {
        const context = await browser.newContext({ ...PHONE, locale: 'en-US' });
        const page = await context.newPage();
        const problems: string[] = [];
        page.on('console', (m) => {
          if (m.type() === 'error') problems.push(m.text());
        });
        page.on('pageerror', (e) => problems.push(e.message));
        await page.goto(url);
        await page.locator('.page canvas').first().waitFor();
        return { page, problems, close: () => context.close() };
      }

      const canvases = (page: Page) => page.locator('.page canvas').count();
      const activeField = (page: Page) =>
        page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.fieldId ?? null);

      test('every page and field is laid out at once, and only the pages near the screen hold a canvas while scrolling', async (t) => {
        const { url } = await longDocument();
        const { page, problems, close } = await openOnPhone(url);
        try {
          assert.equal(await page.locator('.page').count(), PAGES);
          assert.equal(await page.locator('.page').last().getAttribute('aria-label'), `Page ${PAGES} of ${PAGES}`);
          // The fields of far pages are there, focusable, before their pages are drawn.
          const last = page.locator(`.page[data-page="${PAGES}"]`);
          assert.equal(await last.locator('canvas').count(), 0, 'page 300 is not drawn yet');
          assert.equal(await last.locator('button.field').count(), 1);
          assert.ok((await canvases(page)) <= MOST_CANVASES);

          // The landscape page takes its own shape once the pages are measured.
          await page.waitForFunction(() => {
            const box = document.querySelector('.page[data-page="150"]')!.getBoundingClientRect();
            return box.width > box.height;
          });

          // Scroll the whole document a screen at a time, counting canvases at every frame.
          const { most, drawnOnTheWay } = await page.evaluate(async () => {
            let most = 0;
            const drawn = new Set<string>();
            while (window.scrollY + window.innerHeight < document.documentElement.scrollHeight - 2) {
              window.scrollBy(0, window.innerHeight);
              for (let i = 0; i < 3; i++) {
                // No named helper in here: tsx's keepNames would wrap it in a __name the page lacks.
                await new Promise((resolve) => requestAnimationFrame(resolve));
                const now = document.querySelectorAll('.page canvas');
                most = Math.max(most, now.length);
                for (const c of Array.from(now)) drawn.add((c.parentElement as HTMLElement).dataset.page!);
              }
            }
            return { most, drawnOnTheWay: drawn.size };
          });
          t.diagnostic(`at most ${most} canvases at once; ${drawnOnTheWay} pages drawn on the way down`);
          assert.ok(most <= MOST_CANVASES, `at most ${MOST_CANVASES} canvases at once (saw ${most})`);
          assert.ok(drawnOnTheWay > MOST_CANVASES, `pages were drawn on the way (${drawnOnTheWay})`);
          // At the end, the last page is drawn, and far pages gave their canvases back.
          await last.locator('canvas').waitFor();
          assert.equal(await page.locator('.page[data-page="1"] canvas').count(), 0);
          assert.ok((await canvases(page)) <= MOST_CANVASES);
          await assertAccessible(page, 'the last page of 300, on a phone');
          assert.deepEqual(problems, []);
        } finally {
          await close();
        }
      });

      test('from the field list, by keyboard alone: the signature on page 300 is reached, signed, and the recipient completes', async () => {
        const { url, documentId } = await longDocument();
        const token = tokenOf(url);
        const view = await server.anon.get(`/api/v2/signing/${token}`);
        const byLabel = (label: string) =>
          view.body.fields.find((f: { fieldMeta?: { label?: string } }) => f.fieldMeta?.label === label);
        const signature = view.body.fields.find((f: { type: string }) => f.type === 'SIGNATURE');
        const { page, problems, close } = await openOnPhone(url);
        try {
          const list = page.locator('#field-list');
          assert.equal(await list.innerText(), 'Fields: 0 of 3 filled');
          await assertAccessible(page, 'a 300-page document open on a phone');
          mkdirSync('test-results', { recursive: true });
          await page.screenshot({ path: 'test-results/signing-long-phone.png' });

          // The text on page 2, by keyboard from the list: its item is the first to fill.
          await list.focus();
          await page.keyboard.press('Enter');
          const dialog = page.locator('dialog.field-list');
          await dialog.waitFor();
          await assertAccessible(page, 'the field list');
          await page.screenshot({ path: 'test-results/signing-long-field-list.png' });
          assert.doesNotMatch(await dialog.innerText(), /null|undefined/);
          const items = dialog.locator('#field-list-left ~ ul .field-list-item');
          assert.deepEqual(await items.allInnerTexts(), [
            'Domicilio\nPage 2 of 300 · required',
            'Observaciones\nPage 150 of 300 · optional',
            'Signature\nPage 300 of 300 · required',
          ]);
          assert.equal(
            await page.evaluate(() => document.activeElement?.textContent),
            'DomicilioPage 2 of 300 · required',
          );
          await page.keyboard.press('Enter');
          await dialog.waitFor({ state: 'detached' });
          assert.equal(await activeField(page), String(byLabel('Domicilio').id));
          await page.keyboard.press('Enter');
          await page.locator('#field-input').waitFor();
          await page.keyboard.type('Av. Corrientes 1234');
          await page.keyboard.press('Enter');
          await page.locator('.field.filled', { hasText: 'Av. Corrientes 1234' }).waitFor();
          assert.equal(await list.innerText(), 'Fields: 1 of 3 filled');

          // Now the signature on the last page: the second item left to fill (Tab), then Enter.
          await list.focus();
          await page.keyboard.press('Enter');
          await dialog.waitFor();
          assert.match(await dialog.innerText(), /Still to fill \(2\)[\s\S]*Filled \(1\)/);
          await page.keyboard.press('Tab');
          await page.keyboard.press('Enter');
          await dialog.waitFor({ state: 'detached' });
          assert.equal(await activeField(page), String(signature.id), 'focus is on the field of page 300');
          const box = await page.locator(`[data-field-id="${signature.id}"]`).boundingBox();
          assert.ok(box && box.y >= 0 && box.y + box.height <= 844, 'the field is on the screen');
          await page.locator(`.page[data-page="${PAGES}"] canvas`).waitFor();
          await page.keyboard.press('Enter');
          const type = page.locator('dialog .tab', { hasText: 'Type' });
          await type.waitFor();
          await type.focus();
          await page.keyboard.press('Enter');
          await page.locator('#signature-text').fill('Ana García');
          await page.keyboard.press('Enter');
          await page.locator('.field.filled .signature-text', { hasText: 'Ana García' }).waitFor();
          assert.equal(await page.locator('#progress').innerText(), 'All required fields are filled.');
          assert.equal(await list.innerText(), 'Fields: 2 of 3 filled', 'the optional text is still empty');
          assert.ok(await page.locator('#next-field').isHidden(), 'no "Next field" once every required one is filled');

          await page.locator('#complete').focus();
          await page.keyboard.press('Enter');
          await page.locator('#consent-agree').waitFor();
          await page.keyboard.press('Space');
          await page.locator('dialog button[type=submit]').focus();
          await page.keyboard.press('Enter');
          await page.getByRole('heading', { name: 'You have signed the document' }).waitFor();
          const doc = await server.api.get(`/api/v2/document/${documentId}`);
          assert.equal(doc.body.recipients[0].signingStatus, 'SIGNED');
          assert.deepEqual(problems, []);
        } finally {
          await close();
        }
      });

      test('go to page: a number out of range is refused in place; page 150 is brought into view and focused', async () => {
        const { url } = await longDocument();
        const { page, problems, close } = await openOnPhone(url);
        try {
          await page.locator('#field-list').click();
          const input = page.locator('#go-to-page');
          await input.fill('301');
          await page.keyboard.press('Enter');
          await page.locator('#go-to-page-error', { hasText: 'Enter a page number from 1 to 300.' }).waitFor();
          assert.equal(await input.getAttribute('aria-invalid'), 'true');
          await assertAccessible(page, 'go to page, out of range');
          await input.fill('150');
          await page.keyboard.press('Enter');
          await page.locator('dialog.field-list').waitFor({ state: 'detached' });
          assert.equal(await page.evaluate(() => (document.activeElement as HTMLElement).dataset.page), '150');
          await page.locator('.page[data-page="150"] canvas').waitFor();
          assert.equal(await page.locator('.page[data-page="1"] canvas').count(), 0, 'page 1 was let go');
          assert.ok((await canvases(page)) <= MOST_CANVASES);
          assert.deepEqual(problems, []);
        } finally {
          await close();
        }
      });
    },
  );
}
