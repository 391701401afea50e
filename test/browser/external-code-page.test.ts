import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { chromium, type Browser } from 'playwright-core';
import { describeOrSkip } from '../helpers/describe-or-skip.js';
import { createPendingDocument, typicalPayload } from '../helpers/documents.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';

const executablePath = process.env.FIRMA_TEST_BROWSER;

/**
 * EXTERNAL_TWO_FACTOR_AUTH on the signing page at a phone's width: the page asks for the code the
 * sender gave (no button to mail one), in the recipient's language, and opens the document with it.
 */
describeOrSkip(
  'the code the sender delivers, on the signing page in Chromium',
  { skip: executablePath ? false : 'set FIRMA_TEST_BROWSER to run browser tests' },
  () => {
    let server: TestServer;
    let browser: Browser;
    before(async () => {
      server = await startTestServer({ database: 'sqlite' });
      browser = await chromium.launch({
        executablePath: executablePath!,
        args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
      });
    });
    after(async () => {
      await browser?.close();
      await server?.close();
    });

    for (const [lang, label, wrong] of [
      ['en', 'Enter the 6-digit code the sender gave you', 'The code is not right'],
      ['es', 'Ingrese el código de 6 dígitos que le dio el remitente', null],
    ] as const) {
      test(`${lang}: asks for the sender's code, never offers to mail one, opens with it`, async () => {
        const payload = typicalPayload({
          recipients: [{ ...typicalPayload().recipients[0], accessAuth: ['EXTERNAL_TWO_FACTOR_AUTH'] }],
          meta: { language: lang },
        });
        const { urls, envelopeId } = await createPendingDocument(server.api, payload);
        const recipientId = (await server.api.get(`/api/v2/envelope/${envelopeId}`)).body.recipients[0].id as number;
        const context = await browser.newContext({ viewport: { width: 360, height: 740 }, locale: `${lang}-AR` });
        const page = await context.newPage();
        const scriptErrors: string[] = [];
        page.on('pageerror', (e) => scriptErrors.push(e.message));
        await page.goto(urls.get('ana@example.com')!);

        await page.locator('#verify-access').waitFor();
        assert.equal(await page.locator('#verify-send-code').count(), 0, 'no button to mail a code');
        const field = page.getByLabel(label);
        await field.waitFor();
        assert.equal(await page.locator('.page canvas').count(), 0, 'nothing of the document before verifying');
        const fits = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
        assert.ok(fits, 'no sideways scrolling at a phone width');

        const issued = await server.api.post(`/api/v2/envelope/recipient/${recipientId}/2fa-code`, {
          json: { envelopeId, recipientId },
        });
        assert.equal(issued.status, 200, JSON.stringify(issued.body));
        const code = issued.body.code as string;
        await field.fill(code === '000000' ? '111111' : '000000');
        await page.keyboard.press('Enter');
        const error = page.locator('#verify-error-access');
        await error.filter({ hasText: /\S/ }).waitFor();
        if (wrong) assert.match(await error.innerText(), new RegExp(wrong));
        // Keyboard only: focus the field, type, submit with Enter.
        await field.focus();
        await page.keyboard.type(code);
        await page.keyboard.press('Enter');
        await page.locator('.page canvas').first().waitFor();
        assert.deepEqual(scriptErrors, []);
        await context.close();
      });
    }
  },
);
