import assert from 'node:assert/strict';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, test } from 'node:test';
import { chromium, type Browser, type BrowserContextOptions, type Page } from 'playwright-core';
import { createPendingDocument, CUIL_A, CUIL_B, typicalPayload } from '../helpers/documents.js';
import { describeOrSkip } from '../helpers/describe-or-skip.js';
import { waitForStatus } from '../helpers/signing.js';
import { recipientOf, startSmtpSink, type SmtpSink } from '../helpers/smtp-sink.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';

const executablePath = process.env.FIRMA_TEST_BROWSER;

type Dictionary = Record<string, unknown>;
const dictionary = async (language: string): Promise<Dictionary> =>
  (
    (await import(pathToFileURL(join(process.cwd(), 'src/web/signing/i18n', `${language}.js`)).href)) as {
      default: Dictionary;
    }
  ).default;

/** Every string of a dictionary (functions are sentences with a blank: left to the LEAK check). */
function strings(value: unknown, out: Set<string> = new Set()): Set<string> {
  if (typeof value === 'string') out.add(value);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) strings(v, out);
  return out;
}

/** A JavaScript null/undefined, a dictionary key, an API code, a blank left unfilled, an object printed. */
const LEAK = /\bnull\b|\bundefined\b|\bNaN\b|\b[a-z]+[A-Z][A-Za-z]*\b|\b[A-Z]{2,}_[A-Z_]+\b|\[object|\$\{/;

const DESKTOP: BrowserContextOptions = { viewport: { width: 1280, height: 800 } };
const PHONE: BrowserContextOptions = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

/**
 * Issue 33's three signers, walked on the page in Spanish, Japanese and English: Ana at a desktop,
 * Bruno on a phone with an e-mailed code before the document, Carla on a phone with the sender's
 * access code before signing. At every step, every text the signer sees is clean (no null, key or
 * API code) and, in Spanish and Japanese, none is an English sentence of the page.
 */
describeOrSkip(
  'three signers walk the page in es, ja and en, at desktop and phone widths (Chromium)',
  { skip: executablePath ? false : 'set FIRMA_TEST_BROWSER to run browser tests' },
  () => {
    let server: TestServer;
    let browser: Browser;
    let smtp: SmtpSink;
    let englishOnly: Set<string>;
    before(async () => {
      smtp = await startSmtpSink();
      server = await startTestServer({ database: 'sqlite', env: { SMTP_URL: smtp.url, FIRMA_JOB_POLL_MS: '100' } });
      browser = await chromium.launch({ executablePath: executablePath!, args: ['--no-sandbox', '--disable-gpu'] });
      englishOnly = strings(await dictionary('en'));
    });
    after(async () => {
      await browser?.close();
      await server?.close();
      await smtp?.stop();
    });

    for (const language of ['es', 'ja', 'en']) {
      test(`${language}: desktop signer, phone signer with an e-mailed code, phone signer with an access code`, async () => {
        const t = await dictionary(language);
        const own = strings(t);
        const leaks = (texts: string[], where: string) => {
          for (const text of texts) {
            assert.doesNotMatch(text, LEAK, `${language}, ${where}: "${text}"`);
            if (language !== 'en')
              assert.ok(!englishOnly.has(text) || own.has(text), `${language}, ${where}: English "${text}"`);
          }
        };
        const base = typicalPayload();
        const [ana, bruno] = base.recipients;
        const { urls, documentId } = await createPendingDocument(
          server.api,
          {
            ...base,
            meta: { signingOrder: 'PARALLEL' },
            // Addresses of this language's document alone: the mail sink keeps every language's codes.
            recipients: [
              { ...ana, email: `ana.${language}@example.com` },
              { ...bruno, email: `bruno.${language}@example.com`, accessAuth: ['TWO_FACTOR_AUTH'] },
              {
                email: `carla.${language}@example.com`,
                name: 'Carla Pérez',
                role: 'SIGNER',
                cuil: language === 'ja' ? CUIL_A : CUIL_B,
                actionAuth: ['PASSWORD'],
                accessCode: 'llave-9731',
                fields: [{ type: 'SIGNATURE', pageNumber: 1, pageX: 10, pageY: 20, width: 30, height: 8 }],
              },
            ],
          },
          { distributionMethod: 'NONE', language },
        );

        await walk(urls.get(`ana.${language}@example.com`)!, DESKTOP, 'Ana García', async () => {});
        await walk(urls.get(`bruno.${language}@example.com`)!, PHONE, 'Bruno Díaz', async (page) => {
          const step = page.locator('#verify-access');
          await step.waitFor();
          leaks(await textsOf(page), 'the code step');
          await page.locator('#verify-send-code').click();
          const [mail] = await smtp.waitFor(
            (m) => recipientOf(m) === `bruno.${language}@example.com` && /\b\d{6}\b/.test(String(m.text)),
          );
          await page.locator('#verify-code').fill(/\b(\d{6})\b/.exec(String(mail!.text))![1]!);
          leaks(await textsOf(page), 'the code step, code sent');
          await page.locator('#verify-submit-code').click();
        });
        await walk(
          urls.get(`carla.${language}@example.com`)!,
          PHONE,
          'Carla Pérez',
          async () => {},
          async (page) => {
            const dialog = page.locator('#verify-action');
            await dialog.waitFor();
            leaks(await textsOf(page), 'the access-code dialog');
            await page.locator('#verify-access-code').fill('wrong');
            await page.locator('#verify-access-code-submit').click();
            await page.locator('#verify-error-action:not(:empty)').waitFor();
            leaks(await textsOf(page), 'the access-code dialog, refused');
            await page.locator('#verify-access-code').fill('llave-9731');
            await page.locator('#verify-access-code-submit').click();
            await dialog.waitFor({ state: 'detached' });
          },
        );
        await waitForStatus(server.api, documentId, ['COMPLETED']);

        /** Opens the link at a width, passes `before`, fills every field, agrees, passes `beforeDone`. */
        async function walk(
          url: string,
          device: BrowserContextOptions,
          name: string,
          beforeDocument: (page: Page) => Promise<void>,
          beforeDone?: (page: Page) => Promise<void>,
        ): Promise<void> {
          const context = await browser.newContext({ ...device, locale: 'en-US' });
          const page = await context.newPage();
          const problems: string[] = [];
          page.on('pageerror', (e) => problems.push(e.message));
          try {
            await page.goto(url);
            await beforeDocument(page);
            await page.locator('.page canvas').first().waitFor();
            assert.equal(await page.locator('html').getAttribute('lang'), language);
            leaks(await textsOf(page), `${name}'s page`);
            for (let i = 0; i < 5 && (await page.locator('#progress').innerText()) !== t.allFilled; i++) {
              await page.locator('#next-field').click();
              const dialog = page.locator('dialog[open]');
              await dialog.waitFor();
              leaks(await textsOf(page), `${name}'s field dialog`);
              if ((await dialog.locator('.tab').count()) > 0) {
                await dialog.locator('.tab', { hasText: String(t.typed) }).click();
                await page.locator('#signature-text').fill(name);
              } else if ((await page.locator('#field-input').count()) > 0) {
                await page.locator('#field-input').fill('Av. Corrientes 1234');
              }
              await dialog.locator('button[type=submit]').click();
              await dialog.waitFor({ state: 'detached' });
            }
            assert.equal(await page.locator('#progress').innerText(), t.allFilled);
            await page.locator('#complete').click();
            await page.locator('#consent-agree').check();
            leaks(await textsOf(page), `${name}'s consent`);
            await page.locator('dialog button[type=submit]').click();
            await beforeDone?.(page);
            const doneTitle = (t.doneTitle as Record<string, string>).SIGNER!;
            await page.getByRole('heading', { name: doneTitle }).waitFor();
            leaks(await textsOf(page), `${name}'s last screen`);
            assert.equal(
              await page.evaluate(() => document.documentElement.scrollWidth),
              device.viewport!.width,
              `${name}: no sideways scroll`,
            );
            assert.deepEqual(problems, []);
          } finally {
            await context.close();
          }
        }
      });
    }
  },
);

/** Each visible text node of the page (the PDF itself is drawn on canvases). */
async function textsOf(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      const text = node.textContent?.trim();
      if (!text || !parent || parent.closest('script, style, [hidden]')) continue;
      if (parent.getClientRects().length === 0) continue;
      out.push(text);
    }
    return out;
  });
}
