import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { chromium, type Browser } from 'playwright-core';
import { describeOrSkip } from '../helpers/describe-or-skip.js';
import { createDocument, createPendingDocument, CUIL_A } from '../helpers/documents.js';
import { tokenOf } from '../helpers/signing.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';

/** The signing page previews fieldMeta.overflow as the PDF draws it (issue 35 item 1). */
const executablePath = process.env.FIRMA_TEST_BROWSER;
const MODES = ['auto', 'horizontal', 'vertical', 'crop'] as const;
const LONG = 'Avenida General Bartolomé Mitre 1234, piso 7, departamento B, Ciudad Autónoma de Buenos Aires';

interface Measured {
  box: { left: number; right: number; top: number; bottom: number };
  text: { left: number; right: number; top: number; bottom: number };
  lines: number;
  overflowX: string;
  overflowY: string;
  textOverflow: string;
}

describeOrSkip(
  'fieldMeta.overflow on the signing page',
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

    test('a long value grows right (horizontal), grows down (vertical), is clipped (crop), never with an ellipsis', async () => {
      const fields = MODES.map((overflow, i) => ({
        type: 'TEXT',
        pageNumber: 1,
        pageX: 10,
        pageY: 10 + i * 15,
        width: 20,
        height: 3,
        fieldMeta: { type: 'text', label: `Campo ${overflow}`, overflow },
      }));
      const { urls } = await createPendingDocument(server.api, {
        title: 'Desbordes',
        recipients: [
          {
            email: 'ana@example.com',
            name: 'Ana García',
            role: 'SIGNER',
            cuil: CUIL_A,
            fields: [{ type: 'SIGNATURE', pageNumber: 1, pageX: 60, pageY: 85, width: 30, height: 8 }, ...fields],
          },
        ],
      });
      const url = urls.get('ana@example.com')!;
      const token = tokenOf(url);
      const view = await server.anon.get(`/api/v2/signing/${token}`);
      const ids = new Map<string, number>();
      for (const f of view.body.fields as { id: number; type: string; fieldMeta: { overflow: string } }[]) {
        if (f.type !== 'TEXT') continue;
        ids.set(f.fieldMeta.overflow, f.id);
        const res = await server.anon.post(`/api/v2/signing/${token}/field/${f.id}`, { json: { value: LONG } });
        assert.equal(res.status, 200, JSON.stringify(res.body));
      }

      const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US' });
      const page = await context.newPage();
      const problems: string[] = [];
      page.on('pageerror', (e) => problems.push(e.message));
      await page.goto(url);
      await page.locator('.page canvas').first().waitFor();
      await page.locator('.field.filled').first().waitFor();

      const measure = (id: number) =>
        page.evaluate((fieldId): Measured => {
          const box = document.querySelector<HTMLElement>(`[data-field-id="${fieldId}"]`)!;
          const range = document.createRange();
          range.selectNodeContents(box);
          const style = getComputedStyle(box);
          // No helper function in here: the test runner's transform would name it with a helper the page lacks.
          const b = box.getBoundingClientRect();
          const t = range.getBoundingClientRect();
          return {
            box: { left: b.left, right: b.right, top: b.top, bottom: b.bottom },
            text: { left: t.left, right: t.right, top: t.top, bottom: t.bottom },
            lines: new Set(Array.from(range.getClientRects()).map((r) => Math.round(r.top))).size,
            overflowX: style.overflowX,
            overflowY: style.overflowY,
            textOverflow: style.textOverflow,
          };
        }, id);

      const horizontal = await measure(ids.get('horizontal')!);
      assert.equal(horizontal.overflowX, 'visible', 'horizontal: not hidden');
      assert.notEqual(horizontal.textOverflow, 'ellipsis');
      assert.equal(horizontal.lines, 1, 'horizontal: one line');
      assert.ok(horizontal.text.left >= horizontal.box.left - 1, 'horizontal: starts in the box');
      assert.ok(horizontal.text.right > horizontal.box.right + 100, 'horizontal: runs past its right edge');

      const vertical = await measure(ids.get('vertical')!);
      assert.equal(vertical.overflowY, 'visible', 'vertical: not hidden');
      assert.notEqual(vertical.textOverflow, 'ellipsis');
      assert.ok(vertical.lines > 2, `vertical: wrapped (${vertical.lines} lines)`);
      assert.ok(vertical.text.top >= vertical.box.top - 1, 'vertical: starts at the top of the box');
      assert.ok(vertical.text.bottom > vertical.box.bottom + 10, 'vertical: runs below it');
      assert.ok(vertical.text.right <= vertical.box.right + 1, 'vertical: within its width');

      const crop = await measure(ids.get('crop')!);
      assert.equal(crop.overflowX, 'hidden', 'crop: clipped');
      assert.equal(crop.overflowY, 'hidden', 'crop: clipped');
      assert.notEqual(crop.textOverflow, 'ellipsis', 'crop: cut as in the PDF, not abbreviated');
      assert.ok(crop.text.right > crop.box.right, 'crop: there is more text than the box shows');
      assert.ok(crop.text.left >= crop.box.left - 1, 'crop: left-aligned, as the PDF, so cut on the right');

      const auto = await measure(ids.get('auto')!);
      assert.equal(auto.overflowX, 'hidden', 'auto: the box as before');

      // The whole value is there in the box's text for every mode (the accessible name says it too).
      for (const id of ids.values())
        assert.equal((await page.locator(`[data-field-id="${id}"]`).textContent())?.trim(), LONG);
      assert.deepEqual(problems, []);
      await context.close();
    });

    test('a document in the legacy layout previews it: overflow not applied, textAlign honoured', async () => {
      const text = (pageY: number, fieldMeta: Record<string, unknown>) => ({
        type: 'TEXT',
        pageNumber: 1,
        pageX: 10,
        pageY,
        width: 40,
        height: 3,
        fieldMeta: { type: 'text', ...fieldMeta },
      });
      const created = await createDocument(server.api, {
        title: 'Legado',
        recipients: [
          {
            email: 'ana@example.com',
            name: 'Ana García',
            role: 'SIGNER',
            cuil: CUIL_A,
            fields: [
              { type: 'SIGNATURE', pageNumber: 1, pageX: 60, pageY: 85, width: 30, height: 8 },
              text(10, { label: 'Abajo', overflow: 'vertical' }),
              text(30, { label: 'Derecha', textAlign: 'right' }),
            ],
          },
        ],
      });
      const documentId = created.body.id as number;
      const legacy = await server.api.post('/api/v2/document/update', {
        json: { documentId, data: { useLegacyFieldInsertion: true } },
      });
      assert.equal(legacy.status, 200, JSON.stringify(legacy.body));
      const sent = await server.api.post('/api/v2/document/distribute', {
        json: { documentId, meta: { distributionMethod: 'NONE' }, includeSigningUrls: true },
      });
      assert.equal(sent.status, 200, JSON.stringify(sent.body));
      const urls = new Map([['ana@example.com', (sent.body.recipients as { signingUrl: string }[])[0]!.signingUrl]]);
      const doc = await server.api.get(`/api/v2/document/${documentId}`);
      assert.equal(doc.body.useLegacyFieldInsertion, true);
      const url = urls.get('ana@example.com')!;
      const token = tokenOf(url);
      const view = await server.anon.get(`/api/v2/signing/${token}`);
      assert.equal(view.body.envelope.legacyFieldInsertion, true);
      const ids = new Map<string, number>();
      for (const f of view.body.fields as { id: number; type: string; fieldMeta: { label: string } }[]) {
        if (f.type !== 'TEXT') continue;
        ids.set(f.fieldMeta.label, f.id);
        const value = f.fieldMeta.label === 'Abajo' ? LONG : 'Corto';
        const res = await server.anon.post(`/api/v2/signing/${token}/field/${f.id}`, { json: { value } });
        assert.equal(res.status, 200, JSON.stringify(res.body));
      }
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US' });
      const page = await context.newPage();
      await page.goto(url);
      await page.locator('.field.filled').first().waitFor();
      const below = page.locator(`[data-field-id="${ids.get('Abajo')}"]`);
      assert.equal(
        await below.evaluate((e) => e.classList.contains('overflow-vertical')),
        false,
        'overflow not applied',
      );
      assert.equal(await below.evaluate((e) => getComputedStyle(e).overflowY), 'hidden', 'kept in its box');
      const right = page.locator(`[data-field-id="${ids.get('Derecha')}"]`);
      const edges = await right.evaluate((e) => {
        const range = document.createRange();
        range.selectNodeContents(e);
        return { box: e.getBoundingClientRect().right, text: range.getBoundingClientRect().right };
      });
      assert.ok(edges.box - edges.text < 12, `right-aligned: ${JSON.stringify(edges)}`);
      await context.close();
    });
  },
);
