import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { describeOrSkip } from '../helpers/describe-or-skip.js';
import { chromium, type Browser } from 'playwright-core';
import { startTestServer, type TestServer } from '../helpers/test-server.js';

const executablePath = process.env.FIRMA_TEST_BROWSER;

describeOrSkip(
  'the API reference page in Chromium',
  { skip: executablePath ? false : 'set FIRMA_TEST_BROWSER to run browser tests' },
  () => {
    let server: TestServer;
    let browser: Browser;
    before(async () => {
      server = await startTestServer({ database: 'sqlite', worker: false });
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

    test('lists v2 and v1 operations and tries one with a token, all from Firma', async () => {
      const page = await browser.newPage();
      const foreign: string[] = [];
      const problems: string[] = [];
      page.on('request', (r) => {
        if (!r.url().startsWith(server.url) && !r.url().startsWith('data:')) foreign.push(r.url());
      });
      page.on('pageerror', (e) => problems.push(e.message));
      page.on('console', (m) => {
        if (m.type() === 'error') problems.push(m.text());
      });
      await page.goto(`${server.url}/api/docs`);
      await page.getByRole('heading', { name: /Firma API 2\.0\.0/ }).waitFor();
      await page.getByRole('heading', { name: /legacy v1/ }).waitFor();
      const me = page.locator('details#me-get');
      await me.locator('summary').click();
      const token = server.api.token!;
      await page.locator('#token').fill(token);
      await me.getByRole('button', { name: 'Send' }).click();
      await me.locator('pre', { hasText: /^200 / }).waitFor();
      assert.match(await me.locator('pre').last().innerText(), /"default"/);
      assert.deepEqual(foreign, []);
      assert.deepEqual(problems, []);
      await page.close();
    });
  },
);
