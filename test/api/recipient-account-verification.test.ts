import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { sql } from 'kysely';
import { auditOf, firstAdmin, SessionClient, STRONG_PASSWORD } from '../helpers/accounts.js';
import { createDocument, createPendingDocument, typicalPayload } from '../helpers/documents.js';
import { recipientOf, startSmtpSink, type SmtpSink } from '../helpers/smtp-sink.js';
import { CONSENT, signAll, tokenOf } from '../helpers/signing.js';
import { startTestServer, testDatabases, type TestServer } from '../helpers/test-server.js';
import { SoftAuthenticator } from '../support/soft-authenticator.js';

/**
 * Issue 37, item 4: recipient verification with Firma accounts, over HTTP on both databases.
 * ACCOUNT — the caller signed in to the account with the recipient's (verified) e-mail: nothing of
 * the document before, another account refused, a sign-up link mailed to a recipient without one
 * (used once, expires), the pass per caller, asked again to download after completion. PASSKEY —
 * a WebAuthn assertion of that account's passkeys (software authenticator): none yet, right,
 * another account's credential, replayed, another recipient's challenge. PASSWORD — the account's
 * password when the e-mail has an account (throttled like sign-in, audited without it), the
 * sender's access code when not.
 */
const ANA = 'ana@example.com';
const ana = (extra: Record<string, unknown>) => ({ ...typicalPayload().recipients[0], ...extra });
const onlyAna = (extra: Record<string, unknown>) => typicalPayload({ recipients: [ana(extra)] });
const ACCESS_CODE = 'código-de-acceso-7';

for (const database of testDatabases()) {
  describe(`recipient verification with accounts (${database})`, () => {
    let server: TestServer;
    let smtp: SmtpSink;
    let rpId: string;
    /** Ana's own account, made through the sign-up link in the first test. */
    let anaAccount: SessionClient;
    before(async () => {
      smtp = await startSmtpSink();
      server = await startTestServer({
        database,
        env: { SMTP_URL: smtp.url, FIRMA_JOB_POLL_MS: '100', FIRMA_SIGN_IN_LOCKOUT_AFTER: '3' },
      });
      rpId = new URL(server.url).hostname;
    });
    after(async () => {
      await server?.close();
      await smtp?.stop();
    });

    /** A signing call as a browser signed in as `account` (its session cookie), presenting `grant`. */
    const asCaller = (account: SessionClient | null, grant?: string) => ({
      ...(account?.cookie ? { cookie: account.cookie } : {}),
      ...(grant ? { 'x-firma-verification': grant } : {}),
    });
    const signing = (method: 'get' | 'post', path: string, headers: Record<string, string>, json?: unknown) =>
      server.anon[method](`/api/v2/signing/${path}`, { headers, ...(json !== undefined ? { json } : {}) });
    /** The document's audit entries, by Firma's own type (the API answers Documenso's beside it). */
    const auditTypes = async (envelopeId: string, client = server.api) =>
      (
        (await client.get(`/api/v2/envelope/${envelopeId}/audit-log?perPage=100`)).body.data as {
          type: string;
          firmaType?: string;
          data: Record<string, unknown>;
        }[]
      ).map((e) => ({ ...e, type: e.firmaType ?? e.type }));
    const signUpMails = (m: Parameters<typeof recipientOf>[0] & { subject?: string }) =>
      recipientOf(m) === ANA && /Create your Firma account/.test(String(m.subject));
    async function mailedSignUpToken(token: string): Promise<string> {
      const seen = smtp.messages.filter(signUpMails).length;
      const sent = await signing('post', `${token}/verification/sign-up-link`, {});
      assert.equal(sent.status, 200, JSON.stringify(sent.body));
      assert.equal(sent.body.emailHint, 'a•••@example.com');
      const [mail] = (await smtp.waitFor(signUpMails, seen + 1)).slice(seen);
      const found = /\/sign-up\/([A-Za-z0-9_-]{20,})/.exec(String(mail!.text));
      assert.ok(found, 'the mail carries the sign-up link');
      return found[1]!;
    }

    test('ACCOUNT: nothing before signing in, another account refused, sign-up link, then the document', async () => {
      const doc = await createPendingDocument(server.api, onlyAna({ accessAuth: ['ACCOUNT'] }));
      const token = tokenOf(doc.urls.get(ANA)!);
      const status = await signing('get', `${token}/verification`, {});
      assert.deepEqual(
        [status.body.stage, status.body.pending, status.body.emailHint],
        ['access', ['ACCOUNT'], 'a•••@example.com'],
      );

      const notSignedIn = await signing('post', `${token}/verification/account`, {});
      assert.deepEqual([notSignedIn.status, notSignedIn.body.code], [401, 'RECIPIENT_SIGN_IN_REQUIRED']);
      const closed = await signing('get', token, {});
      assert.deepEqual(
        [closed.status, closed.body.code, closed.body.pending],
        [403, 'VERIFICATION_REQUIRED', ['ACCOUNT']],
      );
      assert.ok(!JSON.stringify(closed.body).includes('Contrato'), 'nothing of the document before verification');

      // Signed in as someone else, and as an account with Ana's address whose e-mail is not verified.
      const other = await firstAdmin(server, 'other@example.com');
      const wrong = await signing('post', `${token}/verification/account`, asCaller(other));
      assert.deepEqual([wrong.status, wrong.body.code], [403, 'RECIPIENT_ACCOUNT_MISMATCH']);
      assert.ok(!JSON.stringify(wrong.body).includes('other@example.com'));
      assert.equal((await signing('get', token, asCaller(other))).status, 403);
      const fromAnotherSite = await signing('post', `${token}/verification/account`, {
        ...asCaller(other),
        origin: 'https://evil.example',
      });
      assert.equal(fromAnotherSite.status, 401, 'another site’s request is treated as signed out');

      // No account yet: a one-time sign-up link by mail, for exactly Ana's address.
      const signUpToken = await mailedSignUpToken(token);
      const offer = await server.anon.get(`/api/app/sign-up/${signUpToken}`);
      assert.deepEqual(offer.body.email, ANA);
      anaAccount = new SessionClient(server.url);
      const weak = await anaAccount.post(`/api/app/sign-up/${signUpToken}`, {
        json: { name: 'Ana', password: 'short' },
      });
      assert.deepEqual([weak.status, weak.body.code], [400, 'PASSWORD_TOO_WEAK']);
      const made = await anaAccount.post(`/api/app/sign-up/${signUpToken}`, {
        json: { name: 'Ana García', password: STRONG_PASSWORD },
      });
      assert.equal(made.status, 200, JSON.stringify(made.body));
      assert.equal(made.body.user.email, ANA);
      assert.equal(made.body.user.emailVerified, true);
      const teams = await anaAccount.get('/api/app/platforms');
      assert.equal(teams.status, 200, JSON.stringify(teams.body));
      assert.deepEqual(teams.body.data, [], 'member of no team');
      const used = await new SessionClient(server.url).post(`/api/app/sign-up/${signUpToken}`, {
        json: { name: 'Ana', password: STRONG_PASSWORD },
      });
      assert.deepEqual([used.status, used.body.code], [404, 'ACCOUNT_LINK_INVALID']);
      const exists = await signing('post', `${token}/verification/sign-up-link`, {});
      assert.deepEqual([exists.status, exists.body.code], [409, 'ACCOUNT_EXISTS']);

      // The right account passes, for this caller only.
      const passed = await signing('post', `${token}/verification/account`, asCaller(anaAccount));
      assert.equal(passed.status, 200, JSON.stringify(passed.body));
      assert.equal(passed.body.stage, null);
      const grant = passed.body.verificationToken as string;
      assert.equal((await signing('get', token, {})).status, 403, 'another caller holding the link verifies itself');
      assert.equal(
        (await signing('get', token, asCaller(null, grant))).status,
        403,
        'the ACCOUNT pass holds with the session that passed it, not with the grant alone',
      );
      const view = await signing('get', token, asCaller(anaAccount, grant));
      assert.equal(view.status, 200, JSON.stringify(view.body));
      const completed = await signAll(server.anon, token, { headers: asCaller(anaAccount, grant) });
      assert.equal(completed.status, 200, JSON.stringify(completed.body));

      // After completion the recipient link still asks for the same access before any download.
      const certificate = await signing('get', `${token}/certificate`, {});
      assert.deepEqual([certificate.status, certificate.body.code], [403, 'VERIFICATION_REQUIRED']);
      const types = await auditTypes(doc.envelopeId);
      const verifications = types.filter((e) => e.type.startsWith('RECIPIENT_VERIFICATION'));
      assert.deepEqual(
        verifications.map((e) => [e.type, e.data.method, e.data.reason]),
        [
          ['RECIPIENT_VERIFICATION_FAILED', 'ACCOUNT', 'other-account'],
          ['RECIPIENT_VERIFICATION_PASSED', 'ACCOUNT', undefined],
        ],
      );
      assert.ok(types.some((e) => e.type === 'RECIPIENT_SIGN_UP_LINK_SENT'));
      assert.ok(!JSON.stringify(types).includes(signUpToken) && !JSON.stringify(types).includes(token));
    });

    test('a sign-up link expires, and is refused for another purpose', async () => {
      const doc = await createPendingDocument(
        server.api,
        typicalPayload({
          recipients: [{ ...typicalPayload().recipients[0], email: 'zoe@example.com', accessAuth: ['ACCOUNT'] }],
        }),
      );
      const token = tokenOf(doc.urls.get('zoe@example.com')!);
      const sent = await signing('post', `${token}/verification/sign-up-link`, {});
      assert.equal(sent.status, 200, JSON.stringify(sent.body));
      const [mail] = await smtp.waitFor((m) => recipientOf(m) === 'zoe@example.com');
      const linkToken = /\/sign-up\/([A-Za-z0-9_-]{20,})/.exec(String(mail!.text))![1]!;
      assert.equal((await server.anon.post(`/api/app/invitations/${linkToken}/accept`, { json: {} })).status, 404);
      await sql`update account_link set expires_at = ${new Date(Date.now() - 1000).toISOString()} where purpose = 'SIGN_UP' and email = 'zoe@example.com'`.execute(
        server.ctx.db,
      );
      const expired = await new SessionClient(server.url).post(`/api/app/sign-up/${linkToken}`, {
        json: { name: 'Zoe', password: STRONG_PASSWORD },
      });
      assert.deepEqual([expired.status, expired.body.code], [404, 'ACCOUNT_LINK_INVALID']);
      assert.equal(
        await server.ctx.db
          .selectFrom('userAccount')
          .select('id')
          .where('email', '=', 'zoe@example.com')
          .executeTakeFirst(),
        undefined,
      );
      // Not asked of the recipient: no link.
      const plain = await createPendingDocument(server.api, onlyAna({}));
      const notAsked = await signing('post', `${tokenOf(plain.urls.get(ANA)!)}/verification/sign-up-link`, {});
      assert.deepEqual([notAsked.status, notAsked.body.code], [409, 'VERIFICATION_NOT_PENDING']);
    });

    test('PASSKEY: none yet, another account’s credential, replayed, another recipient’s challenge, right', async () => {
      assert.ok(anaAccount, 'the first test made Ana’s account');
      const doc = await createPendingDocument(server.api, onlyAna({ actionAuth: ['PASSKEY'] }));
      const token = tokenOf(doc.urls.get(ANA)!);
      // The content opens (no access auth); completing waits for the passkey.
      const refused = await signAll(server.anon, token);
      assert.deepEqual([refused.status, refused.body.stage, refused.body.pending], [403, 'action', ['PASSKEY']]);

      const notSignedIn = await signing('post', `${token}/verification/passkey/options`, {});
      assert.deepEqual([notSignedIn.status, notSignedIn.body.code], [401, 'RECIPIENT_SIGN_IN_REQUIRED']);
      const none = await signing('post', `${token}/verification/passkey/options`, asCaller(anaAccount));
      assert.deepEqual([none.status, none.body.code], [409, 'RECIPIENT_NO_PASSKEY']);

      const anasKey = new SoftAuthenticator(server.url, rpId);
      const registration = await anaAccount.post('/api/app/me/passkeys/options', { json: {} });
      assert.equal(registration.status, 200, JSON.stringify(registration.body));
      const added = await anaAccount.post('/api/app/me/passkeys', {
        json: { response: anasKey.register(registration.body) },
      });
      assert.equal(added.status, 200, JSON.stringify(added.body));
      const other = await firstAdmin(server, 'other.passkey@example.com');
      const othersKey = new SoftAuthenticator(server.url, rpId);
      const otherOptions = await other.post('/api/app/me/passkeys/options', { json: {} });
      await other.post('/api/app/me/passkeys', { json: { response: othersKey.register(otherOptions.body) } });

      const options = async () => {
        const res = await signing('post', `${token}/verification/passkey/options`, asCaller(anaAccount));
        assert.equal(res.status, 200, JSON.stringify(res.body));
        return res.body as { challenge: string; allowCredentials: { id: string }[] };
      };
      const answer = (response: unknown, on = token, caller: SessionClient = anaAccount) =>
        signing('post', `${on}/verification/passkey`, asCaller(caller), { response });

      const first = await options();
      assert.deepEqual(
        first.allowCredentials.map((c) => c.id),
        [anasKey.credentials[0]!.id],
      );
      const foreign = await answer(othersKey.assert(first));
      assert.deepEqual([foreign.status, foreign.body.code], [400, 'RECIPIENT_PASSKEY_FAILED']);

      // The challenge of Ana's other document (another recipient) does not confirm this one.
      const elsewhere = await createPendingDocument(server.api, onlyAna({ actionAuth: ['PASSKEY'] }));
      const otherToken = tokenOf(elsewhere.urls.get(ANA)!);
      const crossed = await answer(anasKey.assert(await options()), otherToken);
      assert.deepEqual([crossed.status, crossed.body.code], [400, 'PASSKEY_CHALLENGE_INVALID']);

      // Another account's caller cannot answer Ana's challenge (and spends it trying).
      const stolen = await answer(anasKey.assert(await options()), token, other);
      assert.deepEqual([stolen.status, stolen.body.code], [403, 'RECIPIENT_ACCOUNT_MISMATCH']);

      const right = anasKey.assert(await options());
      const passed = await answer(right);
      assert.equal(passed.status, 200, JSON.stringify(passed.body));
      assert.equal(passed.body.stage, null);
      const replayed = await answer(right);
      assert.deepEqual([replayed.status, replayed.body.code], [400, 'PASSKEY_CHALLENGE_INVALID']);

      const done = await server.anon.post(`/api/v2/signing/${token}/complete`, {
        json: CONSENT,
        headers: asCaller(anaAccount, passed.body.verificationToken),
      });
      assert.equal(done.status, 200, JSON.stringify(done.body));
      const methods = (await auditTypes(doc.envelopeId))
        .filter((e) => e.type.startsWith('RECIPIENT_VERIFICATION'))
        .map((e) => [e.type, e.data.method, e.data.reason]);
      assert.deepEqual(methods, [
        ['RECIPIENT_VERIFICATION_FAILED', 'PASSKEY', undefined],
        ['RECIPIENT_VERIFICATION_FAILED', 'PASSKEY', 'other-account'],
        ['RECIPIENT_VERIFICATION_PASSED', 'PASSKEY', undefined],
        ['RECIPIENT_VERIFICATION_FAILED', 'PASSKEY', 'challenge'],
      ]);
      const crossedEntries = (await auditTypes(elsewhere.envelopeId)).filter((e) =>
        e.type.startsWith('RECIPIENT_VERIF'),
      );
      assert.deepEqual(
        crossedEntries.map((e) => e.data.reason),
        ['challenge'],
      );
    });

    test('PASSWORD: the account’s password when the e-mail has an account, throttled like sign-in', async () => {
      const doc = await createPendingDocument(
        server.api,
        onlyAna({ actionAuth: ['PASSWORD'], accessCode: ACCESS_CODE }),
      );
      const token = tokenOf(doc.urls.get(ANA)!);
      assert.equal((await signing('get', `${token}/verification`, {})).body.password, 'ACCOUNT_PASSWORD');
      const code = await signing('post', `${token}/verification/access-code`, {}, { accessCode: ACCESS_CODE });
      assert.deepEqual([code.status, code.body.code], [409, 'VERIFICATION_NOT_PENDING']);

      const wrongPassword = 'not ana’s password 99';
      const wrong = await signing('post', `${token}/verification/password`, {}, { password: wrongPassword });
      assert.deepEqual([wrong.status, wrong.body.code], [400, 'ACCOUNT_PASSWORD_INVALID']);
      const right = await signing('post', `${token}/verification/password`, {}, { password: STRONG_PASSWORD });
      assert.equal(right.status, 200, JSON.stringify(right.body));
      const done = await signAll(server.anon, token, { headers: asCaller(null, right.body.verificationToken) });
      assert.equal(done.status, 200, JSON.stringify(done.body));

      // Three wrong passwords in a row lock the address, for the signing page and sign-in alike.
      const next = await createPendingDocument(
        server.api,
        onlyAna({ actionAuth: ['PASSWORD'], accessCode: ACCESS_CODE }),
      );
      const nextToken = tokenOf(next.urls.get(ANA)!);
      const tries = [];
      for (let i = 0; i < 4; i += 1)
        tries.push(
          (await signing('post', `${nextToken}/verification/password`, {}, { password: wrongPassword })).body.code,
        );
      assert.deepEqual(tries, [
        'ACCOUNT_PASSWORD_INVALID',
        'ACCOUNT_PASSWORD_INVALID',
        'ACCOUNT_PASSWORD_INVALID',
        'SIGN_IN_LOCKED',
      ]);
      const locked = await signing('post', `${nextToken}/verification/password`, {}, { password: STRONG_PASSWORD });
      assert.equal(locked.status, 429);
      assert.ok(locked.headers.get('retry-after'));
      const signIn = await new SessionClient(server.url).signIn(ANA, STRONG_PASSWORD);
      assert.deepEqual([signIn.status, signIn.body.code], [429, 'SIGN_IN_LOCKED']);

      const accountAudit = await auditOf(server, ANA);
      assert.ok(accountAudit.filter((e) => e.type === 'SIGN_IN_FAILED').length >= 3);
      const entries = JSON.stringify([
        ...(await auditTypes(doc.envelopeId)),
        ...(await auditTypes(next.envelopeId)),
        accountAudit,
      ]);
      assert.ok(
        !entries.includes(wrongPassword) && !entries.includes(STRONG_PASSWORD),
        'no password in any audit entry',
      );
      const verifications = (await auditTypes(next.envelopeId)).filter(
        (e) => e.type === 'RECIPIENT_VERIFICATION_FAILED',
      );
      assert.deepEqual(
        verifications.map((e) => [e.data.method, e.data.against]),
        Array(3).fill(['PASSWORD', 'ACCOUNT_PASSWORD']),
      );
    });

    test('which PASSWORD is asked is told only past access verification', async () => {
      const doc = await createPendingDocument(
        server.api,
        onlyAna({ accessAuth: ['ACCOUNT'], actionAuth: ['PASSWORD'], accessCode: ACCESS_CODE }),
      );
      const token = tokenOf(doc.urls.get(ANA)!);
      const before = await signing('get', `${token}/verification`, {});
      assert.deepEqual([before.body.stage, before.body.password], ['access', null]);
      const early = await signing('post', `${token}/verification/access-code`, {}, { accessCode: ACCESS_CODE });
      assert.deepEqual([early.status, early.body.code], [403, 'VERIFICATION_REQUIRED']);
      const passed = await signing('post', `${token}/verification/account`, asCaller(anaAccount));
      const grant = asCaller(anaAccount, passed.body.verificationToken);
      const after = await signing('get', `${token}/verification`, grant);
      assert.deepEqual([after.body.stage, after.body.password], ['action', 'ACCOUNT_PASSWORD']);
    });

    test('PASSWORD without an account: the sender’s access code, and no account password route', async () => {
      const payload = typicalPayload({
        recipients: [
          {
            ...typicalPayload().recipients[0],
            email: 'noaccount@example.com',
            actionAuth: ['PASSWORD'],
            accessCode: ACCESS_CODE,
          },
        ],
      });
      const doc = await createPendingDocument(server.api, payload);
      const token = tokenOf(doc.urls.get('noaccount@example.com')!);
      assert.equal((await signing('get', `${token}/verification`, {})).body.password, 'ACCESS_CODE');
      const password = await signing('post', `${token}/verification/password`, {}, { password: STRONG_PASSWORD });
      assert.deepEqual([password.status, password.body.code], [409, 'VERIFICATION_NOT_PENDING']);
      const code = await signing('post', `${token}/verification/access-code`, {}, { accessCode: ACCESS_CODE });
      assert.equal(code.status, 200, JSON.stringify(code.body));
    });

    test('PASSWORD with no access code: sent when the e-mail has an account, refused when not, on send and on a change', async () => {
      // Ana has her account (the first test): her account's password is what PASSWORD asks.
      const doc = await createPendingDocument(server.api, onlyAna({ actionAuth: ['PASSWORD'] }));
      const token = tokenOf(doc.urls.get(ANA)!);
      // (Her password itself is checked by the test above, which also locked it for a minute.)
      assert.equal((await signing('get', `${token}/verification`, {})).body.password, 'ACCOUNT_PASSWORD');

      // Nobody's account: nothing PASSWORD could ask for, so the send is refused and nothing changes.
      const nobody = { ...typicalPayload().recipients[0], email: 'nobody@example.com', actionAuth: ['PASSWORD'] };
      const created = await createDocument(server.api, typicalPayload({ recipients: [nobody] }));
      assert.equal(created.status, 200, JSON.stringify(created.body));
      const refused = await server.api.post('/api/v2/document/distribute', {
        json: { documentId: created.body.id, meta: { distributionMethod: 'NONE' } },
      });
      assert.deepEqual([refused.status, refused.body.code], [400, 'ACCESS_CODE_REQUIRED']);
      assert.deepEqual(refused.body.issues[0].path, ['recipients', 0, 'accessCode']);
      const draft = await server.api.get(`/api/v2/envelope/${created.body.envelopeId}`);
      assert.equal(draft.body.status, 'DRAFT');

      // On a sent document, switching a recipient without an account to PASSWORD needs the code too;
      // one with an account does not.
      const sent = await createPendingDocument(
        server.api,
        typicalPayload({ recipients: [ana({}), { ...nobody, actionAuth: [], email: 'nobody@example.com' }] }),
      );
      const recipients = (await server.api.get(`/api/v2/envelope/${sent.envelopeId}`)).body.recipients as {
        id: number;
        email: string;
      }[];
      const idOf = (email: string) => recipients.find((r) => r.email === email)!.id;
      const update = (recipientId: number) =>
        server.api.post('/api/v2/envelope/recipient/update-many', {
          json: { envelopeId: sent.envelopeId, data: [{ id: recipientId, actionAuth: ['PASSWORD'] }] },
        });
      const nobodyUpdate = await update(idOf('nobody@example.com'));
      assert.deepEqual([nobodyUpdate.status, nobodyUpdate.body.code], [400, 'ACCESS_CODE_REQUIRED']);
      const anaUpdate = await update(idOf(ANA));
      assert.equal(anaUpdate.status, 200, JSON.stringify(anaUpdate.body));
    });

    test('distributed by e-mail: the sign-up link goes with the request to a recipient without an account only', async () => {
      const [first, second] = typicalPayload().recipients;
      const payload = typicalPayload({
        recipients: [
          { ...first, accessAuth: ['ACCOUNT'] },
          { ...second, email: 'eve@example.com', actionAuth: ['PASSKEY'] },
        ],
      });
      const anasBefore = smtp.messages.filter(signUpMails).length;
      await createPendingDocument(server.api, payload, {});
      const [eves] = await smtp.waitFor(
        (m) => recipientOf(m) === 'eve@example.com' && /Create your Firma account/.test(String(m.subject)),
      );
      assert.ok(/\/sign-up\/[A-Za-z0-9_-]{20,}/.test(String(eves!.text)));
      await smtp.waitFor((m) => recipientOf(m) === ANA && !signUpMails(m), 1);
      await smtp.waitFor((m) => recipientOf(m) === 'eve@example.com' && !/Create your Firma/.test(String(m.subject)));
      assert.equal(smtp.messages.filter(signUpMails).length, anasBefore, 'Ana has an account: no sign-up link');
    });

    test('another team’s document for Ana: the same checks; its API never sees the first team’s', async () => {
      const team = await server.newPlatform();
      const doc = await createPendingDocument(team, onlyAna({ accessAuth: ['ACCOUNT'] }));
      const token = tokenOf(doc.urls.get(ANA)!);
      const other = new SessionClient(server.url);
      assert.equal((await other.signIn('other@example.com', STRONG_PASSWORD)).status, 200);
      assert.equal((await signing('post', `${token}/verification/account`, asCaller(other))).status, 403);
      assert.equal((await signing('get', token, {})).status, 403);
      const seen = await server.api.get(`/api/v2/envelope/${doc.envelopeId}`);
      assert.equal(seen.status, 404);
      assert.equal((await team.get(`/api/v2/envelope/${doc.envelopeId}`)).status, 200);
    });
  });
}
