import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { chromium, type Browser } from 'playwright-core';
import { listPdfSignatures, readCms } from '../../src/infra/pdf/seal/index.js';
import { describeOrSkip } from '../helpers/describe-or-skip.js';
import { createPendingDocument, typicalPayload } from '../helpers/documents.js';
import { fillFields, signDigitally } from '../helpers/digital-signers.js';
import { signAll, tokenOf, waitForStatus } from '../helpers/signing.js';
import { startTestServer, testDatabases, type TestServer } from '../helpers/test-server.js';
import { changesBesidesDss, diffAfterSignatures, loadRevision, nextRevisionEnd } from '../support/revision-diff.js';
import { pdfsig } from '../support/seal-test-support.js';
import { createTestPki, P12_PASSWORD, type TestPki } from '../support/test-pki.js';

/**
 * Issue #34's whole case with a browser in it: Ana (DIGITAL, RSA) signs on the signing page with
 * her .p12, Dora (ELECTRONIC) draws, Bruno (DIGITAL, P-256) signs through the recipient API, with
 * and without a timestamp authority. The sealed final must pass a validator's modification
 * analysis: after each signature only form fields, signature fields, the DSS and document
 * timestamps change (test/support/revision-diff.ts), and each DIGITAL signature is followed at
 * once by its own DSS update. The API-only variant is test/api/digital-modifications.test.ts.
 */
const executablePath = process.env.FIRMA_TEST_BROWSER;

describeOrSkip(
  'a DIGITAL signer on the page, another through the API, an ELECTRONIC one: every signature stays valid',
  { skip: executablePath ? false : 'set FIRMA_TEST_BROWSER to run browser tests' },
  () => {
    let pki: TestPki;
    let browser: Browser;
    before(async () => {
      pki = await createTestPki();
      const keep = process.env.FIRMA_TEST_KEEP_PDFS;
      if (keep) {
        writeFileSync(join(keep, 'page-root.pem'), pki.rootPem);
        writeFileSync(join(keep, 'page-tsa.pem'), pki.tsa.certificatePem);
      }
      browser = await chromium.launch({
        executablePath: executablePath!,
        args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
      });
    });
    after(async () => {
      await browser?.close();
      await pki?.close();
    });

    const threeSigners = () => {
      const payload = typicalPayload();
      const [ana, bruno] = payload.recipients;
      return {
        ...payload,
        recipients: [
          {
            ...ana!,
            signatureLevel: 'DIGITAL',
            // A second signature field, which the page must not ask her to draw: it names her signature.
            fields: [
              ...(ana!.fields ?? []),
              { type: 'SIGNATURE', pageNumber: 1, pageX: 10, pageY: 20, width: 30, height: 8 },
            ],
          },
          {
            email: 'dora@example.com',
            name: 'Dora Ruiz',
            role: 'SIGNER',
            cuil: '27000000006',
            fields: [{ type: 'SIGNATURE', pageNumber: 1, pageX: 10, pageY: 50, width: 30, height: 8 }],
          },
          // The test PKI's P-256 certificate carries this CUIL.
          { ...bruno!, signatureLevel: 'DIGITAL', cuil: '20123456786' },
        ],
      };
    };

    async function signOnPage(server: TestServer, url: string) {
      await fillFields(server.anon, tokenOf(url));
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US' });
      try {
        const page = await context.newPage();
        await page.goto(url);
        await page.locator('#progress', { hasText: 'All required fields are filled' }).waitFor();
        await page.locator('#complete').click();
        await page.getByRole('heading', { name: 'Sign with your digital certificate' }).waitFor();
        await page.getByLabel('Certificate file (.p12 or .pfx)').setInputFiles(pki.entities.good.p12Path);
        await page.getByLabel('Certificate password').fill(P12_PASSWORD);
        await page.locator('#digital-submit').click();
        await page.getByLabel('I have read and agree to this statement').check();
        await page.locator('#digital-submit').click();
        await page.getByRole('heading', { name: 'You have signed the document' }).waitFor({ timeout: 60_000 });
      } finally {
        await context.close();
      }
    }

    for (const database of testDatabases())
      for (const withTsa of [false, true])
        test(`page (RSA), drawn, API (P-256) — ${database}${withTsa ? ', with a TSA' : ''}`, async () => {
          const server = await startTestServer({
            database,
            env: {
              FIRMA_TRUST_ANCHORS: pki.trustAnchorsPath,
              FIRMA_REVOCATION_ALLOW_PRIVATE: 'true',
              FIRMA_JOB_POLL_MS: '100',
              ...(withTsa ? { FIRMA_TSA_URL: pki.tsa.url } : {}),
            },
          });
          try {
            const { urls, documentId } = await createPendingDocument(server.api, threeSigners());
            await signOnPage(server, urls.get('ana@example.com')!);
            const dora = await signAll(server.anon, tokenOf(urls.get('dora@example.com')!), { drawn: true });
            assert.equal(dora.status, 200, JSON.stringify(dora.body));
            const bruno = pki.entities.goodCompact;
            await signDigitally(server.anon, tokenOf(urls.get('bruno@example.com')!), {
              certificateChain: [bruno.certificatePem, ...bruno.chainPem],
              privateKey: bruno.privateKey,
            });
            await waitForStatus(server.api, documentId, ['COMPLETED']);
            const final = (await server.api.get(`/api/v2/document/${documentId}/download`)).bytes;

            const signatures = listPdfSignatures(final);
            assert.deepEqual(
              signatures.map((s) => s.type),
              ['Sig', 'Sig', 'Sig', ...(withTsa ? ['DocTimeStamp'] : [])],
              'Ana (page), Bruno (API), the seal',
            );
            for (const s of signatures.slice(0, 2))
              assert.equal(readCms(s.contents).timestampTokens.length, withTsa ? 1 : 0, 'a signature timestamp each');
            const dir = mkdtempSync(join(tmpdir(), 'firma-page-digital-'));
            writeFileSync(join(dir, 'final.pdf'), final);
            const report = pdfsig(join(dir, 'final.pdf'));
            rmSync(dir, { recursive: true, force: true });
            // Kept for a hand run of pyHanko when asked (docs/signing.md).
            const keep = process.env.FIRMA_TEST_KEEP_PDFS;
            if (keep) writeFileSync(join(keep, `page-signed-${database}${withTsa ? '-tsa' : ''}.pdf`), final);
            for (const s of report.signatures.slice(0, 3))
              assert.equal(s.validation, 'Signature is Valid.', report.output);
            // Each DIGITAL signature is followed at once by a revision that adds the DSS and nothing else.
            for (const s of signatures.slice(0, 2)) {
              const signedEnd = s.byteRange![2] + s.byteRange![3];
              const before = await loadRevision(final, signedEnd);
              const after = await loadRevision(final, nextRevisionEnd(final, signedEnd));
              assert.deepEqual(changesBesidesDss(before, after), []);
            }
            const diffs = await diffAfterSignatures(final);
            assert.equal(diffs.length, 3);
            for (const diff of diffs) assert.deepEqual(diff.problems, [], `after signature #${diff.signature}`);
          } finally {
            await server.close();
          }
        });
  },
);
