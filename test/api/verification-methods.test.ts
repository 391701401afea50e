import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { sql } from 'kysely';
import { CUIL_A, createDocument, createPendingDocument, typicalPayload } from '../helpers/documents.js';
import { createRentalTemplate } from '../helpers/templates.js';
import { recipientOf, startSmtpSink, type SmtpSink } from '../helpers/smtp-sink.js';
import { CONSENT, signAll, tokenOf, valueFor } from '../helpers/signing.js';
import { startTestServer, testDatabases, type TestServer } from '../helpers/test-server.js';
import { startReceiver } from '../helpers/webhook-receiver.js';

/**
 * Recipient verification, enforced by the signing API: TWO_FACTOR_AUTH (a mailed one-time code)
 * for access and before completing, PASSWORD (the sender's access code) before completing, the
 * CUIL confirmation (Firma's `requireCuil`); ACCOUNT and PASSKEY accepted (their checks:
 * recipient-account-verification.test.ts). Every signing route is
 * closed to a link holder who has not verified.
 */
const ana = (extra: Record<string, unknown>) => ({ ...typicalPayload().recipients[0], ...extra });
const onlyAna = (extra: Record<string, unknown>, overrides: Record<string, unknown> = {}) =>
  typicalPayload({ recipients: [ana(extra)], ...overrides });
const ACCESS_CODE = 'sésamo-ábrete-42';

for (const database of testDatabases()) {
  describe(`recipient verification (${database})`, () => {
    let server: TestServer;
    let smtp: SmtpSink;
    let receiver: Awaited<ReturnType<typeof startReceiver>>;
    const codesSeen: string[] = [];
    before(async () => {
      smtp = await startSmtpSink();
      receiver = await startReceiver();
      server = await startTestServer({
        database,
        env: { SMTP_URL: smtp.url, FIRMA_JOB_POLL_MS: '100', LOG_LEVEL: 'debug' },
        captureLogs: true,
      });
      const hook = await server.api.post('/api/v2/webhook/create', {
        json: { url: receiver.url, events: ['DOCUMENT_OPENED', 'DOCUMENT_SIGNED', 'DOCUMENT_RECIPIENT_COMPLETED'] },
      });
      assert.equal(hook.status, 200, JSON.stringify(hook.body));
    });
    after(async () => {
      await server?.close();
      await smtp?.stop();
      await receiver?.close();
    });

    const codeMails = (to: string) => (m: { subject?: string } & Parameters<typeof recipientOf>[0]) =>
      recipientOf(m) === to && /verification code/i.test(String(m.subject));
    /** Asks for a code and reads it from the mail sink. */
    async function mailedCode(token: string, to = 'ana@example.com'): Promise<string> {
      const seen = smtp.messages.filter(codeMails(to)).length;
      const res = await server.anon.post(`/api/v2/signing/${token}/verification/code`);
      assert.equal(res.status, 200, JSON.stringify(res.body));
      const [mail] = (await smtp.waitFor(codeMails(to), seen + 1)).slice(seen);
      const code = /code: (\d{6})/.exec(String(mail!.text))?.[1];
      assert.ok(code, 'the mail carries a 6-digit code');
      codesSeen.push(code);
      return code;
    }
    /** Lets the next code be asked for at once (the resend limit is tested on its own). */
    const forgetLastSend = () => sql`update recipient_verification set otp_last_sent_at = null`.execute(server.ctx.db);

    test('ACCOUNT and PASSKEY are accepted at create, update and distribute, and read back', async () => {
      for (const [payload, read] of [
        [onlyAna({ accessAuth: ['ACCOUNT'] }), (v: any) => v.recipients[0].authOptions.accessAuth],
        [onlyAna({ actionAuth: ['PASSKEY', 'EXPLICIT_NONE'] }), (v: any) => v.recipients[0].authOptions.actionAuth],
        [typicalPayload({ globalAccessAuth: ['ACCOUNT'] }), (v: any) => v.authOptions.globalAccessAuth],
        [
          typicalPayload({ globalActionAuth: ['TWO_FACTOR_AUTH', 'PASSKEY'] }),
          (v: any) => v.authOptions.globalActionAuth,
        ],
      ] as const) {
        const res = await createDocument(server.api, payload);
        assert.equal(res.status, 200, JSON.stringify(res.body));
        const view = (await server.api.get(`/api/v2/envelope/${res.body.envelopeId}`)).body;
        assert.ok(
          read(view).some((m: string) => m === 'ACCOUNT' || m === 'PASSKEY'),
          JSON.stringify(view),
        );
      }

      const created = await createDocument(server.api);
      const envelopeId = created.body.envelopeId as string;
      const view = (await server.api.get(`/api/v2/envelope/${envelopeId}`)).body;
      for (const [url, json] of [
        [
          '/api/v2/envelope/recipient/create-many',
          { envelopeId, data: [{ email: 'x@example.com', name: 'X', role: 'VIEWER', accessAuth: ['ACCOUNT'] }] },
        ],
        [
          '/api/v2/envelope/recipient/update-many',
          { envelopeId, data: [{ id: view.recipients[0].id, actionAuth: ['PASSKEY'] }] },
        ],
        ['/api/v2/envelope/update', { envelopeId, data: { globalActionAuth: ['ACCOUNT'] } }],
      ] as const) {
        const res = await server.api.post(url, { json });
        assert.equal(res.status, 200, JSON.stringify(res.body));
      }
      const after = (await server.api.get(`/api/v2/envelope/${envelopeId}`)).body;
      assert.deepEqual(after.recipients[0].authOptions.actionAuth, ['PASSKEY']);
      assert.deepEqual(after.authOptions.globalActionAuth, ['ACCOUNT']);
      const res = await server.api.post('/api/v2/document/distribute', {
        json: { documentId: created.body.id, meta: { distributionMethod: 'NONE' } },
      });
      assert.equal(res.status, 200, JSON.stringify(res.body));

      // A template's recipients too (a template is an envelope: the same use case).
      const template = await createRentalTemplate(server.api, 'Plantilla con cuenta');
      const onTemplate = await server.api.post('/api/v2/envelope/recipient/create-many', {
        json: {
          envelopeId: template.envelopeId,
          data: [
            { email: 'y@example.com', name: 'Y', role: 'VIEWER', accessAuth: ['ACCOUNT'], actionAuth: ['PASSKEY'] },
          ],
        },
      });
      assert.equal(onTemplate.status, 200, JSON.stringify(onTemplate.body));
    });

    test('PASSWORD without an access code cannot be distributed: 400 naming the recipient', async () => {
      const created = await createDocument(server.api, onlyAna({ actionAuth: ['PASSWORD'] }));
      assert.equal(created.status, 200, JSON.stringify(created.body));
      const res = await server.api.post('/api/v2/document/distribute', {
        json: { documentId: created.body.id, meta: { distributionMethod: 'NONE' } },
      });
      assert.equal(res.status, 400, JSON.stringify(res.body));
      assert.equal(res.body.code, 'ACCESS_CODE_REQUIRED');
      assert.deepEqual(res.body.issues[0].path, ['recipients', 0, 'accessCode']);
      assert.match(res.body.issues[0].message, /Ana García/);
      // The global option needs it too; EXPLICIT_NONE on the recipient overrides the global one.
      const global = await createDocument(server.api, onlyAna({}, { globalActionAuth: ['PASSWORD'] }));
      const refused = await server.api.post('/api/v2/document/distribute', {
        json: { documentId: global.body.id, meta: { distributionMethod: 'NONE' } },
      });
      assert.equal(refused.body.code, 'ACCESS_CODE_REQUIRED');
      const overridden = await createPendingDocument(
        server.api,
        onlyAna({ actionAuth: ['EXPLICIT_NONE'] }, { globalActionAuth: ['PASSWORD'] }),
      );
      const done = await signAll(server.anon, tokenOf(overridden.urls.get('ana@example.com')!));
      assert.equal(done.status, 200, JSON.stringify(done.body));
    });

    test('update: an omitted list keeps the stored one, [] clears it; accessCode null removes the code', async () => {
      const created = await createDocument(server.api, onlyAna({ accessAuth: ['TWO_FACTOR_AUTH'] }));
      const envelopeId = created.body.envelopeId as string;
      const id = (await server.api.get(`/api/v2/envelope/${envelopeId}`)).body.recipients[0].id as number;
      const update = (data: Record<string, unknown>) =>
        server.api.post('/api/v2/envelope/recipient/update-many', { json: { envelopeId, data: [{ id, ...data }] } });
      const auth = async () => (await server.api.get(`/api/v2/envelope/${envelopeId}`)).body.recipients[0].authOptions;
      assert.equal((await update({ actionAuth: ['PASSWORD'], accessCode: 'abcd1234' })).status, 200);
      assert.deepEqual(await auth(), { accessAuth: ['TWO_FACTOR_AUTH'], actionAuth: ['PASSWORD'] });
      assert.equal((await update({ accessCode: null })).status, 200);
      const distribute = () =>
        server.api.post('/api/v2/document/distribute', {
          json: { documentId: created.body.id, meta: { distributionMethod: 'NONE' } },
        });
      assert.equal((await distribute()).body.code, 'ACCESS_CODE_REQUIRED');
      assert.equal((await update({ accessAuth: [], actionAuth: [] })).status, 200);
      assert.equal(await auth(), null);
      assert.equal((await distribute()).status, 200);
    });

    test('TWO_FACTOR_AUTH access: every signing route is closed until the mailed code is typed', async () => {
      const doc = await createPendingDocument(server.api, onlyAna({ accessAuth: ['TWO_FACTOR_AUTH'] }));
      const token = tokenOf(doc.urls.get('ana@example.com')!);
      const envelope = (await server.api.get(`/api/v2/envelope/${doc.envelopeId}`)).body;
      const fieldId = envelope.fields[0].id as number;
      const itemId = envelope.envelopeItems[0].id as string;
      const auditBefore = (await server.api.get(`/api/v2/envelope/${doc.envelopeId}/audit-log?perPage=100`)).body.data
        .length as number;

      // Someone holding the link who never verified gets nothing, whatever the route.
      const closed = async () => {
        for (const res of [
          await server.anon.get(`/api/v2/signing/${token}`),
          await server.anon.get(`/api/v2/signing/${token}/item/${itemId}`),
          await server.anon.post(`/api/v2/signing/${token}/field/${fieldId}`, {
            json: { signature: { type: 'typed', text: 'Intruso' } },
          }),
          await server.anon.delete(`/api/v2/signing/${token}/field/${fieldId}`),
          await server.anon.post(`/api/v2/signing/${token}/complete`, { json: CONSENT }),
          await server.anon.post(`/api/v2/signing/${token}/reject`, { json: { reason: 'no' } }),
          await server.anon.post(`/api/v2/signing/${token}/verification/access-code`, { json: { accessCode: 'x' } }),
        ]) {
          assert.equal(res.status, 403, JSON.stringify(res.body));
          assert.equal(res.body.code, 'VERIFICATION_REQUIRED');
          assert.equal(res.body.stage, 'access');
          assert.deepEqual(res.body.pending, ['TWO_FACTOR_AUTH']);
          assert.ok(!JSON.stringify(res.body).includes('Contrato'), 'no content in the refusal');
        }
      };
      await closed();
      const after = (await server.api.get(`/api/v2/envelope/${doc.envelopeId}`)).body;
      assert.equal(after.recipients[0].readStatus, 'NOT_OPENED', 'not even the opening is recorded');
      assert.equal(after.status, 'PENDING');
      assert.equal(after.fields[0].inserted, false);

      const status = await server.anon.get(`/api/v2/signing/${token}/verification`);
      assert.equal(status.status, 200);
      assert.deepEqual(
        { stage: status.body.stage, pending: status.body.pending, hint: status.body.emailHint },
        { stage: 'access', pending: ['TWO_FACTOR_AUTH'], hint: 'a•••@example.com' },
      );

      const first = await mailedCode(token);
      // Resend limit: one a minute.
      const again = await server.anon.post(`/api/v2/signing/${token}/verification/code`);
      assert.equal(again.status, 429, JSON.stringify(again.body));
      assert.equal(again.body.code, 'VERIFICATION_RESEND_LIMIT');
      assert.ok(Number(again.headers.get('retry-after')) > 0);

      // Five wrong tries spend the code: even the right one no longer opens.
      const wrong = first === '000000' ? '111111' : '000000';
      for (let i = 1; i <= 5; i++) {
        const res = await server.anon.post(`/api/v2/signing/${token}/verification/code/verify`, {
          json: { code: wrong },
        });
        assert.equal(res.status, 400, JSON.stringify(res.body));
        assert.equal(res.body.code, i < 5 ? 'VERIFICATION_CODE_INVALID' : 'VERIFICATION_CODE_LOCKED');
      }
      const late = await server.anon.post(`/api/v2/signing/${token}/verification/code/verify`, {
        json: { code: first },
      });
      assert.equal(late.body.code, 'VERIFICATION_CODE_LOCKED');
      await closed();

      await forgetLastSend();
      const second = await mailedCode(token);
      const bad = await server.anon.post(`/api/v2/signing/${token}/verification/code/verify`, {
        json: { code: 'abc' },
      });
      assert.equal(bad.status, 400);
      assert.equal(bad.body.code, 'VALIDATION_ERROR');
      const ok = await server.anon.post(`/api/v2/signing/${token}/verification/code/verify`, {
        json: { code: ` ${second} ` },
      });
      assert.equal(ok.status, 200, JSON.stringify(ok.body));
      assert.equal(ok.body.stage, null);
      const spent = await server.anon.post(`/api/v2/signing/${token}/verification/code/verify`, {
        json: { code: second },
      });
      assert.equal(spent.body.code, 'VERIFICATION_CODE_EXPIRED', 'a code opens once');

      // The pass is the verifying caller's: it presents its token; anyone else is still refused.
      const verified = { 'x-firma-verification': ok.body.verificationToken as string };
      assert.equal(
        (await server.anon.get(`/api/v2/signing/${token}/item/${itemId}`, { headers: verified })).status,
        200,
      );
      await closed();
      const done = await signAll(server.anon, token, { headers: verified });
      assert.equal(done.status, 200, JSON.stringify(done.body));

      const log = (await server.api.get(`/api/v2/envelope/${doc.envelopeId}/audit-log?perPage=100`)).body.data as {
        type: string;
        firmaType?: string;
        data: Record<string, unknown>;
      }[];
      const types = log.slice(0, log.length - auditBefore).map((e) => e.firmaType ?? e.type);
      assert.equal(types.filter((t) => t === 'DOCUMENT_ACCESS_AUTH_2FA_REQUESTED').length, 2);
      assert.equal(types.filter((t) => t === 'DOCUMENT_ACCESS_AUTH_2FA_FAILED').length, 5);
      assert.equal(types.filter((t) => t === 'DOCUMENT_ACCESS_AUTH_2FA_VALIDATED').length, 1);
      const text = JSON.stringify(log);
      for (const code of [first, second]) assert.ok(!text.includes(`"${code}"`), 'no code in the audit log');
    });

    test('a new token (redistribute) starts verification over', async () => {
      const doc = await createPendingDocument(server.api, onlyAna({ accessAuth: ['TWO_FACTOR_AUTH'] }));
      const token = tokenOf(doc.urls.get('ana@example.com')!);
      const code = await mailedCode(token);
      const ok = await server.anon.post(`/api/v2/signing/${token}/verification/code/verify`, { json: { code } });
      const headers = { 'x-firma-verification': ok.body.verificationToken as string };
      assert.equal((await server.anon.get(`/api/v2/signing/${token}`, { headers })).status, 200);
      // Another token for the same recipient row (as a redistribute that renews links would write).
      await sql`update recipient_verification set token_hash = ${'0'.repeat(64)} where recipient_id = (select id from recipient where envelope_id = (select id from envelope where public_id = ${doc.envelopeId}))`.execute(
        server.ctx.db,
      );
      assert.equal((await server.anon.get(`/api/v2/signing/${token}`, { headers })).status, 403);
    });

    test('TWO_FACTOR_AUTH action: the content opens, a code is asked right before complete', async () => {
      const doc = await createPendingDocument(server.api, onlyAna({ actionAuth: ['TWO_FACTOR_AUTH'] }));
      const token = tokenOf(doc.urls.get('ana@example.com')!);
      const view = await server.anon.get(`/api/v2/signing/${token}`);
      assert.equal(view.status, 200);
      for (const f of view.body.fields)
        assert.equal(
          (await server.anon.post(`/api/v2/signing/${token}/field/${f.id}`, { json: valueFor(f) })).status,
          200,
        );
      const refused = await server.anon.post(`/api/v2/signing/${token}/complete`, { json: CONSENT });
      assert.equal(refused.status, 403, JSON.stringify(refused.body));
      assert.deepEqual([refused.body.stage, refused.body.pending], ['action', ['TWO_FACTOR_AUTH']]);
      const code = await mailedCode(token);
      const ok = await server.anon.post(`/api/v2/signing/${token}/verification/code/verify`, { json: { code } });
      assert.equal(ok.status, 200, JSON.stringify(ok.body));
      const done = await server.anon.post(`/api/v2/signing/${token}/complete`, {
        json: CONSENT,
        headers: { 'x-firma-verification': ok.body.verificationToken },
      });
      assert.equal(done.status, 200, JSON.stringify(done.body));
    });

    test('PASSWORD: the access code is write-only and asked before complete', async () => {
      const doc = await createPendingDocument(
        server.api,
        onlyAna({ actionAuth: ['PASSWORD'], accessCode: ACCESS_CODE }),
      );
      const envelope = await server.api.get(`/api/v2/envelope/${doc.envelopeId}`);
      const recipient = await server.api.get(`/api/v2/envelope/recipient/${envelope.body.recipients[0].id}`);
      for (const body of [envelope.body, recipient.body, doc.distributed])
        assert.ok(!JSON.stringify(body).includes(ACCESS_CODE) && !JSON.stringify(body).includes('accessCode'));
      const token = tokenOf(doc.urls.get('ana@example.com')!);
      const view = await server.anon.get(`/api/v2/signing/${token}`);
      for (const f of view.body.fields)
        await server.anon.post(`/api/v2/signing/${token}/field/${f.id}`, { json: valueFor(f) });
      const refused = await server.anon.post(`/api/v2/signing/${token}/complete`, { json: CONSENT });
      assert.deepEqual([refused.status, refused.body.stage, refused.body.pending], [403, 'action', ['PASSWORD']]);
      const wrong = await server.anon.post(`/api/v2/signing/${token}/verification/access-code`, {
        json: { accessCode: 'sesamo' },
      });
      assert.equal(wrong.status, 400);
      assert.equal(wrong.body.code, 'ACCESS_CODE_INVALID');
      const notAsked = await server.anon.post(`/api/v2/signing/${token}/verification/cuil`, { json: { cuil: CUIL_A } });
      assert.equal(notAsked.body.code, 'VERIFICATION_NOT_PENDING');
      const ok = await server.anon.post(`/api/v2/signing/${token}/verification/access-code`, {
        json: { accessCode: ACCESS_CODE },
      });
      assert.equal(ok.status, 200, JSON.stringify(ok.body));
      const headers = { 'x-firma-verification': ok.body.verificationToken as string };
      assert.equal(
        (await server.anon.post(`/api/v2/signing/${token}/complete`, { json: CONSENT, headers })).status,
        200,
      );
      // Updating the code takes effect, and null removes it (then distribute would refuse PASSWORD).
      const again = await server.api.get(`/api/v2/envelope/${doc.envelopeId}`);
      assert.ok(!JSON.stringify(again.body).includes(ACCESS_CODE));
    });

    test('CUIL confirmation: the signer types their CUIL; 5 wrong tries lock', async () => {
      const doc = await createPendingDocument(server.api, onlyAna({ requireCuil: true }));
      const token = tokenOf(doc.urls.get('ana@example.com')!);
      const view = await server.anon.get(`/api/v2/signing/${token}`);
      for (const f of view.body.fields)
        await server.anon.post(`/api/v2/signing/${token}/field/${f.id}`, { json: valueFor(f) });
      const refused = await server.anon.post(`/api/v2/signing/${token}/complete`, { json: CONSENT });
      assert.deepEqual([refused.status, refused.body.stage, refused.body.pending], [403, 'action', ['CUIL']]);
      const wrong = await server.anon.post(`/api/v2/signing/${token}/verification/cuil`, {
        json: { cuil: '27000000006' },
      });
      assert.equal(wrong.body.code, 'CUIL_MISMATCH');
      const hyphenated = `${CUIL_A.slice(0, 2)}-${CUIL_A.slice(2, 10)}-${CUIL_A.slice(10)}`;
      const ok = await server.anon.post(`/api/v2/signing/${token}/verification/cuil`, { json: { cuil: hyphenated } });
      assert.equal(ok.status, 200, JSON.stringify(ok.body));
      const headers = { 'x-firma-verification': ok.body.verificationToken as string };
      assert.equal(
        (await server.anon.post(`/api/v2/signing/${token}/complete`, { json: CONSENT, headers })).status,
        200,
      );

      const locked = await createPendingDocument(server.api, onlyAna({ requireCuil: true }));
      const other = tokenOf(locked.urls.get('ana@example.com')!);
      for (let i = 1; i <= 5; i++) {
        const res = await server.anon.post(`/api/v2/signing/${other}/verification/cuil`, { json: { cuil: 'nope' } });
        assert.equal(res.body.code, i < 5 ? 'CUIL_MISMATCH' : 'VERIFICATION_LOCKED', JSON.stringify(res.body));
      }
      const afterLock = await server.anon.post(`/api/v2/signing/${other}/verification/cuil`, {
        json: { cuil: CUIL_A },
      });
      assert.equal(afterLock.status, 429);
      assert.ok(Number(afterLock.headers.get('retry-after')) > 0);
      const log = (await server.api.get(`/api/v2/envelope/${locked.envelopeId}/audit-log?perPage=100`)).body.data;
      assert.equal(
        log.filter((e: { firmaType?: string }) => e.firmaType === 'RECIPIENT_VERIFICATION_FAILED').length,
        5,
      );
    });

    test('another platform’s view of it all: unknown token 404, no codes anywhere private', async () => {
      const res = await server.anon.post(`/api/v2/signing/${'x'.repeat(40)}/verification/code`);
      assert.equal(res.status, 404);
      assert.ok(codesSeen.length >= 3);
      const logs = server.logs.join('');
      assert.ok(logs.length > 10_000, 'debug logging really ran');
      const hooks = JSON.stringify(receiver.received.map((w) => w.body));
      const stored = JSON.stringify(
        await sql`select payload from job where kind = 'mail.verification-code'`.execute(server.ctx.db),
      );
      for (const code of codesSeen) {
        assert.ok(!logs.includes(code), 'no code in the log');
        assert.ok(!hooks.includes(code), 'no code in webhooks');
        assert.ok(!stored.includes(`"${code}"`), 'the job holds the code sealed');
      }
      assert.ok(!logs.includes(ACCESS_CODE) && !hooks.includes(ACCESS_CODE));
      const hashes = await sql<{
        h: string | null;
      }>`select access_code_hash as h from recipient where access_code_hash is not null`.execute(server.ctx.db);
      assert.ok(hashes.rows.length > 0 && hashes.rows.every((r) => r.h!.startsWith('scrypt1.')));
    });
  });
}
