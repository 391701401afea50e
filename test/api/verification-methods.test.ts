import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { sql } from 'kysely';
import { createDocument, typicalPayload } from '../helpers/documents.js';
import { countRows, startTestServer, testDatabases, type TestServer } from '../helpers/test-server.js';

/**
 * Recipient verification methods are refused until Firma enforces them: a stored-but-ignored
 * security option would let a recipient the sender meant to check sign with the link alone.
 */
for (const database of testDatabases()) {
  describe(`verification methods are refused until enforced (${database})`, () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer({ database, worker: false });
    });
    after(() => server?.close());

    const count = () => countRows(server, 'envelope');

    test('create refuses every method, per recipient and global, naming where; nothing is created', async () => {
      const before = await count();
      for (const [payload, path] of [
        [
          { recipients: [{ ...typicalPayload().recipients[0], accessAuth: ['TWO_FACTOR_AUTH'] }] },
          ['payload', 'recipients', 0, 'accessAuth'],
        ],
        [
          { recipients: [{ ...typicalPayload().recipients[0], actionAuth: ['PASSWORD'] }] },
          ['payload', 'recipients', 0, 'actionAuth'],
        ],
        [
          { recipients: [{ ...typicalPayload().recipients[0], actionAuth: ['PASSKEY', 'EXPLICIT_NONE'] }] },
          ['payload', 'recipients', 0, 'actionAuth'],
        ],
        [{ globalAccessAuth: ['ACCOUNT'] }, ['payload', 'globalAccessAuth']],
        [{ globalActionAuth: ['TWO_FACTOR_AUTH'] }, ['payload', 'globalActionAuth']],
      ] as const) {
        const res = await createDocument(server.api, typicalPayload(payload));
        assert.equal(res.status, 400, JSON.stringify(res.body));
        assert.equal(res.body.code, 'AUTH_METHOD_NOT_SUPPORTED');
        assert.deepEqual(res.body.issues[0].path, path);
      }
      assert.equal(await count(), before);
    });

    test('EXPLICIT_NONE and empty lists ask for nothing and are accepted', async () => {
      const res = await createDocument(
        server.api,
        typicalPayload({
          globalAccessAuth: [],
          globalActionAuth: [],
          recipients: [{ ...typicalPayload().recipients[0], accessAuth: [], actionAuth: ['EXPLICIT_NONE'] }],
        }),
      );
      assert.equal(res.status, 200, JSON.stringify(res.body));
    });

    test('recipient create-many / update-many and envelope update refuse them and change nothing', async () => {
      const created = await createDocument(server.api);
      const envelopeId = created.body.envelopeId as string;
      const view = (await server.api.get(`/api/v2/envelope/${envelopeId}`)).body;
      const versionBefore = view;
      let res = await server.api.post('/api/v2/envelope/recipient/create-many', {
        json: {
          envelopeId,
          data: [{ email: 'x@example.com', name: 'X', role: 'SIGNER', accessAuth: ['TWO_FACTOR_AUTH'] }],
        },
      });
      assert.equal(res.status, 400);
      assert.equal(res.body.code, 'AUTH_METHOD_NOT_SUPPORTED');
      res = await server.api.post('/api/v2/envelope/recipient/update-many', {
        json: { envelopeId, data: [{ id: view.recipients[0].id, actionAuth: ['PASSWORD'] }] },
      });
      assert.equal(res.status, 400);
      assert.equal(res.body.code, 'AUTH_METHOD_NOT_SUPPORTED');
      res = await server.api.post('/api/v2/envelope/update', {
        json: { envelopeId, data: { globalActionAuth: ['PASSKEY'] } },
      });
      assert.equal(res.status, 400);
      assert.equal(res.body.code, 'AUTH_METHOD_NOT_SUPPORTED');
      const after = (await server.api.get(`/api/v2/envelope/${envelopeId}`)).body;
      assert.deepEqual(after, versionBefore);
    });

    test('distribute refuses options stored before they were refused; the envelope stays DRAFT', async () => {
      const created = await createDocument(server.api);
      await sql`update recipient set auth_options = ${JSON.stringify({ accessAuth: ['TWO_FACTOR_AUTH'], actionAuth: [] })} where envelope_id = (select id from envelope where public_id = ${created.body.envelopeId})`.execute(
        server.ctx.db,
      );
      const res = await server.api.post('/api/v2/document/distribute', {
        json: { documentId: created.body.id, meta: { distributionMethod: 'NONE' } },
      });
      assert.equal(res.status, 400, JSON.stringify(res.body));
      assert.equal(res.body.code, 'AUTH_METHOD_NOT_SUPPORTED');
      assert.equal((await server.api.get(`/api/v2/document/${created.body.id}`)).body.status, 'DRAFT');
    });
  });
}
