import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { chromium, type Browser, type Page } from 'playwright-core';
import { defaultPlatformId, firstAdmin, STRONG_PASSWORD } from '../helpers/accounts.js';
import { describeOrSkip } from '../helpers/describe-or-skip.js';
import { CUIL_A, CUIL_B, onePagePdf } from '../helpers/documents.js';
import { startTestServer, testDatabases, type TestServer } from '../helpers/test-server.js';
import { ensureWebApp } from '../helpers/web-app.js';
import { taggedPdf } from '../support/tagged-pdf.js';
import { assertAccessible } from '../helpers/axe.js';

const executablePath = process.env.FIRMA_TEST_BROWSER;
const ADMIN = 'ada@firma.example';

/**
 * Issue 37 item 3 in Chromium against the real server: New document (a PDF, its recipients, the
 * CUIL checked as typed, the server's refusal in words, then sent) and the folders of /documents
 * (create, filter in the address, move a document, rename, a refused and a done delete).
 */
for (const database of testDatabases())
  describeOrSkip(
    `the web app's new document and folders in Chromium (${database})`,
    { skip: executablePath ? false : 'set FIRMA_TEST_BROWSER to run browser tests' },
    () => {
      let server: TestServer;
      let browser: Browser;
      let page: Page;
      let team: number;
      let tagged: Buffer;
      const scriptErrors: string[] = [];
      const documentCount = async () => (await server.api.get('/api/v2/envelope?perPage=1')).body.count as number;

      before(async () => {
        await ensureWebApp();
        server = await startTestServer({ database, worker: false });
        await firstAdmin(server, ADMIN);
        team = await defaultPlatformId(server);
        const { bytes } = await taggedPdf([
          {
            prose: [{ text: 'Contrato de locación', x: 50, y: 760 }],
            tags: [
              { text: '{{signature, r1}}', x: 60, y: 120 },
              { text: '{{signature, r2}}', x: 360, y: 120 },
            ],
          },
        ]);
        tagged = Buffer.from(bytes);
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
        assert.deepEqual(scriptErrors, [], 'no script error on any page');
      });

      const heading = (name: string | RegExp) => page.getByRole('heading', { level: 1, name }).waitFor();
      const fillRecipient = async (n: number, name: string, email: string, cuil: string) => {
        const box = page.getByRole('group', { name: `Recipient ${n}` });
        await box.getByLabel('Name').fill(name);
        await box.getByLabel('E-mail address').fill(email);
        await box.getByLabel('CUIL of the signer').fill(cuil);
      };

      test('New document: the form, the CUIL checked as typed, a PDF without tags refused in words, then sent', async () => {
        await page.getByRole('link', { name: 'New document' }).click();
        await heading('New document');
        await page.locator('#nd-file').waitFor();
        await assertAccessible(page, 'new document');
        await page.setViewportSize({ width: 390, height: 844 });
        await assertAccessible(page, 'new document at 390 px');
        await page.setViewportSize({ width: 1280, height: 900 });

        // Sending an empty form: each missing field says so, the first one takes the focus.
        await page.getByRole('button', { name: 'Send', exact: true }).click();
        await page.getByText('Choose the PDF file to send.').waitFor();
        assert.equal(await page.evaluate(() => document.activeElement?.id), 'nd-file');
        await assertAccessible(page, 'new document with its errors');

        await page.setInputFiles('#nd-file', {
          name: 'Plain.pdf',
          mimeType: 'application/pdf',
          buffer: Buffer.from(await onePagePdf()),
        });
        assert.equal(await page.locator('#nd-title').inputValue(), 'Plain', 'the title comes from the file name');
        await page.getByRole('button', { name: 'Add a recipient' }).click();
        await fillRecipient(1, 'Ana García', 'ana@example.com', '20-12345678-0');
        const cuilError = page.getByText('This CUIL is not valid');
        await cuilError.waitFor();
        assert.equal(await page.getByLabel('CUIL of the signer').first().getAttribute('aria-invalid'), 'true');
        await page.getByLabel('CUIL of the signer').first().fill('20-12345678-6');
        await cuilError.waitFor({ state: 'detached' });
        await fillRecipient(2, 'Bruno Díaz', 'bruno@example.com', CUIL_B);

        const before = await documentCount();
        await page.getByRole('button', { name: 'Send', exact: true }).click();
        const refusal = page.getByRole('alert').filter({ hasText: 'has no signature tag' });
        await refusal.waitFor();
        assert.match(await refusal.innerText(), /\{\{signature,r1\}\}/, 'it says which tag to add');
        assert.equal(await documentCount(), before, 'nothing was stored');

        await page.setInputFiles('#nd-file', { name: 'Lease.pdf', mimeType: 'application/pdf', buffer: tagged });
        await page.locator('#nd-title').fill('Lease Rosario');
        await page.locator('#nd-language').selectOption('es');
        await page.getByRole('button', { name: 'Send', exact: true }).click();
        await heading('Lease Rosario');
        assert.match(page.url(), new RegExp(`/documents/envelope_[^?]+\\?team=${team}`));
        const sent = (await server.api.get('/api/v2/envelope?perPage=10')).body.data.find(
          (d: { title: string }) => d.title === 'Lease Rosario',
        );
        assert.equal(sent.status, 'PENDING');
        assert.equal(sent.documentMeta?.language ?? 'es', 'es');
        assert.deepEqual(
          sent.recipients.map((r: { email: string; cuil: string }) => [r.email, r.cuil]),
          [
            ['ana@example.com', CUIL_A],
            ['bruno@example.com', CUIL_B],
          ],
        );
      });

      test('Save as draft keeps a draft', async () => {
        await page.goto(`${server.url}/documents/new?team=${team}`);
        await heading('New document');
        await page.setInputFiles('#nd-file', { name: 'NDA.pdf', mimeType: 'application/pdf', buffer: tagged });
        await page.getByRole('button', { name: 'Add a recipient' }).click();
        await fillRecipient(1, 'Ana García', 'ana@example.com', CUIL_A);
        await fillRecipient(2, 'Bruno Díaz', 'bruno@example.com', CUIL_B);
        await page.getByRole('button', { name: 'Remove recipient 2' }).click();
        await page.getByRole('group', { name: 'Recipient 2' }).waitFor({ state: 'detached' });
        assert.equal(await page.getByLabel('Name').inputValue(), 'Ana García', 'the first recipient stays');
        await page.getByRole('button', { name: 'Save as draft' }).click();
        await heading('NDA');
        const draft = (await server.api.get('/api/v2/envelope?perPage=10')).body.data.find(
          (d: { title: string }) => d.title === 'NDA',
        );
        assert.equal(draft.status, 'DRAFT');
        // The PDF's r2 tag had no recipient: as in the API, a placeholder signer holds it until one is named.
        assert.deepEqual(
          draft.recipients.map((r: { email: string }) => r.email),
          ['ana@example.com', 'recipient.2@placeholder.invalid'],
        );
      });

      test('Folders: create, filter in the address, move a document, rename, who sees it, delete refused while full, then done', async () => {
        await page.goto(`${server.url}/documents?team=${team}`);
        await heading('Documents');
        await page.getByRole('link', { name: 'Lease Rosario' }).waitFor();
        await page.getByLabel('New folder name').fill('Leases');
        await page.getByRole('button', { name: 'Create folder' }).click();
        await page.getByText('The folder “Leases” was created.').waitFor();
        await assertAccessible(page, 'documents with a folder');

        await page.getByLabel('Folder of “Lease Rosario”').selectOption({ label: 'Leases' });
        const folderId = (await server.api.get('/api/v2/folder?query=Leases')).body.data[0].id as string;
        for (let i = 0; i < 50; i++) {
          const lease = (await server.api.get('/api/v2/envelope?perPage=10')).body.data.find(
            (d: { title: string }) => d.title === 'Lease Rosario',
          );
          if (lease.folderId === folderId) break;
          assert.ok(i < 49, 'the document was filed');
          await new Promise((r) => setTimeout(r, 100));
        }

        await page.locator('#documents-folder').selectOption({ label: 'Leases' });
        await page.waitForURL(new RegExp(`folderId=${folderId}`));
        await page.getByRole('link', { name: 'NDA' }).waitFor({ state: 'detached' });
        await page.getByRole('link', { name: 'Lease Rosario' }).waitFor(); // the new list, not the loading one
        assert.deepEqual(await page.locator('main tbody th').allTextContents(), ['Lease Rosario']);
        await page.reload();
        await page.getByRole('link', { name: 'Lease Rosario' }).waitFor();
        assert.equal(await page.locator('#documents-folder').inputValue(), folderId, 'the filter lives in the address');

        await page.getByRole('button', { name: 'Rename Leases' }).click();
        await page.getByLabel('New name for “Leases”').fill('Leases 2026');
        await page.getByRole('button', { name: 'Save' }).click();
        await page.getByText('The folder was renamed.').waitFor();
        await page.locator('.folder-name', { hasText: 'Leases 2026' }).waitFor();

        await page.getByLabel('Who sees “Leases 2026”').selectOption({ label: 'Administrators only' });
        await page.getByText('Who sees the folder was changed.').waitFor();
        assert.equal((await server.api.get('/api/v2/folder')).body.data[0].visibility, 'ADMIN');

        page.once('dialog', (dialog) => void dialog.accept());
        await page.getByRole('button', { name: 'Delete Leases 2026' }).click();
        await page.getByRole('alert').filter({ hasText: 'still holds documents' }).waitFor();
        await assertAccessible(page, 'documents, a refused delete');

        await page.getByLabel('Folder of “Lease Rosario”').selectOption({ label: 'No folder' });
        await page.getByRole('link', { name: 'Lease Rosario' }).waitFor({ state: 'detached' });
        page.once('dialog', (dialog) => void dialog.accept());
        await page.getByRole('button', { name: 'Delete Leases 2026' }).click();
        await page.getByText('The folder was deleted.').waitFor();
        assert.equal((await server.api.get('/api/v2/folder')).body.count, 0);
        await page.setViewportSize({ width: 390, height: 844 });
        await assertAccessible(page, 'documents with folders at 390 px');
        await page.setViewportSize({ width: 1280, height: 900 });
      });
    },
  );
