import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { after, before, test } from 'node:test';
import type axeCore from 'axe-core';
import type { Browser, Frame, Page } from 'playwright-core';
import { setPlatformEmbedWhiteLabel } from '../../src/domain/platforms/set-platform-embed-white-label.js';
import { describeOrSkip } from '../helpers/describe-or-skip.js';
import { createDirectLink } from '../helpers/direct-link.js';
import { CUIL_A, createPendingDocument, typicalPayload } from '../helpers/documents.js';
import {
  anaSignsOnly,
  bundleHost,
  launchChromium,
  callsOf,
  openEmbedded,
  signInFrame,
  startHost,
  type Embedded,
  type Host,
} from '../helpers/documenso-host.js';
import { tokenOf, valueFor } from '../helpers/signing.js';
import { recipientOf, startSmtpSink, type SmtpSink } from '../helpers/smtp-sink.js';
import { startTestServer, testDatabases, type TestServer } from '../helpers/test-server.js';
import { createTestPki, P12_PASSWORD, type TestPki } from '../support/test-pki.js';

const executablePath = process.env.FIRMA_TEST_BROWSER;
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Firma's frame inside the host page (cross-origin: Playwright reaches it all the same). */
const firmaFrame = (embedded: Embedded, server: TestServer): Frame =>
  embedded.page.frames().find((f) => f.url().startsWith(server.url))!;

/** axe-core's WCAG 2.1 A/AA verdict on a frame, one line per violating node. */
async function assertAccessible(frame: Frame, state: string) {
  if (!(await frame.evaluate(() => 'axe' in window))) await frame.evaluate(AXE_SOURCE);
  const violations = await frame.evaluate(async () => {
    const axe = (window as unknown as { axe: typeof axeCore }).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      resultTypes: ['violations'],
    });
    return result.violations.flatMap((v) => v.nodes.map((n) => `${v.id} at ${n.target.join(' ')}`));
  });
  assert.deepEqual(violations, [], `no WCAG 2.1 AA violation in "${state}"`);
}

/** Presses Tab until the frame's focused element has this id (the keyboard only). */
async function tabTo(page: Page, frame: Frame, id: string, max = 25) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    if ((await frame.evaluate(() => document.activeElement?.id)) === id) return;
  }
  throw new Error(`Tab never reached #${id}`);
}

/**
 * The embed pages' other promises, with the real components on another origin: the white-label
 * look only where the platform allows it and no hostile css, messages only for an exact allowed
 * origin, verification, the DIGITAL dialog, out of turn and expired in the app's language, the
 * authoring components' page, axe-core and the keyboard.
 */
for (const database of testDatabases())
  describeOrSkip(
    `Documenso's embed pages: look, origins, verification and access, in Chromium (${database})`,
    { skip: executablePath ? false : 'set FIRMA_TEST_BROWSER to run browser tests' },
    () => {
      let server: TestServer;
      let browser: Browser;
      let smtp: SmtpSink;
      let pki: TestPki;
      let host: Host;
      let patterned: Host;

      before(async () => {
        const bundle = await bundleHost();
        host = await startHost(bundle, 'localhost');
        // 127.0.0.1 on another port: allowed to frame Firma by a pattern, so it must hear nothing.
        patterned = await startHost(bundle, '127.0.0.1');
        smtp = await startSmtpSink();
        pki = await createTestPki();
        server = await startTestServer({
          database,
          env: {
            FIRMA_FRAME_ANCESTORS: `${host.origin} http://127.0.0.1:*`,
            SMTP_URL: smtp.url,
            FIRMA_JOB_POLL_MS: '100',
            FIRMA_TRUST_ANCHORS: pki.trustAnchorsPath,
            FIRMA_REVOCATION_ALLOW_PRIVATE: 'true',
          },
        });
        browser = await launchChromium(executablePath!);
      });
      after(async () => {
        await browser?.close();
        await server?.close();
        await smtp?.stop();
        await pki?.close();
        host?.server.close();
        patterned?.server.close();
      });

      const look = (frame: Frame) =>
        frame.evaluate(() => ({
          button: getComputedStyle(document.getElementById('complete')!).backgroundColor,
          radius: getComputedStyle(document.getElementById('complete')!).borderTopLeftRadius,
          main: getComputedStyle(document.querySelector('main')!).borderTopWidth,
          sheets: document.adoptedStyleSheets.length,
          vars: document.documentElement.dataset.embedVars ?? null,
          classes: document.documentElement.className,
        }));

      test('css and cssVars apply only with white-label on; a hostile sheet is refused whole and loads nothing', async () => {
        const { urls } = await createPendingDocument(server.api);
        const props = {
          token: tokenOf(urls.get('ana@example.com')!),
          host: server.url,
          darkModeDisabled: true,
          css: 'main { border-top: 7px solid rgb(1, 2, 3) }',
          cssVars: { primary: '#ff0000', primaryForeground: '#000000', radius: '0px' },
        };
        const plain = await openEmbedded(browser, host, 'EmbedSignDocument', props);
        await plain.frame.locator('#complete').waitFor();
        assert.deepEqual(await look(firmaFrame(plain, server)), {
          button: 'rgb(29, 78, 216)',
          radius: '8px',
          main: '0px',
          sheets: 0,
          vars: null,
          classes: 'embed dark-mode-disabled',
        });
        await plain.close();

        await setPlatformEmbedWhiteLabel(server.ctx, { platform: 'default', on: true });
        try {
          const themed = await openEmbedded(browser, host, 'EmbedSignDocument', props);
          await themed.frame.locator('#complete').waitFor();
          const frame = firmaFrame(themed, server);
          assert.deepEqual(await look(frame), {
            button: 'rgb(255, 0, 0)',
            radius: '0px',
            main: '7px',
            sheets: 1,
            vars: 'primary primaryForeground radius',
            classes: 'embed dark-mode-disabled',
          });
          assert.equal(
            await frame.evaluate(() => document.documentElement.style.getPropertyValue('--primary')),
            '0 100% 50%',
          );
          assert.deepEqual(themed.problems, [], 'no CSP refusal: the sheet is a constructed one');
          await themed.close();

          for (const css of [
            `main { border-top: 7px solid red } body { background-image: url(${host.origin}/leak-url) }`,
            `@import url(${host.origin}/leak-import.css); main { border-top: 7px solid red }`,
            `main { border-top: 7px solid red } </style><script>alert(1)</script>`,
            `main { border-top: 7px solid red; background: \\75 rl(${host.origin}/leak-escaped) }`,
          ]) {
            const hostile = await openEmbedded(browser, host, 'EmbedSignDocument', { ...props, css });
            let dialogs = 0;
            hostile.page.on('dialog', (d) => {
              dialogs += 1;
              void d.dismiss();
            });
            await hostile.frame.locator('#complete').waitFor();
            const seen = await look(firmaFrame(hostile, server));
            assert.equal(seen.main, '0px', `refused whole: ${css.slice(0, 50)}`);
            assert.equal(seen.sheets, 0);
            assert.equal(seen.button, 'rgb(255, 0, 0)', 'the colours still apply');
            assert.equal(dialogs, 0);
            await hostile.close();
          }
          assert.deepEqual(host.leaks, [], 'nothing was fetched for a theme');
        } finally {
          await setPlatformEmbedWhiteLabel(server.ctx, { platform: 'default', on: false });
        }
      });

      test('an origin FIRMA_FRAME_ANCESTORS allows only by a pattern frames the page but receives no message', async () => {
        const { urls } = await createPendingDocument(server.api);
        const props = { token: tokenOf(urls.get('ana@example.com')!), host: server.url, allowDocumentRejection: true };
        const framed = await openEmbedded(browser, patterned, 'EmbedSignDocument', props);
        await framed.frame.locator('.page canvas').first().waitFor();
        await framed.frame.locator('#reject').click();
        await framed.frame.locator('#reject-reason').fill('No');
        await framed.frame.locator('dialog button[type=submit]').click();
        await framed.frame.getByRole('heading', { name: 'You rejected the document' }).waitFor();
        await framed.page.waitForTimeout(300);
        assert.deepEqual(await framed.calls(), []);
        assert.deepEqual(
          (await framed.messages()).filter((m) => m.origin === server.url),
          [],
        );
        await framed.close();
      });

      test('verification inside the frame: the mailed code, then the access code and the CUIL before completing', async () => {
        const payload = typicalPayload({
          recipients: [
            {
              ...typicalPayload().recipients[0],
              accessAuth: ['TWO_FACTOR_AUTH'],
              actionAuth: ['PASSWORD'],
              accessCode: 'llave-9731',
              requireCuil: true,
            },
          ],
        });
        const { urls } = await createPendingDocument(server.api, payload);
        const token = tokenOf(urls.get('ana@example.com')!);
        const embedded = await openEmbedded(browser, host, 'EmbedSignDocument', { token, host: server.url });
        const { frame } = embedded;
        await frame.locator('#verify-access').waitFor();
        await frame.locator('#verify-send-code').click();
        const [mail] = await smtp.waitFor(
          (m) => recipientOf(m) === 'ana@example.com' && /verification code/i.test(String(m.subject)),
        );
        await frame.locator('#verify-code').fill(/code: (\d{6})/.exec(String(mail!.text))![1]!);
        await frame.locator('#verify-submit-code').click();
        await frame.locator('.page canvas').first().waitFor();
        await embedded.waitForCall('onDocumentReady');
        await signInFrame(frame, { label: 'Domicilio', value: 'Av. Corrientes 1234' });
        await frame.locator('#verify-access-code').fill('llave-9731');
        await frame.locator('#verify-access-code-submit').click();
        // The dialog asks again for what is left (the CUIL) once the access code's pass is back.
        await frame.locator('#verify-access-code').waitFor({ state: 'detached' });
        await frame.locator('#verify-cuil').fill(CUIL_A);
        await frame.locator('#verify-cuil-submit').click();
        await frame.getByRole('heading', { name: 'You have signed the document' }).waitFor();
        await embedded.waitForCall('onDocumentCompleted');
        assert.deepEqual(embedded.problems, []);
        await embedded.close();
      });

      test('the DIGITAL .p12 dialog works inside the frame', async () => {
        const payload = typicalPayload();
        payload.recipients[0] = { ...payload.recipients[0]!, signatureLevel: 'DIGITAL' } as never;
        const { urls } = await createPendingDocument(server.api, payload);
        const token = tokenOf(urls.get('ana@example.com')!);
        const view = await server.anon.get(`/api/v2/signing/${token}`);
        for (const f of view.body.fields as { id: number; type: string; fieldMeta: unknown }[])
          if (f.type !== 'SIGNATURE')
            await server.anon.post(`/api/v2/signing/${token}/field/${f.id}`, { json: valueFor(f) });
        const embedded = await openEmbedded(browser, host, 'EmbedSignDocument', { token, host: server.url });
        const { frame } = embedded;
        await frame.locator('#complete').click();
        await frame.getByRole('heading', { name: 'Sign with your digital certificate' }).waitFor();
        await frame.getByLabel('Certificate file (.p12 or .pfx)').setInputFiles(pki.entities.good.p12Path);
        await frame.getByLabel('Certificate password').fill(P12_PASSWORD);
        await frame.locator('#digital-submit').click();
        await frame.locator('#p12-common-name', { hasText: 'Juana Perez (good)' }).waitFor();
        await frame.getByLabel('I have read and agree to this statement').check();
        await frame.locator('#digital-submit').click();
        await frame.getByRole('heading', { name: 'You have signed the document' }).waitFor({ timeout: 30_000 });
        await embedded.waitForCall('onDocumentCompleted');
        assert.deepEqual(embedded.problems, []);
        await embedded.close();
      });

      test('out of turn and expired: their pages in the language the app asked for, and their messages', async () => {
        const ordered = await createPendingDocument(server.api, typicalPayload(), {
          distributionMethod: 'NONE',
          signingOrder: 'SEQUENTIAL',
        });
        const bruno = tokenOf(ordered.urls.get('bruno@example.com')!);
        const waiting = await openEmbedded(browser, host, 'EmbedSignDocument', {
          token: bruno,
          host: server.url,
          language: 'de',
        });
        await waiting.frame.getByRole('heading', { name: 'Sie sind noch nicht an der Reihe' }).waitFor();
        await waiting.page.waitForFunction(() =>
          (window as unknown as { messages: { data: { action?: string } }[] }).messages.some(
            (m) => m.data.action === 'document-waiting-for-turn',
          ),
        );
        const frame = firmaFrame(waiting, server);
        assert.equal(await frame.evaluate(() => document.documentElement.lang), 'de');
        await assertAccessible(frame, 'waiting for turn');
        assert.deepEqual(await callsOf(waiting, 'onDocumentError'), [], 'embed-react ignores it, as with Documenso');
        await waiting.close();

        const late = await createPendingDocument(server.api);
        await server.ctx.db
          .updateTable('recipient')
          .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
          .where('envelopeId', '=', late.documentId)
          .execute();
        const expired = await openEmbedded(browser, host, 'EmbedSignDocument', {
          token: tokenOf(late.urls.get('ana@example.com')!),
          host: server.url,
          language: 'ja',
        });
        await expired.frame.getByRole('heading', { name: 'この署名リンクは期限切れです' }).waitFor();
        await expired.page.waitForFunction(() =>
          (window as unknown as { messages: { data: { action?: string; data?: unknown } }[] }).messages.some(
            (m) => m.data.action === 'recipient-expired' && m.data.data === null,
          ),
        );
        await expired.close();
      });

      test('the authoring components with a presign token Firma does not know get a readable framed refusal and no callback', async () => {
        // The editor itself, with real tokens: test/browser/embed-authoring.test.ts.
        for (const [component, path] of [
          ['EmbedCreateDocumentV1', '/embed/v1/authoring/document/create'],
          ['EmbedCreateEnvelopeV2', '/embed/v2/authoring/envelope/create'],
        ] as const) {
          const embedded = await openEmbedded(browser, host, component, {
            presignToken: 'presign_abc',
            host: server.url,
            language: 'fr',
          });
          assert.equal(embedded.src.pathname, path);
          assert.equal(embedded.src.searchParams.get('token'), 'presign_abc');
          await embedded.frame.getByRole('heading', { name: 'This link is not valid' }).waitFor();
          const frame = firmaFrame(embedded, server);
          await assertAccessible(frame, `authoring refused (${component})`);
          assert.deepEqual(await embedded.calls(), []);
          await embedded.close();
        }
      });

      test('axe-core finds nothing on the embed pages, and a multisign is signed with the keyboard alone', async () => {
        const first = await createPendingDocument(server.api, anaSignsOnly());
        const second = await createPendingDocument(server.api, anaSignsOnly());
        const tokens = [first, second].map((d) => tokenOf(d.urls.get('ana@example.com')!));
        const embedded = await openEmbedded(browser, host, 'unstable_EmbedMultiSignDocument', {
          tokens,
          host: server.url,
        });
        const { page } = embedded;
        await embedded.frame.locator('.page canvas').first().waitFor();
        let frame = firmaFrame(embedded, server);
        await assertAccessible(frame, 'multisign, first document');
        for (let n = 1; n <= 2; n++) {
          frame = firmaFrame(embedded, server);
          await embedded.frame.getByText(`Document ${n} of 2`).waitFor();
          await embedded.frame.locator('.page canvas').first().waitFor();
          await tabTo(page, frame, 'next-field');
          await page.keyboard.press('Enter');
          await embedded.frame.locator('dialog .tab', { hasText: 'Type' }).waitFor();
          await tabTo(page, frame, 'tab-typed');
          await page.keyboard.press('Enter');
          await page.keyboard.press('Enter');
          await embedded.frame.locator('.field.filled .signature-text').waitFor();
          await tabTo(page, frame, 'complete');
          await page.keyboard.press('Enter');
          await embedded.frame.locator('#consent-agree').waitFor();
          await page.keyboard.press('Space');
          await page.keyboard.press('Enter');
          await embedded.waitForCall('onDocumentCompleted', n);
        }
        await embedded.waitForCall('onAllDocumentsCompleted');
        await embedded.frame.getByRole('heading', { name: 'All documents are done' }).waitFor();
        await assertAccessible(firmaFrame(embedded, server), 'multisign summary');
        assert.deepEqual(embedded.problems, []);
        await embedded.close();

        const { token } = await createDirectLink(server.api);
        const direct = await openEmbedded(
          browser,
          host,
          'EmbedDirectTemplate',
          { token, host: server.url, email: 'carla@example.com', lockEmail: true, language: 'es' },
          { width: 390 },
        );
        await direct.waitForCall('onDocumentReady');
        await assertAccessible(firmaFrame(direct, server), 'direct link form (locked e-mail, Spanish, phone width)');
        await direct.close();

        const wrong = await openEmbedded(browser, host, 'EmbedSignDocument', {
          token: 'y'.repeat(43),
          host: server.url,
        });
        await wrong.waitForCall('onDocumentError');
        await assertAccessible(firmaFrame(wrong, server), 'a wrong link');
        await wrong.close();
      });
    },
  );
