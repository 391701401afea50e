import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { chromium, type Browser } from 'playwright-core';
import { describeOrSkip } from '../helpers/describe-or-skip.js';
import { createPendingDocument, CUIL_A } from '../helpers/documents.js';
import { tokenOf } from '../helpers/signing.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';

/**
 * Issue #35 items 2 and 3 on the signing page: a NUMBER field written in its numberFormat as the
 * signer leaves the input and sent canonical, its bounds checked before sending, and the sender's
 * prefills shown filled (satisfying required fields), read-only ones not editable.
 */
const executablePath = process.env.FIRMA_TEST_BROWSER;
const box = (pageY: number) => ({ pageNumber: 1, pageX: 10, pageY, width: 40, height: 5 });

describeOrSkip(
  'number formats and prefills on the signing page',
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

    test('a number is formatted as typed and sent canonical; prefills show, read-only ones stay shut', async () => {
      const { urls } = await createPendingDocument(server.api, {
        title: 'Montos',
        recipients: [
          {
            email: 'ana@example.com',
            name: 'Ana García',
            role: 'SIGNER',
            cuil: CUIL_A,
            fields: [
              { type: 'SIGNATURE', pageNumber: 1, pageX: 10, pageY: 85, width: 30, height: 8 },
              {
                type: 'NUMBER',
                ...box(10),
                fieldMeta: {
                  type: 'number',
                  label: 'Monto',
                  required: true,
                  numberFormat: '123.456.789,00',
                  maxValue: 5_000_000,
                },
              },
              {
                type: 'NUMBER',
                ...box(20),
                fieldMeta: {
                  type: 'number',
                  label: 'Cuotas',
                  readOnly: true,
                  value: '1234',
                  numberFormat: '123,456,789.00',
                },
              },
              {
                type: 'TEXT',
                ...box(30),
                fieldMeta: { type: 'text', label: 'Domicilio', required: true, text: 'Calle Previa 742' },
              },
              {
                type: 'DROPDOWN',
                ...box(40),
                fieldMeta: {
                  type: 'dropdown',
                  label: 'Provincia',
                  values: [{ value: 'Córdoba' }, { value: 'Mendoza' }],
                  defaultValue: 'Mendoza',
                },
              },
              {
                type: 'CHECKBOX',
                ...box(50),
                fieldMeta: {
                  type: 'checkbox',
                  label: 'Condiciones',
                  required: true,
                  values: [
                    { id: 1, checked: true, value: 'Acepto' },
                    { id: 2, checked: false, value: 'Novedades' },
                  ],
                },
              },
            ],
          },
        ],
      });
      const url = urls.get('ana@example.com')!;
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-US' });
      const page = await context.newPage();
      const problems: string[] = [];
      page.on('pageerror', (e) => problems.push(e.message));
      const sent: unknown[] = [];
      page.on('request', (r) => {
        if (r.method() === 'POST' && /\/field\/\d+$/.test(r.url())) sent.push(r.postDataJSON());
      });
      await page.goto(url);
      await page.locator('.page canvas').first().waitFor();

      // Prefills are shown filled, in the field's format; the read-only one is announced as such.
      const cuotas = page.locator('.field.filled.read-only', { hasText: '1,234' });
      await cuotas.waitFor();
      assert.equal(await cuotas.getAttribute('aria-disabled'), 'true');
      assert.match((await cuotas.getAttribute('aria-label')) ?? '', /Cuotas: 1,234 \(filled\), read-only/);
      await cuotas.focus();
      assert.equal(await cuotas.evaluate((n) => n === document.activeElement), true, 'reachable by keyboard');
      await cuotas.press('Enter');
      assert.equal(await page.locator('dialog[open]').count(), 0, 'no editor opens on a read-only field');
      await page.locator('.field.filled', { hasText: 'Calle Previa 742' }).waitFor();
      await page.locator('.field.filled', { hasText: 'Mendoza' }).waitFor();
      await page.locator('.field.filled', { hasText: 'Acepto' }).waitFor();
      // Only the signature and the empty required number are left: the prefills satisfy theirs.
      assert.equal(await page.locator('#progress').textContent(), '2 required fields left');

      // An editable prefill opens with the sender's value.
      await page.locator('.field', { hasText: 'Mendoza' }).click();
      assert.equal(await page.locator('dialog select').inputValue(), 'Mendoza');
      await page.locator('dialog button', { hasText: 'Cancel' }).click();
      await page.locator('.field', { hasText: 'Calle Previa 742' }).click();
      assert.equal(await page.locator('#field-input').inputValue(), 'Calle Previa 742');
      await page.locator('dialog button', { hasText: 'Cancel' }).click();

      await page.locator('.field[aria-label^="Monto"]').click();
      const input = page.locator('#field-input');
      assert.equal(await page.locator('#field-hint').textContent(), 'Written as 123.456.789,00');
      await input.fill('1234567,5');
      await input.press('Tab');
      assert.equal(await input.inputValue(), '1.234.567,5', 'formatted when the signer leaves the input');
      await input.fill('6.000.000');
      await page.locator('dialog button[type=submit]').click();
      await page.locator('.dialog-error', { hasText: 'The number must be at most 5.000.000.' }).waitFor();
      await input.fill('12,3,4');
      await page.locator('dialog button[type=submit]').click();
      await page.locator('.dialog-error', { hasText: 'Enter a number, for example 1.234,5.' }).waitFor();
      assert.equal(sent.length, 0, 'nothing sent while the number is refused');
      await input.fill('2.500.000,75');
      await page.locator('dialog button[type=submit]').click();
      await page.locator('dialog').waitFor({ state: 'detached' });
      assert.deepEqual(sent, [{ value: '2500000.75' }], 'sent canonical');
      await page.locator('.field.filled', { hasText: '2.500.000,75' }).waitFor();

      const token = tokenOf(url);
      const view = await server.anon.get(`/api/v2/signing/${token}`);
      const monto = (view.body.fields as { type: string; customText: string; fieldMeta: { label?: string } }[]).find(
        (f) => f.fieldMeta?.label === 'Monto',
      )!;
      assert.equal(monto.customText, '2.500.000,75');
      assert.deepEqual(problems, []);
      await context.close();
    });
  },
);
