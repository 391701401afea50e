import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { firstAdmin, SessionClient, STRONG_PASSWORD } from '../helpers/accounts.js';
import { createPendingDocument, typicalPayload } from '../helpers/documents.js';
import { tokenOf } from '../helpers/signing.js';
import { startTestServer, testDatabases, type TestServer } from '../helpers/test-server.js';

/**
 * A recipient's ACCOUNT (and PASSKEY) pass belongs to the account session that passed it: the
 * grant the signing API answers opens the document only with that session, so signing out, or the
 * session revoked from another one, ends it; passing again in a live session opens it again.
 */
const ANA = 'ana@example.com';
const onlyAna = (extra: Record<string, unknown>) =>
  typicalPayload({ recipients: [{ ...typicalPayload().recipients[0], ...extra }] });

for (const database of testDatabases()) {
  describe(`recipient account passes and the account session (${database})`, () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer({ database, worker: false });
      // Ana's account: the first administrator's, its e-mail marked verified as the link mailed to
      // it would (recipient-account-verification.test.ts walks that link); signed in afresh below.
      await firstAdmin(server, ANA);
      await server.ctx.db
        .updateTable('userAccount')
        .set({ emailVerifiedAt: new Date().toISOString() })
        .where('email', '=', ANA)
        .execute();
    });
    after(() => server?.close());

    const asCaller = (account: SessionClient | null, grant?: string) => ({
      ...(account?.cookie ? { cookie: account.cookie } : {}),
      ...(grant ? { 'x-firma-verification': grant } : {}),
    });
    const signing = (method: 'get' | 'post', path: string, headers: Record<string, string>) =>
      server.anon[method](`/api/v2/signing/${path}`, { headers });

    test('ACCOUNT and PASSKEY passes end with the account session: signed out or revoked, verify again', async () => {
      const doc = await createPendingDocument(server.api, onlyAna({ accessAuth: ['ACCOUNT'] }));
      const token = tokenOf(doc.urls.get(ANA)!);
      const pass = async (account: SessionClient) => {
        const passed = await signing('post', `${token}/verification/account`, asCaller(account));
        assert.equal(passed.status, 200, JSON.stringify(passed.body));
        return passed.body.verificationToken as string;
      };
      const open = async (account: SessionClient | null, grant: string) =>
        (await signing('get', token, asCaller(account, grant))).status;

      // Signing out ends the pass, even for a browser that kept the old cookie.
      const laptop = new SessionClient(server.url);
      assert.equal((await laptop.signIn(ANA, STRONG_PASSWORD)).status, 200);
      const laptopGrant = await pass(laptop);
      assert.equal(await open(laptop, laptopGrant), 200);
      const oldCookie = laptop.cookie;
      assert.equal((await laptop.delete('/api/app/session')).status, 200);
      assert.equal(await open(Object.assign(new SessionClient(server.url), { cookie: oldCookie }), laptopGrant), 403);

      // A session revoked from another one ends its passes; a grant opens only with the session that passed it.
      const phone = new SessionClient(server.url);
      assert.equal((await phone.signIn(ANA, STRONG_PASSWORD)).status, 200);
      const desk = new SessionClient(server.url);
      assert.equal((await desk.signIn(ANA, STRONG_PASSWORD)).status, 200);
      const phoneGrant = await pass(phone);
      assert.equal(await open(phone, phoneGrant), 200);
      assert.equal(await open(desk, phoneGrant), 403, 'a pass holds only with the session that passed it');
      // Only the phone's session: the other tests go on with Ana's first one.
      const phoneSession = (await phone.get('/api/app/session')).body.session.id as string;
      assert.equal((await desk.delete(`/api/app/sessions/${phoneSession}`)).status, 200);
      const after = await signing('get', token, asCaller(phone, phoneGrant));
      assert.deepEqual(
        [after.status, after.body.code, after.body.pending],
        [403, 'VERIFICATION_REQUIRED', ['ACCOUNT']],
      );
      // Passing again in a live session opens it again.
      assert.equal(await open(desk, await pass(desk)), 200);
    });
  });
}
