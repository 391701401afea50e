import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { Secret, TOTP } from 'otpauth';
import { chromium, type Browser, type Page } from 'playwright-core';
import { createSetupLink } from '../../src/domain/accounts/create-setup-link.js';
import { en } from '../../src/web/app/i18n/en.js';
import { defaultPlatformId, firstAdmin, STRONG_PASSWORD } from '../helpers/accounts.js';
import { describeOrSkip } from '../helpers/describe-or-skip.js';
import { createPendingDocument, typicalPayload } from '../helpers/documents.js';
import { createDirectTemplate } from '../helpers/templates.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';
import { ensureWebApp } from '../helpers/web-app.js';
import { assertAccessible } from '../helpers/axe.js';

const executablePath = process.env.FIRMA_TEST_BROWSER;
const ADMIN = 'ada@firma.example';
const TOTP_USER = 'tom@firma.example';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

/**
 * Issue 37: every page of the web app passes axe-core (WCAG 2.1 AA) at 1280 and 390 px in each of
 * its states, sign-in works with the keyboard alone, and the Spanish and Japanese pages show no
 * English, no `null`/`undefined` and no dictionary key.
 */
describeOrSkip(
  'the web app is accessible (axe-core, WCAG 2.1 AA), keyboard-only and fully translated, in Chromium',
  { skip: executablePath ? false : 'set FIRMA_TEST_BROWSER to run browser tests' },
  () => {
    let server: TestServer;
    let browser: Browser;
    let invitationUrl: string;
    let setupUrl: string;
    let template: Awaited<ReturnType<typeof createDirectTemplate>>;
    const scriptErrors: string[] = [];

    before(async () => {
      await ensureWebApp();
      server = await startTestServer({ database: 'sqlite' });
      browser = await chromium.launch({
        executablePath: executablePath!,
        args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
      });
      const admin = await firstAdmin(server, ADMIN);
      const invited = await admin.post(`/api/app/platforms/${await defaultPlatformId(server)}/invitations`, {
        json: { email: 'new@firma.example', role: 'MEMBER' },
      });
      assert.equal(invited.status, 200, JSON.stringify(invited.body));
      invitationUrl = invited.body.url as string;
      setupUrl = (await createSetupLink(server.ctx, await defaultPlatformId(server))).url;
      template = await createDirectTemplate(server.api);
      const tom = await firstAdmin(server, TOTP_USER);
      const { secret } = (await tom.post('/api/app/me/totp/setup', { json: { password: STRONG_PASSWORD } })).body;
      const code = new TOTP({ secret: Secret.fromBase32(secret as string) }).generate();
      assert.equal((await tom.post('/api/app/me/totp/enable', { json: { code } })).status, 200);
    });
    after(async () => {
      await browser?.close();
      await server?.close();
      assert.deepEqual(scriptErrors, [], 'no script error on any page');
    });

    async function open(path: string, viewport = DESKTOP, locale = 'en-US') {
      const context = await browser.newContext({ viewport, locale });
      const page = await context.newPage();
      page.on('pageerror', (e) => scriptErrors.push(e.message));
      await page.goto(path.startsWith('http') ? path : server.url + path);
      return page;
    }
    const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name }).waitFor();
    async function signIn(page: Page, email = ADMIN) {
      await page.goto(`${server.url}/sign-in`);
      await page.locator('#email').fill(email);
      await page.locator('#password').fill(STRONG_PASSWORD);
      await page.locator('#sign-in button[type=submit]').click();
    }

    for (const [width, viewport] of [
      ['1280 px', DESKTOP],
      ['390 px', PHONE],
    ] as const) {
      test(`the pages without a session, in each state, at ${width}`, async () => {
        const page = await open('/sign-in', viewport);
        await heading(page, 'Sign in');
        await assertAccessible(page, 'sign-in');
        await page.locator('#sign-in button[type=submit]').click();
        await page.locator('#email-missing').waitFor();
        await assertAccessible(page, 'sign-in, fields missing');
        await page.locator('#email').fill('nobody@firma.example');
        await page.locator('#password').fill('wrong password 1');
        await page.locator('#sign-in button[type=submit]').click();
        await page.locator('#sign-in-error').waitFor();
        await assertAccessible(page, 'sign-in, refused');

        await signIn(page, TOTP_USER);
        await page.locator('#totp-code').waitFor();
        await assertAccessible(page, 'sign-in, TOTP code');
        await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
        await page.locator('#recovery-code').fill('nope-nope');
        await page.locator('#second-factor button[type=submit]').click();
        await page.locator('#second-factor-error').waitFor();
        await assertAccessible(page, 'sign-in, recovery code refused');

        await page.goto(`${server.url}/forgot-password`);
        await heading(page, 'Reset your password');
        await assertAccessible(page, 'forgot password');
        await page.locator('#email').fill('nobody@firma.example');
        await page.locator('#forgot button[type=submit]').click();
        await page.locator('.notice-ok').waitFor();
        await assertAccessible(page, 'forgot password, sent');

        await page.goto(`${server.url}/reset-password/not-a-token`);
        await heading(page, 'Choose a new password');
        await assertAccessible(page, 'reset password');
        await page.locator('#new-password').fill('a brand new passphrase 7');
        await page.locator('#reset button[type=submit]').click();
        await page.locator('#reset-error').waitFor();
        await assertAccessible(page, 'reset password, dead link');

        await page.goto(`${server.url}/verify-email/not-a-token`);
        await page.getByRole('alert').waitFor();
        await assertAccessible(page, 'verify e-mail, dead link');

        await page.goto(setupUrl);
        await heading(page, 'Create the first administrator');
        await assertAccessible(page, 'setup');
        await page.goto(`${server.url}/setup/not-a-token`);
        await heading(page, 'This link is not valid');
        await assertAccessible(page, 'setup, dead link');

        await page.goto(invitationUrl);
        await heading(page, 'Join default');
        await assertAccessible(page, 'invitation');
        await page.goto(`${server.url}/invitations/not-a-token`);
        await heading(page, 'This link is not valid');
        await assertAccessible(page, 'invitation, dead link');
        await page.context().close();
      });

      test(`the signed-in pages, in each state, at ${width}`, async () => {
        const page = await open('/sign-in', viewport);
        await signIn(page);
        await heading(page, /Welcome/);
        await page.locator('.teams li').first().waitFor();
        await assertAccessible(page, 'home');

        await page.goto(`${server.url}/settings/account`);
        await page.locator('.session').first().waitFor();
        await assertAccessible(page, 'account');
        await page.locator('#totp-start').click();
        await page.locator('#totp-setup-password').fill(STRONG_PASSWORD);
        await page.locator('#totp-password button[type=submit]').click();
        await page.locator('#totp-secret').waitFor();
        await assertAccessible(page, 'account, TOTP setup');
        await page.locator('#totp-enable button[type=submit]').click();
        await page.locator('#totp-first-code-missing').waitFor();
        await assertAccessible(page, 'account, TOTP code missing');

        await page.goto(`${server.url}/settings/members`);
        await page.locator('td').first().waitFor();
        await assertAccessible(page, 'members');
        await page.locator('#invite-email').fill(`someone-${viewport.width}@firma.example`);
        await page.locator('#invite button[type=submit]').click();
        await page.locator('#invitation-url').waitFor();
        await assertAccessible(page, 'members, invitation made');

        await page.goto(`${server.url}/templates`);
        await page.locator('main tbody th').first().waitFor();
        await assertAccessible(page, 'templates');
        await page.goto(`${server.url}/templates/${template.envelopeId}`);
        await page.locator('#template-use-form').waitFor();
        await assertAccessible(page, 'a template');
        await page.locator('#template-use-form button[type=submit]').click();
        await page.locator(`#use-${template.client}-email-missing`).waitFor();
        await assertAccessible(page, 'a template, use form incomplete');
        await page.goto(`${server.url}/settings/profile`);
        await page.locator('#profile-slug').waitFor();
        await assertAccessible(page, 'public profile settings');
        await page.locator('#profile-slug').fill('');
        await page.locator('#profile button[type=submit]').click();
        await page.locator('#profile-slug-missing').waitFor();
        await assertAccessible(page, 'public profile settings, address missing');
        await page.goto(`${server.url}/p/no-such-team`);
        await heading(page, 'Page not found');
        await assertAccessible(page, 'unknown public profile');
        await page.context().close();
      });
    }

    test('sign-in with the keyboard alone: skip link, fields in reading order, Enter submits', async () => {
      const page = await open('/sign-in');
      await heading(page, 'Sign in');
      const focused = () =>
        page.evaluate(() => {
          const a = document.activeElement as HTMLElement | null;
          return a?.id || a?.textContent?.trim() || a?.tagName || 'body';
        });
      await page.keyboard.press('Tab');
      assert.equal(await focused(), 'Skip to content');
      await page.keyboard.press('Enter');
      assert.equal(await focused(), 'main', 'the skip link moves the focus to the content');
      await page.keyboard.press('Tab');
      assert.equal(await focused(), 'email');
      await page.keyboard.type(ADMIN);
      await page.keyboard.press('Tab');
      assert.equal(await focused(), 'password');
      await page.keyboard.type(STRONG_PASSWORD);
      await page.keyboard.press('Tab');
      assert.equal(await focused(), 'Sign in');
      await page.keyboard.press('Tab');
      assert.equal(await focused(), 'Forgot your password?');
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('Enter');
      await heading(page, /Welcome/);
      assert.equal(
        await page.evaluate(() => document.activeElement?.tagName),
        'H1',
        'the new page’s heading has the focus',
      );
      await page.context().close();
    });

    /** English sentences long enough not to be shared by accident with another language. */
    const ENGLISH = Object.values(en).filter((text) => text.length > 12 && !text.includes('firma user invite'));

    for (const [locale, lang] of [
      ['es-ES', 'es'],
      ['ja-JP', 'ja'],
    ] as const)
      test(`in ${lang}: no English, no null/undefined, no dictionary key on the pages`, async () => {
        const page = await open('/sign-in', DESKTOP, locale);
        await page.locator('#sign-in').waitFor();
        assert.equal(await page.evaluate(() => document.documentElement.lang), lang);
        const check = async (state: string) => {
          const text = await page.locator('main').innerText();
          const title = await page.title();
          for (const sentence of ENGLISH) assert.ok(!text.includes(sentence), `${state}: English “${sentence}”`);
          assert.ok(!/\b(undefined|null|NaN)\b|err_|\{\w+\}/.test(text + title), `${state}: ${text}`);
        };
        await check('sign-in');
        await page.locator('#sign-in button[type=submit]').click();
        await page.locator('#email-missing').waitFor();
        await page.locator('#email').fill(ADMIN);
        await page.locator('#password').fill('wrong password 1');
        await page.locator('#sign-in button[type=submit]').click();
        await page.locator('#sign-in-error').waitFor();
        await check('sign-in, refused');
        await page.locator('#password').fill(STRONG_PASSWORD);
        await page.locator('#sign-in button[type=submit]').click();
        await page.locator('.teams li').first().waitFor();
        await check('home');
        const nav = await page.getByRole('navigation').innerText();
        for (const word of [en.navHome, en.navMembers, en.navAccount]) assert.ok(!nav.includes(word), `nav: ${word}`);
        await page.goto(`${server.url}/settings/account`);
        await page.locator('.session').first().waitFor();
        await check('account');
        await page.goto(`${server.url}/settings/members`);
        await page.locator('td').first().waitFor();
        await check('members');
        const { envelopeId } = await createPendingDocument(
          server.api,
          typicalPayload({ title: `Contrato ${lang}` }),
          {},
        );
        await page.goto(`${server.url}/documents`);
        await page.getByRole('link', { name: `Contrato ${lang}` }).waitFor();
        await check('documents');
        await page.goto(`${server.url}/documents/new`);
        await page.locator('#nd-file').waitFor();
        await check('new document');
        await page.goto(`${server.url}/documents/${envelopeId}`);
        await page.locator('ol.timeline li').first().waitFor();
        await check('a document');
        await page.goto(`${server.url}/templates`);
        await page.locator('main tbody th').first().waitFor();
        await check('templates');
        await page.goto(`${server.url}/templates/${template.envelopeId}`);
        await page.locator('#template-use-form').waitFor();
        await check('a template');
        await page.locator('#bulk-send-file').setInputFiles({
          name: 'rows.csv',
          mimeType: 'text/csv',
          buffer: Buffer.from('who,what\r\na,b\r\n'),
        });
        await page.locator('#bulk-send-file').locator('xpath=ancestor::form').locator('button[type=submit]').click();
        await page.locator('#bulk-send-error').waitFor();
        await check('a template, CSV refused');
        await page.goto(`${server.url}/settings/profile`);
        await page.locator('#profile-slug').fill(`equipo-${lang}`);
        await page.locator('#profile-name').fill('Equipo');
        await page.locator('#profile-enabled').check();
        await page.locator('#profile button[type=submit]').click();
        await page.locator('#profile-url').waitFor();
        await check('public profile settings, saved');
        await page.goto(`${server.url}/p/equipo-${lang}`);
        await page.locator('#public-templates').waitFor();
        await check('public profile');
        await page.goto(`${server.url}/forgot-password`);
        await page.locator('#forgot').waitFor();
        await check('forgot password');
        await page.goto(invitationUrl);
        await page.locator('main h1').waitFor();
        await check('invitation');
        await page.context().close();
      });
  },
);
