import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { chromium, type Browser, type Page } from 'playwright-core';
import { firstAdmin, STRONG_PASSWORD } from '../helpers/accounts.js';
import { assertAccessible } from '../helpers/axe.js';
import { describeOrSkip } from '../helpers/describe-or-skip.js';
import { startTestServer, testDatabases, type TestServer } from '../helpers/test-server.js';
import { ensureWebApp } from '../helpers/web-app.js';

const executablePath = process.env.FIRMA_TEST_BROWSER;
const ADMIN = 'pia@firma.example';

/**
 * Issue 37, item 1: passkeys for a person's own sign-in, in the web app, with Chromium's virtual
 * authenticator (the DevTools protocol's WebAuthn domain): one added in account settings, used on
 * the sign-in page instead of the password, removed with the password again; after that the
 * authenticator's leftover credential signs nobody in, and the page says so in words. The server
 * answers on `localhost`: WebAuthn refuses an IP address as the site's identity.
 */
for (const database of testDatabases())
  describeOrSkip(
    `the web app's passkeys in Chromium (${database})`,
    { skip: executablePath ? false : 'set FIRMA_TEST_BROWSER to run browser tests' },
    () => {
      let server: TestServer;
      let browser: Browser;
      let base: string;
      before(async () => {
        await ensureWebApp();
        server = await startTestServer({ database });
        base = server.url.replace('127.0.0.1', 'localhost');
        server.ctx.config.publicUrl = base;
        await firstAdmin(server, ADMIN);
        browser = await chromium.launch({
          executablePath: executablePath!,
          args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
        });
      });
      after(async () => {
        await browser?.close();
        await server?.close();
      });

      const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name }).waitFor();

      test('add a passkey in account settings, sign in with it, remove it; a removed one signs nobody in', async () => {
        const context = await browser.newContext({ locale: 'en-US', viewport: { width: 390, height: 844 } });
        const page = await context.newPage();
        const scriptErrors: string[] = [];
        page.on('pageerror', (e) => scriptErrors.push(e.message));
        const cdp = await context.newCDPSession(page);
        await cdp.send('WebAuthn.enable');
        const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
          options: {
            protocol: 'ctap2',
            transport: 'internal',
            hasResidentKey: true,
            hasUserVerification: true,
            isUserVerified: true,
            automaticPresenceSimulation: true,
          },
        });

        await page.goto(`${base}/sign-in`);
        await heading(page, 'Sign in');
        assert.equal(await page.locator('#oidc-sign-in').count(), 0, 'no single sign-on when none is configured');
        await page.locator('#passkey-sign-in').waitFor();
        await assertAccessible(page, 'sign-in with the passkey button, 390 px');
        await page.locator('#email').fill(ADMIN);
        await page.locator('#password').fill(STRONG_PASSWORD);
        await page.locator('#sign-in button[type=submit]').click();
        await heading(page, 'Welcome, Ada Admin');

        await page.goto(`${base}/settings/account`);
        await heading(page, 'Account settings');
        await page.getByText('No passkey yet.').waitFor();
        await page.locator('#passkey-start').click();
        await page.locator('#passkey-password').fill('not the password 1');
        await page.locator('#passkey-name').fill('Work phone');
        await page.locator('#passkey-add button[type=submit]').click();
        await page.locator('#passkey-add-error', { hasText: 'The password is wrong.' }).waitFor();
        await page.locator('#passkey-password').fill(STRONG_PASSWORD);
        await page.locator('#passkey-add button[type=submit]').click();
        await page.getByText('The passkey was added.').waitFor();
        await page
          .locator('.passkey-list li', { hasText: 'Work phone' })
          .getByText(/last used never/)
          .waitFor();
        await assertAccessible(page, 'account settings with a passkey, 390 px');
        const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
        assert.equal(credentials.length, 1, 'the authenticator holds the new passkey');

        await page.locator('#sign-out').click();
        await heading(page, 'Sign in');
        await page.locator('#passkey-sign-in').click();
        await heading(page, 'Welcome, Ada Admin');

        await page.goto(`${base}/settings/account`);
        await page
          .locator('.passkey-list li', { hasText: 'Work phone' })
          .getByText(/last used \d/)
          .waitFor();
        await page.getByRole('button', { name: 'Remove the passkey Work phone' }).click();
        await page.locator('#passkey-remove-password').fill(STRONG_PASSWORD);
        await page.locator('#passkey-remove button[type=submit]').click();
        await page.getByText('The passkey was removed.').waitFor();
        await page.getByText('No passkey yet.').waitFor();

        // The authenticator still offers its credential; the server no longer knows it.
        await page.locator('#sign-out').click();
        await heading(page, 'Sign in');
        await page.locator('#passkey-sign-in').click();
        await page
          .locator('#passkey-sign-in-error', { hasText: 'This passkey could not sign you in. Use your password' })
          .waitFor();
        await assertAccessible(page, 'sign-in after a refused passkey, 390 px');
        assert.deepEqual(scriptErrors, [], 'no script error');
        await context.close();
      });
    },
  );
