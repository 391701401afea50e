import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { ParsedMail } from 'mailparser';
import { joinPlatform, platformWithAdmin, SessionClient } from '../helpers/accounts.js';
import { recipientOf, startSmtpSink, type SmtpSink } from '../helpers/smtp-sink.js';
import { startTestServer, testDatabases, type TestServer } from '../helpers/test-server.js';

const codeIn = (m: ParsedMail): string => /\b(\d{6})\b/.exec(String(m.text))![1]!;

/**
 * Issue 37, item 3: a team's sender addresses in the web app, admins only, through the API's
 * flow: add (a code mailed), verify with the code, remove; each change audited; MANAGER and
 * MEMBER 403, a stranger 404, another team's sender 404 and untouched.
 */
for (const database of testDatabases()) {
  describe(`app settings: sender addresses (${database})`, () => {
    let server: TestServer;
    let smtp: SmtpSink;
    before(async () => {
      smtp = await startSmtpSink();
      server = await startTestServer({ database, env: { SMTP_URL: smtp.url, FIRMA_JOB_POLL_MS: '100' } });
    });
    after(async () => {
      await server?.close();
      await smtp?.stop();
    });

    const auditTypes = async (platformId: number) =>
      (
        await server.ctx.db
          .selectFrom('accountAudit')
          .select('type')
          .where('platformId', '=', platformId)
          .orderBy('id')
          .execute()
      )
        .map((r) => r.type)
        .filter((type) => type.startsWith('SENDER_'));
    const sendersOf = (platformId: number) =>
      server.ctx.db
        .selectFrom('senderIdentity')
        .selectAll()
        .where('platformId', '=', platformId)
        .orderBy('id')
        .execute();

    test('add (code mailed), a wrong code, verify, list, remove — audited', async () => {
      const { admin, platformId } = await platformWithAdmin(server, 'root.senders@firma.example');
      const base = `/api/app/platforms/${platformId}/senders`;
      const added = await admin.post(base, { json: { email: 'Legal@North.example', name: 'Legal' } });
      assert.equal(added.status, 200, JSON.stringify(added.body));
      assert.deepEqual([added.body.email, added.body.verified], ['legal@north.example', false]);
      const [mail] = await smtp.waitFor((m) => recipientOf(m) === 'legal@north.example');
      const code = codeIn(mail!);
      assert.ok(!JSON.stringify(added.body).includes(code), 'the code is only in the mail');
      const wrong = await admin.post(`${base}/${added.body.id}/verify`, {
        json: { code: code === '000000' ? '111111' : '000000' },
      });
      assert.equal(wrong.body.code, 'VERIFICATION_CODE_INVALID');
      const verified = await admin.post(`${base}/${added.body.id}/verify`, { json: { code } });
      assert.equal(verified.status, 200, JSON.stringify(verified.body));
      assert.equal(verified.body.verified, true);
      const listed = await admin.get(base);
      assert.deepEqual(
        listed.body.data.map((s: { email: string; verified: boolean }) => [s.email, s.verified]),
        [['legal@north.example', true]],
      );
      assert.deepEqual((await admin.delete(`${base}/${added.body.id}`)).body, { removed: true });
      assert.deepEqual((await admin.get(base)).body.data, []);
      assert.deepEqual(await auditTypes(platformId), ['SENDER_ADDED', 'SENDER_VERIFIED', 'SENDER_REMOVED']);
    });

    test('bad input, no session, no CSRF, roles, unknown and foreign ids: refused, nothing changes', async () => {
      const { admin, platformId } = await platformWithAdmin(server, 'root.senderrules@firma.example');
      const manager = await joinPlatform(server, admin, platformId, 'mona.senderrules@firma.example', 'MANAGER');
      const member = await joinPlatform(server, admin, platformId, 'mel.senderrules@firma.example', 'MEMBER');
      const other = await platformWithAdmin(server, 'root.othersenders@firma.example');
      const base = `/api/app/platforms/${platformId}/senders`;
      const mine = await admin.post(base, { json: { email: 'mine@north.example' } });
      const theirs = await other.admin.post(`/api/app/platforms/${other.platformId}/senders`, {
        json: { email: 'theirs@south.example' },
      });
      const before = await sendersOf(platformId);
      const otherBefore = await sendersOf(other.platformId);
      const auditBefore = await auditTypes(platformId);

      for (const json of [{}, { email: 'not an address' }, { email: 'a@b.example', language: 'xx' }]) {
        const refused = await admin.post(base, { json });
        assert.equal(refused.status, 400, JSON.stringify(json));
        assert.equal(refused.body.code, 'VALIDATION_ERROR');
      }
      assert.equal((await admin.post(`${base}/${mine.body.id}/verify`, { json: { code: '12ab56' } })).status, 400);
      assert.equal((await admin.post(base, { json: { email: 'x@north.example' }, csrf: false })).status, 403);
      assert.equal((await admin.delete(`${base}/${mine.body.id}`, { csrf: false })).status, 403);
      const anonymous = new SessionClient(server.url);
      assert.equal((await anonymous.get(base)).status, 401);
      for (const client of [manager, member]) {
        for (const refused of [
          await client.get(base),
          await client.post(base, { json: { email: 'x@north.example' } }),
          await client.post(`${base}/${mine.body.id}/verify`, { json: { code: '123456' } }),
          await client.delete(`${base}/${mine.body.id}`),
        ]) {
          assert.equal(refused.status, 403, JSON.stringify(refused.body));
          assert.equal(refused.body.code, 'FORBIDDEN');
        }
      }
      for (const refused of [
        await admin.post(`${base}/${theirs.body.id}/verify`, { json: { code: '123456' } }),
        await admin.delete(`${base}/${theirs.body.id}`),
        await admin.delete(`${base}/sender_unknown`),
        await other.admin.get(base),
        await other.admin.delete(`${base}/${mine.body.id}`),
      ]) {
        assert.equal(refused.status, 404, JSON.stringify(refused.body));
        assert.equal(refused.body.code, 'NOT_FOUND');
      }
      assert.deepEqual(await sendersOf(platformId), before, 'no refusal changed a sender');
      assert.deepEqual(await sendersOf(other.platformId), otherBefore, 'nor another team’s');
      assert.deepEqual(await auditTypes(platformId), auditBefore);
    });
  });
}
