import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { sql } from 'kysely';
import { CUIL_A, createPendingDocument, typicalPayload } from '../helpers/documents.js';
import type { HttpResponse } from '../helpers/http-client.js';
import { CONSENT, signAll, tokenOf, valueFor, waitForStatus } from '../helpers/signing.js';
import { recipientOf, startSmtpSink, type SmtpSink } from '../helpers/smtp-sink.js';
import { startTestServer, testDatabases, type TestServer } from '../helpers/test-server.js';

/**
 * Issue 31, items 5, 7, 10 and 12: an unknown signing token is 404 on every signing route whatever
 * the body; a passed verification belongs to the browser (cookie) or API caller (verification
 * token) that passed it, not to the link; every route showing the document or its evidence asks
 * for it, after completion too; reject asks for the same action verification as signing.
 */
const HEADER = 'x-firma-verification';
const ACCESS_CODE = 'puerta-7781';
const base = typicalPayload().recipients[0] as Record<string, unknown>;
const person = (email: string, name: string, extra: Record<string, unknown> = {}) => ({
  ...base,
  email,
  name,
  ...extra,
});

for (const database of testDatabases()) {
  describe(`verification bound to its caller, on every signing route (${database})`, () => {
    let server: TestServer;
    let smtp: SmtpSink;
    before(async () => {
      smtp = await startSmtpSink();
      server = await startTestServer({
        database,
        env: { SMTP_URL: smtp.url, FIRMA_JOB_POLL_MS: '100', LOG_LEVEL: 'debug' },
        captureLogs: true,
      });
    });
    after(async () => {
      await server?.close();
      await smtp?.stop();
    });

    const forgetLastSend = () => sql`update recipient_verification set otp_last_sent_at = null`.execute(server.ctx.db);
    const isCodeMail = (to: string) => (m: Parameters<typeof recipientOf>[0] & { subject?: string }) =>
      recipientOf(m) === to && /verification code/i.test(String(m.subject));
    /** Asks for a code, reads it from the mail and types it: the answer carries the caller's token. */
    async function verifyByCode(token: string, to: string, headers: Record<string, string> = {}) {
      await forgetLastSend();
      const seen = smtp.messages.filter(isCodeMail(to)).length;
      const asked = await server.anon.post(`/api/v2/signing/${token}/verification/code`, { headers });
      assert.equal(asked.status, 200, JSON.stringify(asked.body));
      const [mail] = (await smtp.waitFor(isCodeMail(to), seen + 1)).slice(seen);
      const code = /code: (\d{6})/.exec(String(mail!.text))![1]!;
      const ok = await server.anon.post(`/api/v2/signing/${token}/verification/code/verify`, {
        json: { code },
        headers,
      });
      assert.equal(ok.status, 200, JSON.stringify(ok.body));
      return ok;
    }
    const grantOf = (res: HttpResponse) => {
      assert.equal(typeof res.body.verificationToken, 'string', JSON.stringify(res.body));
      return { [HEADER]: res.body.verificationToken as string };
    };
    const assertRequired = (res: HttpResponse, stage: 'access' | 'action', what: string) => {
      assert.equal(res.status, 403, `${what}: ${res.status} ${JSON.stringify(res.body)}`);
      assert.equal(res.body.code, 'VERIFICATION_REQUIRED', what);
      assert.equal(res.body.stage, stage, what);
    };

    test('an unknown token is 404 on every signing route, whatever the body or path parameters', async () => {
      const t = 'x'.repeat(43);
      const routes: [string, string, unknown][] = [
        ['GET', `/signing/${t}`, undefined],
        ['GET', `/signing/${t}/item/nope`, undefined],
        ['POST', `/signing/${t}/field/1`, { signature: 42 }],
        ['POST', `/signing/${t}/field/abc`, undefined],
        ['GET', `/signing/${t}/field/1/signature`, undefined],
        ['GET', `/signing/${t}/field/-5/signature`, undefined],
        ['DELETE', `/signing/${t}/field/abc`, undefined],
        ['POST', `/signing/${t}/complete`, undefined],
        ['POST', `/signing/${t}/complete`, {}],
        ['POST', `/signing/${t}/complete`, { consent: 'yes', extra: 1 }],
        ['GET', `/signing/${t}/download/nope`, undefined],
        ['GET', `/signing/${t}/certificate`, undefined],
        ['POST', `/signing/${t}/reject`, undefined],
        ['POST', `/signing/${t}/reject`, { reason: '' }],
        ['GET', `/signing/${t}/verification`, undefined],
        ['POST', `/signing/${t}/verification/code`, undefined],
        ['POST', `/signing/${t}/verification/code/verify`, { code: 'abc' }],
        ['POST', `/signing/${t}/verification/code/verify`, undefined],
        ['POST', `/signing/${t}/verification/access-code`, {}],
        ['POST', `/signing/${t}/verification/cuil`, { cuil: '' }],
        ['POST', `/signing/${t}/signature/prepare`, {}],
        ['POST', `/signing/${t}/signature/submit`, { signatures: 'x' }],
        ['POST', `/signing/${t}/csc/authorize`, undefined],
        ['POST', `/signing/${t}/csc/credentials`, {}],
        ['POST', `/signing/${t}/csc/credential-authorization`, { session: 1 }],
      ];
      for (const prefix of ['/api/v2', '/api/v2-beta'])
        for (const [method, path, json] of routes) {
          const res = await server.anon.request(method, prefix + path, json === undefined ? {} : { json });
          assert.equal(res.status, 404, `${method} ${prefix}${path}: ${res.status} ${JSON.stringify(res.body)}`);
          assert.equal(res.body.code, 'NOT_FOUND', `${method} ${path}`);
        }
    });

    test('a passed verification holds for the caller that passed it: a second client verifies again', async () => {
      const doc = await createPendingDocument(
        server.api,
        typicalPayload({ recipients: [person('ana@example.com', 'Ana García', { accessAuth: ['TWO_FACTOR_AUTH'] })] }),
      );
      const token = tokenOf(doc.urls.get('ana@example.com')!);
      const verified = await verifyByCode(token, 'ana@example.com');
      const first = grantOf(verified);
      assert.ok(Date.parse(verified.body.verificationExpiresAt) > Date.now());
      // The browser's copy: an HttpOnly, SameSite=Strict cookie for the API, its value the same grant.
      const setCookie = verified.headers.get('set-cookie') ?? '';
      assert.match(setCookie, /^firma_v_[0-9a-f]{16}=fv1\./);
      assert.match(setCookie, /; HttpOnly/);
      assert.match(setCookie, /; SameSite=Strict/);
      assert.match(setCookie, /; Path=\/api\//);
      assert.doesNotMatch(setCookie, /Secure/, 'plain http here: no Secure');
      const cookie = { cookie: setCookie.split(';')[0]! };

      // The verifying client (header or cookie) sees the document; another holding the same link does not.
      assert.equal((await server.anon.get(`/api/v2/signing/${token}`, { headers: first })).status, 200);
      assert.equal((await server.anon.get(`/api/v2/signing/${token}`, { headers: cookie })).status, 200);
      assertRequired(await server.anon.get(`/api/v2/signing/${token}`), 'access', 'second client');
      const status = await server.anon.get(`/api/v2/signing/${token}/verification`);
      assert.equal(status.body.stage, 'access', 'the second client is told to verify');
      assert.equal(
        (await server.anon.get(`/api/v2/signing/${token}/verification`, { headers: first })).body.stage,
        null,
      );
      // A forged, garbled or other link's token counts for nothing (and is no 500).
      for (const bad of ['garbage', `${first[HEADER].slice(0, -4)}AAAA`, 'fv1.v1.a.b.c'])
        assertRequired(
          await server.anon.get(`/api/v2/signing/${token}`, { headers: { [HEADER]: bad } }),
          'access',
          bad,
        );
      const other = await createPendingDocument(
        server.api,
        typicalPayload({ recipients: [person('ana@example.com', 'Ana García', { accessAuth: ['TWO_FACTOR_AUTH'] })] }),
      );
      const otherToken = tokenOf(other.urls.get('ana@example.com')!);
      assertRequired(
        await server.anon.get(`/api/v2/signing/${otherToken}`, { headers: first }),
        'access',
        'other link',
      );

      // The second client passes its own code; both now work, each with its own token.
      const second = grantOf(await verifyByCode(token, 'ana@example.com'));
      assert.notEqual(second[HEADER], first[HEADER]);
      assert.equal((await server.anon.get(`/api/v2/signing/${token}`, { headers: second })).status, 200);
      assert.equal((await server.anon.get(`/api/v2/signing/${token}`, { headers: first })).status, 200);

      // Never in the log: neither the token nor the cookie.
      const logs = server.logs.join('');
      assert.ok(logs.length > 1000);
      for (const secret of [first[HEADER], second[HEADER], cookie.cookie.split('=')[1]!])
        assert.ok(!logs.includes(secret.slice(8, 40)), 'no verification token in the log');
    });

    test('the document and its evidence stay closed to an unverified caller after completion too', async () => {
      const doc = await createPendingDocument(
        server.api,
        typicalPayload({
          recipients: [
            person('ana@example.com', 'Ana García'),
            person('bea@example.com', 'Bea Paz', { accessAuth: ['TWO_FACTOR_AUTH'], cuil: '27000000006' }),
            { email: 'carla@example.com', name: 'Carla Ruiz', role: 'CC', accessAuth: ['TWO_FACTOR_AUTH'] },
          ],
        }),
        {},
      );
      const ana = tokenOf(doc.urls.get('ana@example.com')!);
      const bea = tokenOf(doc.urls.get('bea@example.com')!);
      assert.equal((await signAll(server.anon, ana)).status, 200);
      // Bea verifies and signs with a drawn signature, carrying her verification token.
      const beaGrant = grantOf(await verifyByCode(bea, 'bea@example.com'));
      const view = await server.anon.get(`/api/v2/signing/${bea}`, { headers: beaGrant });
      assert.equal(view.status, 200);
      for (const f of view.body.fields)
        assert.equal(
          (
            await server.anon.post(`/api/v2/signing/${bea}/field/${f.id}`, {
              json: valueFor(f, { drawn: true }),
              headers: beaGrant,
            })
          ).status,
          200,
        );
      const signatureField = view.body.fields.find((f: { type: string }) => f.type === 'SIGNATURE').id as number;
      assert.equal(
        (await server.anon.post(`/api/v2/signing/${bea}/complete`, { json: CONSENT, headers: beaGrant })).status,
        200,
      );
      await waitForStatus(server.api, doc.documentId, ['COMPLETED']);
      // A CC's link comes with the completion mail.
      const [mail] = await smtp.waitFor(
        (m) => recipientOf(m) === 'carla@example.com' && /^Completed:/.test(String(m.subject)),
      );
      const carla = /\/sign\/([A-Za-z0-9_-]+)/.exec(String(mail!.text))![1]!;
      const itemId = view.body.envelope.items[0].id as string;

      const evidence = (token: string) => [
        `/api/v2/signing/${token}`,
        `/api/v2/signing/${token}/item/${itemId}`,
        `/api/v2/signing/${token}/download/${itemId}`,
        `/api/v2/signing/${token}/certificate`,
        ...(token === bea ? [`/api/v2/signing/${token}/field/${signatureField}/signature`] : []),
      ];
      const downloadsBefore = async () =>
        (await server.api.get(`/api/v2/envelope/${doc.envelopeId}/audit-log?perPage=100`)).body.data.filter(
          (e: { firmaType?: string }) => e.firmaType === 'DOCUMENT_RECIPIENT_DOWNLOADED',
        ).length as number;
      const downloads = await downloadsBefore();
      // Carla (CC) never verified; a second client holding Bea's link never did either.
      for (const token of [carla, bea])
        for (const path of evidence(token)) {
          const res = await server.anon.get(path);
          assertRequired(res, 'access', path.replace(token, '…'));
          assert.ok(!res.bytes.includes(Buffer.from('%PDF')), 'no PDF in the refusal');
        }
      assert.equal(await downloadsBefore(), downloads, 'a refused download is not recorded as one');

      // Bea's own client still downloads; Carla verifies after completion and then does too.
      for (const path of evidence(bea)) {
        const res = await server.anon.get(path, { headers: beaGrant });
        assert.equal(res.status, 200, `${path.replace(bea, '…')}: ${JSON.stringify(res.body)}`);
      }
      const carlaGrant = grantOf(await verifyByCode(carla, 'carla@example.com'));
      for (const path of evidence(carla)) {
        const res = await server.anon.get(path, { headers: carlaGrant });
        assert.equal(res.status, 200, `${path.replace(carla, '…')}: ${JSON.stringify(res.body)}`);
      }
    });

    test('reject asks for the same action verification as signing: access code, CUIL', async () => {
      const doc = await createPendingDocument(
        server.api,
        typicalPayload({
          recipients: [
            person('ana@example.com', 'Ana García', { actionAuth: ['PASSWORD'], accessCode: ACCESS_CODE }),
            person('bea@example.com', 'Bea Paz', { requireCuil: true, cuil: CUIL_A }),
          ],
        }),
      );
      const ana = tokenOf(doc.urls.get('ana@example.com')!);
      const bea = tokenOf(doc.urls.get('bea@example.com')!);
      const reject = (token: string, headers: Record<string, string> = {}) =>
        server.anon.post(`/api/v2/signing/${token}/reject`, { json: { reason: 'No estoy de acuerdo' }, headers });
      const refusedAna = await reject(ana);
      assertRequired(refusedAna, 'action', 'reject without the access code');
      assert.deepEqual(refusedAna.body.pending, ['PASSWORD']);
      const refusedBea = await reject(bea);
      assertRequired(refusedBea, 'action', 'reject without the CUIL');
      assert.deepEqual(refusedBea.body.pending, ['CUIL']);
      const after = await server.api.get(`/api/v2/document/${doc.documentId}`);
      assert.equal(after.body.status, 'PENDING', 'nothing changed');
      assert.deepEqual(
        after.body.recipients.map((r: { signingStatus: string }) => r.signingStatus),
        ['NOT_SIGNED', 'NOT_SIGNED'],
      );

      // Another caller's access code does not let this one reject.
      const passed = await server.anon.post(`/api/v2/signing/${ana}/verification/access-code`, {
        json: { accessCode: ACCESS_CODE },
      });
      assert.equal(passed.status, 200, JSON.stringify(passed.body));
      assertRequired(await reject(ana), 'action', 'reject by a second client');
      const rejected = await reject(ana, grantOf(passed));
      assert.equal(rejected.status, 200, JSON.stringify(rejected.body));
      assert.equal((await server.api.get(`/api/v2/document/${doc.documentId}`)).body.status, 'REJECTED');
    });
  });
}
