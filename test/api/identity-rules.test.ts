import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { setPlatformIdentityRule } from '../../src/domain/platforms/set-platform-identity-rule.js';
import { createDocument, CUIL_A, typicalPayload } from '../helpers/documents.js';
import type { HttpClient } from '../helpers/http-client.js';
import { CONSENT, signAll, tokenOf, valueFor, waitForStatus } from '../helpers/signing.js';
import { startTestServer, testDatabases, type TestServer } from '../helpers/test-server.js';
import { pdfToText } from '../support/pdf-tools.js';

/**
 * Issue 33, item 1: a platform's identity rule. CUIL stays the default and the spec's rule; a
 * platform may ask for none, or for Chile's RUT, Uruguay's CI or Brazil's CPF, each with its own
 * check digit, in the recipient's `cuil` member. The rule is the platform's alone.
 */
const RUT = '12345678-5';
const CI_UY = '1.234.567-2';
const CPF = '52998224725';

/** One signer with a signature field and, if given, this ID in `cuil`. */
const oneSigner = (cuil?: string) =>
  typicalPayload({
    recipients: [
      {
        email: 'ana@example.com',
        name: 'Ana',
        role: 'SIGNER',
        ...(cuil !== undefined ? { cuil } : {}),
        fields: [{ type: 'SIGNATURE', pageNumber: 1, pageX: 10, pageY: 80, width: 30, height: 8 }],
      },
    ],
  });

for (const database of testDatabases()) {
  describe(`platform identity rules (${database})`, () => {
    let server: TestServer;
    const platforms = new Map<string, HttpClient & { platformName: string }>();
    /** A platform of its own per rule, so each test sees only the rule it sets. */
    const platformWith = async (rule: string, signerEntersId?: 'on') => {
      const key = `${rule}${signerEntersId ? '-entry' : ''}`;
      const known = platforms.get(key);
      if (known) return known;
      const client = await server.newPlatform(`rule-${key}`);
      await setPlatformIdentityRule(server.ctx, { platform: client.platformName, rule, signerEntersId });
      platforms.set(key, client);
      return client;
    };
    const distribute = async (client: HttpClient, cuil?: string) => {
      const created = await createDocument(client, oneSigner(cuil));
      assert.equal(created.status, 200, JSON.stringify(created.body));
      const sent = await client.post('/api/v2/document/distribute', {
        json: { documentId: created.body.id, meta: { distributionMethod: 'NONE' }, includeSigningUrls: true },
      });
      return { created, sent };
    };

    before(async () => {
      server = await startTestServer({ database });
    });
    after(() => server.close());

    test('/me shows CUIL by default and each platform its own rule', async () => {
      const me = await server.api.get('/api/v2/me');
      assert.equal(me.status, 200);
      assert.equal(me.body.platform.identityRule, 'CUIL');
      const chile = await platformWith('rut');
      assert.equal((await chile.get('/api/v2/me')).body.platform.identityRule, 'RUT');
      assert.equal((await (await platformWith('ci-uy')).get('/api/v2/me')).body.platform.identityRule, 'CI_UY');
      assert.equal((await server.api.get('/api/v2/me')).body.platform.identityRule, 'CUIL', 'default unchanged');
    });

    test('CUIL platform: a signer without a CUIL, or with another country’s ID, is refused RECIPIENT_INVALID_CUIL', async () => {
      for (const cuil of [undefined, CPF]) {
        const { sent } = await distribute(server.api, cuil);
        assert.equal(sent.status, 400, JSON.stringify(sent.body));
        assert.equal(sent.body.code, 'RECIPIENT_INVALID_CUIL');
        assert.deepEqual(sent.body.issues[0].path, ['recipients', 0, 'cuil']);
      }
      const { sent } = await distribute(server.api, CUIL_A);
      assert.equal(sent.status, 200);
    });

    for (const [rule, valid, label] of [
      ['rut', RUT, 'RUT'],
      ['ci-uy', CI_UY, 'CI'],
      ['cpf', CPF, 'CPF'],
    ] as const) {
      test(`${rule}: its valid ID is sent; a CUIL or none is refused RECIPIENT_INVALID_NATIONAL_ID naming the rule`, async () => {
        const client = await platformWith(rule);
        for (const cuil of [undefined, CUIL_A]) {
          const { created, sent } = await distribute(client, cuil);
          assert.equal(sent.status, 400, JSON.stringify(sent.body));
          assert.equal(sent.body.code, 'RECIPIENT_INVALID_NATIONAL_ID');
          assert.match(sent.body.issues[0].message, new RegExp(`valid ${label} `));
          assert.equal((await client.get(`/api/v2/document/${created.body.id}`)).body.status, 'DRAFT', 'nothing sent');
        }
        const { created, sent } = await distribute(client, valid);
        assert.equal(sent.status, 200, JSON.stringify(sent.body));
        const doc = await client.get(`/api/v2/document/${created.body.id}`);
        assert.equal(doc.body.recipients[0].cuil, valid.replace(/[.-]/g, ''), 'stored without separators');
      });
    }

    test('an ID no rule accepts is refused when sent (400), whatever the platform', async () => {
      for (const client of [server.api, await platformWith('cpf'), await platformWith('none')]) {
        const created = await createDocument(client, oneSigner('52998224724'));
        assert.equal(created.status, 400);
        assert.equal(created.body.code, 'VALIDATION_ERROR');
        assert.deepEqual(created.body.issues[0].path, ['payload', 'recipients', 0, 'cuil']);
      }
    });

    test('NONE: a signer without any ID is sent and signs; the certificate says there is no national ID rule', async () => {
      const client = await platformWith('none');
      const { created, sent } = await distribute(client);
      assert.equal(sent.status, 200, JSON.stringify(sent.body));
      const signed = await signAll(client, tokenOf(sent.body.recipients[0].signingUrl));
      assert.equal(signed.status, 200, JSON.stringify(signed.body));
      await waitForStatus(client, created.body.id, ['COMPLETED']);
      const certificate = await client.get(`/api/v2/document/${created.body.id}/certificate`);
      assert.equal(certificate.status, 200);
      const text = pdfToText(certificate.bytes).replace(/\s+/g, ' ');
      assert.match(text, /National ID not required: the platform has no national ID rule/);
      assert.doesNotMatch(text, /CUIL/);
    });

    test('another rule’s certificate names its ID, written as its country does', async () => {
      const client = await platformWith('rut');
      const { created, sent } = await distribute(client, RUT);
      assert.equal(sent.status, 200);
      await signAll(client, tokenOf(sent.body.recipients[0].signingUrl));
      await waitForStatus(client, created.body.id, ['COMPLETED']);
      const text = pdfToText((await client.get(`/api/v2/document/${created.body.id}/certificate`)).bytes);
      assert.match(text.replace(/\s+/g, ' '), /RUT 12\.345\.678-5/);
    });

    test('setting one platform’s rule changes nothing on another, nor on documents already sent', async () => {
      const before = await distribute(server.api, CUIL_A);
      assert.equal(before.sent.status, 200);
      const other = await server.newPlatform('rule-switch');
      await setPlatformIdentityRule(server.ctx, { platform: other.platformName, rule: 'none' });
      assert.equal((await other.get('/api/v2/me')).body.platform.identityRule, 'NONE');
      assert.equal((await server.api.get('/api/v2/me')).body.platform.identityRule, 'CUIL');
      const { sent } = await distribute(server.api);
      assert.equal(sent.body.code, 'RECIPIENT_INVALID_CUIL', 'the default platform still asks for a CUIL');
      const again = await server.api.get(`/api/v2/document/${before.created.body.id}`);
      assert.equal(again.body.status, 'PENDING');
    });

    test('signer enters their ID: sent without one, the signer must give a valid one on the page before signing', async () => {
      const client = await platformWith('cuil', 'on');
      const me = await client.get('/api/v2/me');
      assert.deepEqual([me.body.platform.identityRule, me.body.platform.signerEntersId], ['CUIL', true]);
      assert.equal((await server.api.get('/api/v2/me')).body.platform.signerEntersId, false, 'off by default');
      // An ID given is still checked when the document is sent.
      assert.equal((await distribute(client, CPF)).sent.body.code, 'RECIPIENT_INVALID_CUIL');

      const { created, sent } = await distribute(client);
      assert.equal(sent.status, 200, JSON.stringify(sent.body));
      const token = tokenOf(sent.body.recipients[0].signingUrl);
      const view = await server.anon.get(`/api/v2/signing/${token}`);
      for (const f of view.body.fields)
        await server.anon.post(`/api/v2/signing/${token}/field/${f.id}`, { json: valueFor(f) });
      const refused = await server.anon.post(`/api/v2/signing/${token}/complete`, { json: CONSENT });
      assert.deepEqual([refused.status, refused.body.stage, refused.body.pending], [403, 'action', ['CUIL']]);
      const invalid = await server.anon.post(`/api/v2/signing/${token}/verification/cuil`, { json: { cuil: CPF } });
      assert.equal(invalid.body.code, 'CUIL_MISMATCH', 'not a CUIL: a wrong try, nothing stored');
      assert.equal((await client.get(`/api/v2/document/${created.body.id}`)).body.recipients[0].cuil, null);

      const entered = await server.anon.post(`/api/v2/signing/${token}/verification/cuil`, {
        json: { cuil: '20-12345678-6' },
      });
      assert.equal(entered.status, 200, JSON.stringify(entered.body));
      const headers = { 'x-firma-verification': entered.body.verificationToken as string };
      const done = await server.anon.post(`/api/v2/signing/${token}/complete`, { json: CONSENT, headers });
      assert.equal(done.status, 200, JSON.stringify(done.body));
      assert.equal((await client.get(`/api/v2/document/${created.body.id}`)).body.recipients[0].cuil, CUIL_A);
      const log = (await client.get(`/api/v2/envelope/${created.body.envelopeId}/audit-log?perPage=100`)).body.data;
      const passed = log.find((e: { firmaType?: string }) => e.firmaType === 'RECIPIENT_VERIFICATION_PASSED');
      assert.deepEqual([passed.data.method, passed.data.entered], ['CUIL', true]);
      await waitForStatus(client, created.body.id, ['COMPLETED']);
      const text = pdfToText((await client.get(`/api/v2/document/${created.body.id}/certificate`)).bytes);
      assert.match(text.replace(/\s+/g, ' '), /CUIL 20-12345678-6/);
    });

    test('the signing page learns which ID to ask for: GET /verification names the platform’s rule', async () => {
      for (const [rule, expected] of [
        ['rut', 'RUT'],
        ['cuil', 'CUIL'],
      ] as const) {
        const client = await platformWith(rule, 'on');
        const { sent } = await distribute(client);
        const token = tokenOf(sent.body.recipients[0].signingUrl);
        const status = await server.anon.get(`/api/v2/signing/${token}/verification`);
        assert.equal(status.status, 200, JSON.stringify(status.body));
        assert.deepEqual([status.body.identityRule, status.body.action.required], [expected, ['CUIL']]);
      }
    });

    test('an unknown rule or platform is refused and changes nothing', async () => {
      await assert.rejects(setPlatformIdentityRule(server.ctx, { platform: 'default', rule: 'dni' }), {
        code: 'VALIDATION_ERROR',
      });
      await assert.rejects(setPlatformIdentityRule(server.ctx, { platform: 'nobody-here', rule: 'rut' }), {
        code: 'NOT_FOUND',
      });
      await assert.rejects(setPlatformIdentityRule(server.ctx, { platform: 'default', signerEntersId: 'yes' }), {
        code: 'VALIDATION_ERROR',
      });
      await assert.rejects(setPlatformIdentityRule(server.ctx, { platform: 'default' }), { code: 'VALIDATION_ERROR' });
      assert.equal((await server.api.get('/api/v2/me')).body.platform.identityRule, 'CUIL');
    });
  });
}
