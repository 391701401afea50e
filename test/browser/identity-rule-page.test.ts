import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { chromium, type Browser } from 'playwright-core';
import { setPlatformIdentityRule } from '../../src/domain/platforms/set-platform-identity-rule.js';
import { createDocument, typicalPayload } from '../helpers/documents.js';
import { describeOrSkip } from '../helpers/describe-or-skip.js';
import type { HttpClient } from '../helpers/http-client.js';
import { tokenOf, valueFor, waitForStatus } from '../helpers/signing.js';
import { startTestServer, testDatabases, type TestServer } from '../helpers/test-server.js';

const executablePath = process.env.FIRMA_TEST_BROWSER;

/**
 * Issue 33, item 1 on the page: on a platform whose signers enter their own ID under Chile's rule,
 * the signing page asks for a RUT (not a CUIL) in the document's language, names the RUT when the
 * signer types something else, and completes with a valid one.
 */
for (const database of testDatabases()) {
  describeOrSkip(
    `the page asks for the platform’s national ID (${database}, Chromium)`,
    { skip: executablePath ? false : 'set FIRMA_TEST_BROWSER to run browser tests' },
    () => {
      let server: TestServer;
      let browser: Browser;
      let client: HttpClient;
      before(async () => {
        server = await startTestServer({ database });
        browser = await chromium.launch({ executablePath: executablePath!, args: ['--no-sandbox', '--disable-gpu'] });
        client = await server.newPlatform('chile');
        await setPlatformIdentityRule(server.ctx, { platform: 'chile', rule: 'rut', signerEntersId: 'on' });
      });
      after(async () => {
        await browser?.close();
        await server?.close();
      });

      test('es: "Su RUT", a CUIL refused as "no es el RUT", a valid RUT signs', async () => {
        const payload = typicalPayload({
          recipients: [
            {
              email: 'ana@example.com',
              name: 'Ana',
              role: 'SIGNER',
              fields: [{ type: 'SIGNATURE', pageNumber: 1, pageX: 10, pageY: 80, width: 30, height: 8 }],
            },
          ],
        });
        const created = await createDocument(client, { ...payload, meta: { language: 'es' } });
        assert.equal(created.status, 200, JSON.stringify(created.body));
        const sent = await client.post('/api/v2/document/distribute', {
          json: { documentId: created.body.id, meta: { distributionMethod: 'NONE' }, includeSigningUrls: true },
        });
        assert.equal(sent.status, 200, JSON.stringify(sent.body));
        const url: string = sent.body.recipients[0].signingUrl;
        const token = tokenOf(url);
        for (const f of (await server.anon.get(`/api/v2/signing/${token}`)).body.fields)
          await server.anon.post(`/api/v2/signing/${token}/field/${f.id}`, { json: valueFor(f) });

        const page = await browser.newPage();
        try {
          await page.goto(url);
          await page.locator('.page canvas').first().waitFor();
          await page.locator('#complete').click();
          await page.locator('#consent-agree').check();
          await page.locator('dialog button[type=submit]').click();
          await page.locator('#verify-action').waitFor();
          assert.equal(await page.locator('label[for=verify-cuil]').innerText(), 'Su RUT');

          await page.locator('#verify-cuil').fill('20-12345678-6');
          await page.locator('#verify-cuil-submit').click();
          const error = page.locator('#verify-error-action:not(:empty)');
          await error.waitFor();
          assert.match(await error.innerText(), /^Ese no es el RUT que tenemos registrado/);

          await page.locator('#verify-cuil').fill('12.345.678-5');
          await page.locator('#verify-cuil-submit').click();
          await page.locator('#verify-action').waitFor({ state: 'detached' });
          await waitForStatus(client, created.body.id, ['COMPLETED']);
          const done = await client.get(`/api/v2/document/${created.body.id}`);
          assert.equal(done.body.recipients[0].cuil, '123456785');
          assert.equal(done.body.recipients[0].signingStatus, 'SIGNED');
        } finally {
          await page.close();
        }
      });
    },
  );
}
