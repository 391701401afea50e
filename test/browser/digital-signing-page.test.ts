import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import type axeCore from 'axe-core';
import { chromium, type Browser, type Page } from 'playwright-core';
import { describeOrSkip } from '../helpers/describe-or-skip.js';
import { fillFields as fillRecipientFields } from '../helpers/digital-signers.js';
import { createPendingDocument, typicalPayload } from '../helpers/documents.js';
import { tokenOf, waitForStatus } from '../helpers/signing.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';
import { pdfsig, qpdfCheck } from '../support/seal-test-support.js';
import { createTestPki, P12_PASSWORD, TEST_CUIL, type EndEntityCase, type TestPki } from '../support/test-pki.js';

/**
 * Firma digital on the signing page (issue #22): a DIGITAL recipient picks their .p12, types its
 * password and signs; the page reads the file with node-forge, signs with WebCrypto (RSA for Ana,
 * ECDSA for Bruno) and sends only the certificate chain and the signature values. Refusals (another
 * CUIL, a wrong password) show their message in the dialog and change nothing.
 */
const executablePath = process.env.FIRMA_TEST_BROWSER;
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

describeOrSkip(
  'the signing page: a DIGITAL signer signs with a PKCS#12 file',
  { skip: executablePath ? false : 'set FIRMA_TEST_BROWSER to run browser tests' },
  () => {
    let server: TestServer;
    let browser: Browser;
    let pki: TestPki;

    before(async () => {
      pki = await createTestPki();
      server = await startTestServer({
        database: 'sqlite',
        env: {
          FIRMA_TRUST_ANCHORS: pki.trustAnchorsPath,
          FIRMA_REVOCATION_ALLOW_PRIVATE: 'true',
          FIRMA_JOB_POLL_MS: '100',
        },
      });
      browser = await chromium.launch({
        executablePath: executablePath!,
        args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
      });
    });
    after(async () => {
      await browser?.close();
      await server?.close();
      await pki?.close();
    });

    /** Both signers DIGITAL; Bruno holds Ana's CUIL here so the test PKI's EC certificate serves him. */
    const bothDigital = () => {
      const payload = typicalPayload();
      payload.recipients[0] = { ...payload.recipients[0]!, signatureLevel: 'DIGITAL' } as never;
      payload.recipients[1] = { ...payload.recipients[1]!, signatureLevel: 'DIGITAL', cuil: TEST_CUIL } as never;
      return payload;
    };

    // The signer's fields but those their certificate fills (digital-signers.ts).
    const fillFields = (token: string) => fillRecipientFields(server.anon, token);

    /** The page with its fields filled, every request recorded, the digital dialog opened. */
    async function openDialog(url: string) {
      await fillFields(tokenOf(url));
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US' });
      const page = await context.newPage();
      const sent: { url: string; body: string }[] = [];
      const problems: string[] = [];
      page.on('request', (r) => sent.push({ url: r.url(), body: r.postData() ?? '' }));
      page.on('console', (m) => {
        if (m.type() === 'error' && !/status of 400/.test(m.text())) problems.push(m.text());
      });
      page.on('pageerror', (e) => problems.push(e.message));
      await page.goto(url);
      await page.locator('#progress', { hasText: 'All required fields are filled' }).waitFor();
      await page.locator('#complete').click();
      await page.getByRole('heading', { name: 'Sign with your digital certificate' }).waitFor();
      return { page, sent, problems, close: () => context.close() };
    }

    async function chooseCertificate(page: Page, name: EndEntityCase, password: string) {
      await page.getByLabel('Certificate file (.p12 or .pfx)').setInputFiles(pki.entities[name].p12Path);
      await page.getByLabel('Certificate password').fill(password);
      await page.locator('#digital-submit').click();
    }

    /** What must never leave the browser: the password, the file, the private key. */
    function assertNothingPrivateSent(sent: { url: string; body: string }[], name: EndEntityCase) {
      const p12 = readFileSync(pki.entities[name].p12Path).toString('base64');
      // The private scalar or exponent (the rest of a PKCS#8 also holds the public key, which is sent).
      const d = Buffer.from(pki.entities[name].privateKey.export({ format: 'jwk' }).d!, 'base64url');
      const secrets = [
        d.toString('base64').slice(4, 40),
        d.toString('base64url').slice(4, 40),
        d.toString('hex').slice(4, 40),
      ];
      for (const { url, body } of sent) {
        const where = url.replace(server.url, '');
        assert.ok(!url.includes(P12_PASSWORD) && !body.includes(P12_PASSWORD), `the password in ${where}`);
        assert.ok(!body.includes(p12.slice(100, 160)), `the .p12 in ${where}`);
        assert.ok(!secrets.some((secret) => body.includes(secret)), `the private key in ${where}`);
        assert.ok(url.startsWith(server.url), `${url} leaves Firma`);
      }
    }

    test('two DIGITAL signers sign on the page (RSA, then ECDSA): the document completes and pdfsig validates both and the seal', async () => {
      const { urls, documentId } = await createPendingDocument(server.api, bothDigital());
      for (const [email, name, cn] of [
        ['ana@example.com', 'good', 'Juana Perez (good)'],
        ['bruno@example.com', 'goodCompact', 'Juana Perez (goodCompact)'],
      ] as const) {
        const { page, sent, problems, close } = await openDialog(urls.get(email)!);
        await chooseCertificate(page, name, P12_PASSWORD);
        // Whose certificate it is, read in the browser before anything is sent.
        await page.locator('#p12-common-name', { hasText: cn }).waitFor();
        assert.equal(await page.locator('#p12-cuil').innerText(), '20-12345678-6');
        assert.equal(sent.filter((r) => r.url.includes('/signature/')).length, 0, 'reading sends nothing');
        // Without the consent nothing is sent either.
        await page.locator('#digital-submit', { hasText: 'Sign with this certificate' }).click();
        await page.locator('#digital-error', { hasText: 'Tick the box' }).waitFor();
        await page.getByLabel('I have read and agree to this statement').check();
        await page.locator('#digital-submit').click();
        await page.getByRole('heading', { name: 'You have signed the document' }).waitFor({ timeout: 30_000 });

        const posted = sent.filter((r) => r.body).map((r) => r.url.replace(/.*\/signing\/[^/]+/, ''));
        assert.deepEqual(posted, ['/signature/prepare', '/signature/submit']);
        const prepare = JSON.parse(sent.find((r) => r.url.endsWith('/signature/prepare'))!.body);
        assert.deepEqual(Object.keys(prepare), ['certificateChain']);
        assert.equal(prepare.certificateChain.length, 2, 'the signer’s certificate and its issuer');
        assert.equal(
          Buffer.from(prepare.certificateChain[0], 'base64').toString('base64'),
          pki.entities[name].certificateDer.toString('base64'),
          'the certificate exactly as issued',
        );
        assertNothingPrivateSent(sent, name);
        assert.deepEqual(problems, [], 'no script error or CSP violation');
        await close();
      }

      await waitForStatus(server.api, documentId, ['COMPLETED']);
      const download = await server.api.get(`/api/v2/document/${documentId}/download`);
      assert.equal(download.status, 200);
      const path = join(pki.dir, 'page-signed.pdf');
      writeFileSync(path, download.bytes);
      const report = pdfsig(path);
      assert.equal(report.signatures.length, 3, report.output);
      for (const s of report.signatures) assert.equal(s.validation, 'Signature is Valid.', report.output);
      assert.match(report.output, /Juana Perez \(good\)/);
      assert.match(report.output, /Juana Perez \(goodCompact\)/);
      assert.ok(qpdfCheck(path).clean, qpdfCheck(path).output);
    });

    test('the dialog is accessible: labelled, focus held and given back, WCAG 2.1 AA for axe; its words in eleven languages', async () => {
      const { urls } = await createPendingDocument(server.api, bothDigital());
      const { page, problems, close } = await openDialog(urls.get('ana@example.com')!);
      assert.equal(await page.evaluate(() => document.activeElement?.id), 'p12-file', 'focus starts on the file');
      await chooseCertificate(page, 'good', P12_PASSWORD);
      await page.locator('#p12-common-name', { hasText: 'Juana Perez (good)' }).waitFor();
      assert.equal(await page.evaluate(() => document.activeElement?.id), 'digital-consent-agree');
      if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
      const violations = await page.evaluate(async () => {
        const axe = (window as unknown as { axe: typeof axeCore }).axe;
        const result = await axe.run(document, {
          runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
          resultTypes: ['violations'],
        });
        return result.violations.flatMap((v) => v.nodes.map((n) => `${v.id} at ${n.target.join(' ')}`));
      });
      assert.deepEqual(violations, []);
      // Tab stays inside the dialog; Escape closes it and focus returns to the final action.
      for (let i = 0; i < 12; i++) await page.keyboard.press('Tab');
      assert.ok(await page.evaluate(() => !!document.activeElement?.closest('dialog')), 'focus held in the dialog');
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      assert.equal(await page.evaluate(() => document.activeElement?.id), 'complete');

      // Every language carries every message the English one has.
      // A string, evaluated as written: tsx's helpers (`__name`) do not exist in the page.
      const gaps = await page.evaluate<{
        languages: string[];
        different: string[];
      }>(`import('/sign-assets/digital-i18n.js').then(({ DIGITAL_MESSAGES }) => {
        const keys = (o, prefix = '') =>
          Object.entries(o).flatMap(([k, v]) => (typeof v === 'object' ? keys(v, k + '.') : [prefix + k]));
        const english = keys(DIGITAL_MESSAGES.en).sort().join();
        return {
          languages: Object.keys(DIGITAL_MESSAGES).sort(),
          different: Object.entries(DIGITAL_MESSAGES).filter(([, m]) => keys(m).sort().join() !== english).map(([l]) => l),
        };
      })`);
      assert.deepEqual(gaps.languages, ['de', 'en', 'es', 'fr', 'it', 'ja', 'ko', 'nl', 'pl', 'pt-BR', 'zh']);
      assert.deepEqual(gaps.different, []);
      assert.deepEqual(problems, []);
      await close();
    });

    test('a wrong password, another CUIL and every other certificate refusal show their messages and change nothing', async () => {
      const { urls, documentId } = await createPendingDocument(server.api, bothDigital());
      const { page, sent, problems, close } = await openDialog(urls.get('ana@example.com')!);

      await chooseCertificate(page, 'good', 'not-the-password');
      await page.locator('#digital-error', { hasText: 'The password is not correct' }).waitFor();
      assert.ok(await page.locator('#p12-certificate').isHidden());

      await page.getByLabel('I have read and agree to this statement').check();
      const refusals: [EndEntityCase, string][] = [
        ['wrongCuil', 'does not carry the CUIL the sender gave for you'],
        ['expired', 'has expired or is not valid yet'],
        ['revoked', 'has been revoked by its issuer'],
        ['untrusted', 'not issued by a certification authority Firma trusts'],
        ['noKeyUsage', 'may not be used for signatures'],
      ];
      for (const [name, message] of refusals) {
        await chooseCertificate(page, name, P12_PASSWORD);
        await page.locator('#p12-common-name', { hasText: `Juana Perez (${name})` }).waitFor();
        await page.locator('#digital-submit').click();
        await page.locator('#digital-error', { hasText: message }).waitFor();
        // The dialog stays open, to choose another file.
        assert.ok(await page.getByRole('dialog').isVisible(), name);
        assertNothingPrivateSent(sent, name);
      }
      assert.equal(sent.filter((r) => r.url.endsWith('/signature/prepare')).length, refusals.length);
      assert.equal(sent.filter((r) => r.url.endsWith('/signature/submit')).length, 0);
      assertNothingPrivateSent(sent, 'good');
      assert.deepEqual(problems, []);

      const doc = await server.api.get(`/api/v2/document/${documentId}`);
      const ana = (doc.body.recipients as { email: string; signingStatus: string }[]).find(
        (r) => r.email === 'ana@example.com',
      );
      assert.equal(ana!.signingStatus, 'NOT_SIGNED');
      assert.equal(doc.body.status, 'PENDING');
      await close();
    });
  },
);
