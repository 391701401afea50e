import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createPendingDocument, typicalPayload } from '../helpers/documents.js';
import { startTestServer, testDatabases, type TestServer } from '../helpers/test-server.js';

/**
 * A change to a PENDING document's recipient takes effect at once: switching a signer to PASSWORD
 * without the access code it asks for would leave them unable to sign, so it is refused with the
 * code distribute uses for the same case, and nothing changes.
 */
for (const database of testDatabases()) {
  describe(`PASSWORD on a sent document needs its access code (${database})`, () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer({ database });
    });
    after(async () => server?.close());

    async function pendingAna() {
      const { envelopeId } = await createPendingDocument(server.api, typicalPayload());
      const view = (await server.api.get(`/api/v2/envelope/${envelopeId}`)).body;
      const ana = view.recipients.find((r: { email: string }) => r.email === 'ana@example.com');
      return { envelopeId, id: ana.id as number, view };
    }

    test('update to PASSWORD without accessCode: 400 ACCESS_CODE_REQUIRED naming the member; nothing changed', async () => {
      const { envelopeId, id, view } = await pendingAna();
      const res = await server.api.post('/api/v2/envelope/recipient/update-many', {
        json: { envelopeId, data: [{ id, actionAuth: ['PASSWORD'] }] },
      });
      assert.equal(res.status, 400, JSON.stringify(res.body));
      assert.equal(res.body.code, 'ACCESS_CODE_REQUIRED');
      assert.deepEqual(res.body.issues[0].path, ['data', 0, 'accessCode']);
      assert.deepEqual((await server.api.get(`/api/v2/envelope/${envelopeId}`)).body, view);
    });

    test('with the access code in the same change it is accepted', async () => {
      const { envelopeId, id } = await pendingAna();
      const res = await server.api.post('/api/v2/envelope/recipient/update-many', {
        json: { envelopeId, data: [{ id, actionAuth: ['PASSWORD'], accessCode: 'abre-sésamo-7' }] },
      });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      // Removing the code afterwards while PASSWORD stays is the same trap.
      const removed = await server.api.post('/api/v2/envelope/recipient/update-many', {
        json: { envelopeId, data: [{ id, accessCode: null }] },
      });
      assert.equal(removed.status, 400, JSON.stringify(removed.body));
      assert.equal(removed.body.code, 'ACCESS_CODE_REQUIRED');
    });

    test('a signer added to a sent document under PASSWORD needs its code too', async () => {
      const { envelopeId } = await pendingAna();
      const before = (await server.api.get(`/api/v2/envelope/${envelopeId}`)).body;
      const res = await server.api.post('/api/v2/envelope/recipient/create-many', {
        json: {
          envelopeId,
          data: [
            { email: 'dora@example.com', name: 'Dora', role: 'SIGNER', cuil: '20123456786', actionAuth: ['PASSWORD'] },
          ],
        },
      });
      assert.equal(res.status, 400, JSON.stringify(res.body));
      assert.equal(res.body.code, 'ACCESS_CODE_REQUIRED');
      assert.deepEqual((await server.api.get(`/api/v2/envelope/${envelopeId}`)).body, before);
    });
  });
}
