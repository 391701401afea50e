import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createDocument, createPendingDocument, typicalPayload } from '../helpers/documents.js';
import { tokenOf } from '../helpers/signing.js';
import { countRows, startTestServer, testDatabases, type TestServer } from '../helpers/test-server.js';

/**
 * The spec's recipient resource names the object form `authOptions: {accessAuth, actionAuth}`;
 * sent on document/create it was dropped as an unknown member and the recipient stored with no
 * verification. It is read as the top-level members wherever those are accepted; any other
 * unknown member named like auth, a password, a secret or a token is refused, never dropped.
 */
const TWO_FACTOR = { accessAuth: ['TWO_FACTOR_AUTH'], actionAuth: [] };

for (const database of testDatabases()) {
  describe(`recipient authOptions object form and unknown security members (${database})`, () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer({ database, worker: false });
    });
    after(() => server?.close());

    test('document/create: the object form is stored and the signing API asks for the code', async () => {
      const payload = typicalPayload();
      Object.assign(payload.recipients[0]!, { authOptions: TWO_FACTOR });
      const doc = await createPendingDocument(server.api, payload);
      const envelope = (await server.api.get(`/api/v2/envelope/${doc.envelopeId}`)).body;
      assert.deepEqual(envelope.recipients[0].authOptions, TWO_FACTOR);
      const opened = await server.anon.get(`/api/v2/signing/${tokenOf(doc.urls.get('ana@example.com')!)}`);
      assert.equal(opened.status, 403, JSON.stringify(opened.body));
      assert.equal(opened.body.code, 'VERIFICATION_REQUIRED');
      assert.deepEqual(opened.body.pending, ['TWO_FACTOR_AUTH']);
      // The other signer, without verification, opens it.
      assert.equal(
        (await server.anon.get(`/api/v2/signing/${tokenOf(doc.urls.get('bruno@example.com')!)}`)).status,
        200,
      );
    });

    test('recipient create and update take the object form; both forms must agree', async () => {
      const created = await createDocument(server.api);
      const envelopeId = created.body.envelopeId as string;
      const recipients = async () => (await server.api.get(`/api/v2/envelope/${envelopeId}`)).body.recipients;
      const add = await server.api.post('/api/v2/envelope/recipient/create-many', {
        json: {
          envelopeId,
          data: [{ email: 'dora@example.com', name: 'Dora', role: 'SIGNER', authOptions: TWO_FACTOR }],
        },
      });
      assert.equal(add.status, 200, JSON.stringify(add.body));
      assert.deepEqual(add.body.data[0].authOptions, TWO_FACTOR);
      const id = (await recipients())[0].id as number;
      const update = (data: Record<string, unknown>) =>
        server.api.post('/api/v2/envelope/recipient/update-many', { json: { envelopeId, data: [{ id, ...data }] } });
      assert.equal((await update({ authOptions: TWO_FACTOR })).status, 200);
      assert.deepEqual((await recipients())[0].authOptions, TWO_FACTOR);
      assert.equal((await update({ authOptions: TWO_FACTOR, accessAuth: ['TWO_FACTOR_AUTH'] })).status, 200);

      const before = await recipients();
      const conflict = await update({ authOptions: TWO_FACTOR, accessAuth: [] });
      assert.equal(conflict.status, 400, JSON.stringify(conflict.body));
      assert.equal(conflict.body.code, 'AUTH_OPTIONS_CONFLICT');
      assert.match(conflict.body.message, /accessAuth/);
      const conflictOnCreate = await createDocument(
        server.api,
        typicalPayload({
          recipients: [
            {
              email: 'eli@example.com',
              name: 'Eli',
              role: 'SIGNER',
              actionAuth: ['PASSWORD'],
              authOptions: TWO_FACTOR,
            },
          ],
        }),
      );
      assert.equal(conflictOnCreate.status, 400, JSON.stringify(conflictOnCreate.body));
      assert.equal(conflictOnCreate.body.code, 'AUTH_OPTIONS_CONFLICT');
      assert.deepEqual(await recipients(), before);
    });

    test('an unknown member named like auth, password, secret or token is refused with its name', async () => {
      const envelopesBefore = await countRows(server, 'envelope');
      const typo = typicalPayload();
      Object.assign(typo.recipients[0]!, { authOption: TWO_FACTOR });
      const cases: [Promise<{ status: number; body: any }>, string][] = [
        [createDocument(server.api, typo), 'payload.recipients.0.authOption'],
        [createDocument(server.api, typicalPayload({ meta: { password: 'x' } })), 'payload.meta.password'],
        [
          createDocument(server.api, typicalPayload({ extra: { deep: { ApiSecret: 'x' } } })),
          'payload.extra.deep.ApiSecret',
        ],
        [
          server.api.post('/api/v2/document/distribute', { json: { documentId: 1, accessToken: 'x' } }),
          'body.accessToken',
        ],
        [
          server.api.post('/api/v1/documents', {
            json: {
              title: 'v1',
              recipients: [{ name: 'Ana', email: 'ana@example.com', role: 'SIGNER', twoFactorAuth: true }],
            },
          }),
          'body.recipients.0.twoFactorAuth',
        ],
      ];
      for (const [request, member] of cases) {
        const res = await request;
        assert.equal(res.status, 400, `${member}: ${JSON.stringify(res.body)}`);
        const text = JSON.stringify(res.body);
        assert.match(text, /UNKNOWN_SECURITY_MEMBER/, `${member}: ${text}`);
        assert.ok(text.includes(member), `${member} is named: ${text}`);
      }
      assert.equal(await countRows(server, 'envelope'), envelopesBefore);
      // Unknown members with other names are still ignored, as before.
      assert.equal((await createDocument(server.api, typicalPayload({ colour: 'blue' }))).status, 200);
    });
  });
}
