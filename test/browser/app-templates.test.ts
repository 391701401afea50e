import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { chromium, type Browser, type Page } from 'playwright-core';
import { defaultPlatformId, firstAdmin, STRONG_PASSWORD } from '../helpers/accounts.js';
import { nthCuil, rentalCsv } from '../helpers/bulk-send.js';
import { describeOrSkip } from '../helpers/describe-or-skip.js';
import { startSmtpSink, type SmtpSink } from '../helpers/smtp-sink.js';
import { createDirectTemplate, createRentalTemplate } from '../helpers/templates.js';
import { startTestServer, testDatabases, type TestServer } from '../helpers/test-server.js';
import { ensureWebApp } from '../helpers/web-app.js';
import { assertAccessible } from '../helpers/axe.js';

const executablePath = process.env.FIRMA_TEST_BROWSER;
const ADMIN = 'ada@firma.example';

/**
 * Issue 37, item 3: the team's templates in the web app, driven in Chromium against the real
 * server: the list and its search, a template's direct link (create, copy, turn off), a document
 * sent from it, and bulk send from a CSV whose progress reaches done and survives a reload.
 */
for (const database of testDatabases())
  describeOrSkip(
    `the web app's templates pages in Chromium (${database})`,
    { skip: executablePath ? false : 'set FIRMA_TEST_BROWSER to run browser tests' },
    () => {
      let server: TestServer;
      let browser: Browser;
      let smtp: SmtpSink;
      let page: Page;
      let team: number;
      let direct: Awaited<ReturnType<typeof createDirectTemplate>>;
      let rental: Awaited<ReturnType<typeof createRentalTemplate>>;
      const scriptErrors: string[] = [];

      before(async () => {
        await ensureWebApp();
        smtp = await startSmtpSink();
        server = await startTestServer({ database, env: { SMTP_URL: smtp.url, FIRMA_JOB_POLL_MS: '100' } });
        await firstAdmin(server, ADMIN);
        team = await defaultPlatformId(server);
        direct = await createDirectTemplate(server.api);
        rental = await createRentalTemplate(server.api, 'Rental for many');
        await createDirectTemplate(await server.newPlatform('other-team'));
        browser = await chromium.launch({
          executablePath: executablePath!,
          args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
        });
        const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 900 } });
        await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
        page = await context.newPage();
        page.on('pageerror', (e) => scriptErrors.push(e.message));
        await page.goto(`${server.url}/sign-in`);
        await page.locator('#email').fill(ADMIN);
        await page.locator('#password').fill(STRONG_PASSWORD);
        await page.locator('#sign-in button[type=submit]').click();
        await page.getByRole('heading', { level: 1, name: /Ada/ }).waitFor();
      });
      after(async () => {
        await browser?.close();
        await server?.close();
        await smtp?.stop();
        assert.deepEqual(scriptErrors, [], 'no script error on any page');
      });

      const heading = (name: string | RegExp) => page.getByRole('heading', { level: 1, name }).waitFor();
      const rowTitles = async () => page.locator('main tbody th').allTextContents();

      test('the list shows the team’s templates and searches them', async () => {
        await page.getByRole('link', { name: 'Templates', exact: true }).first().click();
        await heading('Templates');
        await page.getByRole('link', { name: 'Rental for many' }).waitFor();
        assert.deepEqual((await rowTitles()).sort(), ['Alta de cliente', 'Rental for many'], 'only this team’s');
        await assertAccessible(page, 'templates list');

        await page.locator('#templates-query').fill('rental');
        await page.getByRole('search').getByRole('button', { name: 'Search' }).click();
        await page.waitForURL(/query=rental/);
        await page.getByRole('link', { name: 'Alta de cliente' }).waitFor({ state: 'detached' });
        await page.getByRole('link', { name: 'Rental for many' }).waitFor(); // the new list, not the loading one
        assert.deepEqual(await rowTitles(), ['Rental for many']);
        await page.locator('#templates-query').fill('no such template');
        await page.getByRole('search').getByRole('button', { name: 'Search' }).click();
        await page.getByText('No template matches.').waitFor();
        await page.setViewportSize({ width: 390, height: 844 });
        await assertAccessible(page, 'templates list at 390 px, nothing found');
        await page.setViewportSize({ width: 1280, height: 900 });
      });

      test('the folder filter: a template folder chosen in the list shows what is filed in it, kept in the address', async () => {
        const folder = await server.api.post('/api/v2/folder/create', { json: { name: 'Leases', type: 'TEMPLATE' } });
        assert.equal(folder.status, 200, JSON.stringify(folder.body));
        const filed = await server.api.post('/api/v2/envelope/update', {
          json: { envelopeId: rental.envelopeId, data: { folderId: folder.body.id } },
        });
        assert.equal(filed.status, 200, JSON.stringify(filed.body));
        await page.goto(`${server.url}/templates?team=${team}`);
        await page.getByRole('link', { name: 'Alta de cliente' }).waitFor();
        await page.locator('#templates-folder').selectOption({ label: 'Leases' });
        await page.getByRole('search').getByRole('button', { name: 'Search' }).click();
        await page.waitForURL(new RegExp(`folderId=${folder.body.id}`));
        await page.getByRole('link', { name: 'Alta de cliente' }).waitFor({ state: 'detached' });
        assert.deepEqual(await rowTitles(), ['Rental for many']);
        await page.reload();
        await page.getByRole('link', { name: 'Rental for many' }).waitFor();
        assert.equal(await page.locator('#templates-folder').inputValue(), folder.body.id);
        assert.deepEqual(await rowTitles(), ['Rental for many']);
      });

      test('direct link: created for the visitor’s recipient, copied, turned off', async () => {
        await page.goto(`${server.url}/templates/${direct.envelopeId}?team=${team}`);
        await heading('Alta de cliente');
        await assertAccessible(page, 'template page');
        await page.locator('#direct-link-visitor').selectOption(String(direct.client));
        await page.getByRole('button', { name: 'Create the direct link' }).click();
        await page.getByText('The direct link was created.').waitFor();
        const url = (await page.locator('#direct-link-url').textContent()) ?? '';
        assert.match(url, /\/d\/[A-Za-z0-9_-]{16,}$/);
        await page.locator('.copy-value button').click();
        await page.getByText('Copied.').waitFor();
        assert.equal(await page.evaluate(() => navigator.clipboard.readText()), url, 'the address was copied');
        const token = url.split('/d/')[1]!;
        assert.equal((await server.anon.get(`/api/v2/direct/${token}`)).status, 200);
        await assertAccessible(page, 'template page, direct link on');

        await page.getByRole('button', { name: 'Turn the link off' }).click();
        await page.locator('#direct-link-state', { hasText: 'The link is off.' }).waitFor();
        assert.equal((await server.anon.get(`/api/v2/direct/${token}`)).status, 410, 'the link is really off');
        await page.reload();
        await page.locator('#direct-link-state', { hasText: 'The link is off.' }).waitFor();
      });

      test('public profile: listed by keyboard with its public title; the API sees it; the hint while the link is off', async () => {
        await page.goto(`${server.url}/templates/${direct.envelopeId}?team=${team}`);
        await heading('Alta de cliente');
        const listed = page.locator('#template-public-listed');
        await listed.focus();
        await page.keyboard.press('Space');
        assert.equal(await listed.isChecked(), true);
        // Its direct link was turned off above: the page says the profile shows it only while the link is on.
        await page.getByText('The profile shows it only while its direct link is on.').waitFor();
        await page.keyboard.press('Tab');
        await page.keyboard.type('Alta en línea');
        await page.keyboard.press('Tab');
        await page.keyboard.type('Para clientes nuevos');
        await page.keyboard.press('Enter');
        await page.getByText('The template is listed on the public profile.').waitFor();
        await assertAccessible(page, 'template page, listed on the public profile');
        const stored = (await server.api.get(`/api/v2/envelope/${direct.envelopeId}`)).body;
        assert.deepEqual(
          [stored.templateType, stored.publicTitle, stored.publicDescription],
          ['PUBLIC', 'Alta en línea', 'Para clientes nuevos'],
        );
        await page.reload();
        assert.equal(await page.locator('#template-public-listed').isChecked(), true, 'kept after a reload');
        assert.equal(await page.locator('#template-public-title').inputValue(), 'Alta en línea');
      });

      test('use: the form fills the recipient and sends the document', async () => {
        await page.goto(`${server.url}/templates/${direct.envelopeId}?team=${team}`);
        await heading('Alta de cliente');
        await page.locator(`#use-${direct.client}-name`).fill('Carla Cliente');
        await page.locator(`#use-${direct.client}-email`).fill('carla@example.com');
        await page.locator(`#use-${direct.client}-id`).fill(nthCuil(5));
        await page.getByRole('button', { name: 'Send the document' }).click();
        await page.waitForURL(/\/documents\/envelope_/);
        await heading('Alta de cliente');
        await page.locator('main tbody th', { hasText: 'Carla Cliente' }).waitFor();
        const id = new URL(page.url()).pathname.split('/').at(-1)!;
        const made = await server.api.get(`/api/v2/envelope/${id}`);
        assert.equal(made.body.status, 'PENDING', 'sent');
        assert.ok(made.body.recipients.some((r: { email: string }) => r.email === 'carla@example.com'));
      });

      test('bulk send: a CSV is uploaded, its progress reaches done and stays after a reload', async () => {
        await page.goto(`${server.url}/templates/${rental.envelopeId}?team=${team}`);
        await heading('Rental for many');
        await page.getByRole('button', { name: 'Start the bulk send' }).click();
        await page.locator('#bulk-send-file-missing').waitFor();
        await page
          .locator('#bulk-send-file')
          .setInputFiles({ name: 'rows.csv', mimeType: 'text/csv', buffer: Buffer.from(rentalCsv(2)) });
        await page.getByRole('button', { name: 'Start the bulk send' }).click();
        await page.waitForURL(/bulk=bulk_/);
        await page.getByText('Finished: 2 documents made, 0 rows failed.').waitFor({ timeout: 60_000 });
        await assertAccessible(page, 'template page, bulk send done');
        await page.reload();
        await page.getByText('Finished: 2 documents made, 0 rows failed.').waitFor();
        await page.setViewportSize({ width: 390, height: 844 });
        await assertAccessible(page, 'template page at 390 px');
        await page.setViewportSize({ width: 1280, height: 900 });
      });

      test('public profile: an admin publishes it; anyone sees the PUBLIC template and its link, an unknown one is not found', async () => {
        const shown = await createDirectTemplate(server.api);
        const link = await server.api.post('/api/v2/template/direct/create', {
          json: { templateId: shown.templateId, directRecipientId: shown.client },
        });
        await server.api.post('/api/v2/template/update', {
          json: {
            templateId: shown.templateId,
            data: { type: 'PUBLIC', publicTitle: 'Hágase socio', publicDescription: 'Alta en línea' },
          },
        });
        await page.goto(`${server.url}/settings/profile`);
        await heading('Public profile');
        await assertAccessible(page, 'profile settings');
        await page.locator('#profile-enabled').check();
        await page.locator('#profile-slug').fill('club-rosario');
        await page.locator('#profile-name').fill('Club Rosario');
        await page.locator('#profile-description').fill('Trámites del club');
        await page.getByRole('button', { name: 'Save the profile' }).click();
        await page.getByText('The profile was saved.').waitFor();
        assert.equal(await page.locator('#profile-url').textContent(), `${server.ctx.config.publicUrl}/p/club-rosario`);
        await assertAccessible(page, 'profile settings, saved');

        const visitor = await browser.newContext({ locale: 'en-US', viewport: { width: 390, height: 844 } });
        const visit = await visitor.newPage();
        visit.on('pageerror', (e) => scriptErrors.push(e.message));
        await visit.goto(`${server.url}/p/club-rosario`);
        await visit.getByRole('heading', { level: 1, name: 'Club Rosario' }).waitFor();
        const items = await visit.locator('.public-templates li h3').allTextContents();
        assert.deepEqual(items, ['Hágase socio'], 'only the PUBLIC template with its link on');
        const href = await visit.getByRole('link', { name: 'Fill in and sign: Hágase socio' }).getAttribute('href');
        assert.equal(href, `${server.ctx.config.publicUrl}/d/${link.body.token as string}`);
        await assertAccessible(visit, 'public profile at 390 px');
        await visit.goto(`${server.url}/p/no-such-team`);
        await visit.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
        await assertAccessible(visit, 'unknown public profile');
        await visitor.close();
      });
    },
  );
