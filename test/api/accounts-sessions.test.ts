import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { createSetupLink } from '../../src/domain/accounts/create-setup-link.js';
import {
  auditOf,
  defaultPlatformId,
  firstAdmin,
  SessionClient,
  STRONG_PASSWORD,
  type SessionRequest,
} from '../helpers/accounts.js';
import { inOneRateWindow, limiterSetups } from '../helpers/rate-window.js';
import { startTestServer, testDatabases, testRedisUrl, type TestServer } from '../helpers/test-server.js';
import { ensureWebApp } from '../helpers/web-app.js';

/**
 * Issue 37, item 1: people sign in to the web app's API (/api/app) with a session cookie. The
 * first start's setup link, sign-in and out, failures and lockout (the same for an unknown
 * address), the session list and revocation, session expiry, and CSRF refusals.
 */
for (const database of testDatabases()) {
  describe(`accounts: sign-in and sessions (${database})`, () => {
    let server: TestServer;
    before(async () => {
      await ensureWebApp();
      server = await startTestServer({
        database,
        captureLogs: true,
        env: { FIRMA_SIGN_IN_LOCKOUT_AFTER: '3', FIRMA_SIGN_IN_LOCKOUT_SECONDS: '60', LOG_LEVEL: 'info' },
      });
    });
    after(() => server?.close());

    /** Secrets handed out during the tests, none of which may reach a log line. */
    const handedOut: string[] = [];
    const sessionRow = (id: string) =>
      server.ctx.db.selectFrom('userSession').selectAll().where('id', '=', id).executeTakeFirst();

    test('the setup link: its page is the app’s form; it creates the first administrator once, signed in', async () => {
      const { url } = await createSetupLink(server.ctx, await defaultPlatformId(server));
      assert.ok(url.startsWith(`${server.url}/setup/`), url);
      const token = url.split('/setup/')[1]!;

      const page = await fetch(url, { headers: { 'accept-language': 'es-AR,es;q=0.9' } });
      assert.equal(page.status, 200);
      assert.match(page.headers.get('content-security-policy') ?? '', /default-src 'none'/);
      assert.equal(page.headers.get('cache-control'), 'no-store');
      const html = await page.text();
      assert.match(html, /<html lang="es">/);
      assert.ok(!html.includes(token), 'the token is not in the markup');
      assert.ok(!html.includes('firma-link'), 'a live link is not marked invalid');
      assert.ok(!/<script(?![^>]*\ssrc=)/.test(html), 'no inline script');

      const admin = new SessionClient(server.url);
      const weak = await admin.post(`/api/app/setup/${token}`, {
        json: { email: 'Root@Firma.example', name: 'Root', password: 'short' },
      });
      assert.equal(weak.status, 400);
      assert.equal(weak.body.code, 'PASSWORD_TOO_WEAK');
      assert.deepEqual(weak.body.issues[0].path, ['password']);
      for (const password of ['root@firma.example', 'password123', 'aaaaaaaaaaaa'])
        assert.equal(
          (await admin.post(`/api/app/setup/${token}`, { json: { email: 'root@firma.example', name: 'R', password } }))
            .body.code,
          'PASSWORD_TOO_WEAK',
          password,
        );
      assert.equal(admin.cookie, null, 'a refusal signs nobody in');

      const made = await admin.post(`/api/app/setup/${token}`, {
        json: { email: 'Root@Firma.example', name: 'Root', password: STRONG_PASSWORD },
      });
      assert.equal(made.status, 200, JSON.stringify(made.body));
      assert.equal(made.body.user.email, 'root@firma.example', 'lower-cased');
      assert.equal(made.body.user.emailVerified, false);
      assert.equal(made.body.session.current, true);
      const setCookie = admin.setCookies.at(-1)!;
      assert.match(setCookie, /^firma_session=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=604800$/);
      assert.ok(!setCookie.includes('Secure'), 'plain http: no Secure flag');

      const me = await admin.get('/api/app/session');
      assert.equal(me.status, 200);
      assert.equal(me.body.csrfToken, made.body.csrfToken);
      const platforms = await admin.get('/api/app/platforms');
      assert.deepEqual(
        platforms.body.data.map((p: { name: string; role: string }) => [p.name, p.role]),
        [['default', 'ADMIN']],
      );

      const again = await new SessionClient(server.url).post(`/api/app/setup/${token}`, {
        json: { email: 'other@firma.example', name: 'Other', password: STRONG_PASSWORD },
      });
      assert.equal(again.status, 404);
      assert.equal(again.body.code, 'ACCOUNT_LINK_INVALID');
      assert.equal((await fetch(url)).status, 404, 'the page says the link is used');
      assert.deepEqual(
        (await auditOf(server, 'root@firma.example')).map((e) => e.type),
        ['USER_CREATED', 'MEMBER_ADDED', 'EMAIL_VERIFICATION_SENT', 'SIGN_IN'],
      );
    });

    test('sign in and out; a wrong password and an unknown address get the same answer; all audited', async () => {
      await firstAdmin(server, 'ana@firma.example');
      const ana = new SessionClient(server.url);
      const wrong = await ana.signIn('ana@firma.example', 'not the password at all');
      const unknown = await ana.signIn('nobody@firma.example', 'not the password at all');
      for (const refused of [wrong, unknown]) {
        assert.equal(refused.status, 401);
        assert.equal(refused.body.code, 'SIGN_IN_FAILED');
      }
      assert.equal(wrong.body.message, unknown.body.message);
      assert.deepEqual(Object.keys(wrong.body), Object.keys(unknown.body));
      assert.equal(ana.cookie, null);

      const signedIn = await ana.signIn(' ANA@firma.example ', STRONG_PASSWORD);
      assert.equal(signedIn.status, 200, JSON.stringify(signedIn.body));
      assert.equal(signedIn.body.user.email, 'ana@firma.example');
      assert.equal((await ana.get('/api/app/session')).status, 200);
      const cookie = ana.cookie;

      const out = await ana.delete('/api/app/session');
      assert.equal(out.status, 200);
      assert.deepEqual(out.body, { signedOut: true });
      assert.match(ana.setCookies.at(-1)!, /^firma_session=; .*Max-Age=0/);
      const stale = new SessionClient(server.url);
      stale.cookie = cookie;
      const after = await stale.get('/api/app/session');
      assert.equal(after.status, 401);
      assert.equal(after.body.code, 'SESSION_REQUIRED');
      assert.equal((await new SessionClient(server.url).get('/api/app/sessions')).body.code, 'SESSION_REQUIRED');

      const trail = await auditOf(server, 'ana@firma.example');
      assert.deepEqual(
        trail.slice(-4).map((e) => [e.type, e.data.reason ?? e.data.method ?? null]),
        [
          ['SIGN_IN', 'setup'],
          ['SIGN_IN_FAILED', 'password'],
          ['SIGN_IN', 'password'],
          ['SIGN_OUT', null],
        ],
      );
      const unknownTrail = await auditOf(server, 'nobody@firma.example');
      assert.deepEqual(
        unknownTrail.map((e) => [e.type, e.userId]),
        [['SIGN_IN_FAILED', null]],
      );
      assert.ok(unknownTrail[0]!.ip, 'the address it came from');
    });

    test('lockout after consecutive failures, the same for an unknown address; it doubles', async () => {
      await firstAdmin(server, 'lou@firma.example');
      for (const email of ['lou@firma.example', 'ghost@firma.example']) {
        const client = new SessionClient(server.url);
        for (let i = 0; i < 3; i++) assert.equal((await client.signIn(email, 'wrong password 123')).status, 401);
        const locked = await client.signIn(email, STRONG_PASSWORD);
        assert.equal(locked.status, 429, email);
        assert.equal(locked.body.code, 'SIGN_IN_LOCKED');
        const retry = Number(locked.headers.get('retry-after'));
        assert.ok(retry >= 1 && retry <= 60, `Retry-After ${retry}`);
        assert.equal(client.cookie, null, 'the right password does not get through a lockout');
        const types = (await auditOf(server, email)).map((e) => e.type).filter((t) => t !== 'SIGN_IN');
        assert.deepEqual(types.slice(-4), ['SIGN_IN_FAILED', 'SIGN_IN_FAILED', 'SIGN_IN_FAILED', 'SIGN_IN_LOCKED']);
      }
      // Once the lockout is over, the next failure locks again, for twice as long.
      await server.ctx.db
        .updateTable('signInThrottle')
        .set({ lockedUntil: new Date(0).toISOString() })
        .execute();
      const lou = new SessionClient(server.url);
      assert.equal((await lou.signIn('lou@firma.example', 'wrong password 123')).status, 401);
      const longer = await lou.signIn('lou@firma.example', STRONG_PASSWORD);
      assert.equal(longer.status, 429);
      assert.ok(Number(longer.headers.get('retry-after')) > 60, 'doubled');
      // A lockout over, the right password signs in and forgets the failures.
      await server.ctx.db
        .updateTable('signInThrottle')
        .set({ lockedUntil: new Date(0).toISOString() })
        .execute();
      assert.equal((await lou.signIn('lou@firma.example', STRONG_PASSWORD)).status, 200);
      assert.equal((await lou.signIn('lou@firma.example', 'wrong password 123')).status, 401);
      assert.equal((await lou.signIn('lou@firma.example', STRONG_PASSWORD)).status, 200, 'counting starts again');
    });

    test('sessions: list, revoke one, revoke the others; another user’s session is 404 and untouched', async () => {
      const first = await firstAdmin(server, 'sam@firma.example');
      const second = new SessionClient(server.url);
      const third = new SessionClient(server.url);
      await second.signIn('sam@firma.example', STRONG_PASSWORD, {});
      await third.post('/api/app/session', {
        json: { email: 'sam@firma.example', password: STRONG_PASSWORD },
        headers: { 'user-agent': 'Phone Browser 1.0' },
      });
      const listed = await first.get('/api/app/sessions');
      assert.equal(listed.status, 200);
      assert.equal(listed.body.data.length, 3);
      assert.equal(listed.body.data.filter((s: { current: boolean }) => s.current).length, 1);
      const phone = listed.body.data.find((s: { userAgent: string }) => s.userAgent === 'Phone Browser 1.0');
      assert.ok(phone && phone.ip, 'the user agent and address are listed');
      assert.ok(!JSON.stringify(listed.body).includes(first.cookie!.split('=')[1]!), 'no token in the list');

      const other = await firstAdmin(server, 'eve@firma.example');
      const foreign = await other.delete(`/api/app/sessions/${phone.id}`);
      assert.equal(foreign.status, 404);
      assert.equal(foreign.body.code, 'NOT_FOUND');
      assert.ok(await sessionRow(phone.id), 'another user’s session is untouched');
      assert.equal((await other.delete('/api/app/sessions/session_unknown')).status, 404);

      const revoked = await first.delete(`/api/app/sessions/${phone.id}`);
      assert.deepEqual([revoked.status, revoked.body], [200, { revoked: 1 }]);
      assert.equal((await third.get('/api/app/session')).status, 401);
      const others = await first.post('/api/app/sessions/revoke-others');
      assert.deepEqual([others.status, others.body], [200, { revoked: 1 }]);
      assert.equal((await second.get('/api/app/session')).status, 401);
      assert.equal((await first.get('/api/app/session')).status, 200, 'this one stays');
      const trail = (await auditOf(server, 'sam@firma.example')).map((e) => [e.type, e.data.sessions ?? null]);
      assert.deepEqual(trail.slice(-2), [
        ['SESSION_REVOKED', 1],
        ['SESSION_REVOKED', 1],
      ]);
    });

    test('an ended session (idle, or past its absolute limit) is refused and removed', async () => {
      const idle = await firstAdmin(server, 'ida@firma.example');
      const id = (await idle.get('/api/app/session')).body.session.id as string;
      const longAgo = new Date(Date.now() - 13 * 3_600_000).toISOString();
      await server.ctx.db.updateTable('userSession').set({ lastSeenAt: longAgo }).where('id', '=', id).execute();
      const refused = await idle.get('/api/app/session');
      assert.equal(refused.status, 401);
      assert.equal(refused.body.code, 'SESSION_REQUIRED');
      assert.match(idle.setCookies.at(-1)!, /Max-Age=0/, 'the dead cookie is cleared');
      assert.equal(await sessionRow(id), undefined, 'removed');

      const old = new SessionClient(server.url);
      await old.signIn('ida@firma.example', STRONG_PASSWORD);
      const oldId = (await old.get('/api/app/session')).body.session.id as string;
      await server.ctx.db
        .updateTable('userSession')
        .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
        .where('id', '=', oldId)
        .execute();
      assert.equal((await old.get('/api/app/sessions')).status, 401);
    });

    test('CSRF: no header, a wrong one, a foreign Origin, a cross-site form are refused and change nothing', async () => {
      const carl = await firstAdmin(server, 'carl@firma.example');
      handedOut.push(carl.csrfToken!, carl.cookie!.split('=')[1]!);
      const second = new SessionClient(server.url);
      await second.signIn('carl@firma.example', STRONG_PASSWORD);
      const count = async () => (await carl.get('/api/app/sessions')).body.data.length as number;
      assert.equal(await count(), 2);
      const tries: SessionRequest[] = [
        { csrf: false as const },
        { csrf: 'x'.repeat(43) },
        { headers: { origin: 'https://evil.example' } },
        { headers: { referer: 'https://evil.example/page' } },
        { headers: { origin: 'null' } },
      ];
      for (const attempt of tries) {
        const refused = await carl.post('/api/app/sessions/revoke-others', attempt);
        assert.equal(refused.status, 403, JSON.stringify(attempt));
        assert.equal(refused.body.code, 'CSRF_REFUSED');
      }
      assert.equal(await count(), 2, 'nothing revoked');
      const noToken = await carl.delete('/api/app/session', { csrf: false });
      assert.equal(noToken.body.code, 'CSRF_REFUSED');
      assert.equal((await carl.get('/api/app/session')).status, 200, 'still signed in');

      // What a page on another site can do: a form posting with the cookie, without the header.
      const form = await carl.post('/api/app/me/password', {
        csrf: false,
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
        body: 'currentPassword=x&newPassword=attacker-chosen-password',
      });
      assert.equal(form.status, 403);
      assert.equal(form.body.code, 'CSRF_REFUSED');
      const formNoOrigin = await carl.post('/api/app/me/password', {
        csrf: false,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `currentPassword=${encodeURIComponent(STRONG_PASSWORD)}&newPassword=attacker-chosen-password`,
      });
      assert.equal(formNoOrigin.body.code, 'CSRF_REFUSED');
      const loginCsrf = await new SessionClient(server.url).post('/api/app/session', {
        headers: { origin: 'https://evil.example' },
        json: { email: 'carl@firma.example', password: STRONG_PASSWORD },
      });
      assert.equal(loginCsrf.body.code, 'CSRF_REFUSED', 'no signing in from another site');
      assert.equal((await new SessionClient(server.url).signIn('carl@firma.example', STRONG_PASSWORD)).status, 200);

      const sameSite = await carl.post('/api/app/sessions/revoke-others', { headers: { origin: server.url } });
      assert.equal(sameSite.status, 200, 'the app’s own origin with the token');
      assert.equal(await count(), 1);
    });

    test('the log holds no cookie, CSRF token or password', () => {
      const logs = server.logs.join('');
      assert.ok(logs.length > 1000, 'logging ran');
      assert.ok(!logs.includes(STRONG_PASSWORD));
      assert.ok(!/firma_session=[A-Za-z0-9_-]/.test(logs), 'no session cookie');
      assert.ok(!/\/setup\/[A-Za-z0-9_-]{20}/.test(logs), 'no setup token');
      for (const secret of handedOut) assert.ok(!logs.includes(secret), 'no CSRF token or session token');
    });
  });
}

// Counted by the limiter every request uses: memory, the database's batched rows, or Redis.
for (const { database, redis } of limiterSetups()) {
  describe(`accounts: sign-in rate limits (${database}${redis ? ', Redis' : ''})`, () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer({
        database,
        worker: false,
        env: {
          FIRMA_SIGN_IN_ACCOUNT_RATE_LIMIT_PER_MINUTE: '3',
          FIRMA_SIGN_IN_RATE_LIMIT_PER_MINUTE: '8',
          ...(redis ? { REDIS_URL: testRedisUrl()!, FIRMA_REDIS_PREFIX: `test-${randomUUID()}:` } : {}),
        },
      });
    });
    after(() => server?.close());

    test('per address, then per IP across the account routes: 429 with Retry-After, before any password is checked', () =>
      inOneRateWindow(async () => {
        const client = new SessionClient(server.url);
        const address = `${randomUUID()}@firma.example`;
        const byAddress = [];
        for (let i = 0; i < 4; i++) byAddress.push(await client.signIn(address, 'wrong password 123'));
        assert.deepEqual(
          byAddress.map((r) => r.status),
          [401, 401, 401, 429],
        );
        assert.equal(byAddress[3]!.body.code, 'TOO_MANY_REQUESTS');
        assert.ok(Number(byAddress[3]!.headers.get('retry-after')) >= 1);
        const reset = await client.post('/api/app/password-reset', { json: { email: address } });
        assert.equal(reset.status, 429, 'the address’s budget covers reset requests too');
        const failures = await server.ctx.db
          .selectFrom('accountAudit')
          .select('type')
          .where('email', '=', address)
          .execute();
        assert.equal(failures.length, 3, 'the refused attempts reached no password check');

        // 5 requests so far from this address; 3 more allowed, whatever the e-mail.
        const statuses = [];
        for (let i = 0; i < 4; i++)
          statuses.push((await client.signIn(`${randomUUID()}@firma.example`, 'wrong password 123')).status);
        assert.deepEqual(statuses, [401, 401, 401, 429]);
        const link = await client.get(`/api/app/invitations/${'x'.repeat(43)}`);
        assert.equal(link.status, 429, 'the links count per IP too');
      }));
  });
}
