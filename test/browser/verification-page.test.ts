import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { sql } from 'kysely';
import { chromium, type Browser, type Page } from 'playwright-core';
import { describeOrSkip } from '../helpers/describe-or-skip.js';
import { createPendingDocument, typicalPayload } from '../helpers/documents.js';
import { valueFor, tokenOf } from '../helpers/signing.js';
import { recipientOf, startSmtpSink, type SmtpSink } from '../helpers/smtp-sink.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';

const executablePath = process.env.FIRMA_TEST_BROWSER;

/**
 * Verification on the signing page (verify.js): the code step before the document, with the code
 * read from the mail sink, and the access-code dialog before completing.
 */
describeOrSkip(
  'recipient verification on the signing page in Chromium',
  { skip: executablePath ? false : 'set FIRMA_TEST_BROWSER to run browser tests' },
  () => {
    let server: TestServer;
    let browser: Browser;
    let smtp: SmtpSink;
    const isCodeMail = (m: Parameters<typeof recipientOf>[0] & { subject?: string }) =>
      recipientOf(m) === 'ana@example.com' && /verification code/i.test(String(m.subject));

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

    test('OTP before the document (code from the mail), access code before signing', async () => {
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
      const { urls, documentId } = await createPendingDocument(server.api, payload);
      const url = urls.get('ana@example.com')!;
      const context = await browser.newContext({ locale: 'en-US' });
      const page = await context.newPage();
      const scriptErrors: string[] = [];
      page.on('pageerror', (e) => scriptErrors.push(e.message));
      await page.goto(url);

      await page.locator('#verify-access').waitFor();
      assert.equal(await page.locator('.page canvas').count(), 0, 'nothing of the document before verifying');
      await page.locator('#verify-send-code').click();
      const [mail] = await smtp.waitFor(
        (m) => recipientOf(m) === 'ana@example.com' && /verification code/i.test(String(m.subject)),
      );
      const code = /code: (\d{6})/.exec(String(mail!.text))![1]!;
      await page.locator('#verify-code').fill(code === '000000' ? '111111' : '000000');
      await page.locator('#verify-submit-code').click();
      await page.locator('#verify-error-access', { hasText: 'The code is not right' }).waitFor();
      await page.locator('#verify-code').fill(code);
      await page.locator('#verify-submit-code').click();
      await page.locator('.page canvas').first().waitFor();

      // The pass is this browser's: an HttpOnly, SameSite=Strict cookie for the API. Another
      // caller holding the link is refused; the cookie's holder gets through.
      const token = tokenOf(url);
      assert.equal((await server.anon.get(`/api/v2/signing/${token}`)).status, 403);
      const [kept] = (await context.cookies()).filter((c) => c.name.startsWith('firma_v_'));
      assert.ok(kept, 'the browser keeps its verification');
      assert.deepEqual([kept.httpOnly, kept.sameSite, kept.path], [true, 'Strict', '/api/']);
      const headers = { cookie: `${kept.name}=${kept.value}` };
      const view = await server.anon.get(`/api/v2/signing/${token}`, { headers });
      assert.equal(view.status, 200);
      for (const f of view.body.fields)
        assert.equal(
          (await server.anon.post(`/api/v2/signing/${token}/field/${f.id}`, { json: valueFor(f), headers })).status,
          200,
        );
      // A reload keeps it: the document, no code asked again.
      await page.reload();
      await page.locator('.page canvas').first().waitFor();
      assert.equal(await page.locator('#verify-access').count(), 0);
      await page.locator('#complete').click();
      await page.locator('#consent-agree').check();
      await page.locator('dialog button[type=submit]').click();
      await page.locator('#verify-action').waitFor();
      await page.locator('#verify-access-code').fill('wrong-code');
      await page.locator('#verify-access-code-submit').click();
      await page.locator('#verify-error-action', { hasText: 'not right' }).waitFor();
      await page.locator('#verify-access-code').fill('llave-9731');
      await page.locator('#verify-access-code-submit').click();
      await page.getByRole('heading', { name: 'You have signed the document' }).waitFor();

      const doc = await server.api.get(`/api/v2/document/${documentId}`);
      assert.equal(doc.body.recipients[0].signingStatus, 'SIGNED');
      assert.deepEqual(scriptErrors, []);
      await context.close();
    });

    test('a second browser holding the same link must verify again', async () => {
      const payload = typicalPayload({
        recipients: [{ ...typicalPayload().recipients[0], accessAuth: ['TWO_FACTOR_AUTH'] }],
      });
      const { urls } = await createPendingDocument(server.api, payload);
      const url = urls.get('ana@example.com')!;
      const passCode = async (page: Page) => {
        await sql`update recipient_verification set otp_last_sent_at = null`.execute(server.ctx.db);
        const seen = smtp.messages.filter(isCodeMail).length;
        await page.locator('#verify-send-code').click();
        const mail = (await smtp.waitFor(isCodeMail, seen + 1)).at(-1)!;
        await page.locator('#verify-code').fill(/code: (\d{6})/.exec(String(mail.text))![1]!);
        await page.locator('#verify-submit-code').click();
        await page.locator('.page canvas').first().waitFor();
      };
      const first = await browser.newContext({ locale: 'en-US' });
      const firstPage = await first.newPage();
      await firstPage.goto(url);
      await firstPage.locator('#verify-access').waitFor();
      await passCode(firstPage);

      const second = await browser.newContext({ locale: 'en-US' });
      const secondPage = await second.newPage();
      await secondPage.goto(url);
      await secondPage.locator('#verify-access').waitFor();
      assert.equal(await secondPage.locator('.page canvas').count(), 0, 'nothing of the document');
      await passCode(secondPage);
      await first.close();
      await second.close();
    });
  },
);
