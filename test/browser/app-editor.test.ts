import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { chromium, type Browser, type Page } from 'playwright-core';
import { defaultPlatformId, firstAdmin, STRONG_PASSWORD } from '../helpers/accounts.js';
import { assertAccessible } from '../helpers/axe.js';
import { describeOrSkip } from '../helpers/describe-or-skip.js';
import { CUIL_A, onePagePdf } from '../helpers/documents.js';
import { startTestServer, testDatabases, type TestServer } from '../helpers/test-server.js';
import { createRentalTemplate } from '../helpers/templates.js';
import { ensureWebApp } from '../helpers/web-app.js';

const executablePath = process.env.FIRMA_TEST_BROWSER;
const ADMIN = 'ada@firma.example';
const BY_MOUSE = ['SIGNATURE', 'TEXT', 'NUMBER', 'RADIO', 'CHECKBOX', 'DROPDOWN'] as const;
const BY_KEYBOARD = ['FREE_SIGNATURE', 'INITIALS', 'NAME', 'EMAIL', 'DATE'] as const;
const TYPE_NAMES: Record<string, string> = {
  SIGNATURE: 'Signature',
  FREE_SIGNATURE: 'Free signature',
  INITIALS: 'Initials',
  NAME: 'Name',
  EMAIL: 'E-mail',
  DATE: 'Date',
  TEXT: 'Text',
  NUMBER: 'Number',
  RADIO: 'Radio buttons',
  CHECKBOX: 'Checkboxes',
  DROPDOWN: 'Dropdown list',
};

/**
 * Issue 38 item 1 in Chromium against the real server: New document opens a draft in the editor;
 * every field type is placed on the pdf.js page, by drag and drop and by keyboard (moved with the
 * arrows, resized with Shift+arrows, removed with Delete), described in the field's settings; the
 * recipients and the document's settings are changed; the document is sent, and its signer
 * completes it on the signing page, the fields where the editor put them. axe-core at desktop and
 * phone widths; the editor usable at tablet width.
 */
for (const database of testDatabases())
  describeOrSkip(
    `the document editor in Chromium (${database})`,
    { skip: executablePath ? false : 'set FIRMA_TEST_BROWSER to run browser tests' },
    () => {
      let server: TestServer;
      let browser: Browser;
      let page: Page;
      let team: number;
      let documentId = '';
      const scriptErrors: string[] = [];

      before(async () => {
        await ensureWebApp();
        server = await startTestServer({ database });
        await firstAdmin(server, ADMIN);
        team = await defaultPlatformId(server);
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

      const fields = async () =>
        (await server.api.get(`/api/v2/envelope/${documentId}`)).body.fields as {
          id: number;
          type: string;
          positionX: number;
          positionY: number;
          width: number;
          height: number;
          fieldMeta: Record<string, unknown> | null;
        }[];
      const waitForFields = async (count: number) => {
        await page
          .locator('.ed-field')
          .nth(count - 1)
          .waitFor();
        assert.equal(await page.locator('.ed-field').count(), count);
      };

      test('New document → “Save and place the fields” opens the draft in the editor, its page drawn by pdf.js', async () => {
        await page.goto(`${server.url}/documents/new?team=${team}`);
        await page.getByRole('heading', { level: 1, name: 'New document' }).waitFor();
        await page.setInputFiles('#nd-file', {
          name: 'Lease.pdf',
          mimeType: 'application/pdf',
          buffer: Buffer.from(await onePagePdf()),
        });
        const first = page.getByRole('group', { name: 'Recipient 1' });
        await first.getByLabel('Name').fill('Ana García');
        await first.getByLabel('E-mail address').fill('ana@example.com');
        await first.getByLabel('CUIL of the signer').fill(CUIL_A);
        await page.getByRole('button', { name: 'Save and place the fields' }).click();
        await page.getByRole('heading', { level: 1, name: 'Prepare the document' }).waitFor();
        documentId = /\/documents\/([^/]+)\/edit/.exec(page.url())![1]!;
        const canvas = page.locator('.ed-page canvas').first();
        await page.waitForFunction(
          () => (document.querySelector<HTMLCanvasElement>('.ed-page canvas')?.width ?? 0) > 0,
        );
        assert.ok(Number(await canvas.evaluate((c: HTMLCanvasElement) => c.width)) > 100, 'the page is drawn');
        await assertAccessible(page, 'the editor');
        // Send before any field: the API's refusal, in words, and the draft stays a draft.
        await page.getByRole('button', { name: 'Send the document' }).click();
        await page.getByRole('alert').filter({ hasText: 'Every signer needs a signature field' }).waitFor();
        assert.equal((await server.api.get(`/api/v2/envelope/${documentId}`)).body.status, 'DRAFT');
        await assertAccessible(page, 'the editor saying why it did not send');
        await page.evaluate(() => window.scrollTo(0, 0));
      });

      test('drag and drop: six field types land where they are dropped, in percent of the page', async () => {
        const pageBox = (await page.locator('.ed-page').first().boundingBox())!;
        for (const [i, type] of BY_MOUSE.entries()) {
          const item = (await page.locator(`.ed-palette-item[data-type="${type}"]`).boundingBox())!;
          const x = pageBox.x + pageBox.width * (0.25 + (i % 2) * 0.45);
          const y = pageBox.y + pageBox.height * (0.1 + Math.floor(i / 2) * 0.12);
          await page.mouse.move(item.x + item.width / 2, item.y + item.height / 2);
          await page.mouse.down();
          await page.mouse.move(item.x + 40, item.y + 40, { steps: 4 });
          await page.mouse.move(x, y, { steps: 8 });
          await page.mouse.up();
          await waitForFields(i + 1);
          const placed = (await fields()).find((f) => f.type === type)!;
          // Centred on the drop point, as far as the page lets it.
          const centreX = placed.positionX + placed.width / 2;
          const centreY = placed.positionY + placed.height / 2;
          assert.ok(Math.abs(centreX - (25 + (i % 2) * 45)) < 1.5, `${type} x ${centreX}`);
          assert.ok(Math.abs(centreY - (10 + Math.floor(i / 2) * 12)) < 1.5, `${type} y ${centreY}`);
        }
        // A field dragged by the mouse moves: the API stores where it was let go.
        const signature = page.locator('.ed-field', { hasText: 'Signature · Ana García' }).first();
        const before = (await fields()).find((f) => f.type === 'SIGNATURE')!;
        const box = (await signature.boundingBox())!;
        await page.mouse.move(box.x + 10, box.y + box.height / 2);
        await page.mouse.down();
        await page.mouse.move(box.x + 10, box.y + box.height / 2 + pageBox.height * 0.6, { steps: 8 });
        await page.mouse.up();
        await waitUntil(
          async () => (await fields()).find((f) => f.type === 'SIGNATURE')!.positionY > before.positionY + 50,
        );
      });

      test('keyboard: pick a type, it lands on the page in view; arrows move it, Shift+arrows resize it, Delete removes it', async () => {
        for (const [i, type] of BY_KEYBOARD.entries()) {
          await page.locator(`.ed-palette-item[data-type="${type}"]`).focus();
          await page.keyboard.press('Enter');
          await waitForFields(BY_MOUSE.length + i + 1);
          const focused = await page.evaluate(() => document.activeElement?.textContent ?? '');
          assert.equal(focused, `${TYPE_NAMES[type]} · Ana García, page 1 of 1`, 'the new field has the focus');
        }
        const date = () => fields().then((all) => all.find((f) => f.type === 'DATE')!);
        const start = await date();
        for (let n = 0; n < 3; n++) await page.keyboard.press('ArrowRight');
        await page.keyboard.press('ArrowDown');
        await page.keyboard.press('Shift+ArrowRight');
        await page.keyboard.press('Shift+ArrowRight');
        await waitUntil(async () => (await date()).width === start.width + 2);
        const moved = await date();
        assert.equal(moved.positionX, start.positionX + 3);
        assert.equal(moved.positionY, start.positionY + 1);
        // One more, removed with Delete.
        await page.locator('.ed-palette-item[data-type="TEXT"]').focus();
        await page.keyboard.press('Enter');
        await waitForFields(BY_MOUSE.length + BY_KEYBOARD.length + 1);
        await page.keyboard.press('Delete');
        await page.getByRole('status').filter({ hasText: 'Text field removed.' }).waitFor({ state: 'attached' });
        assert.equal((await fields()).length, BY_MOUSE.length + BY_KEYBOARD.length);
        assert.deepEqual(
          [...new Set((await fields()).map((f) => f.type))].sort(),
          [...BY_MOUSE, ...BY_KEYBOARD].sort(),
          'every field type once',
        );
      });

      test('field settings: a text field’s label, required, alignment and preset; a dropdown’s options', async () => {
        await page.locator('.ed-field', { hasText: /^Text ·/ }).click();
        await page.getByRole('heading', { name: 'Text field of Ana García' }).waitFor();
        await page.getByLabel('Label').fill('Domicilio');
        await page.getByLabel('Required').check();
        await page.getByLabel('Alignment').selectOption('center');
        await page.getByLabel('Check the value as').selectOption('dni');
        await page.getByRole('button', { name: 'Save the field' }).click();
        await page.getByRole('status').filter({ hasText: 'Field settings saved.' }).waitFor({ state: 'attached' });
        const text = (await fields()).find((f) => f.type === 'TEXT')!;
        assert.deepEqual(
          [
            text.fieldMeta?.label,
            text.fieldMeta?.required,
            text.fieldMeta?.textAlign,
            text.fieldMeta?.validationPreset,
          ],
          ['Domicilio', true, 'center', 'dni'],
        );
        await page.locator('.ed-field', { hasText: /^Dropdown list ·/ }).click();
        await page.getByLabel('Options').fill('Norte\nSur');
        await page.getByRole('button', { name: 'Save the field' }).click();
        await waitUntil(async () => {
          const dropdown = (await fields()).find((f) => f.type === 'DROPDOWN')!;
          return JSON.stringify(dropdown.fieldMeta?.values) === JSON.stringify([{ value: 'Norte' }, { value: 'Sur' }]);
        });
      });

      test('recipients and settings: a CUIL checked as typed, a copy recipient added, the subject saved', async () => {
        const ana = page.getByRole('group', { name: 'Recipient 1' });
        await ana.getByLabel('CUIL of the signer').fill('20123456780');
        await ana.getByText('This CUIL is not valid').waitFor();
        assert.equal(await ana.getByLabel('CUIL of the signer').getAttribute('aria-invalid'), 'true');
        await ana.getByLabel('CUIL of the signer').fill(CUIL_A);
        await page.getByRole('button', { name: 'Add a recipient' }).click();
        const second = page.getByRole('group', { name: 'Recipient 2' });
        await second.getByLabel('Name').fill('Carla Copia');
        await second.getByLabel('E-mail address').fill('carla@example.com');
        await second.getByLabel('Role').selectOption('CC');
        await second.getByRole('button', { name: 'Add this recipient' }).click();
        await page.getByRole('status').filter({ hasText: 'Carla Copia saved.' }).waitFor({ state: 'attached' });
        await page.getByLabel('E-mail subject').fill('Firme el contrato, por favor');
        await page.getByRole('button', { name: 'Save the settings' }).click();
        await page.getByRole('status').filter({ hasText: 'Settings saved.' }).waitFor({ state: 'attached' });
        const envelope = (await server.api.get(`/api/v2/envelope/${documentId}`)).body;
        assert.equal(envelope.documentMeta.subject, 'Firme el contrato, por favor');
        assert.deepEqual(
          envelope.recipients.map((r: { email: string; role: string }) => [r.email, r.role]),
          [
            ['ana@example.com', 'SIGNER'],
            ['carla@example.com', 'CC'],
          ],
        );
      });

      test('axe-clean at 390 px; usable at 768 px (the palette and the page side by side or stacked, nothing wider)', async () => {
        await page.setViewportSize({ width: 390, height: 844 });
        await assertAccessible(page, 'the editor on a phone');
        await page.setViewportSize({ width: 768, height: 1024 });
        await assertAccessible(page, 'the editor on a tablet');
        const pageWidth = (await page.locator('.ed-page').first().boundingBox())!.width;
        assert.ok(pageWidth >= 600, `the page is ${pageWidth}px wide at 768px`);
        await page.setViewportSize({ width: 1280, height: 900 });
      });

      test('the template editor: a template’s page drawn, a field placed by keyboard, no Send', async () => {
        const template = await createRentalTemplate(server.api);
        await page.goto(`${server.url}/templates/${template.envelopeId}?team=${team}`);
        await page.getByRole('link', { name: 'Prepare in the editor' }).click();
        await page.getByRole('heading', { level: 1, name: 'Prepare the template' }).waitFor();
        await page.locator('.ed-field').nth(5).waitFor();
        await page.locator('.ed-palette-item[data-type="DATE"]').focus();
        await page.keyboard.press('Enter');
        await page.locator('.ed-field').nth(6).waitFor();
        const fields = (await server.api.get(`/api/v2/envelope/${template.envelopeId}`)).body.fields;
        assert.equal(fields.length, 7);
        assert.equal(
          await page.getByRole('button', { name: 'Send the document' }).count(),
          0,
          'a template is not sent',
        );
        await assertAccessible(page, 'the template editor');
        await page.goto(`${server.url}/documents/${documentId}/edit?team=${team}`);
        await page.getByRole('heading', { level: 1, name: 'Prepare the document' }).waitFor();
        await page.locator('.ed-field').first().waitFor();
      });

      test('Send: the document is PENDING, and its signer completes it on the signing page', async () => {
        await page.getByRole('button', { name: 'Send the document' }).click();
        await page.getByRole('heading', { level: 1, name: 'Lease' }).waitFor();
        const envelope = (await server.api.get(`/api/v2/envelope/${documentId}`)).body;
        assert.equal(envelope.status, 'PENDING');
        const ana = envelope.recipients.find((r: { email: string }) => r.email === 'ana@example.com');
        assert.ok(ana.token, 'the API reveals the signing token to its caller');
        const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 900 } });
        const signing = await context.newPage();
        signing.on('pageerror', (e) => scriptErrors.push(e.message));
        try {
          await signing.goto(`${server.url}/sign/${ana.token}`);
          await signing.locator('.page canvas').first().waitFor();
          // The signing page shows each field where the editor put it (percent of the page alike).
          const view = (await server.anon.get(`/api/v2/signing/${ana.token}`)).body;
          assert.equal(view.fields.length, BY_MOUSE.length + BY_KEYBOARD.length);
          for (
            let i = 0;
            i < 12 && (await signing.locator('#progress').innerText()) !== 'All required fields are filled.';
            i++
          ) {
            await signing.locator('#next-field').click();
            const dialog = signing.locator('dialog[open]');
            await dialog.waitFor();
            if ((await dialog.locator('.tab').count()) > 0) {
              await dialog.locator('.tab', { hasText: 'Type' }).click();
              await signing.locator('#signature-text').fill('Ana García');
            } else if ((await signing.locator('#field-input').count()) > 0) {
              await signing.locator('#field-input').fill('30123456');
            }
            await dialog.locator('button[type=submit]').click();
            await dialog.waitFor({ state: 'detached' });
          }
          await signing.locator('#complete').click();
          await signing.locator('#consent-agree').check();
          await signing.locator('dialog button[type=submit]').click();
          await signing.getByRole('heading', { name: 'You have signed the document' }).waitFor();
        } finally {
          await context.close();
        }
        // Completion (seal, certificate) runs in the worker.
        await waitUntil(
          async () => (await server.api.get(`/api/v2/envelope/${documentId}`)).body.status === 'COMPLETED',
          120_000,
        );
      });
    },
  );

async function waitUntil(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    assert.ok(Date.now() < deadline, 'the change reached the server');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
