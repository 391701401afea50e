import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { Secret, TOTP } from 'otpauth';
import { chromium, type Browser, type Page } from 'playwright-core';
import { createSetupLink } from '../../src/domain/accounts/create-setup-link.js';
import { inviteMemberAsOperator } from '../../src/domain/accounts/invite-member.js';
import { createPlatform } from '../../src/domain/platforms/create-platform.js';
import { defaultPlatformId, STRONG_PASSWORD } from '../helpers/accounts.js';
import { describeOrSkip } from '../helpers/describe-or-skip.js';
import { startSmtpSink, type SmtpSink } from '../helpers/smtp-sink.js';
import { decodeQrSvg } from '../support/qr-decode.js';
import { startTestServer, testDatabases, type TestServer } from '../helpers/test-server.js';
import { ensureWebApp } from '../helpers/web-app.js';

const executablePath = process.env.FIRMA_TEST_BROWSER;
const ADMIN = 'ada@firma.example';
const MEMBER = 'mia@firma.example';

const totpCode = (secret: string, at: number) =>
  new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({ timestamp: at });

/**
 * Issue 37: the web app's account pages driven in Chromium against the real server: the setup
 * link, signing in and out, TOTP with its recovery codes, an invitation accepted in another
 * browser, revoking another browser's session, and the mailed reset and verification links.
 */
for (const database of testDatabases())
  describeOrSkip(
    `the web app's account pages in Chromium (${database})`,
    { skip: executablePath ? false : 'set FIRMA_TEST_BROWSER to run browser tests' },
    () => {
      let server: TestServer;
      let browser: Browser;
      let smtp: SmtpSink;
      const scriptErrors: string[] = [];
      /** The admin's recovery codes once the TOTP test turned TOTP on (the tests run in order). */
      let recoveryCodes: string[] = [];

      before(async () => {
        await ensureWebApp();
        smtp = await startSmtpSink();
        server = await startTestServer({
          database,
          env: { SMTP_URL: smtp.url, FIRMA_JOB_POLL_MS: '100', FIRMA_SIGN_IN_LOCKOUT_AFTER: '3' },
        });
        browser = await chromium.launch({
          executablePath: executablePath!,
          args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
        });
      });
      after(async () => {
        await browser?.close();
        await server?.close();
        await smtp?.stop();
        assert.deepEqual(scriptErrors, [], 'no script error on any page');
      });

      async function newPage(locale = 'en-US'): Promise<Page> {
        const context = await browser.newContext({ locale, viewport: { width: 1280, height: 900 } });
        const page = await context.newPage();
        page.on('pageerror', (e) => scriptErrors.push(e.message));
        return page;
      }
      const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name }).waitFor();
      async function signIn(page: Page, email: string, password = STRONG_PASSWORD) {
        await page.goto(`${server.url}/sign-in`);
        await page.locator('#email').fill(email);
        await page.locator('#password').fill(password);
        await page.locator('#sign-in button[type=submit]').click();
      }
      async function signOut(page: Page) {
        await page.locator('#sign-out').click();
        await heading(page, 'Sign in');
      }
      const mailTo = async (email: string, path: string) => {
        const [mail] = await smtp.waitFor(
          (m) => JSON.stringify(m.to).includes(email) && String(m.text).includes(`/${path}/`),
        );
        const found = new RegExp(`https?://\\S+/${path}/[A-Za-z0-9_-]+`).exec(String(mail!.text));
        assert.ok(found, `a ${path} link in the mail`);
        return found[0];
      };

      test('the setup link creates the administrator, signed in; sign out; sign in; wrong passwords and lockout in words', async () => {
        const { url } = await createSetupLink(server.ctx, await defaultPlatformId(server));
        const page = await newPage();
        await page.goto(url);
        await heading(page, 'Create the first administrator');
        assert.equal(await page.title(), 'Create the first administrator · Firma');
        await page.locator('#setup button[type=submit]').click();
        await page.locator('#name-missing', { hasText: 'Fill in this field.' }).waitFor();
        assert.equal(await page.locator('#name').getAttribute('aria-invalid'), 'true');
        assert.equal(await page.evaluate(() => document.activeElement?.id), 'name', 'the first empty field is focused');
        await page.locator('#name').fill('Ada Admin');
        await page.locator('#email').fill(ADMIN);
        await page.locator('#new-password').fill('short');
        await page.locator('#setup button[type=submit]').click();
        await page.locator('#setup-error', { hasText: 'This password is too weak' }).waitFor();
        await page.locator('#new-password').fill(STRONG_PASSWORD);
        await page.locator('#setup button[type=submit]').click();
        await heading(page, 'Welcome, Ada Admin');
        assert.equal(new URL(page.url()).pathname, '/');
        await page.getByText('Your e-mail address is not confirmed yet.').waitFor();
        await page.locator('.teams li', { hasText: 'default' }).getByText('Administrator').waitFor();
        assert.equal((await page.goto(url))!.status(), 404, 'the link works once');
        await heading(page, 'This link is not valid');

        await page.goto(`${server.url}/`);
        await heading(page, 'Welcome, Ada Admin');
        await signOut(page);
        await page.goto(`${server.url}/settings/account`);
        await heading(page, 'Sign in');
        assert.equal(new URL(page.url()).searchParams.get('next'), '/settings/account');

        await page.locator('#email').fill(ADMIN);
        await page.locator('#password').fill('not the password');
        await page.locator('#sign-in button[type=submit]').click();
        await page.locator('#sign-in-error', { hasText: 'The e-mail address or the password is wrong.' }).waitFor();
        await page.locator('#password').fill(STRONG_PASSWORD);
        await page.locator('#sign-in button[type=submit]').click();
        await heading(page, 'Account settings');

        const stranger = await newPage();
        for (let i = 0; i < 3; i++) await signIn(stranger, 'nobody@firma.example', 'wrong password 1');
        await stranger.locator('#sign-in-error', { hasText: 'The e-mail address or the password is wrong.' }).waitFor();
        await signIn(stranger, 'nobody@firma.example', 'wrong password 1');
        await stranger
          .locator('#sign-in-error', {
            hasText: /Too many failed attempts for this address\. Try again in \d+ seconds\./,
          })
          .waitFor();
        await stranger.context().close();
        await page.context().close();
      });

      test('TOTP: set up and turned on with the recovery codes shown once; sign-in asks for the code; a recovery code works once', async () => {
        const page = await newPage();
        await signIn(page, ADMIN);
        await heading(page, 'Welcome, Ada Admin');
        await page.getByRole('link', { name: 'Account' }).click();
        await heading(page, 'Account settings');
        assert.equal(
          await page.evaluate(() => document.activeElement?.tagName),
          'H1',
          'focus on the heading after navigating',
        );
        await page.locator('#totp-start').click();
        await page.locator('#totp-setup-password').fill(STRONG_PASSWORD);
        await page.locator('#totp-password button[type=submit]').click();
        const secret = (await page.locator('#totp-secret').textContent())!.trim();
        assert.match(secret, /^[A-Z2-7]{16,}$/);
        const otpauthUri = (await page.locator('#totp-uri').textContent())!.trim();
        assert.match(otpauthUri, /^otpauth:\/\/totp\//);
        const qr = page.locator('#totp-qr');
        assert.equal(
          decodeQrSvg((await qr.getAttribute('viewBox'))!, (await qr.locator('path').getAttribute('d'))!),
          otpauthUri,
          'the QR code reads back as the setup link, as a phone would scan it',
        );
        await page.locator('#totp-first-code').fill(totpCode(secret, Date.now() - 60_000 * 10));
        await page.locator('#totp-enable button[type=submit]').click();
        await page.locator('#totp-enable-error', { hasText: 'This code is wrong or was already used.' }).waitFor();
        await page.locator('#totp-first-code').fill(totpCode(secret, Date.now()));
        await page.locator('#totp-enable button[type=submit]').click();
        await page.getByText('Two-step verification is on.').waitFor();
        const codes = await page.locator('.recovery-codes code').allTextContents();
        assert.equal(codes.length, 10);
        recoveryCodes = codes;

        await signOut(page);
        await signIn(page, ADMIN);
        await page.locator('#totp-code').waitFor();
        assert.equal(await page.evaluate(() => document.activeElement?.id), 'totp-code');
        const now = totpCode(secret, Date.now());
        await page.locator('#totp-code').fill(now === '123456' ? '654321' : '123456');
        await page.locator('#second-factor button[type=submit]').click();
        await page.locator('#second-factor-error', { hasText: 'This code is wrong or was already used.' }).waitFor();
        // The step after the one that turned TOTP on (a code is accepted one step early, never twice).
        await page.locator('#totp-code').fill(totpCode(secret, Date.now() + 30_000));
        await page.locator('#second-factor button[type=submit]').click();
        await heading(page, 'Welcome, Ada Admin');

        let signedIn = true;
        for (const [code, works] of [
          [codes[0]!, true],
          [codes[0]!, false],
          [codes[1]!, true],
        ] as const) {
          if (signedIn) await signOut(page);
          signedIn = works;
          await signIn(page, ADMIN);
          await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
          await page.locator('#recovery-code').fill(code);
          await page.locator('#second-factor button[type=submit]').click();
          if (works) await heading(page, 'Welcome, Ada Admin');
          else
            await page
              .locator('#second-factor-error', { hasText: 'This code is wrong or was already used.' })
              .waitFor();
        }
        await page.context().close();
      });

      test('an invitation accepted in another browser; the member sees the team; revoking the other session signs it out', async () => {
        const admin = await newPage();
        await signIn(admin, ADMIN);
        await admin.getByRole('button', { name: 'Use a recovery code instead' }).click();
        await admin.locator('#recovery-code').fill(recoveryCodes[2]!);
        await admin.locator('#second-factor button[type=submit]').click();
        await heading(admin, 'Welcome, Ada Admin');
        await admin.getByRole('link', { name: 'Members' }).click();
        await heading(admin, 'Members');
        await admin.locator('td', { hasText: ADMIN }).waitFor();
        await admin.locator('#invite-email').fill(MEMBER);
        await admin.locator('#invite-role').selectOption('MEMBER');
        await admin.locator('#invite button[type=submit]').click();
        const link = (await admin.locator('#invitation-url').textContent())!.trim();
        assert.match(link, /\/invitation\/[A-Za-z0-9_-]{20,}$/);

        const mia = await newPage();
        await mia.goto(link);
        await heading(mia, 'Join default');
        await mia.getByText(`${MEMBER} is invited to join default as Member.`).waitFor();
        await mia.locator('#name').fill('Mia Member');
        await mia.locator('#new-password').fill(STRONG_PASSWORD);
        await mia.locator('#accept button[type=submit]').click();
        await heading(mia, 'Welcome, Mia Member');
        await mia.locator('.teams li', { hasText: 'default' }).getByText('Member').waitFor();
        await mia.getByRole('link', { name: 'Members' }).click();
        await mia.locator('td', { hasText: MEMBER }).waitFor();
        assert.equal(await mia.locator('#invite').count(), 0, 'a member invites nobody');
        await admin.reload();
        await admin.locator('td', { hasText: MEMBER }).waitFor();

        const elsewhere = await newPage();
        await signIn(elsewhere, MEMBER);
        await heading(elsewhere, 'Welcome, Mia Member');
        await mia.getByRole('link', { name: 'Account' }).click();
        await mia.locator('.session').nth(1).waitFor();
        assert.equal(await mia.locator('.session').count(), 2);
        await mia.locator('#revoke-others').click();
        await mia.getByText('Other sessions signed out: 1.').waitFor();
        await mia.locator('.session').nth(1).waitFor({ state: 'detached' });

        await elsewhere.getByRole('link', { name: 'Account' }).click();
        await heading(elsewhere, 'Sign in');
        await elsewhere.reload();
        await heading(elsewhere, 'Sign in');
        await Promise.all([admin, mia, elsewhere].map((p) => p.context().close()));
      });

      test('forgot and reset password through the mailed link; the verification link confirms the address', async () => {
        const page = await newPage();
        await page.goto(`${server.url}/sign-in`);
        await page.getByRole('link', { name: 'Forgot your password?' }).click();
        await heading(page, 'Reset your password');
        await page.locator('#email').fill(MEMBER);
        await page.locator('#forgot button[type=submit]').click();
        await page.getByText('If an account has this address, a link is on its way.', { exact: false }).waitFor();

        await page.goto(await mailTo(MEMBER, 'reset-password'));
        await heading(page, 'Choose a new password');
        await page.locator('#new-password').fill('a brand new passphrase 7');
        await page.locator('#reset button[type=submit]').click();
        await page.getByText('Your password is changed', { exact: false }).waitFor();
        await signIn(page, MEMBER, 'a brand new passphrase 7');
        await heading(page, 'Welcome, Mia Member');

        // An address with an account joins another team from its own session only, and lands in it.
        await createPlatform(server.ctx, { name: 'acme' });
        const { url } = await inviteMemberAsOperator(server.ctx, 'acme', { email: MEMBER, role: 'MANAGER' });
        const fresh = await newPage();
        await fresh.goto(url);
        await heading(fresh, 'Join acme');
        await fresh.getByText(`This address already has an account. Sign in as ${MEMBER}`, { exact: false }).waitFor();
        await fresh.getByRole('link', { name: 'Sign in' }).click();
        await fresh.locator('#email').fill(MEMBER);
        await fresh.locator('#password').fill('a brand new passphrase 7');
        await fresh.locator('#sign-in button[type=submit]').click();
        await heading(fresh, 'Join acme');
        await fresh.locator('#accept button[type=submit]').click();
        await fresh.locator('.teams li', { hasText: 'acme' }).getByText('Manager').waitFor();
        await fresh.getByRole('link', { name: 'Members' }).click();
        await fresh.locator('#team-picker').selectOption({ label: 'acme' });
        await fresh.locator('#members-of', { hasText: 'acme' }).waitFor();
        await fresh.locator('td', { hasText: MEMBER }).waitFor();
        assert.deepEqual(await fresh.locator('#invite-role option').allTextContents(), ['Manager', 'Member']);
        await fresh.context().close();

        // The administrator's address (made by the setup link) is confirmed by its mailed link, signed in or not.
        const verify = await mailTo(ADMIN, 'verify-email');
        await page.goto(verify);
        await page.getByText(`Your e-mail address ${ADMIN} is confirmed.`).waitFor();
        await page.goto(verify);
        await page.getByRole('alert').getByText('This link is wrong, was already used, or has expired.').waitFor();

        await page.goto(await mailTo(MEMBER, 'reset-password'));
        await page.locator('#new-password').fill('another new passphrase 8');
        await page.locator('#reset button[type=submit]').click();
        await page
          .locator('#reset-error', { hasText: 'This link is wrong, was already used, or has expired.' })
          .waitFor();
        await page.context().close();
      });
    },
  );
