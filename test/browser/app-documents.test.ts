import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { chromium, type Browser, type Page } from 'playwright-core';
import { defaultPlatformId, firstAdmin, STRONG_PASSWORD } from '../helpers/accounts.js';
import { describeOrSkip } from '../helpers/describe-or-skip.js';
import { createDocument, createPendingDocument, typicalPayload } from '../helpers/documents.js';
import { startSmtpSink, type SmtpSink } from '../helpers/smtp-sink.js';
import { startTestServer, testDatabases, type TestServer } from '../helpers/test-server.js';
import { ensureWebApp } from '../helpers/web-app.js';
import { assertAccessible } from '../helpers/axe.js';

const executablePath = process.env.FIRMA_TEST_BROWSER;
const ADMIN = 'ada@firma.example';

/**
 * Issue 37: the team's documents in the web app, driven in Chromium against the real server: the
 * list with its search and status filter, a document's recipients, files and history, and the
 * actions (remind, cancel, copy, delete) running the API's own use cases; another team's document
 * is not found and stays as it was.
 */
for (const database of testDatabases())
  describeOrSkip(
    `the web app's documents pages in Chromium (${database})`,
    { skip: executablePath ? false : 'set FIRMA_TEST_BROWSER to run browser tests' },
    () => {
      let server: TestServer;
      let browser: Browser;
      let smtp: SmtpSink;
      let page: Page;
      let team: number;
      let lease: { envelopeId: string };
      let foreign: { envelopeId: string; documentId: number; client: TestServer['api'] };
      const scriptErrors: string[] = [];

      before(async () => {
        await ensureWebApp();
        smtp = await startSmtpSink();
        server = await startTestServer({ database, env: { SMTP_URL: smtp.url, FIRMA_JOB_POLL_MS: '100' } });
        await firstAdmin(server, ADMIN);
        team = await defaultPlatformId(server);
        lease = await createPendingDocument(server.api, typicalPayload({ title: 'Lease Buenos Aires' }), {});
        const draft = await createDocument(server.api, typicalPayload({ title: 'Draft NDA', externalId: 'nda-7' }));
        assert.equal(draft.status, 200, JSON.stringify(draft.body));
        const other = await server.newPlatform('other-team');
        const theirs = await createPendingDocument(other, typicalPayload({ title: 'Their secret deal' }), {});
        foreign = { ...theirs, client: other };
        browser = await chromium.launch({
          executablePath: executablePath!,
          args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
        });
        const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 900 } });
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

      test('the list shows the team’s documents, searches them and filters by status', async () => {
        await page.getByRole('link', { name: 'Documents', exact: true }).first().click();
        await heading('Documents');
        await page.getByRole('link', { name: 'Lease Buenos Aires' }).waitFor();
        assert.deepEqual((await rowTitles()).sort(), ['Draft NDA', 'Lease Buenos Aires'], 'only this team’s');
        await assertAccessible(page, 'documents list');

        await page.locator('#documents-status').selectOption('PENDING');
        await page.waitForURL(/status=PENDING/);
        await page.getByRole('link', { name: 'Draft NDA' }).waitFor({ state: 'detached' });
        await page.getByRole('link', { name: 'Lease Buenos Aires' }).waitFor(); // the new list, not the loading one
        assert.deepEqual(await rowTitles(), ['Lease Buenos Aires']);

        await page.locator('#documents-status').selectOption('');
        await page.locator('#documents-query').fill('nda-7');
        await page.getByRole('search').getByRole('button', { name: 'Search' }).click();
        await page.waitForURL(/query=nda-7/);
        await page.getByRole('link', { name: 'Lease Buenos Aires' }).waitFor({ state: 'detached' });
        await page.getByRole('link', { name: 'Draft NDA' }).waitFor();
        assert.deepEqual(await rowTitles(), ['Draft NDA'], 'the exact external id finds its document');

        await page.locator('#documents-query').fill('no such thing anywhere');
        await page.getByRole('search').getByRole('button', { name: 'Search' }).click();
        await page.getByText('No document matches.').waitFor();

        await page.setViewportSize({ width: 390, height: 844 });
        await assertAccessible(page, 'documents list at 390 px');
        await page.setViewportSize({ width: 1280, height: 900 });
      });

      test('a document shows its recipients, files and history, and its actions run', async () => {
        await page.goto(`${server.url}/documents/${lease.envelopeId}?team=${team}`);
        await heading('Lease Buenos Aires');
        const recipients = page.locator('section[aria-labelledby=document-recipients]');
        await recipients.getByText('ana@example.com').first().waitFor();
        await recipients.getByText('Gets a copy when it is complete').waitFor();
        assert.ok((await page.locator('ol.timeline li').count()) >= 2, 'created and sent, in words');
        const original = await page.getByRole('link', { name: /Original PDF/ }).getAttribute('href');
        const pdf = await page.request.get(`${server.url}${original}`);
        assert.equal(pdf.status(), 200);
        assert.equal((await pdf.body()).subarray(0, 5).toString(), '%PDF-', 'the original, with the session cookie');
        await assertAccessible(page, 'a pending document');

        // The history follows the page's language, not only the account's.
        const detail = `${server.url}/api/app/platforms/${team}/documents/${lease.envelopeId}`;
        const sentence = async (language: string) =>
          (
            (await (await page.request.get(`${detail}?language=${language}`)).json()) as {
              timeline: { sentence: string }[];
            }
          ).timeline[0]!.sentence;
        const [english, spanish] = [await sentence('en'), await sentence('es')];
        assert.notEqual(spanish, english, 'the certificate words the history in each language');
        assert.ok((await page.locator('ol.timeline li').first().innerText()).includes(english));
        await page.locator('#language-picker').selectOption('es');
        await page.locator('ol.timeline li').first().filter({ hasText: spanish }).waitFor();
        await page.locator('#language-picker').selectOption('en');
        await page.locator('ol.timeline li').first().filter({ hasText: english }).waitFor();

        await page.getByRole('button', { name: 'Remind who still has to sign' }).click();
        await page.getByText('The reminders were sent.').waitFor();

        page.once('dialog', (dialog) => void dialog.accept());
        await page.getByRole('button', { name: 'Cancel the document' }).click();
        await page.getByText('The document was cancelled.').waitFor();
        const after = await server.api.get(`/api/v2/envelope/${lease.envelopeId}`);
        assert.equal(after.body.status, 'CANCELLED', 'the API sees the page’s cancel');

        await page.getByRole('button', { name: 'Make a copy' }).click();
        await page.waitForURL(
          (url) => !url.pathname.endsWith(lease.envelopeId) && url.pathname.startsWith('/documents/'),
        );
        await heading('Lease Buenos Aires');
        const copyId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
        assert.equal((await server.api.get(`/api/v2/envelope/${copyId}`)).body.status, 'DRAFT');

        page.once('dialog', (dialog) => void dialog.accept());
        await page.getByRole('button', { name: 'Delete' }).click();
        await heading('Documents');
        assert.equal((await server.api.get(`/api/v2/envelope/${copyId}`)).status, 404, 'the copy is gone');
      });

      test('another team’s document is not found and nothing of it changes', async () => {
        await page.goto(`${server.url}/documents/${foreign.envelopeId}?team=${team}`);
        await heading('Page not found');
        await page.getByRole('alert').waitFor();
        assert.equal(await page.getByText('Their secret deal').count(), 0, 'nothing of it shown');
        assert.equal(await page.getByRole('button', { name: 'Cancel the document' }).count(), 0);
        const theirs = await foreign.client.get(`/api/v2/envelope/${foreign.envelopeId}`);
        assert.equal(theirs.body.status, 'PENDING');
        assert.equal(theirs.body.title, 'Their secret deal');
      });
    },
  );
