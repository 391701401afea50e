import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { ApiCaller, AppMember } from '../../src/domain/auth/principal.js';
import { cancelEnvelope } from '../../src/domain/envelopes/cancel-envelope.js';
import { deleteEnvelope } from '../../src/domain/envelopes/delete-envelope.js';
import { distributeEnvelope } from '../../src/domain/envelopes/distribute-envelope.js';
import { moveEnvelopeToFolder } from '../../src/domain/envelopes/move-envelope.js';
import { redistributeEnvelope } from '../../src/domain/envelopes/redistribute-envelope.js';
import { createDocument, createPendingDocument, typicalPayload } from '../helpers/documents.js';
import { startTestServer, testDatabases, type TestServer } from '../helpers/test-server.js';

/**
 * The web app checks a member's right to see a document before it acts, and the use cases check it
 * again on the row they lock, inside their transaction: a visibility or owner change that commits
 * between the two is honoured. Here the use cases are called directly, as the app's routes call
 * them, with a MEMBER who may not see an ADMIN-visibility document: each is NOT_FOUND and nothing
 * changes (status, audit); an ADMIN member acts.
 */
const member = (role: AppMember['role']): ApiCaller => ({
  principal: {
    platformId: 0,
    platformName: 'default',
    tokenId: 'app',
    scope: 'full',
    environment: 'sandbox',
    member: { userId: `user-${role}`, email: `${role.toLowerCase()}@firma.example`, name: role, role },
  },
  request: { ip: null, userAgent: null },
});

for (const database of testDatabases()) {
  describe(`a member's visibility is checked inside each action's transaction (${database})`, () => {
    let server: TestServer;
    let plain: ApiCaller;
    let admin: ApiCaller;
    before(async () => {
      server = await startTestServer({ database });
      const platform = await server.ctx.db
        .selectFrom('platform')
        .select('id')
        .where('name', '=', 'default')
        .executeTakeFirstOrThrow();
      plain = member('MEMBER');
      plain.principal.platformId = platform.id;
      admin = member('ADMIN');
      admin.principal.platformId = platform.id;
    });
    after(() => server?.close());

    const stateOf = async (envelopeId: string) => {
      const doc = await server.api.get(`/api/v2/envelope/${envelopeId}`);
      const audit = await server.api.get(`/api/v2/envelope/${envelopeId}/audit-log?perPage=100`);
      return { status: doc.body.status, folderId: doc.body.folderId, audit: audit.body.data.length };
    };
    const refused = async (run: () => Promise<unknown>) =>
      assert.rejects(run, (e: { code?: string }) => e.code === 'NOT_FOUND');

    test('MEMBER: distribute, resend, cancel, move and delete of a hidden document are NOT_FOUND, nothing changed', async () => {
      const draft = await createDocument(server.api, typicalPayload({ visibility: 'ADMIN' }));
      assert.equal(draft.status, 200, JSON.stringify(draft.body));
      const draftId = draft.body.envelopeId as string;
      const draftBefore = await stateOf(draftId);
      await refused(() => distributeEnvelope(server.ctx, plain, { key: { publicId: draftId } }));
      assert.deepEqual(await stateOf(draftId), draftBefore);

      const pending = await createPendingDocument(server.api, typicalPayload({ visibility: 'ADMIN' }));
      const before = await stateOf(pending.envelopeId);
      const key = { publicId: pending.envelopeId };
      await refused(() => redistributeEnvelope(server.ctx, plain, { key, recipientIds: [] }));
      await refused(() => cancelEnvelope(server.ctx, plain, key));
      await refused(() => moveEnvelopeToFolder(server.ctx, plain, pending.envelopeId, null));
      await refused(() => deleteEnvelope(server.ctx, plain, key));
      assert.deepEqual(await stateOf(pending.envelopeId), before);

      // The same document, for an ADMIN member: the action runs.
      await cancelEnvelope(server.ctx, admin, key);
      assert.equal((await stateOf(pending.envelopeId)).status, 'CANCELLED');
    });
  });
}
