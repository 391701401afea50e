import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { auditOf, firstAdmin, SessionClient } from '../helpers/accounts.js';
import { freePort } from '../helpers/free-port.js';
import { FlowBrowser, startOidcProvider, TEST_CLIENT, type TestProvider } from '../helpers/oidc-provider.js';
import { startTestServer, testDatabases, type TestServer } from '../helpers/test-server.js';

/**
 * Issue 37, item 1: single sign-on with an OpenID Connect provider — a real one (oidc-provider)
 * started by the test, the code flow driven over HTTP through its login and consent forms. The
 * account with the provider's verified address is signed in; a callback not started in this
 * browser, a replayed code, an unverified address, an address with no account (sign-up off) and
 * a provider that is down are refused, signing nobody in.
 */
for (const database of testDatabases()) {
  describe(`accounts: single sign-on (${database})`, () => {
    let server: TestServer;
    let provider: TestProvider;
    let callback: string;
    before(async () => {
      const port = await freePort();
      server = await startTestServer({
        database,
        env: {
          FIRMA_OIDC_ISSUER: `http://127.0.0.1:${port}`,
          FIRMA_OIDC_CLIENT_ID: TEST_CLIENT.id,
          FIRMA_OIDC_CLIENT_SECRET: TEST_CLIENT.secret,
          FIRMA_OIDC_NAME: 'Acme SSO',
        },
      });
      callback = `${server.url}/api/app/oidc/callback`;
      provider = startOidcProvider(port, callback, {
        ada: { email: 'Ada.SSO@firma.example', email_verified: true, name: 'Ada' },
        unverified: { email: 'ada.sso@firma.example', email_verified: false },
        stranger: { email: 'stranger.sso@firma.example', email_verified: true },
      });
      await firstAdmin(server, 'ada.sso@firma.example');
    });
    after(async () => {
      await provider?.close();
      await server?.close();
    });

    /** The session answer of a browser's Firma cookies, or the status it got. */
    async function sessionOf(browser: FlowBrowser) {
      const response = await fetch(`${server.url}/api/app/session`, {
        headers: { cookie: browser.cookieHeader(server.url) },
      });
      return { status: response.status, body: (await response.json()) as { user?: { email: string } } };
    }

    test('the sign-in methods say single sign-on is on, with its label', async () => {
      const methods = await new SessionClient(server.url).get('/api/app/sign-in-methods');
      assert.equal(methods.status, 200);
      assert.deepEqual(methods.body, {
        password: true,
        passkey: true,
        oidc: { name: 'Acme SSO', startUrl: '/api/app/oidc/start' },
      });
    });

    test('the code flow signs in the account with the provider’s verified address, then goes to /', async () => {
      const browser = new FlowBrowser();
      const start = await browser.request(`${server.url}/api/app/oidc/start`);
      assert.equal(start.status, 302);
      const toProvider = new URL(start.headers.get('location')!);
      assert.equal(toProvider.origin, provider.issuer);
      assert.equal(toProvider.searchParams.get('code_challenge_method'), 'S256');
      assert.ok(toProvider.searchParams.get('state') && toProvider.searchParams.get('nonce'));
      assert.equal(toProvider.searchParams.get('redirect_uri'), callback);

      const back = await browser.signInAtProvider(toProvider.href, 'ada', callback);
      const finished = await browser.request(back);
      assert.equal(finished.status, 302, await finished.clone().text());
      assert.equal(finished.headers.get('location'), '/');
      const me = await sessionOf(browser);
      assert.equal(me.status, 200);
      assert.equal(me.body.user!.email, 'ada.sso@firma.example');
      const signIns = (await auditOf(server, 'ada.sso@firma.example')).filter((e) => e.type === 'SIGN_IN');
      assert.equal(signIns.at(-1)!.data.method, 'oidc');

      // The same code again, even with the attempt's cookie kept: the provider refuses it.
      const replayer = new FlowBrowser();
      const again = await replayer.request(`${server.url}/api/app/oidc/start`);
      const cookie = replayer.cookieHeader(server.url);
      const state = new URL(again.headers.get('location')!).searchParams.get('state')!;
      const replayedUrl = new URL(back);
      replayedUrl.searchParams.set('state', state);
      const replayed = await fetch(replayedUrl, { headers: { cookie }, redirect: 'manual' });
      assert.equal(replayed.status, 401);
      assert.equal(((await replayed.json()) as { code: string }).code, 'OIDC_SIGN_IN_REFUSED');
    });

    test('a callback not started in this browser, or with another state, signs nobody in', async () => {
      const browser = new FlowBrowser();
      const start = await browser.request(`${server.url}/api/app/oidc/start`);
      const back = await browser.signInAtProvider(start.headers.get('location')!, 'ada', callback);

      const elsewhere = await fetch(back, { redirect: 'manual' });
      assert.equal(elsewhere.status, 400, 'no attempt cookie: an attacker’s callback opened in a victim’s browser');
      assert.equal(((await elsewhere.json()) as { code: string }).code, 'OIDC_STATE_INVALID');
      assert.equal(elsewhere.headers.getSetCookie().filter((c) => c.startsWith('firma_session=')).length, 0);

      const otherState = new URL(back);
      otherState.searchParams.set('state', 'not-the-state-of-this-browser');
      const forged = await browser.request(otherState.href);
      assert.equal(forged.status, 400);
      assert.equal(((await forged.json()) as { code: string }).code, 'OIDC_STATE_INVALID');
      assert.equal((await sessionOf(browser)).status, 401);
    });

    test('an unverified address, and an address no account has (sign-up off), are refused', async () => {
      for (const [accountId, code] of [
        ['unverified', 'OIDC_EMAIL_NOT_VERIFIED'],
        ['stranger', 'OIDC_NO_ACCOUNT'],
      ] as const) {
        const browser = new FlowBrowser();
        const start = await browser.request(`${server.url}/api/app/oidc/start`);
        const back = await browser.signInAtProvider(start.headers.get('location')!, accountId, callback);
        const refused = await browser.request(back);
        assert.equal(refused.status, 403, accountId);
        assert.equal(((await refused.json()) as { code: string }).code, code);
        assert.equal((await sessionOf(browser)).status, 401, accountId);
      }
      const made = await server.ctx.db
        .selectFrom('userAccount')
        .select('id')
        .where('email', '=', 'stranger.sso@firma.example')
        .execute();
      assert.equal(made.length, 0, 'no account was made');
    });
  });
}

describe('accounts: single sign-on with its provider down', () => {
  let server: TestServer;
  before(async () => {
    const closedPort = await freePort();
    server = await startTestServer({
      database: 'sqlite',
      env: { FIRMA_OIDC_ISSUER: `http://127.0.0.1:${closedPort}`, FIRMA_OIDC_CLIENT_ID: 'firma' },
    });
  });
  after(() => server?.close());

  test('starting answers 503 OIDC_PROVIDER_UNAVAILABLE; a callback without an attempt 400', async () => {
    const start = await fetch(`${server.url}/api/app/oidc/start`, { redirect: 'manual' });
    assert.equal(start.status, 503);
    assert.equal(((await start.json()) as { code: string }).code, 'OIDC_PROVIDER_UNAVAILABLE');
    const back = await fetch(`${server.url}/api/app/oidc/callback?code=x&state=y`, { redirect: 'manual' });
    assert.equal(back.status, 400);
  });
});
