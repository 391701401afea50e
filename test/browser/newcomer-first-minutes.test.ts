import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import pg from 'pg';
import { chromium, type Browser, type Page } from 'playwright-core';
import { CUIL_A, CUIL_B } from '../helpers/documents.js';
import { describeOrSkip } from '../helpers/describe-or-skip.js';
import { freePort } from '../helpers/free-port.js';
import { recipientOf, startSmtpSink, type SmtpSink } from '../helpers/smtp-sink.js';
import { spawnFirma, watchOutput } from '../helpers/spawn-firma.js';
import { testDatabases } from '../helpers/test-server.js';
import { ensureWebApp } from '../helpers/web-app.js';
import { taggedPdf } from '../support/tagged-pdf.js';

const executablePath = process.env.FIRMA_TEST_BROWSER;
const SIGNERS = [
  { name: 'Ana García', email: 'ana@example.com', cuil: CUIL_A },
  { name: 'Bruno Díaz', email: 'bruno@example.com', cuil: CUIL_B },
];

/** A PostgreSQL schema of its own (dropped after), as a fresh installation's database. */
async function freshSchema(): Promise<{ url: string; drop: () => Promise<void> }> {
  const schema = `newcomer_${randomBytes(5).toString('hex')}`;
  const run = async (sql: string) => {
    const client = new pg.Client({ connectionString: process.env.FIRMA_TEST_DATABASE_URL });
    await client.connect();
    await client.query(sql);
    await client.end();
  };
  await run(`create schema ${schema}`);
  const url = new URL(process.env.FIRMA_TEST_DATABASE_URL!);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return { url: url.toString(), drop: () => run(`drop schema ${schema} cascade`) };
}

/**
 * Issue 37's "Done means": a newcomer starts Firma (the CLI's `serve` over an empty database,
 * as `npm start` does), opens the one-time link the first start prints, creates the administrator,
 * sends a PDF with placeholder tags to two signers from New document, and both sign through the
 * links mailed to them (the tests' SMTP receiver) until the list shows the document completed —
 * without reading any documentation: each step is found by what the page says.
 */
for (const database of testDatabases())
  describeOrSkip(
    `a newcomer's first minutes: first start to a completed document (${database})`,
    { skip: executablePath ? false : 'set FIRMA_TEST_BROWSER to run browser tests' },
    () => {
      let firma: ChildProcessWithoutNullStreams;
      let output: ReturnType<typeof watchOutput>;
      let smtp: SmtpSink;
      let browser: Browser;
      let page: Page;
      let setupLink: string;
      let base: string;
      const cleanups: (() => Promise<void> | void)[] = [];
      const scriptErrors: string[] = [];

      before(async () => {
        await ensureWebApp();
        smtp = await startSmtpSink();
        const dataDir = mkdtempSync(join(tmpdir(), 'firma-newcomer-'));
        cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
        const port = await freePort();
        const env: Record<string, string> = {
          FIRMA_DATA_DIR: dataDir,
          HOST: '127.0.0.1',
          PORT: String(port),
          SMTP_URL: smtp.url,
          FIRMA_JOB_POLL_MS: '100',
        };
        if (database === 'postgres') {
          const { url, drop } = await freshSchema();
          cleanups.push(drop);
          env.DATABASE_URL = url;
        }
        firma = spawnFirma(['serve'], env);
        output = watchOutput(firma);
        browser = await chromium.launch({
          executablePath: executablePath!,
          args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
        });
        const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 900 } });
        page = await context.newPage();
        page.on('pageerror', (e) => scriptErrors.push(e.message));
      });
      after(async () => {
        await browser?.close();
        if (firma && firma.exitCode === null) {
          const exited = new Promise((resolve) => firma.once('exit', resolve));
          firma.kill('SIGTERM');
          await exited;
        }
        await smtp?.stop();
        for (const cleanup of cleanups.reverse()) await cleanup();
        assert.deepEqual(scriptErrors, [], 'no script error on any page');
      });

      test('1. the first start prints a one-time link that creates the administrator', async () => {
        const [, url] = await output.waitFor(/listening on (http:\/\/\S+)/, 120_000);
        base = url!;
        const [, link] = await output.waitFor(/^\s+(http:\/\/\S+\/setup\/[A-Za-z0-9_-]{43})\s*$/m);
        setupLink = link!;
        assert.ok(setupLink.startsWith(base), `${setupLink} is on ${base}`);
      });

      test('2. opening the link and creating the administrator lands on a home that leads to New document', async () => {
        await page.goto(setupLink);
        await page.getByRole('heading', { level: 1, name: 'Create the first administrator' }).waitFor();
        await page.getByLabel('Name').fill('Nora Newcomer');
        await page.getByLabel('E-mail').fill('nora@firma.example');
        await page.getByLabel('Password').fill('a long and new passphrase 42');
        await page.getByRole('button', { name: 'Create the administrator' }).click();
        await page.getByRole('heading', { level: 1, name: /Nora Newcomer/ }).waitFor();
        await page.getByRole('link', { name: 'New document' }).waitFor();
      });

      test('3. New document: upload a PDF with tags for two signers, name them, and send', async () => {
        await page.getByRole('link', { name: 'New document' }).click();
        await page.getByRole('heading', { level: 1, name: 'New document' }).waitFor();
        const { bytes } = await taggedPdf([
          {
            prose: [{ text: 'Contrato de locación', x: 50, y: 760 }],
            tags: [
              { text: '{{signature, r1}}', x: 60, y: 120 },
              { text: '{{signature, r2}}', x: 360, y: 120 },
            ],
          },
        ]);
        await page.getByLabel('PDF file').setInputFiles({
          name: 'Lease.pdf',
          mimeType: 'application/pdf',
          buffer: Buffer.from(bytes),
        });
        await page.getByRole('button', { name: 'Add a recipient' }).click();
        for (const [index, signer] of SIGNERS.entries()) {
          const box = page.getByRole('group', { name: `Recipient ${index + 1}` });
          await box.getByLabel('Name').fill(signer.name);
          await box.getByLabel('E-mail address').fill(signer.email);
          await box.getByLabel('CUIL of the signer').fill(signer.cuil);
        }
        await page.getByRole('button', { name: 'Send', exact: true }).click();
        await page.getByRole('heading', { level: 1, name: 'Lease' }).waitFor();
      });

      test('4. each signer opens the link mailed to them and signs', async () => {
        for (const signer of SIGNERS) {
          const [mail] = await smtp.waitFor((m) => recipientOf(m) === signer.email && /\/sign\//.test(String(m.text)));
          const link = /(http:\/\/\S+\/sign\/[A-Za-z0-9_-]+)/.exec(String(mail!.text))![1]!;
          assert.ok(link.startsWith(base), 'the mailed link points at this installation');
          const context = await browser.newContext({ locale: 'en-US', viewport: { width: 390, height: 844 } });
          const signing = await context.newPage();
          signing.on('pageerror', (e) => scriptErrors.push(e.message));
          try {
            await signing.goto(link);
            await signing.locator('.page canvas').first().waitFor();
            await signing.locator('#next-field').click();
            const dialog = signing.locator('dialog[open]');
            await dialog.waitFor();
            await dialog.locator('.tab', { hasText: 'Type' }).click();
            await signing.locator('#signature-text').fill(signer.name);
            await dialog.locator('button[type=submit]').click();
            await dialog.waitFor({ state: 'detached' });
            await signing.locator('#complete').click();
            await signing.locator('#consent-agree').check();
            await signing.locator('dialog button[type=submit]').click();
            await signing.getByRole('heading', { name: 'You have signed the document' }).waitFor();
          } finally {
            await context.close();
          }
        }
      });

      test('5. the documents list shows the document completed', async () => {
        await page.getByRole('link', { name: 'Documents', exact: true }).first().click();
        await page.getByRole('heading', { level: 1, name: 'Documents' }).waitFor();
        const row = page.locator('main tbody tr', { hasText: 'Lease' });
        for (let attempt = 0; ; attempt++) {
          await row.waitFor();
          if ((await row.innerText()).includes('Completed')) break;
          assert.ok(attempt < 120, `still not completed: ${await row.innerText()}`);
          await new Promise((resolve) => setTimeout(resolve, 500));
          await page.reload();
        }
        assert.match(await row.innerText(), /2 of 2/, 'both signed');
      });
    },
  );
