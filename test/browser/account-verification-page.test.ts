import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { chromium, type Browser } from 'playwright-core';
import { describeOrSkip } from '../helpers/describe-or-skip.js';
import { createPendingDocument, typicalPayload } from '../helpers/documents.js';
import { STRONG_PASSWORD } from '../helpers/accounts.js';
import { valueFor, tokenOf } from '../helpers/signing.js';
import { recipientOf, startSmtpSink, type SmtpSink } from '../helpers/smtp-sink.js';
import { startTestServer, testDatabases, type TestServer } from '../helpers/test-server.js';
import { ensureWebApp } from '../helpers/web-app.js';
import { assertAccessible } from '../helpers/axe.js';

const executablePath = process.env.FIRMA_TEST_BROWSER;

/**
 * Issue 37, item 4 in Chromium: a recipient asked for ACCOUNT (access) and PASSKEY (action) sees
 * nothing of the document, asks for the sign-up link, creates the account on the web app's
 * /sign-up page, comes back and continues signed in; then adds a passkey (Chromium's virtual
 * authenticator, through CDP) and confirms the signature with it. The server runs on `localhost`
 * (a WebAuthn relying party is a domain name, never an IP address).
 */
for (const database of testDatabases())
  describeOrSkip(
    `ACCOUNT and PASSKEY on the signing page in Chromium (${database})`,
    { skip: executablePath ? false : 'set FIRMA_TEST_BROWSER to run browser tests' },
    () => {
      let server: TestServer;
      let browser: Browser;
      let smtp: SmtpSink;

      before(async () => {
        await ensureWebApp();
        smtp = await startSmtpSink();
        server = await startTestServer({ database, env: { SMTP_URL: smtp.url, FIRMA_JOB_POLL_MS: '100' } });
        server.ctx.config.publicUrl = server.url.replace('127.0.0.1', 'localhost');
        browser = await chromium.launch({
          executablePath: executablePath!,
          args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
        });
      });
      after(async () => {
        await browser?.close();
        await server?.close();
        await smtp?.stop();
      });

      test('sign-up link, signed in, then the signature confirmed with a passkey', async () => {
        const payload = typicalPayload({
          recipients: [{ ...typicalPayload().recipients[0], accessAuth: ['ACCOUNT'], actionAuth: ['PASSKEY'] }],
        });
        const { urls, documentId } = await createPendingDocument(server.api, payload);
        const url = urls.get('ana@example.com')!;
        assert.ok(url.startsWith('http://localhost:'), url);
        // A phone's width: every step must fit it.
        const context = await browser.newContext({ locale: 'en-US', viewport: { width: 390, height: 844 } });
        const page = await context.newPage();
        const scriptErrors: string[] = [];
        page.on('pageerror', (e) => scriptErrors.push(e.message));
        await page.goto(url);

        // Not signed in: the sign-in step, and nothing of the document.
        const signIn = page.locator('#verify-sign-in');
        await signIn.waitFor();
        assert.equal(await signIn.textContent(), 'Sign in to Firma as a•••@example.com');
        assert.equal(await signIn.getAttribute('href'), `/sign-in?next=${encodeURIComponent(new URL(url).pathname)}`);
        assert.equal(await page.locator('.page canvas').count(), 0, 'nothing of the document before verifying');
        await assertAccessible(page, 'signing page, sign in first');

        // No account: the mailed sign-up link, opened in another tab of the same browser.
        await page.locator('#verify-sign-up').click();
        await page.locator('#verify-sign-up-info', { hasText: 'We sent a link to a•••@example.com' }).waitFor();
        await assertAccessible(page, 'signing page, sign-up link sent');
        const [mail] = await smtp.waitFor(
          (m) => recipientOf(m) === 'ana@example.com' && /Create your Firma account/.test(String(m.subject)),
        );
        const signUpUrl = /(http:\/\/localhost:\d+\/sign-up\/[A-Za-z0-9_-]+)/.exec(String(mail!.text))![1]!;
        const tab = await context.newPage();
        await tab.goto(signUpUrl);
        await tab
          .getByText('A document sent to ana@example.com asks you to sign in to Firma.', { exact: false })
          .waitFor();
        await assertAccessible(tab, 'sign-up page');
        await tab.locator('#name').fill('Ana García');
        await tab.locator('#new-password').fill(STRONG_PASSWORD);
        await tab.locator('#sign-up button[type=submit]').click();
        await tab.getByRole('heading', { name: 'Your account is ready' }).waitFor();
        await assertAccessible(tab, 'sign-up page, account made');
        await tab.goto(signUpUrl);
        await tab.getByRole('heading', { name: 'This link is not valid' }).waitFor();
        await assertAccessible(tab, 'sign-up page, used link');

        // Back on the signing page: Continue opens the document.
        await tab.close();
        await page.bringToFront();
        await page.locator('#verify-account-continue').click();
        await page.locator('.page canvas').first().waitFor();

        // A passkey for Ana's account, made by Chromium's virtual authenticator of the signing
        // page's tab (an authenticator belongs to one tab), with the web app's passkey API.
        const cdp = await context.newCDPSession(page);
        await cdp.send('WebAuthn.enable');
        await cdp.send('WebAuthn.addVirtualAuthenticator', {
          options: {
            protocol: 'ctap2',
            transport: 'internal',
            hasResidentKey: true,
            hasUserVerification: true,
            isUserVerified: true,
            automaticPresenceSimulation: true,
          },
        });
        // A script as text: tsx would wrap named functions in a helper the page does not have.
        const registered = await page.evaluate(`(async () => {
          const b64 = (buffer) =>
            btoa(String.fromCharCode(...new Uint8Array(buffer))).replace(/[+]/g, '-').replace(/[/]/g, '_').replace(/=+$/, '');
          const bytes = (text) =>
            Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
          const session = await (await fetch('/api/app/session')).json();
          const headers = { 'content-type': 'application/json', 'x-csrf-token': session.csrfToken };
          const options = await (await fetch('/api/app/me/passkeys/options', { method: 'POST', headers, body: '{}' })).json();
          const credential = await navigator.credentials.create({
            publicKey: { ...options, challenge: bytes(options.challenge), user: { ...options.user, id: bytes(options.user.id) }, excludeCredentials: [] },
          });
          const response = credential.response;
          const added = await fetch('/api/app/me/passkeys', {
            method: 'POST',
            headers,
            body: JSON.stringify({
              response: {
                id: credential.id,
                rawId: b64(credential.rawId),
                type: credential.type,
                clientExtensionResults: {},
                response: {
                  clientDataJSON: b64(response.clientDataJSON),
                  attestationObject: b64(response.attestationObject),
                  transports: response.getTransports(),
                },
              },
            }),
          });
          return added.status;
        })()`);
        assert.equal(registered, 200);
        // The fields, through the API with this browser's pass; then complete on the page.
        const token = tokenOf(url);
        // The grant's cookie and the account session's: an ACCOUNT pass holds only with that session.
        const cookies = await context.cookies();
        assert.ok(
          cookies.some((c) => c.name.startsWith('firma_v_')),
          'the page keeps the grant',
        );
        const headers = { cookie: cookies.map((c) => `${c.name}=${c.value}`).join('; ') };
        const view = await server.anon.get(`/api/v2/signing/${token}`, { headers });
        for (const f of view.body.fields)
          assert.equal(
            (await server.anon.post(`/api/v2/signing/${token}/field/${f.id}`, { json: valueFor(f), headers })).status,
            200,
          );
        await page.reload();
        await page.locator('.page canvas').first().waitFor();
        await page.locator('#complete').click();
        await page.locator('#consent-agree').check();
        await page.locator('dialog button[type=submit]').click();
        await page.locator('#verify-action').waitFor();
        await assertAccessible(page, 'signing page, passkey dialog');
        await page.locator('#verify-passkey').click();
        await page.getByRole('heading', { name: 'You have signed the document' }).waitFor();

        const doc = await server.api.get(`/api/v2/document/${documentId}`);
        assert.equal(doc.body.recipients[0].signingStatus, 'SIGNED');
        assert.deepEqual(scriptErrors, []);
        await context.close();
      });
    },
  );
