import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { chromium, type Browser } from 'playwright-core';
import { describeOrSkip } from '../helpers/describe-or-skip.js';
import { createPendingDocument } from '../helpers/documents.js';
import { digitalPayload } from '../helpers/digital-signers.js';
import { tokenOf, valueFor } from '../helpers/signing.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';
import { createTestPki, P12_PASSWORD, type TestPki } from '../support/test-pki.js';

/**
 * Issue #34 item 5 on the signing page, at phone width: the page says which signature the
 * recipient gives (digital with their certificate, or electronic); a DIGITAL signer's signature
 * field is the certificate's, so nothing is drawn or typed before the certificate dialog; the
 * dialog labels the CUIL as CUIL and shows the issuer and the expiry; the statement is the digital
 * one; in Spanish and Japanese, with no English left and no missing word.
 */
const executablePath = process.env.FIRMA_TEST_BROWSER;

const WORDS = {
  es: {
    digital: 'Firma digital.',
    electronic: 'Firma electrónica.',
    byCertificate: 'Se firma con su certificado',
    allFilled: 'Todos los campos obligatorios están completos.',
    dialog: 'Firmar con su certificado digital',
    labels: ['Nombre', 'CUIL', 'Emitido por', 'Válido hasta'],
    statement: /^Acepto firmar digitalmente este documento con mi propio certificado/,
    agree: 'Leí y acepto esta declaración',
    done: /firmó|Firmó|firmado/,
  },
  ja: {
    digital: 'デジタル署名。',
    electronic: '電子署名。',
    byCertificate: '証明書で署名されます',
    allFilled: null,
    dialog: 'デジタル証明書で署名',
    labels: ['CUIL', '発行者', '有効期限'],
    statement: /自分の証明書でこの文書にデジタル署名すること/,
    agree: null,
    done: null,
  },
} as const;

describeOrSkip(
  'the signing page says each level and asks a DIGITAL signer for nothing but the certificate',
  { skip: executablePath ? false : 'set FIRMA_TEST_BROWSER to run browser tests' },
  () => {
    let server: TestServer;
    let browser: Browser;
    let pki: TestPki;

    before(async () => {
      pki = await createTestPki();
      server = await startTestServer({
        database: 'sqlite',
        env: { FIRMA_TRUST_ANCHORS: pki.trustAnchorsPath, FIRMA_REVOCATION_ALLOW_PRIVATE: 'true' },
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

    /** Fills the recipient's fields through the API, except those the certificate signs; answers those. */
    async function fillAllButCertificate(token: string): Promise<number[]> {
      const view = await server.anon.get(`/api/v2/signing/${token}`);
      const byCertificate: number[] = [];
      for (const f of view.body.fields as {
        id: number;
        type: string;
        fieldMeta: unknown;
        signedByCertificate: boolean;
      }[]) {
        if (f.signedByCertificate) {
          byCertificate.push(f.id);
          continue;
        }
        const res = await server.anon.post(`/api/v2/signing/${token}/field/${f.id}`, { json: valueFor(f) });
        assert.equal(res.status, 200, JSON.stringify(res.body));
      }
      return byCertificate;
    }

    for (const language of ['es', 'ja'] as const) {
      test(`${language}, phone width: the level per signer, the certificate's field, CUIL, issuer and expiry`, async () => {
        const w = WORDS[language];
        const { urls, documentId } = await createPendingDocument(server.api, digitalPayload(), {
          distributionMethod: 'NONE',
          language,
        });
        const anaUrl = urls.get('ana@example.com')!;
        const certificateFields = await fillAllButCertificate(tokenOf(anaUrl));
        assert.ok(certificateFields.length > 0, 'Ana has a signature field the certificate signs');

        const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: language });
        const problems: string[] = [];
        const page = await context.newPage();
        page.on('pageerror', (e) => problems.push(e.message));
        page.on('console', (m) => {
          if (m.type() === 'error') problems.push(m.text());
        });

        // Bruno signs electronically: the page says so.
        await page.goto(urls.get('bruno@example.com')!);
        await page.locator('#signature-level', { hasText: w.electronic }).waitFor();

        await page.goto(anaUrl);
        await page.locator('#signature-level', { hasText: w.digital }).waitFor();
        const box = page.locator(`[data-field-id="${certificateFields[0]}"]`);
        await box.scrollIntoViewIfNeeded();
        assert.equal((await box.innerText()).trim(), w.byCertificate);
        if (w.allFilled) await page.locator('#progress', { hasText: w.allFilled }).waitFor();
        // Selecting the certificate's field opens the certificate dialog, not the drawing pad.
        await box.click();
        await page.getByRole('heading', { name: w.dialog }).waitFor();
        assert.equal(await page.locator('dialog canvas').count(), 0, 'no drawing surface');
        assert.match(await page.locator('#digital-consent-statement').innerText(), w.statement);

        await page.locator('#p12-file').setInputFiles(pki.entities.good.p12Path);
        await page.locator('#p12-password').fill(P12_PASSWORD);
        await page.locator('#digital-submit').click();
        await page.locator('#p12-common-name', { hasText: 'Juana Perez (good)' }).waitFor();
        const labels = await page.locator('#p12-certificate dt').allInnerTexts();
        for (const label of w.labels) assert.ok(labels.includes(label), `${label} in ${labels.join(' | ')}`);
        assert.ok(!labels.some((l) => /serie|Serial|シリアル/i.test(l)), 'the CUIL is not called a serial number');
        assert.equal(await page.locator('#p12-cuil').innerText(), '20-12345678-6');
        assert.equal(await page.locator('#p12-issuer').innerText(), 'Firma Test Signing CA');
        const year = String(new Date().getFullYear() + 1);
        assert.ok((await page.locator('#p12-expires').innerText()).includes(year), 'the expiry, in a year');
        const dialogText = await page.locator('dialog').innerText();
        assert.doesNotMatch(dialogText, /undefined|Serial number|Issued by|Valid until|Certificate file/);

        if (w.agree) {
          await page.getByLabel(w.agree).check();
          await page.locator('#digital-submit').click();
          await page.locator('dialog').waitFor({ state: 'detached', timeout: 30_000 });
          const doc = await server.api.get(`/api/v2/document/${documentId}`);
          const ana = (doc.body.recipients as { email: string; signingStatus: string }[]).find(
            (r) => r.email === 'ana@example.com',
          );
          assert.equal(ana!.signingStatus, 'SIGNED', 'signed without drawing or typing anything');
        }
        // Nothing wider than the phone's screen.
        assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1));
        assert.deepEqual(problems, []);
        await context.close();
      });
    }
  },
);
