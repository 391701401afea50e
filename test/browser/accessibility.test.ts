import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { after, before, test } from 'node:test';
import type axeCore from 'axe-core';
import { chromium, type Browser, type Page } from 'playwright-core';
import { describeOrSkip } from '../helpers/describe-or-skip.js';
import { createPendingDocument, typicalPayload } from '../helpers/documents.js';
import { createDirectTemplate } from '../helpers/templates.js';
import { signAll, tokenOf } from '../helpers/signing.js';
import { startSmtpSink, type SmtpSink } from '../helpers/smtp-sink.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';

const executablePath = process.env.FIRMA_TEST_BROWSER;
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
/** WCAG 2.1 level A and AA, as axe-core tags its rules. */
const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * axe-core's verdict on the page as it stands, WCAG 2.1 A and AA rules only: one line per
 * violating node, so a failure says what and where. axe is evaluated through the DevTools
 * protocol, which the page's CSP (no inline script) does not govern.
 */
async function audit(page: Page): Promise<{ passed: number; violations: string[] }> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: typeof axeCore }).axe;
    const options: axeCore.RunOptions = { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] };
    const result = await axe.run(document, options);
    return {
      passed: result.passes.length,
      violations: result.violations.flatMap((v) =>
        v.nodes.map((n) => `${v.id} (${v.impact}) at ${n.target.join(' ')}: ${n.failureSummary?.replace(/\s+/g, ' ')}`),
      ),
    };
  }, WCAG_21_AA);
}

async function assertAccessible(page: Page, state: string) {
  const { passed, violations } = await audit(page);
  assert.deepEqual(violations, [], `no WCAG 2.1 AA violation in state "${state}"`);
  assert.ok(passed >= 5, `axe ran its rules in state "${state}" (${passed} passed)`);
}

/** The element that has focus, as a short description: its id, field label or text. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const a = document.activeElement as HTMLElement | null;
    if (!a || a === document.body) return 'body';
    // The language menu is known by its label (its id is generated), as a screen reader announces it.
    const labels = a instanceof HTMLSelectElement ? a.labels : null;
    if (labels && labels.length > 0) return `label: ${labels[0]!.textContent?.trim() ?? ''}`;
    return a.id || a.getAttribute('aria-label') || a.textContent?.trim() || a.tagName;
  });

/** Presses Tab until the focused element matches, at most `max` times; fails otherwise. */
async function tabTo(page: Page, matches: (description: string) => boolean, max = 20): Promise<string[]> {
  const seen: string[] = [];
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    const now = await focused(page);
    seen.push(now);
    if (matches(now)) return seen;
  }
  throw new Error(`Tab never reached the element; focus went through: ${seen.join(' → ')}`);
}

describeOrSkip(
  'the signing page is accessible (axe-core, WCAG 2.1 AA) and works with the keyboard only, in Chromium',
  { skip: executablePath ? false : 'set FIRMA_TEST_BROWSER to run browser tests' },
  () => {
    let server: TestServer;
    let browser: Browser;
    let smtp: SmtpSink;

    before(async () => {
      smtp = await startSmtpSink();
      server = await startTestServer({ database: 'sqlite', env: { SMTP_URL: smtp.url, FIRMA_JOB_POLL_MS: '100' } });
      browser = await chromium.launch({
        executablePath: executablePath!,
        args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
      });
    });
    after(async () => {
      await browser?.close();
      await server?.close();
      await smtp?.stop();
    });

    async function open(
      url: string,
      locale = 'en-US',
      viewport = { width: 1280, height: 900 },
      extraHTTPHeaders: Record<string, string> = {},
    ) {
      const context = await browser.newContext({ viewport, locale, extraHTTPHeaders });
      const page = await context.newPage();
      const scriptErrors: string[] = [];
      page.on('pageerror', (e) => scriptErrors.push(e.message));
      await page.goto(url);
      return { page, scriptErrors, close: () => context.close() };
    }
    const waitForDocument = async (page: Page) => {
      await page.locator('.page canvas').first().waitFor();
      await page.locator('.field').first().waitFor();
    };

    test('open, filling, signing, consent and done: no violation', async () => {
      const { urls } = await createPendingDocument(server.api);
      const { page, scriptErrors, close } = await open(urls.get('ana@example.com')!);
      await waitForDocument(page);
      await assertAccessible(page, 'open');

      await page.locator('.field[aria-label^="Domicilio"]').click();
      await page.locator('#field-input').waitFor();
      await assertAccessible(page, 'filling');
      await page.locator('#field-input').fill('Av. Corrientes 1234');
      await page.locator('dialog button[type=submit]').click();
      await page.locator('.field.filled', { hasText: 'Av. Corrientes 1234' }).waitFor();

      await page.locator('#next-field').click();
      await page.locator('canvas.signature-pad').waitFor();
      await assertAccessible(page, 'signing (draw)');
      await page.locator('dialog .tab', { hasText: 'Type' }).click();
      await assertAccessible(page, 'signing (type)');
      await page.locator('dialog button[type=submit]').click();
      await page.locator('.field.filled .signature-text').waitFor();
      await assertAccessible(page, 'filled');

      await page.locator('#complete').click();
      await page.locator('#consent-agree').waitFor();
      await assertAccessible(page, 'consent');
      await page.locator('dialog button[type=submit]').click();
      await page.locator('.dialog-error', { hasText: 'Tick the box' }).waitFor();
      await assertAccessible(page, 'consent with its error');
      await page.locator('#consent-agree').check();
      await page.locator('dialog button[type=submit]').click();
      await page.getByRole('heading', { name: 'You have signed the document' }).waitFor();
      await assertAccessible(page, 'done');
      assert.deepEqual(scriptErrors, []);
      await close();
    });

    test('rejected, expired, completed with its downloads, embedded, in Spanish at phone width: no violation', async () => {
      const { urls, documentId } = await createPendingDocument(server.api);
      const bruno = await open(urls.get('bruno@example.com')!, 'es-AR', { width: 390, height: 844 });
      await waitForDocument(bruno.page);
      await assertAccessible(bruno.page, 'open (es, phone)');
      await bruno.page.locator('#reject').click();
      await bruno.page.locator('#reject-reason').waitFor();
      await assertAccessible(bruno.page, 'rejecting');
      await bruno.page.locator('#reject-reason').fill('No');
      await bruno.page.locator('dialog button[type=submit]').click();
      await bruno.page.locator('.notice h1').waitFor();
      await assertAccessible(bruno.page, 'rejected');
      await bruno.page.reload();
      await bruno.page.locator('.notice h1').waitFor();
      await assertAccessible(bruno.page, 'rejected (reopened)');
      await bruno.close();

      const late = await createPendingDocument(server.api);
      await server.ctx.db
        .updateTable('recipient')
        .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
        .where('envelopeId', '=', late.documentId)
        .execute();
      const expired = await open(late.urls.get('ana@example.com')!);
      await expired.page.getByRole('heading', { name: 'This signing link has expired' }).waitFor();
      await assertAccessible(expired.page, 'expired');
      await expired.close();

      const finished = await createPendingDocument(server.api);
      for (const email of ['ana@example.com', 'bruno@example.com'])
        assert.equal((await signAll(server.anon, tokenOf(finished.urls.get(email)!))).status, 200);
      const done = await open(finished.urls.get('ana@example.com')!);
      await done.page.locator('a[data-download=certificate]').waitFor({ timeout: 30_000 });
      await assertAccessible(done.page, 'completed, with downloads');
      await done.close();

      const embedded = await open(`${urls.get('ana@example.com')!}?embed=1`);
      await embedded.page.locator('.notice h1').waitFor();
      await assertAccessible(embedded.page, 'embedded (document rejected)');
      await embedded.close();
      assert.ok(documentId);
    });

    test('verifying: the code step, and the access code dialog before signing: no violation', async () => {
      const payload = typicalPayload({
        recipients: [
          {
            ...typicalPayload().recipients[0],
            accessAuth: ['TWO_FACTOR_AUTH'],
            actionAuth: ['PASSWORD'],
            accessCode: 'llave-9731',
          },
        ],
      });
      const { urls } = await createPendingDocument(server.api, payload);
      const url = urls.get('ana@example.com')!;
      const { page, close } = await open(url);
      await page.locator('#verify-access').waitFor();
      await assertAccessible(page, 'verifying (access)');
      await page.locator('#verify-send-code').click();
      await page.locator('#verify-code').waitFor();
      await assertAccessible(page, 'verifying (code sent)');
      await page.locator('#verify-code').fill('12345');
      await page.locator('#verify-submit-code').click();
      await page.locator('#verify-error-access:not(:empty)').waitFor();
      await assertAccessible(page, 'verifying (wrong code)');
      await close();

      // Action verification: the access code is asked before completing (access verified through the API).
      const token = tokenOf(url);
      const [mail] = await smtp.waitFor(
        (m) =>
          m.to !== undefined && /ana@example\.com/.test(JSON.stringify(m.to)) && /code: \d{6}/.test(String(m.text)),
      );
      const code = /code: (\d{6})/.exec(String(mail!.text))![1]!;
      const verified = await server.anon.post(`/api/v2/signing/${token}/verification/code/verify`, { json: { code } });
      assert.equal(verified.status, 200, JSON.stringify(verified.body));
      // The pass is the API caller's: its token goes along with the browser's requests here.
      const headers = { 'x-firma-verification': verified.body.verificationToken as string };
      const again = await open(url, 'en-US', undefined, headers);
      await waitForDocument(again.page);
      for (const f of (await server.anon.get(`/api/v2/signing/${token}`, { headers })).body.fields as {
        id: number;
        type: string;
      }[])
        await server.anon.post(`/api/v2/signing/${token}/field/${f.id}`, {
          json: f.type === 'SIGNATURE' ? { signature: { type: 'typed', text: 'Ana' } } : { value: 'Calle 1' },
          headers,
        });
      await again.page.reload();
      await again.page.locator('#complete').click();
      await again.page.locator('#consent-agree').check();
      await again.page.locator('dialog button[type=submit]').click();
      await again.page.locator('#verify-action').waitFor();
      await assertAccessible(again.page, 'verifying (before signing)');
      await again.close();
    });

    test('every kind of field: its dialog has no violation, and the tab order is the reading order', async () => {
      const at = (pageY: number, pageX = 10) => ({ pageNumber: 1, pageX, pageY, width: 30, height: 5 });
      const payload = typicalPayload({
        recipients: [
          {
            ...typicalPayload().recipients[0],
            fields: [
              { type: 'SIGNATURE', ...at(85) },
              { type: 'DATE', ...at(70, 55) },
              { type: 'INITIALS', ...at(70) },
              {
                type: 'RADIO',
                ...at(20),
                fieldMeta: {
                  type: 'radio',
                  label: 'Acepta',
                  required: true,
                  values: [
                    { id: 1, checked: false, value: 'Sí' },
                    { id: 2, checked: false, value: 'No' },
                  ],
                },
              },
              { type: 'NUMBER', ...at(50), fieldMeta: { type: 'number', label: 'Monto' } },
              {
                type: 'DROPDOWN',
                ...at(40),
                fieldMeta: { type: 'dropdown', label: 'Plan', values: [{ value: 'A' }, { value: 'B' }] },
              },
              {
                type: 'CHECKBOX',
                ...at(30),
                fieldMeta: {
                  type: 'checkbox',
                  label: 'Términos',
                  values: [{ id: 1, checked: false, value: 'Acepto' }],
                },
              },
            ],
          },
          typicalPayload().recipients[1],
        ],
      });
      const { urls } = await createPendingDocument(server.api, payload);
      const { page, scriptErrors, close } = await open(urls.get('ana@example.com')!);
      await waitForDocument(page);
      const labels = await page
        .locator('.field')
        .evaluateAll((boxes) => boxes.map((b) => b.getAttribute('aria-label')));
      assert.deepEqual(labels, [
        'Acepta (required)',
        'Términos',
        'Plan',
        'Monto',
        'Initials (required)',
        'Date',
        'Signature (required)',
      ]);
      for (const label of labels) {
        await page.locator(`.field[aria-label="${label}"]`).click();
        await page.locator('dialog[open]').waitFor();
        await assertAccessible(page, `filling ${label}`);
        await page.keyboard.press('Escape');
        await page.locator('dialog').waitFor({ state: 'detached' });
        assert.equal(await focused(page), label, 'Escape closes the dialog and focus returns to the field');
      }
      assert.deepEqual(scriptErrors, []);
      await close();
    });

    test("a wrong link, and a template's direct link form with its errors: no violation", async () => {
      const wrong = await open(`${server.url}/sign/${'x'.repeat(43)}`);
      await wrong.page.getByRole('heading', { name: 'This link is not valid' }).waitFor();
      await assertAccessible(wrong.page, 'invalid link');
      await wrong.close();

      const t = await createDirectTemplate(server.api);
      const link = await server.api.post('/api/v2/template/direct/create', {
        json: { templateId: t.templateId, directRecipientId: t.client },
      });
      assert.equal(link.status, 200, JSON.stringify(link.body));
      const { page, close } = await open(`${server.url}/d/${link.body.token as string}`);
      await page.locator('#visitor-name').waitFor();
      await assertAccessible(page, 'direct link form');
      await page.locator('form.visitor-form button[type=submit]').click();
      await page.locator('#visitor-name[aria-invalid="true"]').waitFor();
      await assertAccessible(page, 'direct link form with errors');
      // Step two: the code mailed to the visitor, with a malformed one refused on the page.
      await page.locator('#visitor-name').fill('Carla Gómez');
      await page.locator('#visitor-email').fill('carla@example.com');
      await page.locator('#visitor-cuil').fill('27-00000000-6');
      await page.locator('form.visitor-form button[type=submit]').click();
      await page.locator('#visitor-code').waitFor();
      await assertAccessible(page, 'direct link code step');
      await page.locator('#visitor-code').fill('12');
      await page.locator('form.visitor-form button[type=submit]').click();
      await page.locator('#visitor-code[aria-invalid="true"]').waitFor();
      await assertAccessible(page, 'direct link code step with an error');
      await close();
    });

    test('focus follows the document, and a signer signs with the keyboard only (typed signature)', async () => {
      const { urls, documentId } = await createPendingDocument(server.api);
      const { page, scriptErrors, close } = await open(urls.get('ana@example.com')!);
      await waitForDocument(page);
      const token = tokenOf(urls.get('ana@example.com')!);
      const fields = (await server.anon.get(`/api/v2/signing/${token}`)).body.fields as { type: string }[];
      assert.equal(fields[0]!.type, 'SIGNATURE', 'the API lists the signature first…');

      // …but the page, and so the tab order, follows the document: Domicilio (higher up) first.
      const order = await tabTo(page, (d) => d === 'complete');
      assert.deepEqual(order, [
        'label: Language',
        'Domicilio (required)',
        'Signature (required)',
        'reject',
        'next-field',
        'complete',
      ]);
      for (const box of await page.locator('.field').all()) assert.ok(await box.getAttribute('aria-label'));

      // The language menu keeps focus while the page is drawn again in the other language.
      for (let i = 0; i < 5; i++) await page.keyboard.press('Shift+Tab');
      assert.equal(await focused(page), 'label: Language');
      await page.locator('.lang-select').selectOption('es');
      await page.locator('#complete', { hasText: 'Firmar' }).waitFor();
      await page.waitForFunction(() => document.activeElement?.classList.contains('lang-select'));
      assert.equal(await focused(page), 'label: Idioma');
      await page.locator('.lang-select').selectOption('en');
      await page.locator('#complete', { hasText: 'Sign' }).waitFor();
      await page.waitForFunction(() => document.activeElement?.classList.contains('lang-select'));
      await waitForDocument(page);
      await page.keyboard.press('Tab');
      assert.equal(await focused(page), 'Domicilio (required)');
      await page.keyboard.press('Enter');
      await page.locator('#field-input').waitFor();
      assert.equal(await focused(page), 'field-input', 'the dialog opens on its input');
      await page.keyboard.type('Av. Corrientes 1234');
      await page.keyboard.press('Enter');
      await page.locator('.field.filled', { hasText: 'Av. Corrientes 1234' }).waitFor();
      assert.equal(await focused(page), 'Domicilio: Av. Corrientes 1234 (filled)', 'focus returns to the field');

      await page.keyboard.press('Tab');
      assert.equal(await focused(page), 'Signature (required)');
      await page.keyboard.press('Space');
      await page.locator('canvas.signature-pad').waitFor();
      // Tab stays inside the dialog: around it, never out to the page behind.
      const inDialog: boolean[] = [];
      for (let i = 0; i < 8; i++) {
        await page.keyboard.press('Tab');
        inDialog.push(await page.evaluate(() => Boolean(document.activeElement?.closest('dialog'))));
      }
      assert.ok(inDialog.every(Boolean), 'focus is held in the dialog');
      await tabTo(page, (d) => d === 'tab-typed');
      await page.keyboard.press('Enter');
      assert.equal(await focused(page), 'signature-text');
      await page.keyboard.press('Control+A');
      await page.keyboard.type('Ana García');
      await page.keyboard.press('Enter');
      await page.locator('.field.filled .signature-text', { hasText: 'Ana García' }).waitFor();

      await tabTo(page, (d) => d === 'complete');
      await page.keyboard.press('Enter');
      await page.locator('#consent-agree').waitFor();
      assert.equal(await focused(page), 'consent-agree');
      await page.keyboard.press('Space');
      await tabTo(page, (d) => d === 'Sign', 4);
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { name: 'You have signed the document' }).waitFor();
      assert.equal(await focused(page), 'You have signed the document', 'the outcome is announced by focus');

      const doc = await server.api.get(`/api/v2/document/${documentId}`);
      const ana = doc.body.recipients.find((r: { email: string }) => r.email === 'ana@example.com');
      assert.equal(ana.signingStatus, 'SIGNED');
      assert.deepEqual(scriptErrors, []);
      await close();
    });
  },
);
