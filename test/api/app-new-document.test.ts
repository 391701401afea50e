import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { setPlatformIdentityRule } from '../../src/domain/platforms/set-platform-identity-rule.js';
import { defaultPlatformId, firstAdmin, joinPlatform, platformWithAdmin, SessionClient } from '../helpers/accounts.js';
import { CUIL_A, CUIL_B, multipartBody, onePagePdf } from '../helpers/documents.js';
import { startTestServer, testDatabases, type TestServer } from '../helpers/test-server.js';
import { taggedPdf } from '../support/tagged-pdf.js';

/**
 * Issue 37 item 3: a new document from the web app — one PDF streamed like the API's uploads (its
 * size cap, its PDF checks), recipients whose placeholder tags become their fields, sent or saved
 * as a draft through the API's create and distribute, owned by the member. Every refusal is a 4xx
 * that stores nothing.
 */
for (const database of testDatabases()) {
  describe(`app new document: upload, recipients, send or draft (${database})`, () => {
    let server: TestServer;
    let platformA: number;
    let platformB: number;
    let admin: SessionClient;
    let plain: SessionClient;
    let adminB: SessionClient;
    let platformNameB: string;
    let twoSigners: Uint8Array;

    const path = () => `/api/app/platforms/${platformA}/documents`;
    const people = [
      { name: 'Ana García', email: 'ana@example.com', role: 'SIGNER', cuil: CUIL_A, signingOrder: 1 },
      { name: 'Bruno Díaz', email: 'bruno@example.com', role: 'SIGNER', cuil: CUIL_B, signingOrder: 2 },
    ];
    const payload = (overrides: Record<string, unknown> = {}) => ({
      title: 'Contrato de locación',
      language: 'es',
      send: true,
      recipients: people,
      ...overrides,
    });
    const upload = (
      client: SessionClient,
      body: unknown,
      bytes: Uint8Array = twoSigners,
      options: { csrf?: boolean; to?: string } = {},
    ) =>
      client.post(options.to ?? path(), {
        body: multipartBody(body, [{ field: 'file', bytes, name: 'lease.pdf' }]),
        ...(options.csrf === false ? { csrf: false } : {}),
      });
    const rows = async () => {
      const count = async (table: 'envelope' | 'auditEvent' | 'recipient' | 'job') =>
        Number(
          (
            await server.ctx.db
              .selectFrom(table)
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      return {
        envelopes: await count('envelope'),
        audit: await count('auditEvent'),
        recipients: await count('recipient'),
        jobs: await count('job'),
      };
    };

    before(async () => {
      server = await startTestServer({ database, worker: false, env: { FIRMA_MAX_UPLOAD_MB: '1' } });
      admin = await firstAdmin(server);
      platformA = await defaultPlatformId(server);
      plain = await joinPlatform(server, admin, platformA, 'mia@firma.example', 'MEMBER');
      const teamB = await platformWithAdmin(server, 'bea@firma.example');
      ({ admin: adminB, platformId: platformB } = teamB);
      platformNameB = teamB.token.platformName;
      ({ bytes: twoSigners } = await taggedPdf([
        {
          prose: [{ text: 'Contrato de locación', x: 50, y: 760 }],
          tags: [
            { text: '{{signature, r1}}', x: 60, y: 120 },
            { text: '{{signature, r2}}', x: 360, y: 120 },
          ],
        },
      ]));
    });
    after(() => server?.close());

    test('document-options: the team’s identity rule and upload cap; another team’s path is 404', async () => {
      const options = await plain.get(`/api/app/platforms/${platformA}/document-options`);
      assert.equal(options.status, 200, JSON.stringify(options.body));
      assert.deepEqual(options.body, {
        identityRule: 'CUIL',
        idLabel: 'CUIL',
        signerEntersId: false,
        uploadBytes: 1024 * 1024,
      });
      assert.equal((await adminB.get(`/api/app/platforms/${platformA}/document-options`)).status, 404);
      assert.equal(
        (await new SessionClient(server.url).get(`/api/app/platforms/${platformA}/document-options`)).status,
        401,
      );
    });

    test('send: a MEMBER uploads a tagged PDF for two signers; it is PENDING, theirs, tagged fields, mails queued', async () => {
      const sent = await upload(plain, payload());
      assert.equal(sent.status, 200, JSON.stringify(sent.body));
      assert.equal(sent.body.status, 'PENDING');
      const page = await plain.get(`${path()}/${sent.body.id}`);
      assert.equal(page.status, 200);
      assert.equal(page.body.status, 'PENDING');
      assert.equal(page.body.title, 'Contrato de locación');
      assert.equal(page.body.owner.email, 'mia@firma.example', 'the member owns it');
      assert.equal(page.body.fieldCount, 2, 'one signature field per tag');
      assert.deepEqual(
        page.body.recipients.map((r: { email: string; signingOrder: number }) => [r.email, r.signingOrder]),
        [
          ['ana@example.com', 1],
          ['bruno@example.com', 2],
        ],
      );
      const types = page.body.timeline.map((e: { type: string }) => e.type);
      assert.ok(types.includes('DOCUMENT_CREATED') && types.includes('DOCUMENT_SENT'), types.join());
      const created = page.body.timeline.find((e: { type: string }) => e.type === 'DOCUMENT_CREATED');
      assert.match(created.actor, /^mia <mia@firma.example>/);
      const viaApi = await server.api.get(`/api/v2/envelope/${sent.body.id}`);
      assert.equal(viaApi.body.documentMeta.language, 'es');
      const mails = await server.ctx.db
        .selectFrom('job')
        .select('kind')
        .where('kind', '=', 'mail.signing-request')
        .execute();
      assert.ok(mails.length >= 1, 'the first signer’s mail is queued');
    });

    test('save as draft: DRAFT, a signer without a tag is fine until it is sent — then refused by name', async () => {
      const plainPdf = await onePagePdf();
      const draft = await upload(admin, payload({ send: false, title: 'Borrador' }), plainPdf);
      assert.equal(draft.status, 200, JSON.stringify(draft.body));
      assert.equal(draft.body.status, 'DRAFT');
      const before = await rows();
      const refused = await upload(admin, payload({ title: 'Sin etiquetas' }), plainPdf);
      assert.equal(refused.status, 400, JSON.stringify(refused.body));
      assert.equal(refused.body.code, 'MISSING_SIGNATURE_FIELD');
      assert.match(refused.body.issues[0].message, /Ana García/);
      assert.deepEqual(await rows(), before, 'a refused send stores nothing, not even a draft');
      const sentLater = await admin.post(`${path()}/${draft.body.id}/distribute`);
      assert.equal(sentLater.status, 400, 'the draft has no tags either');
    });

    test('bad input: not a PDF, oversized, no recipients, a bad CUIL, a missing one, no file, bad JSON — 4xx, nothing stored', async () => {
      const before = await rows();
      const notPdf = await upload(admin, payload(), new TextEncoder().encode('hello, not a pdf'));
      assert.deepEqual([notPdf.status, notPdf.body.code], [400, 'NOT_A_PDF']);
      const big = new Uint8Array(1024 * 1024 + 10);
      big.set(twoSigners);
      const oversized = await upload(admin, payload(), big);
      assert.deepEqual([oversized.status, oversized.body.code], [413, 'PAYLOAD_TOO_LARGE']);
      for (const [body, where] of [
        [payload({ recipients: [] }), 'recipients'],
        [payload({ recipients: undefined }), 'recipients'],
        [payload({ recipients: [{ ...people[0], cuil: '20123456780' }, people[1]] }), 'cuil'],
        [payload({ recipients: [{ ...people[0], email: 'not-an-address' }, people[1]] }), 'email'],
        [payload({ title: '  ' }), 'title'],
        [payload({ language: 'xx' }), 'language'],
        [payload({ send: 'yes' }), 'send'],
      ] as const) {
        const res = await upload(admin, body);
        assert.equal(res.status, 400, `${where}: ${JSON.stringify(res.body)}`);
        assert.equal(res.body.code, 'VALIDATION_ERROR');
        assert.ok(
          res.body.issues.some((i: { path: unknown[] }) => i.path.includes(where)),
          JSON.stringify(res.body.issues),
        );
      }
      const noCuil = await upload(admin, payload({ recipients: [{ ...people[0], cuil: undefined }, people[1]] }));
      assert.deepEqual([noCuil.status, noCuil.body.code], [400, 'RECIPIENT_INVALID_CUIL']);
      const noFile = await admin.post(path(), { body: multipartBody(payload(), []) });
      assert.deepEqual([noFile.status, noFile.body.code], [400, 'INVALID_MULTIPART']);
      const badJson = await admin.post(path(), {
        body: multipartBody('{"title":', [{ field: 'file', bytes: twoSigners }]),
      });
      assert.deepEqual([badJson.status, badJson.body.code], [400, 'INVALID_JSON']);
      const json = await admin.post(path(), { json: payload() });
      assert.equal(json.status, 415);
      assert.deepEqual(await rows(), before);
    });

    test('no session 401, no CSRF 403, another team’s platform 404: nothing stored', async () => {
      const before = await rows();
      const anonymous = await upload(new SessionClient(server.url), payload());
      assert.deepEqual([anonymous.status, anonymous.body.code], [401, 'SESSION_REQUIRED']);
      const noCsrf = await upload(admin, payload(), twoSigners, { csrf: false });
      assert.deepEqual([noCsrf.status, noCsrf.body.code], [403, 'CSRF_REFUSED']);
      const otherTeam = await upload(adminB, payload());
      assert.equal(otherTeam.status, 404);
      assert.deepEqual(await rows(), before);
      // B's own platform works for B, and A's admin cannot see it.
      const own = await upload(adminB, payload({ title: 'B lease' }), twoSigners, {
        to: `/api/app/platforms/${platformB}/documents`,
      });
      assert.equal(own.status, 200, JSON.stringify(own.body));
      assert.equal((await admin.get(`${path()}/${own.body.id}`)).status, 404);
    });

    test('another identity rule: the form learns it, and sending checks IDs by it (RUT; NONE asks for none)', async () => {
      const bBase = `/api/app/platforms/${platformB}`;
      await setPlatformIdentityRule(server.ctx, { platform: platformNameB, rule: 'rut' });
      const options = await adminB.get(`${bBase}/document-options`);
      assert.deepEqual([options.body.identityRule, options.body.idLabel], ['RUT', 'RUT']);
      const before = await rows();
      const cuilUnderRut = await upload(adminB, payload(), twoSigners, { to: `${bBase}/documents` });
      assert.deepEqual([cuilUnderRut.status, cuilUnderRut.body.code], [400, 'RECIPIENT_INVALID_NATIONAL_ID']);
      assert.deepEqual(await rows(), before, 'nothing stored');
      const ruts = people.map((p, i) => ({ ...p, cuil: ['12.345.678-5', '11.111.111-1'][i] }));
      const sent = await upload(adminB, payload({ recipients: ruts }), twoSigners, { to: `${bBase}/documents` });
      assert.equal(sent.status, 200, JSON.stringify(sent.body));

      await setPlatformIdentityRule(server.ctx, { platform: platformNameB, rule: 'none' });
      const none = await adminB.get(`${bBase}/document-options`);
      assert.deepEqual([none.body.identityRule, none.body.idLabel], ['NONE', null]);
      const noIds = people.map(({ cuil: _cuil, ...p }) => p);
      const plain = await upload(adminB, payload({ recipients: noIds }), twoSigners, { to: `${bBase}/documents` });
      assert.equal(plain.status, 200, JSON.stringify(plain.body));
    });
  });
}
