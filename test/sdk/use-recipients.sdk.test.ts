import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Documenso } from '@documenso/sdk-typescript';
import { CUIL_A, CUIL_B, createDocument } from '../helpers/documents.js';
import { createRentalTemplate } from '../helpers/templates.js';
import { startTestServer, testDatabases, type TestServer } from '../helpers/test-server.js';

/**
 * Issue #35, items 8 and 9 through Documenso's SDK (its response validation judges the shapes):
 * `envelopes.use` and `templates.use` answer the new document's recipients, CC included, and
 * `envelopes.distribute` lists the CC too, without a link. The SDK has no CUIL member, so the
 * template's signers carry theirs.
 */
for (const database of testDatabases()) {
  describe(`@documenso/sdk-typescript: every recipient in use and distribute answers (${database})`, () => {
    let server: TestServer;
    let sdk: Documenso;
    let template: Awaited<ReturnType<typeof createRentalTemplate>>;
    before(async () => {
      server = await startTestServer({ database, worker: false });
      sdk = new Documenso({ apiKey: server.api.token!, serverURL: `${server.url}/api/v2` });
      template = await createRentalTemplate(server.api, 'Plantilla SDK con copia', [CUIL_A, CUIL_B]);
      await sdk.envelopes.recipients.createMany({
        envelopeId: template.envelopeId,
        data: [{ email: 'carla@example.com', name: 'Carla', role: 'CC' }],
      });
    });
    after(() => server.close());

    const recipients = () => [
      { id: template.landlord, email: 'ana@example.com', name: 'Ana García' },
      { id: template.tenant, email: 'bruno@example.com', name: 'Bruno Díaz' },
    ];

    /** The envelope's recipient ids as envelopes.get answers them. */
    const storedIds = async (envelopeId: string) =>
      (await sdk.envelopes.get({ envelopeId })).recipients.map((r) => r.id).sort((a, b) => a - b);
    const idsOf = (listed: { id: number }[]) => listed.map((r) => r.id).sort((a, b) => a - b);

    test('envelopes.use: the new recipients’ ids, CC too; links only for signers once distributed', async () => {
      const draft = await sdk.envelopes.use({ payload: { envelopeId: template.envelopeId, recipients: recipients() } });
      assert.equal(draft.recipients.length, 3);
      assert.deepEqual(idsOf(draft.recipients), await storedIds(draft.id));
      assert.deepEqual(
        draft.recipients.map((r) => [r.role, r.email, r.token, r.signingUrl]),
        [
          ['SIGNER', 'ana@example.com', '', ''],
          ['SIGNER', 'bruno@example.com', '', ''],
          ['CC', 'carla@example.com', '', ''],
        ],
      );

      const sent = await sdk.envelopes.use({
        payload: {
          envelopeId: template.envelopeId,
          recipients: recipients(),
          distributeDocument: true,
          override: { distributionMethod: 'NONE' },
        },
      });
      assert.deepEqual(idsOf(sent.recipients), await storedIds(sent.id));
      for (const r of sent.recipients) {
        if (r.role === 'CC') assert.deepEqual([r.token, r.signingUrl], ['', '']);
        else assert.equal(r.signingUrl, `${server.url}/sign/${r.token}`);
      }
    });

    test('templates.use: the document’s recipients are the new ones, CC included', async () => {
      const doc = await sdk.templates.use({ templateId: template.templateId, recipients: recipients() });
      assert.equal(doc.recipients.length, 3);
      assert.deepEqual(idsOf(doc.recipients), await storedIds(doc.envelopeId));
      assert.ok(doc.recipients.some((r) => r.role === 'CC' && r.email === 'carla@example.com'));
    });

    test('envelopes.distribute lists the CC without a link; a presign token sees no link at all', async () => {
      const created = await createDocument(server.api);
      const envelopeId = created.body.envelopeId as string;
      const sent = await sdk.envelopes.distribute({ envelopeId, meta: { distributionMethod: 'NONE' } });
      assert.deepEqual(idsOf(sent.recipients), await storedIds(envelopeId));
      const cc = sent.recipients.filter((r) => r.role === 'CC');
      assert.deepEqual(
        cc.map((r) => [r.email, r.token, r.signingUrl]),
        [['carla@example.com', '', '']],
      );
      assert.ok(sent.recipients.filter((r) => r.role === 'SIGNER').every((r) => r.signingUrl.endsWith(r.token)));

      const { token } = await sdk.embedding.embeddingPresignCreateEmbeddingPresignToken({});
      const embedded = new Documenso({ apiKey: token, serverURL: `${server.url}/api/v2` });
      const other = await createDocument(server.api);
      const viaPresign = await embedded.envelopes.distribute({ envelopeId: other.body.envelopeId as string });
      assert.equal(viaPresign.recipients.length, 3);
      assert.ok(viaPresign.recipients.every((r) => r.token === '' && r.signingUrl === ''));
      const used = await embedded.envelopes.use({
        payload: { envelopeId: template.envelopeId, recipients: recipients(), distributeDocument: true },
      });
      assert.equal(used.recipients.length, 3);
      assert.ok(used.recipients.every((r) => r.token === '' && r.signingUrl === ''));
    });
  });
}
