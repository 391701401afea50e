import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, test } from 'node:test';
import { chromium, type Browser } from 'playwright-core';
import { LANGUAGES } from '../../src/lib/vocabulary/languages.js';
import { SHELL_TEXT } from '../../src/http/page/page-shell-text.js';
import { createPendingDocument, typicalPayload } from '../helpers/documents.js';
import { describeOrSkip } from '../helpers/describe-or-skip.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';

const executablePath = process.env.FIRMA_TEST_BROWSER;
const SHOTS = join('test-results', 'languages');

/** The page's own dictionaries (plain browser modules). */
async function pageMessages(language: string) {
  const url = pathToFileURL(join(process.cwd(), 'src/web/signing/i18n', `${language}.js`)).href;
  return ((await import(url)) as { default: Record<string, any> }).default;
}

/** A name in the language's script, typed as the signature: CJK must reach the field, not "?". */
const SIGNER_NAME: Record<string, string> = { ja: '山田太郎', ko: '김민준', zh: '王小明' };

describeOrSkip(
  'the signing page in every document language (Chromium)',
  { skip: executablePath ? false : 'set FIRMA_TEST_BROWSER to run browser tests' },
  () => {
    let server: TestServer;
    let browser: Browser;
    before(async () => {
      server = await startTestServer({ database: 'sqlite' });
      browser = await chromium.launch({ executablePath: executablePath!, args: ['--no-sandbox', '--disable-gpu'] });
      mkdirSync(SHOTS, { recursive: true });
    });
    after(async () => {
      await browser?.close();
      await server?.close();
    });

    for (const language of LANGUAGES) {
      test(`${language}: title, progress, buttons and language menu in ${language}; a typed signature; one screenshot`, async () => {
        const t = await pageMessages(language);
        const { urls } = await createPendingDocument(server.api, typicalPayload(), {
          distributionMethod: 'NONE',
          language,
        });
        // An English browser: the sender's language wins.
        const context = await browser.newContext({ viewport: { width: 1000, height: 900 }, locale: 'en-US' });
        const page = await context.newPage();
        const problems: string[] = [];
        page.on('console', (m) => {
          if (m.type() === 'error') problems.push(m.text());
        });
        page.on('pageerror', (e) => problems.push(e.message));
        try {
          await page.goto(urls.get('ana@example.com')!);
          await page.locator('.page canvas').first().waitFor();
          assert.equal(await page.title(), `${SHELL_TEXT[language].title} · Firma`);
          assert.equal(await page.locator('html').getAttribute('lang'), language);
          assert.equal(await page.locator('#progress').innerText(), t.fieldsLeft(2));
          assert.equal(await page.locator('#complete').innerText(), t.sign);
          assert.equal(await page.locator('#reject').innerText(), t.reject);
          assert.equal(await page.locator('.lang select').inputValue(), language);
          assert.equal(await page.locator('.lang label').innerText(), t.language);

          const name = SIGNER_NAME[language] ?? 'Ana García';
          await page.locator('#next-field').click();
          await page.locator('dialog .tab', { hasText: t.typed }).click();
          await page.locator('#signature-text').fill(name);
          await page.locator('dialog button[type=submit]').click();
          await page.locator('.field.filled .signature-text', { hasText: name }).waitFor();
          await page.screenshot({ path: join(SHOTS, `signing-${language}.png`) });
          assert.deepEqual(problems, [], 'no script error or CSP violation');
        } finally {
          await context.close();
        }
      });
    }

    test('the language menu switches the page to another language without reloading it', async () => {
      const { urls } = await createPendingDocument(server.api, typicalPayload(), { distributionMethod: 'NONE' });
      const context = await browser.newContext({ locale: 'en-US' });
      const page = await context.newPage();
      try {
        await page.goto(urls.get('ana@example.com')!);
        await page.locator('#progress', { hasText: '2 required fields left' }).waitFor();
        await page.locator('.lang select').selectOption('pl');
        const pl = await pageMessages('pl');
        await page.locator('#progress', { hasText: pl.fieldsLeft(2) }).waitFor();
        assert.equal(await page.locator('html').getAttribute('lang'), 'pl');
        assert.equal(await page.locator('#complete').innerText(), pl.sign);
      } finally {
        await context.close();
      }
    });
  },
);
