import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { chromium, type Browser, type Page } from 'playwright-core';
import { setPlatformSenderNameByName } from '../../src/db/repositories/platform.repo.js';
import { firstAdmin, STRONG_PASSWORD } from '../helpers/accounts.js';
import { assertAccessible } from '../helpers/axe.js';
import { describeOrSkip } from '../helpers/describe-or-skip.js';
import { createPendingDocument } from '../helpers/documents.js';
import { startTestServer, testDatabases, type TestServer } from '../helpers/test-server.js';
import { ensureWebApp } from '../helpers/web-app.js';
import { LOGO_PNG } from '../support/brand-fixtures.js';

const executablePath = process.env.FIRMA_TEST_BROWSER;
const ADMIN = 'bea.brand@firma.example';

/**
 * Issue 37, item 3: the branding settings page in Chromium against the real server, by keyboard:
 * a colour too light is refused with the reason, a readable one is saved, a logo chosen and
 * uploaded; axe-core at 390 px and at desktop width. Then the team's signing page shows the logo
 * and the colour on its buttons, and another team's signing page shows neither.
 */
for (const database of testDatabases())
  describeOrSkip(
    `the branding settings and the branded signing page in Chromium (${database})`,
    { skip: executablePath ? false : 'set FIRMA_TEST_BROWSER to run browser tests' },
    () => {
      let server: TestServer;
      let browser: Browser;
      const scriptErrors: string[] = [];

      before(async () => {
        await ensureWebApp();
        server = await startTestServer({ database });
        await firstAdmin(server, ADMIN);
        browser = await chromium.launch({
          executablePath: executablePath!,
          args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
        });
      });
      after(async () => {
        await browser?.close();
        await server?.close();
        assert.deepEqual(scriptErrors, [], 'no script error on any page');
      });

      async function newPage(width: number): Promise<Page> {
        const context = await browser.newContext({ locale: 'en-US', viewport: { width, height: 900 } });
        const opened = await context.newPage();
        opened.on('pageerror', (e) => scriptErrors.push(e.message));
        return opened;
      }
      async function signedIn(width: number): Promise<Page> {
        const page = await newPage(width);
        await page.goto(`${server.url}/sign-in`);
        await page.locator('#email').fill(ADMIN);
        await page.locator('#password').fill(STRONG_PASSWORD);
        await page.keyboard.press('Enter');
        await page.getByRole('heading', { level: 1 }).filter({ hasNotText: 'Sign in' }).waitFor();
        return page;
      }
      const backgroundOf = (page: Page, selector: string) =>
        page.locator(selector).evaluate((el) => getComputedStyle(el).backgroundColor);

      test('an admin sets the colour and the logo by keyboard; the page is accessible at 390 px and desktop', async () => {
        const page = await signedIn(390);
        await page.goto(`${server.url}/settings/branding`);
        await page.getByRole('heading', { level: 1, name: 'Branding' }).waitFor();
        await page.getByText('No logo yet.').waitFor();
        await assertAccessible(page, 'branding page, nothing set, 390 px');

        const color = page.locator('#brand-color');
        await color.focus();
        await page.keyboard.type('#ffcc00');
        await page.getByText(/Contrast with white: 1\.\d\d:1\. That is too low/).waitFor();
        await page.keyboard.press('Enter');
        await page.getByRole('alert').filter({ hasText: 'White text is not readable enough' }).waitFor();
        await assertAccessible(page, 'branding page, a colour refused, 390 px');

        await page.keyboard.press('ControlOrMeta+a');
        await page.keyboard.type('#0b5cad');
        await page.getByText(/Contrast with white: \d\.\d\d:1\.$/).waitFor();
        await page.keyboard.press('Enter');
        await page.getByRole('status').filter({ hasText: 'Colour saved.' }).waitFor();
        assert.equal(await backgroundOf(page, '.brand-preview-button'), 'rgb(11, 92, 173)', 'the preview takes it');

        // The file input, reached with Tab and opened with Space; then Tab to the upload button.
        const file = join(server.dataDir, 'logo.png');
        writeFileSync(file, LOGO_PNG);
        await page.locator('#brand-color-form button[type=submit]').focus();
        for (
          let i = 0;
          i < 5 && !(await page.locator('#brand-logo-file').evaluate((el) => el === document.activeElement));
          i++
        )
          await page.keyboard.press('Tab');
        assert.equal(
          await page.evaluate(() => document.activeElement?.id),
          'brand-logo-file',
          'Tab reaches the file input',
        );
        const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.keyboard.press('Space')]);
        await chooser.setFiles(file);
        await page.keyboard.press('Tab');
        assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Upload the logo');
        await page.keyboard.press('Enter');
        await page.getByRole('status').filter({ hasText: 'Logo saved.' }).waitFor();
        const logo = page.getByRole('img', { name: 'The team’s current logo' });
        await logo.waitFor();
        assert.ok(await logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth === 160));
        await assertAccessible(page, 'branding page, colour and logo set, 390 px');

        const desktop = await signedIn(1280);
        await desktop.getByRole('link', { name: 'Branding' }).click();
        await desktop.getByRole('img', { name: 'The team’s current logo' }).waitFor();
        assert.equal(await desktop.locator('#brand-color').inputValue(), '#0b5cad');
        await assertAccessible(desktop, 'branding page, desktop');
      });

      test('the team’s signing page shows the logo and the colour; another team’s shows neither', async () => {
        // The name the mails give as sender is the logo's text (the bootstrap platform has none of its own).
        assert.ok(await setPlatformSenderNameByName(server.ctx.db, 'default', 'Estudio Norte'));
        const branded = await createPendingDocument(server.api);
        const page = await newPage(390);
        await page.goto(branded.urls.get('ana@example.com')!);
        await page.locator('#complete').waitFor();
        const logo = page.locator('header.team-brand img');
        assert.ok(await logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth === 160));
        assert.equal(await logo.getAttribute('alt'), 'Estudio Norte', 'the logo says whose it is');
        assert.equal(await backgroundOf(page, '#complete'), 'rgb(11, 92, 173)');
        await page.locator('.page canvas').first().waitFor();
        await assertAccessible(page, 'branded signing page, 390 px');

        const other = await server.newPlatform();
        const plain = await createPendingDocument(other);
        const otherPage = await newPage(1280);
        await otherPage.goto(plain.urls.get('ana@example.com')!);
        await otherPage.locator('#complete').waitFor();
        assert.equal(await otherPage.locator('.team-brand').count(), 0);
        assert.equal(await backgroundOf(otherPage, '#complete'), 'rgb(29, 78, 216)', 'Firma’s own blue');
      });
    },
  );
