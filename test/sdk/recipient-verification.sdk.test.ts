import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Documenso } from '@documenso/sdk-typescript';
import { createDocument } from '../helpers/documents.js';
import { startTestServer, testDatabases, type TestServer } from '../helpers/test-server.js';

/**
 * Issue 37, item 4 through Documenso's SDK (its response validation judges the shapes): a
 * recipient created with `ACCOUNT` access and `PASSKEY` action verification, and an envelope's
 * global lists naming them, are accepted (no longer refused) and read back as sent.
 */
for (const database of testDatabases()) {
  describe(`@documenso/sdk-typescript: ACCOUNT and PASSKEY verification (${database})`, () => {
    let server: TestServer;
    let sdk: Documenso;
    before(async () => {
      server = await startTestServer({ database, worker: false });
      sdk = new Documenso({ apiKey: server.api.token!, serverURL: `${server.url}/api/v2` });
    });
    after(() => server.close());

    test('a recipient with ACCOUNT and PASSKEY is created and read back through the SDK', async () => {
      const created = await createDocument(server.api);
      const envelopeId = created.body.envelopeId as string;
      const made = await sdk.envelopes.recipients.createMany({
        envelopeId,
        data: [
          {
            email: 'dora@example.com',
            name: 'Dora',
            role: 'VIEWER',
            accessAuth: ['ACCOUNT'],
            actionAuth: ['PASSKEY', 'PASSWORD'],
          },
        ],
      });
      const id = made.data[0]!.id;
      const read = await sdk.envelopes.recipients.get({ recipientId: id });
      assert.deepEqual(read.authOptions, { accessAuth: ['ACCOUNT'], actionAuth: ['PASSKEY', 'PASSWORD'] });

      await sdk.envelopes.update({
        envelopeId,
        data: { globalAccessAuth: ['ACCOUNT'], globalActionAuth: ['PASSKEY'] },
      });
      const envelope = await sdk.envelopes.get({ envelopeId });
      assert.deepEqual(envelope.authOptions, { globalAccessAuth: ['ACCOUNT'], globalActionAuth: ['PASSKEY'] });
      assert.deepEqual(envelope.recipients.find((r) => r.id === id)?.authOptions?.accessAuth, ['ACCOUNT']);
    });
  });
}
