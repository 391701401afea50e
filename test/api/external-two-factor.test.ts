import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { sql } from 'kysely';
import { createDocument, createPendingDocument, typicalPayload } from '../helpers/documents.js';
import { CONSENT, signAll, tokenOf, valueFor } from '../helpers/signing.js';
import { startTestServer, testDatabases, type TestServer } from '../helpers/test-server.js';
import type { HttpClient } from '../helpers/http-client.js';

/**
 * EXTERNAL_TWO_FACTOR_AUTH: the sender asks Firma for a recipient's code
 * (`POST /envelope/recipient/{id}/2fa-code`) and delivers it itself; the signing API enforces it
 * as it enforces the mailed code (expiry, 5 tries, replaced by a new code, never logged).
 */
const ana = (extra: Record<string, unknown>) => ({ ...typicalPayload().recipients[0], ...extra });
const onlyAna = (extra: Record<string, unknown>) => typicalPayload({ recipients: [ana(extra)] });

for (const database of testDatabases()) {
  describe(`EXTERNAL_TWO_FACTOR_AUTH (${database})`, () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer({ database, worker: false, captureLogs: true, env: { LOG_LEVEL: 'debug' } });
    });
    after(() => server?.close());

    async function pending(extra: Record<string, unknown>) {
      const doc = await createPendingDocument(server.api, onlyAna(extra));
      const envelope = (await server.api.get(`/api/v2/envelope/${doc.envelopeId}`)).body;
      return {
        ...doc,
        token: tokenOf(doc.urls.get('ana@example.com')!),
        recipientId: envelope.recipients[0].id as number,
      };
    }
    const issue = (client: HttpClient, envelopeId: string, recipientId: number) =>
      client.post(`/api/v2/envelope/recipient/${recipientId}/2fa-code`, { json: { envelopeId, recipientId } });
    const verify = (token: string, code: string) =>
      server.anon.post(`/api/v2/signing/${token}/verification/code/verify`, { json: { code } });
    const auditTypes = async (envelopeId: string) =>
      (
        (await server.api.get(`/api/v2/envelope/${envelopeId}/audit-log?perPage=100`)).body.data as {
          type: string;
          firmaType?: string;
        }[]
      ).map((e) => e.firmaType ?? e.type);
    const verificationRows = async (recipientId: number) =>
      (
        await sql<{
          n: number;
        }>`select count(*) as n from recipient_verification where recipient_id = ${recipientId}`.execute(server.ctx.db)
      ).rows[0]!.n;

    test('access: closed until the code the sender got is typed; then the recipient signs', async () => {
      const doc = await pending({ accessAuth: ['EXTERNAL_TWO_FACTOR_AUTH'] });
      const closed = await server.anon.get(`/api/v2/signing/${doc.token}`);
      assert.equal(closed.status, 403);
      assert.deepEqual([closed.body.stage, closed.body.pending], ['access', ['EXTERNAL_TWO_FACTOR_AUTH']]);
      assert.match(closed.body.message, /sender gave you/);

      // Firma never mails this code.
      const mail = await server.anon.post(`/api/v2/signing/${doc.token}/verification/code`);
      assert.equal(mail.status, 409, JSON.stringify(mail.body));
      assert.equal(mail.body.code, 'VERIFICATION_NOT_PENDING');

      const t0 = Date.now();
      const issued = await issue(server.api, doc.envelopeId, doc.recipientId);
      assert.equal(issued.status, 200, JSON.stringify(issued.body));
      assert.match(issued.body.code, /^\d{6}$/);
      const t1 = Date.now();
      const expires = Date.parse(issued.body.expiresAt);
      // 10 minutes from the moment the server issued it, somewhere between the request and the answer.
      assert.ok(expires >= t0 + 10 * 60_000 - 1000 && expires <= t1 + 10 * 60_000 + 1000, issued.body.expiresAt);

      const ok = await verify(doc.token, issued.body.code);
      assert.equal(ok.status, 200, JSON.stringify(ok.body));
      const headers = { 'x-firma-verification': ok.body.verificationToken as string };
      assert.equal((await server.anon.get(`/api/v2/signing/${doc.token}`)).status, 403, 'only the verifying caller');
      const done = await signAll(server.anon, doc.token, { headers });
      assert.equal(done.status, 200, JSON.stringify(done.body));

      const types = await auditTypes(doc.envelopeId);
      assert.equal(types.filter((t) => t === 'DOCUMENT_ACCESS_AUTH_2FA_REQUESTED').length, 1);
      assert.equal(types.filter((t) => t === 'DOCUMENT_ACCESS_AUTH_2FA_VALIDATED').length, 1);
      const log = JSON.stringify(
        (await server.api.get(`/api/v2/envelope/${doc.envelopeId}/audit-log?perPage=100`)).body,
      );
      assert.ok(!log.includes(`"${issued.body.code}"`), 'no code in the audit log');
      assert.ok(!server.logs.join('\n').includes(issued.body.code), 'no code in a log line');
    });

    test('action: the content opens, the code is asked before complete', async () => {
      const doc = await pending({ actionAuth: ['EXTERNAL_TWO_FACTOR_AUTH'] });
      const view = await server.anon.get(`/api/v2/signing/${doc.token}`);
      assert.equal(view.status, 200);
      for (const f of view.body.fields)
        assert.equal(
          (await server.anon.post(`/api/v2/signing/${doc.token}/field/${f.id}`, { json: valueFor(f) })).status,
          200,
        );
      const refused = await server.anon.post(`/api/v2/signing/${doc.token}/complete`, { json: CONSENT });
      assert.equal(refused.status, 403);
      assert.deepEqual([refused.body.stage, refused.body.pending], ['action', ['EXTERNAL_TWO_FACTOR_AUTH']]);
      const { code } = (await issue(server.api, doc.envelopeId, doc.recipientId)).body;
      const ok = await verify(doc.token, code);
      assert.equal(ok.status, 200, JSON.stringify(ok.body));
      const done = await server.anon.post(`/api/v2/signing/${doc.token}/complete`, {
        json: CONSENT,
        headers: { 'x-firma-verification': ok.body.verificationToken },
      });
      assert.equal(done.status, 200, JSON.stringify(done.body));
    });

    test('a new code replaces the previous one; a wrong code uses a try; 5 spend the code', async () => {
      const doc = await pending({ accessAuth: ['EXTERNAL_TWO_FACTOR_AUTH'] });
      const first = (await issue(server.api, doc.envelopeId, doc.recipientId)).body.code as string;
      let second = first;
      while (second === first) second = (await issue(server.api, doc.envelopeId, doc.recipientId)).body.code;
      const old = await verify(doc.token, first);
      assert.equal(old.status, 400);
      assert.equal(old.body.code, 'VERIFICATION_CODE_INVALID', 'the replaced code no longer opens');

      const third = (await issue(server.api, doc.envelopeId, doc.recipientId)).body.code as string;
      const wrong = third === '000000' ? '111111' : '000000';
      for (let i = 1; i <= 5; i++) {
        const res = await verify(doc.token, wrong);
        assert.equal(res.status, 400);
        assert.equal(res.body.code, i < 5 ? 'VERIFICATION_CODE_INVALID' : 'VERIFICATION_CODE_LOCKED');
      }
      assert.equal((await verify(doc.token, third)).body.code, 'VERIFICATION_CODE_LOCKED', 'even typed right');
      assert.equal((await server.anon.get(`/api/v2/signing/${doc.token}`)).status, 403);

      // Expired: the same code 10 minutes later.
      const fourth = (await issue(server.api, doc.envelopeId, doc.recipientId)).body.code as string;
      await sql`update recipient_verification set otp_expires_at = ${new Date(Date.now() - 1000).toISOString()} where recipient_id = ${doc.recipientId}`.execute(
        server.ctx.db,
      );
      const late = await verify(doc.token, fourth);
      assert.equal(late.status, 400);
      assert.equal(late.body.code, 'VERIFICATION_CODE_EXPIRED');
      assert.equal((await server.anon.get(`/api/v2/signing/${doc.token}`)).status, 403);
    });

    test('a mailed-code recipient is not opened by a code issued for the sender, nor the reverse', async () => {
      // Access by mail, action by the sender's code: the sender's code does not open the content.
      const doc = await pending({ accessAuth: ['TWO_FACTOR_AUTH'], actionAuth: ['EXTERNAL_TWO_FACTOR_AUTH'] });
      const { code } = (await issue(server.api, doc.envelopeId, doc.recipientId)).body;
      const res = await verify(doc.token, code);
      assert.equal(res.status, 400);
      assert.equal(res.body.code, 'VERIFICATION_CODE_EXPIRED', 'not a code for this step');
      assert.equal((await server.anon.get(`/api/v2/signing/${doc.token}`)).status, 403);
    });

    test("refused: bad input, unknown ids, another platform's recipient, no such method, not pending; nothing changes", async () => {
      const doc = await pending({ accessAuth: ['EXTERNAL_TWO_FACTOR_AUTH'] });
      const before = await auditTypes(doc.envelopeId);

      for (const json of [
        {},
        { envelopeId: doc.envelopeId },
        { envelopeId: doc.envelopeId, recipientId: 'x' },
        { envelopeId: doc.envelopeId, recipientId: doc.recipientId + 1 },
      ]) {
        const res = await server.api.post(`/api/v2/envelope/recipient/${doc.recipientId}/2fa-code`, { json });
        assert.equal(res.status, 400, JSON.stringify(json));
        assert.ok(res.body.message && res.body.code);
      }
      const unknownRecipient = await issue(server.api, doc.envelopeId, 99_999_999);
      assert.equal(unknownRecipient.status, 404);
      const unknownEnvelope = await issue(server.api, 'envelope_nope', doc.recipientId);
      assert.equal(unknownEnvelope.status, 404);
      const other = await server.newPlatform();
      const foreign = await issue(other, doc.envelopeId, doc.recipientId);
      assert.equal(foreign.status, 404);
      assert.equal(foreign.body.code, 'NOT_FOUND', 'an error, no code');
      const reader = await server.newPlatform('default', 'read');
      assert.equal((await issue(reader, doc.envelopeId, doc.recipientId)).status, 403);
      assert.equal(
        (
          await server.anon.post(`/api/v2/envelope/recipient/${doc.recipientId}/2fa-code`, {
            json: { envelopeId: doc.envelopeId, recipientId: doc.recipientId },
          })
        ).status,
        401,
      );
      // A recipient of another envelope of mine, named with this envelope's id.
      const elsewhere = await pending({ accessAuth: ['EXTERNAL_TWO_FACTOR_AUTH'] });
      assert.equal((await issue(server.api, doc.envelopeId, elsewhere.recipientId)).status, 404);

      const plain = await pending({});
      const none = await issue(server.api, plain.envelopeId, plain.recipientId);
      assert.equal(none.status, 409);
      assert.equal(none.body.code, 'VERIFICATION_METHOD_NOT_EXTERNAL');
      const mailed = await pending({ accessAuth: ['TWO_FACTOR_AUTH'] });
      assert.equal(
        (await issue(server.api, mailed.envelopeId, mailed.recipientId)).body.code,
        'VERIFICATION_METHOD_NOT_EXTERNAL',
      );

      const draft = await createDocument(server.api, onlyAna({ accessAuth: ['EXTERNAL_TWO_FACTOR_AUTH'] }));
      const draftRecipient = (await server.api.get(`/api/v2/envelope/${draft.body.envelopeId}`)).body.recipients[0].id;
      const notPending = await issue(server.api, draft.body.envelopeId, draftRecipient);
      assert.equal(notPending.status, 409);
      assert.equal(notPending.body.code, 'DOCUMENT_NOT_PENDING');

      assert.deepEqual(await auditTypes(doc.envelopeId), before, 'no audit entry');
      for (const r of [doc, elsewhere, plain, mailed]) assert.equal(Number(await verificationRows(r.recipientId)), 0);
      assert.equal((await server.anon.get(`/api/v2/signing/${doc.token}`)).status, 403);

      // Once signed, no code is issued any more.
      const ok = await verify(doc.token, (await issue(server.api, doc.envelopeId, doc.recipientId)).body.code);
      await signAll(server.anon, doc.token, { headers: { 'x-firma-verification': ok.body.verificationToken } });
      const signed = await issue(server.api, doc.envelopeId, doc.recipientId);
      assert.equal(signed.status, 409);
    });

    test('the method is stored and shown like the others', async () => {
      const created = await createDocument(
        server.api,
        onlyAna({ accessAuth: ['EXTERNAL_TWO_FACTOR_AUTH'], actionAuth: ['EXTERNAL_TWO_FACTOR_AUTH'] }),
      );
      assert.equal(created.status, 200, JSON.stringify(created.body));
      const view = (await server.api.get(`/api/v2/envelope/${created.body.envelopeId}`)).body;
      assert.deepEqual(view.recipients[0].authOptions, {
        accessAuth: ['EXTERNAL_TWO_FACTOR_AUTH'],
        actionAuth: ['EXTERNAL_TWO_FACTOR_AUTH'],
      });
    });
  });
}
