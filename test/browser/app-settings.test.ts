import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { chromium, type Browser, type Page } from 'playwright-core';
import { defaultPlatformId, firstAdmin, joinPlatform, STRONG_PASSWORD } from '../helpers/accounts.js';
import { describeOrSkip } from '../helpers/describe-or-skip.js';
import { HttpClient } from '../helpers/http-client.js';
import { recipientOf, startSmtpSink, type SmtpSink } from '../helpers/smtp-sink.js';
import { startTestServer, testDatabases, type TestServer } from '../helpers/test-server.js';
import { ensureWebApp } from '../helpers/web-app.js';
import { startReceiver } from '../helpers/webhook-receiver.js';
import { assertAccessible } from '../helpers/axe.js';

const executablePath = process.env.FIRMA_TEST_BROWSER;
const ADMIN = 'ines@firma.example';
const MEMBER = 'milo.settings@firma.example';

/**
 * Issue 37, item 3: the team settings pages in Chromium against the real server. An admin creates
 * an API token (shown once, then working), revokes it (then refused); adds a webhook to a real
 * receiver, sends a test, reads the delivery log and replays a delivery; adds a sender address
 * and verifies it with the mailed code, then removes it; a MEMBER is told the
 * pages are for admins. axe-core on each page and state, at 390 px too.
 */
for (const database of testDatabases())
  describeOrSkip(
    `the web app's team settings pages in Chromium (${database})`,
    { skip: executablePath ? false : 'set FIRMA_TEST_BROWSER to run browser tests' },
    () => {
      let server: TestServer;
      let browser: Browser;
      let page: Page;
      let receiver: Awaited<ReturnType<typeof startReceiver>>;
      let smtp: SmtpSink;
      const scriptErrors: string[] = [];

      before(async () => {
        await ensureWebApp();
        receiver = await startReceiver();
        smtp = await startSmtpSink();
        server = await startTestServer({ database, env: { SMTP_URL: smtp.url, FIRMA_JOB_POLL_MS: '100' } });
        const admin = await firstAdmin(server, ADMIN);
        await joinPlatform(server, admin, await defaultPlatformId(server), MEMBER, 'MEMBER');
        browser = await chromium.launch({
          executablePath: executablePath!,
          args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
        });
        page = await signedIn(ADMIN);
      });
      after(async () => {
        await browser?.close();
        await server?.close();
        await receiver?.close();
        await smtp?.stop();
        assert.deepEqual(scriptErrors, [], 'no script error on any page');
      });

      async function signedIn(email: string, width = 1280): Promise<Page> {
        const context = await browser.newContext({ locale: 'en-US', viewport: { width, height: 900 } });
        await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
        const opened = await context.newPage();
        opened.on('pageerror', (e) => scriptErrors.push(e.message));
        await opened.goto(`${server.url}/sign-in`);
        await opened.locator('#email').fill(email);
        await opened.locator('#password').fill(STRONG_PASSWORD);
        await opened.locator('#sign-in button[type=submit]').click();
        await opened.getByRole('heading', { level: 1 }).filter({ hasNotText: 'Sign in' }).waitFor();
        return opened;
      }
      const heading = (on: Page, name: string) => on.getByRole('heading', { level: 1, name }).waitFor();

      test('API tokens: create (shown once, copied, working), listed without it, revoked', async () => {
        await page.getByRole('link', { name: 'API tokens' }).click();
        await heading(page, 'API tokens');
        await page.getByText('The team’s tokens').waitFor();
        await assertAccessible(page, 'tokens page');
        await page.locator('#token-name').fill('Payroll export');
        await page.locator('#token-scope').selectOption('read');
        await page.locator('#token-days').fill('0');
        await page.getByRole('button', { name: 'Create the token' }).click();
        await page.getByText('Enter a whole number of days from 1 to 3650').waitFor();
        await page.locator('#token-days').fill('30');
        await page.getByRole('button', { name: 'Create the token' }).click();
        const token = (await page.locator('#new-token').textContent()) ?? '';
        assert.match(token, /^api_/);
        await page.locator('.copy-value button').click();
        assert.equal(await page.evaluate(() => navigator.clipboard.readText()), token, 'the copy button copies it');
        const row = page.locator('#tokens tbody tr', { hasText: 'Payroll export' });
        await row.getByText('Read only').waitFor();
        await assertAccessible(page, 'token created');
        assert.equal((await new HttpClient(server.url, token).get('/api/v2/webhook')).status, 200);
        await page.reload();
        await heading(page, 'API tokens');
        await row.waitFor();
        assert.ok(!(await page.content()).includes(token), 'after a reload the token is nowhere on the page');

        await row.getByRole('button', { name: 'Revoke Payroll export' }).click();
        await page.getByText('The token “Payroll export” was revoked.').waitFor();
        await row.getByText('Revoked').waitFor();
        assert.equal((await new HttpClient(server.url, token).get('/api/v2/webhook')).status, 401);
      });

      test('webhooks: add, test to a real receiver, delivery log, replay, turn off, delete', async () => {
        await page.getByRole('link', { name: 'Webhooks' }).click();
        await heading(page, 'Webhooks');
        await page.getByText('This team has no webhooks yet.').waitFor();
        await assertAccessible(page, 'webhooks page');
        await page.locator('#new-webhook-url').fill(`${receiver.url}/from-the-app`);
        await page.getByLabel('DOCUMENT_SENT').check();
        await page.getByRole('button', { name: 'Add the webhook' }).click();
        const secret = (await page.locator('#new-webhook-secret').textContent()) ?? '';
        assert.match(secret, /^whsec_/);
        const item = page.locator('article', { hasText: `${receiver.url}/from-the-app` });
        await item.waitFor();
        await assertAccessible(page, 'webhook added');

        await item.getByRole('button', { name: 'Send a test' }).click();
        await item.getByText('A test event was queued.').waitFor();
        await receiver.waitFor((w) => w.path === '/from-the-app', 1, 30_000);
        await item.getByRole('button', { name: 'Delivery log' }).click();
        const log = item.locator('table.deliveries tbody tr');
        for (let i = 0; i < 50 && !(await log.first().textContent())?.includes('Delivered'); i++) {
          await item.getByRole('button', { name: 'Refresh' }).click();
          await page.waitForTimeout(200);
        }
        await log.first().getByText('Delivered').waitFor();
        await log.first().getByText('200', { exact: true }).waitFor();
        await assertAccessible(page, 'delivery log');
        await log.first().getByRole('button', { name: 'Send again' }).click();
        await item.getByText('The delivery was queued again.').waitFor();
        await receiver.waitFor((w) => w.path === '/from-the-app', 2, 30_000);
        assert.equal(await log.count(), 2, 'the replay is in the log');

        await item.getByRole('button', { name: 'Turn off' }).click();
        await item.getByText('The webhook is off.').waitFor();
        await item.getByRole('button', { name: 'Turn on' }).waitFor();
        await item.getByRole('button', { name: 'Delete' }).click();
        await page.getByText('This team has no webhooks yet.').waitFor();
      });

      test('sender addresses: add, verify with the mailed code, remove', async () => {
        await page.getByRole('link', { name: 'Sender addresses' }).click();
        await heading(page, 'Sender addresses');
        await page.getByText('This team has no sender addresses yet.').waitFor();
        await assertAccessible(page, 'senders page');
        await page.locator('#sender-email').fill('legal@north.example');
        await page.locator('#sender-name').fill('Legal');
        await page.getByRole('button', { name: 'Add the address' }).click();
        await page.getByText('A 6-digit code was mailed to legal@north.example.').waitFor();
        const [mail] = await smtp.waitFor((m) => recipientOf(m) === 'legal@north.example');
        const code = /\b(\d{6})\b/.exec(String(mail!.text))![1]!;
        const item = page.locator('article', { hasText: 'legal@north.example' });
        await item.getByText('Waiting for the code').waitFor();
        await assertAccessible(page, 'sender waiting for its code');
        await item.getByLabel('Code mailed to legal@north.example').fill(code === '000000' ? '111111' : '000000');
        await item.getByRole('button', { name: 'Verify' }).click();
        await item.getByText('The code is not right.').waitFor();
        await item.getByLabel('Code mailed to legal@north.example').fill(code);
        await item.getByRole('button', { name: 'Verify' }).click();
        await item.getByText('Verified').waitFor();
        await item.getByRole('button', { name: 'Remove legal@north.example' }).click();
        await page.getByText('legal@north.example was removed.').waitFor();
        await page.getByText('This team has no sender addresses yet.').waitFor();
      });

      test('a MEMBER is told the settings are for admins, at phone width', async () => {
        const member = await signedIn(MEMBER, 390);
        for (const [link, title] of [
          ['/settings/tokens', 'API tokens'],
          ['/settings/webhooks', 'Webhooks'],
          ['/settings/senders', 'Sender addresses'],
        ] as const) {
          await member.goto(`${server.url}${link}`);
          await heading(member, title);
          await member.locator('#settings-admins-only').waitFor();
          assert.equal(await member.locator('form').count(), 0, 'no form for a member');
          await assertAccessible(member, `${title} for a member at 390 px`);
        }
        await member.context().close();
      });
    },
  );
