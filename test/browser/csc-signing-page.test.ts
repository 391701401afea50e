import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { chromium, type Browser } from 'playwright-core';
import { setPlatformCsc } from '../../src/domain/platforms/set-platform-csc.js';
import { describeOrSkip } from '../helpers/describe-or-skip.js';
import { createPendingDocument, typicalPayload } from '../helpers/documents.js';
import { tokenOf, valueFor } from '../helpers/signing.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';
import { startCscServer, type CscTestServer } from '../support/csc-server.js';
import { createTestPki, type EndEntityCase, type TestPki } from '../support/test-pki.js';

/**
 * Remote signing on the signing page (issue #22): a DIGITAL recipient whose platform has a CSC
 * provider leaves for the provider's form (username and PIN typed there, never on Firma's page),
 * comes back to pick a credential, is refused for a certificate with another CUIL, authorises the
 * signature at the provider (a wrong PIN refused there) and has signed.
 */
const executablePath = process.env.FIRMA_TEST_BROWSER;
const PIN = '2468';

describeOrSkip(
  'the signing page: a DIGITAL signer signs through the CSC provider',
  { skip: executablePath ? false : 'set FIRMA_TEST_BROWSER to run browser tests' },
  () => {
    let server: TestServer;
    let browser: Browser;
    let pki: TestPki;
    let csc: CscTestServer;

    before(async () => {
      pki = await createTestPki();
      const credential = (id: string, name: EndEntityCase) => ({
        id,
        certificates: [
          pki.entities[name].certificateDer.toString('base64'),
          ...pki.entities[name].chainPem.map((pem) => pem.replace(/-----[^-]+-----/g, '').replace(/\s+/g, '')),
        ],
        privateKey: pki.entities[name].privateKey,
      });
      csc = await startCscServer({
        clients: { firma: 'browser-client-secret' },
        users: {
          juana: { pin: PIN, credentials: [credential('cred-good', 'good'), credential('cred-wrong', 'wrongCuil')] },
        },
      });
      server = await startTestServer({
        database: 'sqlite',
        env: {
          FIRMA_TRUST_ANCHORS: pki.trustAnchorsPath,
          FIRMA_REVOCATION_ALLOW_PRIVATE: 'true',
          FIRMA_CSC_ALLOW_PRIVATE: 'true',
          FIRMA_JOB_POLL_MS: '100',
        },
      });
      await setPlatformCsc(server.ctx, {
        platform: 'default',
        url: csc.url,
        clientId: 'firma',
        clientSecret: 'browser-client-secret',
      });
      browser = await chromium.launch({
        executablePath: executablePath!,
        args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
      });
    });
    after(async () => {
      await browser?.close();
      await server?.close();
      await csc?.close();
      await pki?.close();
    });

    test('authorise at the provider, pick the credential, a wrong CUIL and a wrong PIN refused, then signed', async () => {
      const payload = typicalPayload();
      payload.recipients[0] = { ...payload.recipients[0]!, signatureLevel: 'DIGITAL' } as never;
      const { urls, documentId } = await createPendingDocument(server.api, payload);
      const url = urls.get('ana@example.com')!;
      const token = tokenOf(url);
      const view = await server.anon.get(`/api/v2/signing/${token}`);
      for (const f of view.body.fields as { id: number; type: string; fieldMeta: unknown }[])
        await server.anon.post(`/api/v2/signing/${token}/field/${f.id}`, { json: valueFor(f) });

      const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US' });
      const page = await context.newPage();
      const problems: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error' && !/status of (400|401)/.test(m.text())) problems.push(m.text());
      });
      page.on('pageerror', (e) => problems.push(e.message));
      page.on('response', (r) => {
        if (r.status() === 404) problems.push(`404 ${r.url()}`);
      });
      await page.goto(url);
      await page.locator('#complete').click();
      await page.getByRole('heading', { name: 'Or sign with a remote certificate' }).waitFor();
      await page.locator('#remote-start').click();

      // The provider's own page: the PIN is typed there.
      await page.waitForURL((u) => u.href.startsWith(csc.url));
      await page.locator('#username').fill('juana');
      await page.locator('#pin').fill(PIN);
      await page.locator('#authorize').click();

      // Back on the signing page, the fragment read and gone, the credentials offered.
      await page.waitForURL((u) => u.pathname === `/sign/${token}`);
      await page.locator('#remote-credentials').waitFor();
      assert.equal(new URL(page.url()).hash, '', 'the session left the address');
      await page.getByLabel(/Juana Perez \(wrongCuil\)/).check();
      await page.getByLabel('I have read and agree to this statement').check();
      await page.locator('#remote-sign').click();
      await page.locator('#digital-error', { hasText: 'does not carry the CUIL' }).waitFor();

      await page.getByLabel(/Juana Perez \(good\)/).check();
      await page.locator('#remote-sign').click();
      await page.waitForURL((u) => u.href.startsWith(csc.url));
      await page.locator('#username').fill('juana');
      await page.locator('#pin').fill('0000');
      await page.locator('#authorize').click();
      await page.locator('#problem', { hasText: 'Wrong username or PIN' }).waitFor();
      const before = await server.api.get(`/api/v2/document/${documentId}`);
      assert.equal(
        (before.body.recipients as { email: string; signingStatus: string }[]).find(
          (r) => r.email === 'ana@example.com',
        )!.signingStatus,
        'NOT_SIGNED',
      );
      await page.locator('#username').fill('juana');
      await page.locator('#pin').fill(PIN);
      await page.locator('#authorize').click();
      await page.waitForURL((u) => u.pathname === `/sign/${token}`);
      await page
        .locator('main')
        .getByText(/signed/i)
        .first()
        .waitFor();

      const after = await server.api.get(`/api/v2/document/${documentId}`);
      assert.equal(
        (after.body.recipients as { email: string; signingStatus: string }[]).find(
          (r) => r.email === 'ana@example.com',
        )!.signingStatus,
        'SIGNED',
      );
      assert.deepEqual(problems, [], 'no script error or CSP violation');
      await context.close();
    });
  },
);
