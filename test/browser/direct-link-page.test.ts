import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { chromium, type Browser } from 'playwright-core';
import { CUIL_B } from '../helpers/documents.js';
import { isCodeMail } from '../helpers/direct-link.js';
import { signAll } from '../helpers/signing.js';
import { startSmtpSink, type SmtpSink } from '../helpers/smtp-sink.js';
import { createDirectTemplate } from '../helpers/templates.js';
import { countRows, startTestServer, type TestServer } from '../helpers/test-server.js';
import { startReceiver } from '../helpers/webhook-receiver.js';

// The browser tier runs where Chromium is installed: CI sets FIRMA_TEST_BROWSER=/usr/bin/chromium.
const executablePath = process.env.FIRMA_TEST_BROWSER;

describe(
  "a template's direct link in Chromium",
  { skip: executablePath ? false : 'set FIRMA_TEST_BROWSER to run browser tests' },
  () => {
    let server: TestServer;
    let browser: Browser;
    let smtp: SmtpSink;
    /** The page asks for a code; the test reads it from the mail, as the visitor would. */
    const mailedCode = async (email: string) => {
      const [mail] = await smtp.waitFor((m) => isCodeMail(m, email));
      return /\b(\d{6})\b/.exec(mail!.text ?? '')![1]!;
    };

    before(async () => {
      smtp = await startSmtpSink();
      server = await startTestServer({ database: 'sqlite', env: { FIRMA_JOB_POLL_MS: '100', SMTP_URL: smtp.url } });
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

    test('a visitor: wrong CUIL check digit refused on the page, then signs; the owner gets DOCUMENT_COMPLETED', async () => {
      const receiver = await startReceiver();
      const hook = await server.api.post('/api/v2/webhook/create', {
        json: { url: `${receiver.url}/hook`, events: ['DOCUMENT_COMPLETED'] },
      });
      assert.equal(hook.status, 200, JSON.stringify(hook.body));
      const t = await createDirectTemplate(server.api);
      const link = await server.api.post('/api/v2/template/direct/create', {
        json: { templateId: t.templateId, directRecipientId: t.client },
      });
      assert.equal(link.status, 200, JSON.stringify(link.body));
      const linkToken = link.body.token as string;

      const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US' });
      const page = await context.newPage();
      const problems: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error' && !/status of 400/.test(m.text())) problems.push(m.text());
      });
      page.on('pageerror', (e) => problems.push(e.message));
      page.on('request', (r) => {
        const u = r.url();
        if (!u.startsWith(server.url) && !u.startsWith('data:') && !u.startsWith('blob:'))
          problems.push(`foreign ${u}`);
        if ((r.headers()['referer'] ?? '').includes(linkToken)) problems.push('the link token in a Referer');
      });
      try {
        await page.goto(`${server.url}/d/${linkToken}`);
        await page.getByRole('heading', { name: 'Alta de cliente' }).waitFor();
        await page.locator('#visitor-name').fill('Carla Gómez');
        await page.locator('#visitor-email').fill('carla@example.com');
        const wrong = `${CUIL_B.slice(0, 10)}${(Number(CUIL_B[10]) + 1) % 10}`;
        await page.locator('#visitor-cuil').fill(wrong);
        const before = await countRows(server, 'envelope');
        await page.locator('form.visitor-form button[type=submit]').click();
        await page.locator('#visitor-cuil-error', { hasText: 'This CUIL is not valid' }).waitFor();
        assert.equal(await countRows(server, 'envelope'), before, 'the page refused it: nothing was sent');
        mkdirSync('test-results', { recursive: true });
        await page.screenshot({ path: 'test-results/direct-link-wrong-cuil.png' });

        await page.locator('#visitor-cuil').fill('27-00000000-6');
        await page.locator('form.visitor-form button[type=submit]', { hasText: 'Send me a code' }).click();
        // Nothing is made until the code mailed to the visitor's address is typed.
        await page.locator('#visitor-code').waitFor();
        await page.getByText('We sent a 6-digit code to carla@example.com').waitFor();
        assert.equal(await countRows(server, 'envelope'), before, 'asking for a code made nothing');
        const code = await mailedCode('carla@example.com');
        await page.locator('#visitor-code').fill(code === '000000' ? '111111' : '000000');
        await page.locator('form.visitor-form button[type=submit]').click();
        await page.locator('#visitor-code-error', { hasText: 'This code is not right' }).waitFor();
        assert.equal(await countRows(server, 'envelope'), before, 'a wrong code made nothing');
        await page.screenshot({ path: 'test-results/direct-link-code.png' });
        await page.locator('#visitor-code').fill(code);
        await page.locator('form.visitor-form button[type=submit]', { hasText: 'Continue to the document' }).click();
        await page.waitForURL(/\/sign\//);
        await page.locator('.page canvas').first().waitFor();
        await page.locator('.field[aria-label^="Domicilio"]').click();
        await page.locator('#field-input').fill('Av. Corrientes 1234');
        await page.locator('dialog button[type=submit]').click();
        await page.locator('.field.filled', { hasText: 'Av. Corrientes 1234' }).waitFor();
        await page.locator('#next-field').click();
        const pad = page.locator('canvas.signature-pad');
        await pad.waitFor();
        const box = (await pad.boundingBox())!;
        await page.mouse.move(box.x + 20, box.y + box.height / 2);
        await page.mouse.down();
        for (let i = 1; i <= 12; i++)
          await page.mouse.move(box.x + 20 + i * 18, box.y + box.height / 2 + (i % 2 ? -25 : 25));
        await page.mouse.up();
        await page.locator('dialog button[type=submit]').click();
        await page.locator('.field.filled img.signature-image').waitFor();
        await page.locator('#complete').click();
        await page.locator('#consent-agree').check();
        await page.locator('dialog button[type=submit]').click();
        await page.getByRole('heading', { name: 'You have signed the document' }).waitFor();
        await page.screenshot({ path: 'test-results/direct-link-done.png' });

        const listed = await server.api.get(`/api/v2/envelope?templateId=${t.templateId}`);
        assert.equal(listed.body.data.length, 1);
        const doc = (await server.api.get(`/api/v2/envelope/${listed.body.data[0].id as string}`)).body;
        assert.equal(doc.source, 'TEMPLATE_DIRECT_LINK');
        const carla = doc.recipients.find((r: { email: string }) => r.email === 'carla@example.com');
        assert.equal(carla.signingStatus, 'SIGNED');
        assert.equal(carla.name, 'Carla Gómez');
        const landlord = doc.recipients.find((r: { email: string }) => r.email === 'landlord@example.com');
        assert.equal((await signAll(server.anon, landlord.token)).status, 200);
        const [completed] = await receiver.waitFor((w) => w.body.event === 'DOCUMENT_COMPLETED', 1, 30_000);
        assert.equal(completed!.body.payload.envelopeId, doc.id);
        assert.deepEqual(problems, [], 'no script error, CSP violation, foreign request or leaked token');
      } finally {
        await context.close();
        await receiver.close();
      }
    });

    test('an embedded direct link (`?embed=1`) has no header and continues on the embedded signing page', async () => {
      const t = await createDirectTemplate(server.api);
      const link = await server.api.post('/api/v2/template/direct/create', {
        json: { templateId: t.templateId, directRecipientId: t.client },
      });
      const context = await browser.newContext({ locale: 'en-US' });
      const page = await context.newPage();
      try {
        await page.goto(`${server.url}/d/${link.body.token as string}?embed=1`);
        assert.equal(await page.locator('html').getAttribute('class'), 'embed');
        await page.locator('#visitor-name').fill('Dana Ruiz');
        await page.locator('#visitor-email').fill('dana@example.com');
        await page.locator('#visitor-cuil').fill('27-00000000-6');
        await page.locator('form.visitor-form button[type=submit]').click();
        await page.locator('#visitor-code').fill(await mailedCode('dana@example.com'));
        await page.locator('form.visitor-form button[type=submit]').click();
        await page.waitForURL(/\/sign\/[^?]+\?embed=1$/);
        await page.locator('.page canvas').first().waitFor();
        assert.equal(await page.locator('html').getAttribute('class'), 'embed');
      } finally {
        await context.close();
      }
    });

    test('a disabled and an unknown link show a clear page', async () => {
      const t = await createDirectTemplate(server.api);
      const link = await server.api.post('/api/v2/template/direct/create', {
        json: { templateId: t.templateId, directRecipientId: t.client },
      });
      await server.api.post('/api/v2/template/direct/toggle', { json: { templateId: t.templateId, enabled: false } });
      const context = await browser.newContext({ locale: 'es-AR', extraHTTPHeaders: { 'accept-language': 'es-AR' } });
      const page = await context.newPage();
      const disabled = await page.goto(`${server.url}/d/${link.body.token as string}`);
      assert.equal(disabled?.status(), 410);
      await page.getByRole('heading', { name: 'Este enlace está desactivado' }).waitFor();
      const unknown = await page.goto(`${server.url}/d/${'x'.repeat(43)}`);
      assert.equal(unknown?.status(), 404);
      await page.getByRole('heading', { name: 'Este enlace no es válido' }).waitFor();
      await context.close();
    });
  },
);
