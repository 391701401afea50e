import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { auditOf, firstAdmin, SessionClient, STRONG_PASSWORD } from '../helpers/accounts.js';
import { startTestServer, testDatabases, type TestServer } from '../helpers/test-server.js';
import { SoftAuthenticator } from '../support/soft-authenticator.js';

/**
 * Issue 37, item 1: passkeys for one's own sign-in, over real HTTP, with a software authenticator
 * (test/support/soft-authenticator.ts) whose answers the server's @simplewebauthn/server checks:
 * adding one (password again unless freshly signed in), listing, renaming, removing, signing in
 * with no address; and the refusals: another origin, a challenge not handed out or spent, an
 * unknown credential, another user's, a counter gone back, no CSRF token, another user's passkey.
 */
for (const database of testDatabases()) {
  describe(`accounts: passkeys (${database})`, () => {
    let server: TestServer;
    let rpId: string;
    before(async () => {
      server = await startTestServer({ database });
      rpId = new URL(server.url).hostname;
    });
    after(() => server?.close());

    const passkeyRow = (id: string) =>
      server.ctx.db.selectFrom('passkey').selectAll().where('id', '=', id).executeTakeFirst();

    /** Makes the session look signed in an hour ago: adding a passkey then needs the password. */
    async function ageSession(client: SessionClient) {
      const me = await client.get('/api/app/session');
      const hourAgo = new Date(Date.now() - 3_600_000).toISOString();
      await server.ctx.db
        .updateTable('userSession')
        .set({ createdAt: hourAgo })
        .where('id', '=', me.body.session.id)
        .execute();
    }

    async function addPasskey(client: SessionClient, authenticator: SoftAuthenticator, name?: string) {
      const options = await client.post('/api/app/me/passkeys/options', { json: { password: STRONG_PASSWORD } });
      assert.equal(options.status, 200, JSON.stringify(options.body));
      const added = await client.post('/api/app/me/passkeys', {
        json: { response: authenticator.register(options.body), ...(name ? { name } : {}) },
      });
      assert.equal(added.status, 200, JSON.stringify(added.body));
      return added.body as { id: string; name: string };
    }

    async function signInOptions(client: SessionClient) {
      const options = await client.post('/api/app/passkey-sign-in/options');
      assert.equal(options.status, 200, JSON.stringify(options.body));
      return options.body as { challenge: string };
    }

    test('adding a passkey: the password again unless just signed in, its checks, list and rename', async () => {
      const ana = await firstAdmin(server, 'ana.passkey@firma.example');
      const bob = await firstAdmin(server, 'bob.passkey@firma.example');
      const authenticator = new SoftAuthenticator(server.url, rpId);

      const noCsrf = await ana.post('/api/app/me/passkeys/options', { json: {}, csrf: false });
      assert.equal(noCsrf.status, 403);
      assert.equal(noCsrf.body.code, 'CSRF_REFUSED');

      const fresh = await ana.post('/api/app/me/passkeys/options', { json: {} });
      assert.equal(fresh.status, 200, 'a session opened minutes ago needs no password again');
      assert.equal(fresh.body.rp.id, rpId);
      assert.equal(fresh.body.user.name, 'ana.passkey@firma.example');
      assert.equal(fresh.body.authenticatorSelection.residentKey, 'required');
      const wrongWhileFresh = await ana.post('/api/app/me/passkeys/options', { json: { password: 'not it at all' } });
      assert.deepEqual(
        [wrongWhileFresh.status, wrongWhileFresh.body.code],
        [400, 'PASSWORD_INCORRECT'],
        'a password given is checked even when none was needed',
      );

      await ageSession(ana);
      for (const body of [{}, { password: 'not the password at all' }]) {
        const refused = await ana.post('/api/app/me/passkeys/options', { json: body });
        assert.equal(refused.status, 400);
        assert.equal(refused.body.code, 'PASSWORD_INCORRECT');
      }

      // Another origin: refused, and its challenge is spent with it.
      const options = (await ana.post('/api/app/me/passkeys/options', { json: { password: STRONG_PASSWORD } })).body;
      const foreign = await ana.post('/api/app/me/passkeys', {
        json: { response: authenticator.register(options, { origin: 'https://evil.example' }) },
      });
      assert.equal(foreign.status, 400);
      assert.equal(foreign.body.code, 'PASSKEY_VERIFICATION_FAILED');
      const replayed = await ana.post('/api/app/me/passkeys', { json: { response: authenticator.register(options) } });
      assert.equal(replayed.status, 400);
      assert.equal(replayed.body.code, 'PASSKEY_CHALLENGE_INVALID');

      const notHandedOut = await ana.post('/api/app/me/passkeys', {
        json: {
          response: authenticator.register(options, { challenge: 'bm90LWEtY2hhbGxlbmdlLWZpcm1hLWhhbmRlZC1vdXQ' }),
        },
      });
      assert.equal(notHandedOut.body.code, 'PASSKEY_CHALLENGE_INVALID');

      // Ana's challenge is hers: Bob cannot answer it.
      const anasOptions = (await ana.post('/api/app/me/passkeys/options', { json: { password: STRONG_PASSWORD } }))
        .body;
      const stolen = await bob.post('/api/app/me/passkeys', {
        json: { response: authenticator.register(anasOptions) },
      });
      assert.equal(stolen.status, 400);
      assert.equal(stolen.body.code, 'PASSKEY_CHALLENGE_INVALID');
      const badShape = await ana.post('/api/app/me/passkeys', { json: { response: { id: 'x' } } });
      assert.equal(badShape.status, 400);
      assert.equal(badShape.body.code, 'VALIDATION_ERROR');
      assert.equal((await ana.get('/api/app/me/passkeys')).body.data.length, 0, 'nothing was added');

      const laptop = await addPasskey(ana, authenticator, 'Laptop');
      assert.equal(laptop.name, 'Laptop');
      const again = await ana.post('/api/app/me/passkeys/options', { json: { password: STRONG_PASSWORD } });
      assert.deepEqual(
        again.body.excludeCredentials.map((c: { id: string }) => c.id),
        [authenticator.credentials.at(-1)!.id],
        'the options name the passkeys the user has, so an authenticator does not make a second one',
      );
      const list = await ana.get('/api/app/me/passkeys');
      assert.deepEqual(
        list.body.data.map((p: { id: string; name: string; transports: string[]; lastUsedAt: null }) => [
          p.id,
          p.name,
          p.transports,
          p.lastUsedAt,
        ]),
        [[laptop.id, 'Laptop', ['internal'], null]],
      );
      assert.deepEqual((await bob.get('/api/app/me/passkeys')).body.data, [], 'Bob sees none of Ana’s');

      const renamed = await ana.patch(`/api/app/me/passkeys/${laptop.id}`, { json: { name: 'Work laptop' } });
      assert.equal(renamed.status, 200);
      assert.equal(renamed.body.name, 'Work laptop');
      const bobRenames = await bob.patch(`/api/app/me/passkeys/${laptop.id}`, { json: { name: 'Mine now' } });
      assert.equal(bobRenames.status, 404);
      assert.equal(bobRenames.body.code, 'PASSKEY_NOT_FOUND');
      assert.equal(
        (await ana.patch(`/api/app/me/passkeys/${laptop.id}`, { json: { name: 'x' }, csrf: false })).status,
        403,
      );
      assert.equal((await passkeyRow(laptop.id))!.name, 'Work laptop', 'neither refusal renamed it');

      const audit = await auditOf(server, 'ana.passkey@firma.example');
      assert.deepEqual(
        audit.filter((e) => e.type.startsWith('PASSKEY')).map((e) => [e.type, e.data.passkeyId]),
        [
          ['PASSKEY_ADDED', laptop.id],
          ['PASSKEY_RENAMED', laptop.id],
        ],
      );
    });

    test('signing in with a passkey and no address; every refusal', async () => {
      const cleo = await firstAdmin(server, 'cleo.passkey@firma.example');
      const dan = await firstAdmin(server, 'dan.passkey@firma.example');
      const cleoKey = new SoftAuthenticator(server.url, rpId);
      const danKey = new SoftAuthenticator(server.url, rpId);
      const cleoPasskey = await addPasskey(cleo, cleoKey);
      await addPasskey(dan, danKey);

      const browser = new SessionClient(server.url);
      const options = await signInOptions(browser);
      assert.equal(
        (options as { allowCredentials?: unknown[] }).allowCredentials?.length ?? 0,
        0,
        'no address, no list',
      );
      assert.equal((options as { userVerification?: string }).userVerification, 'required');
      const assertion = cleoKey.assert(options);
      const signedIn = await browser.post('/api/app/passkey-sign-in', { json: { response: assertion } });
      assert.equal(signedIn.status, 200, JSON.stringify(signedIn.body));
      assert.equal(signedIn.body.user.email, 'cleo.passkey@firma.example');
      assert.ok(browser.cookie, 'the session cookie is set');
      assert.equal((await browser.get('/api/app/session')).status, 200);
      const used = (await passkeyRow(cleoPasskey.id))!;
      assert.equal(Number(used.counter), 1);
      assert.ok(used.lastUsedAt);
      const signIns = (await auditOf(server, 'cleo.passkey@firma.example')).filter((e) => e.type === 'SIGN_IN');
      assert.equal(signIns.at(-1)!.data.method, 'passkey');

      const stranger = new SessionClient(server.url);
      const replay = await stranger.post('/api/app/passkey-sign-in', { json: { response: assertion } });
      assert.equal(replay.status, 400, 'a replayed answer finds its challenge spent');
      assert.equal(replay.body.code, 'PASSKEY_CHALLENGE_INVALID');
      const invented = cleoKey.assert({ challenge: 'aW52ZW50ZWQtYnktdGhlLWNsaWVudC1ub3QtZmlybQ' });
      assert.equal(
        (await stranger.post('/api/app/passkey-sign-in', { json: { response: invented } })).body.code,
        'PASSKEY_CHALLENGE_INVALID',
      );

      const unregistered = new SoftAuthenticator(server.url, rpId);
      unregistered.register({ challenge: 'AAAA', user: { id: Buffer.from('user_nobody').toString('base64url') } });
      const refusals = {
        'another origin': cleoKey.assert(await signInOptions(stranger), undefined, { origin: 'https://evil.example' }),
        'an unknown credential': unregistered.assert(await signInOptions(stranger)),
        'another user’s credential': danKey.assert(await signInOptions(stranger), undefined, {
          userHandle: Buffer.from(signedIn.body.user.id as string).toString('base64url'),
        }),
        'a counter gone back': cleoKey.assert(await signInOptions(stranger), undefined, { counter: 1 }),
        'no user verification': cleoKey.assert(await signInOptions(stranger), undefined, { userVerified: false }),
      };
      for (const [why, response] of Object.entries(refusals)) {
        const refused = await stranger.post('/api/app/passkey-sign-in', { json: { response } });
        assert.equal(refused.status, 401, why);
        assert.equal(refused.body.code, 'PASSKEY_SIGN_IN_FAILED', why);
      }
      assert.equal(stranger.cookie, null, 'no refusal signs anyone in');
      assert.equal(Number((await passkeyRow(cleoPasskey.id))!.counter), 1, 'no refusal moved the counter');
      const failures = (await auditOf(server, 'cleo.passkey@firma.example')).filter((e) => e.type === 'SIGN_IN_FAILED');
      assert.ok(failures.length >= 3 && failures.every((e) => e.data.reason === 'passkey'));

      const fromAnotherSite = await stranger.post('/api/app/passkey-sign-in', {
        json: { response: cleoKey.assert(await signInOptions(stranger)) },
        headers: { origin: 'https://evil.example' },
      });
      assert.equal(fromAnotherSite.status, 403);
      assert.equal(fromAnotherSite.body.code, 'CSRF_REFUSED');
    });

    test('removing a passkey: the password again; another user’s id is 404 and changes nothing', async () => {
      const eve = await firstAdmin(server, 'eve.passkey@firma.example');
      const fay = await firstAdmin(server, 'fay.passkey@firma.example');
      const eveKey = new SoftAuthenticator(server.url, rpId);
      const passkey = await addPasskey(eve, eveKey);

      const byFay = await fay.delete(`/api/app/me/passkeys/${passkey.id}`, { json: { password: STRONG_PASSWORD } });
      assert.equal(byFay.status, 404);
      assert.equal(byFay.body.code, 'PASSKEY_NOT_FOUND');
      const noCsrf = await eve.delete(`/api/app/me/passkeys/${passkey.id}`, {
        json: { password: STRONG_PASSWORD },
        csrf: false,
      });
      assert.equal(noCsrf.status, 403);
      const wrong = await eve.delete(`/api/app/me/passkeys/${passkey.id}`, { json: { password: 'not the password' } });
      assert.equal(wrong.status, 400);
      assert.equal(wrong.body.code, 'PASSWORD_INCORRECT');
      assert.ok(await passkeyRow(passkey.id), 'no refusal removed it');
      assert.equal(
        (await auditOf(server, 'fay.passkey@firma.example')).filter((e) => e.type === 'PASSKEY_REMOVED').length,
        0,
      );

      const removed = await eve.delete(`/api/app/me/passkeys/${passkey.id}`, { json: { password: STRONG_PASSWORD } });
      assert.equal(removed.status, 200);
      assert.equal(await passkeyRow(passkey.id), undefined);
      const browser = new SessionClient(server.url);
      const after = await browser.post('/api/app/passkey-sign-in', {
        json: { response: eveKey.assert(await signInOptions(browser)) },
      });
      assert.equal(after.status, 401, 'a removed passkey signs nobody in');
      assert.deepEqual(
        (await auditOf(server, 'eve.passkey@firma.example'))
          .filter((e) => e.type.startsWith('PASSKEY'))
          .map((e) => e.type),
        ['PASSKEY_ADDED', 'PASSKEY_REMOVED'],
      );
    });
  });
}
