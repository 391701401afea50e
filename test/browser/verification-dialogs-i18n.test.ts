import assert from 'node:assert/strict';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, test } from 'node:test';
import { chromium, type Browser, type BrowserContext, type Locator } from 'playwright-core';
import { LANGUAGES } from '../../src/lib/vocabulary/languages.js';
import { createPendingDocument, typicalPayload } from '../helpers/documents.js';
import { describeOrSkip } from '../helpers/describe-or-skip.js';
import { tokenOf, valueFor } from '../helpers/signing.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';

const executablePath = process.env.FIRMA_TEST_BROWSER;

type VerifyWords = { errors: Record<string, string> };

/** The page's own dictionaries (plain browser modules). */
async function verifyWords(language: string): Promise<VerifyWords> {
  const url = pathToFileURL(join(process.cwd(), 'src/web/signing/i18n', `${language}.js`)).href;
  return ((await import(url)) as { default: { verify: VerifyWords } }).default.verify;
}

/**
 * Text a signer must never see: a JavaScript null/undefined, a dictionary key (camelCase), an API
 * code (SCREAMING_SNAKE), a template left unfilled or an object printed.
 */
const LEAK = /\bnull\b|\bundefined\b|\bNaN\b|\b[a-z]+[A-Z][A-Za-z]*\b|\b[A-Z]{2,}_[A-Z_]+\b|\[object|\$\{/;

/** Each text node on its own (innerText glues a label to its button: "codeVerify"). */
async function assertClean(where: Locator, what: string): Promise<void> {
  const texts = await where.evaluate((root) => {
    const out: string[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) out.push(node.textContent ?? '');
    return out;
  });
  assert.ok(texts.join('').trim(), `${what} shows something`);
  for (const text of texts) assert.doesNotMatch(text, LEAK, `${what}: "${text}" in ${JSON.stringify(texts)}`);
}

const ana = (extra: Record<string, unknown>) =>
  typicalPayload({ recipients: [{ ...typicalPayload().recipients[0], ...extra }] });

/**
 * Issue 33 item 3: the verification step and the action dialog in each of the eleven languages
 * show no null/undefined/key, and a refusal in the document's language (the dictionary's sentence
 * for the API's code), never the API's English message.
 */
describeOrSkip(
  'verification step and dialog in every document language (Chromium)',
  { skip: executablePath ? false : 'set FIRMA_TEST_BROWSER to run browser tests' },
  () => {
    let server: TestServer;
    let browser: Browser;
    let context: BrowserContext;
    let english: VerifyWords;
    before(async () => {
      server = await startTestServer({ database: 'sqlite' });
      browser = await chromium.launch({ executablePath: executablePath!, args: ['--no-sandbox', '--disable-gpu'] });
      // An English browser throughout: the document's language must win.
      context = await browser.newContext({ locale: 'en-US' });
      english = await verifyWords('en');
    });
    after(async () => {
      await context?.close();
      await browser?.close();
      await server?.close();
    });

    for (const language of LANGUAGES) {
      test(`${language}: the code step and the access-code/CUIL dialog, clean and refusing in ${language}`, async () => {
        const t = await verifyWords(language);
        const localized = (code: string) => {
          const text = t.errors[code];
          assert.ok(text, `${language} has words for ${code}`);
          if (language !== 'en') assert.notEqual(text, english.errors[code], `${code} is translated`);
          return text;
        };
        const page = await context.newPage();
        const problems: string[] = [];
        page.on('pageerror', (e) => problems.push(e.message));
        try {
          // Access: the e-mail code step; a wrong code.
          const access = await createPendingDocument(server.api, ana({ accessAuth: ['TWO_FACTOR_AUTH'] }), {
            distributionMethod: 'NONE',
            language,
          });
          await page.goto(access.urls.get('ana@example.com')!);
          const step = page.locator('#verify-access');
          await step.waitFor();
          await assertClean(step, 'the code step');
          await page.locator('#verify-send-code').click();
          await page.locator('#verify-code').waitFor();
          await page.locator('#verify-code-info:not(:empty)').waitFor();
          await assertClean(step, 'the code step after sending');
          // A code is 6 digits; '000000' is right once in a million.
          await page.locator('#verify-code').fill('000000');
          await page.locator('#verify-submit-code').click();
          const accessError = page.locator('#verify-error-access:not(:empty)');
          await accessError.waitFor();
          assert.equal(await accessError.innerText(), localized('VERIFICATION_CODE_INVALID'));
          await assertClean(step, 'the code step after a wrong code');

          // Action: the sender's access code and the CUIL before completing; a wrong value each.
          const action = await createPendingDocument(
            server.api,
            ana({ actionAuth: ['PASSWORD'], accessCode: 'llave-9731', requireCuil: true }),
            { distributionMethod: 'NONE', language },
          );
          const url = action.urls.get('ana@example.com')!;
          const token = tokenOf(url);
          const view = await server.anon.get(`/api/v2/signing/${token}`);
          for (const f of view.body.fields)
            assert.equal(
              (await server.anon.post(`/api/v2/signing/${token}/field/${f.id}`, { json: valueFor(f) })).status,
              200,
            );
          await page.goto(url);
          await page.locator('.page canvas').first().waitFor();
          await page.locator('#complete').click();
          await page.locator('#consent-agree').check();
          await page.locator('dialog button[type=submit]').click();
          const dialog = page.locator('#verify-action');
          await dialog.waitFor();
          await assertClean(dialog, 'the action dialog');
          const actionError = page.locator('#verify-error-action');
          await page.locator('#verify-access-code').fill('wrong-code');
          await page.locator('#verify-access-code-submit').click();
          await page.locator('#verify-error-action:not(:empty)').waitFor();
          assert.equal(await actionError.innerText(), localized('ACCESS_CODE_INVALID'));
          await assertClean(dialog, 'the action dialog after a wrong access code');
          await page.locator('#verify-cuil').fill('20000000001');
          await page.locator('#verify-cuil-submit').click();
          await page.locator('#verify-error-action', { hasText: t.errors.CUIL_MISMATCH }).waitFor();
          assert.equal(await actionError.innerText(), localized('CUIL_MISMATCH'));
          await assertClean(dialog, 'the action dialog after a wrong CUIL');
          assert.deepEqual(problems, [], 'no script error');
        } finally {
          await page.close();
        }
      });
    }
  },
);
