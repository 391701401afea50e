import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Documenso } from '@documenso/sdk-typescript';
import { createApiToken } from '../../src/domain/auth/create-api-token.js';
import { createDocument, createPendingDocument, onePagePdf } from '../helpers/documents.js';
import { signAll, tokenOf, waitForStatus } from '../helpers/signing.js';
import { startTestServer, testDatabases, type TestServer } from '../helpers/test-server.js';

/**
 * The answers Documenso's SDK used to reject, each called through the SDK so its response
 * validation is the judge: the audit log of envelopes that were edited, opened, signed, rejected,
 * cancelled; reject-on-behalf; envelope update with meta; recipients' signing tokens for the owner.
 */
for (const database of testDatabases()) {
  describe(`SDK-valid evidence and envelope answers (${database})`, () => {
    let server: TestServer;
    let sdk: Documenso;
    before(async () => {
      server = await startTestServer({ database });
      sdk = new Documenso({ apiKey: server.api.token!, serverURL: `${server.url}/api/v2` });
    });
    after(() => server.close());

    const auditTypes = async (envelopeId: string) => {
      const log = await sdk.envelope.envelopeAuditLogFind({ envelopeId, perPage: 100 });
      assert.equal(log.count, log.data.length);
      return log.data.map((e) => e.type);
    };

    test('the audit log of an edited, opened, signed and completed envelope passes the SDK', async () => {
      const pdf = await onePagePdf();
      const created = await sdk.envelopes.create({
        payload: {
          title: 'Audit SDK',
          type: 'DOCUMENT',
          recipients: [{ email: 'ana@example.com', name: 'Ana', role: 'SIGNER' }],
        },
        files: [{ fileName: 'contract.pdf', content: new Blob([Buffer.from(pdf)], { type: 'application/pdf' }) }],
      });
      const envelopeId = created.id;
      const env = await sdk.envelopes.get({ envelopeId });
      const ana = env.recipients[0]!;
      // CUIL through plain HTTP (the SDK has no member for it).
      const cuil = await server.api.post('/api/v2/envelope/recipient/update-many', {
        json: { envelopeId, data: [{ id: ana.id, cuil: '20123456786', name: 'Ana García' }] },
      });
      assert.equal(cuil.status, 200, JSON.stringify(cuil.body));
      const extra = await sdk.envelopes.recipients.createMany({
        envelopeId,
        data: [
          { email: 'x1@example.com', name: 'X1', role: 'CC' },
          { email: 'x2@example.com', name: 'X2', role: 'VIEWER' },
        ],
      });
      await sdk.envelopes.recipients.delete({ recipientId: extra.data[1]!.id });
      const fields = await sdk.envelopes.fields.createMany({
        envelopeId,
        data: [
          { recipientId: ana.id, type: 'SIGNATURE', page: 1, positionX: 10, positionY: 80, width: 30, height: 8 },
          { recipientId: ana.id, type: 'TEXT', page: 1, positionX: 10, positionY: 60, width: 30, height: 5 },
          { recipientId: ana.id, type: 'NUMBER', page: 1, positionX: 10, positionY: 40, width: 30, height: 5 },
        ],
      });
      await sdk.envelopes.fields.updateMany({
        envelopeId,
        data: [{ id: fields.data[1]!.id, type: 'TEXT', positionX: 12 }],
      });
      await sdk.envelopes.fields.delete({ fieldId: fields.data[2]!.id });
      const item = env.envelopeItems[0]!;
      await sdk.envelopes.items.updateMany({ envelopeId, data: [{ envelopeItemId: item.id, title: 'Contrato' }] });

      // Meta given to envelope update is stored and answered.
      await sdk.envelopes.update({ envelopeId, data: { title: 'Audit SDK 2' }, meta: { subject: 'Nuevo asunto' } });
      const afterUpdate = await sdk.envelopes.get({ envelopeId });
      assert.equal(afterUpdate.title, 'Audit SDK 2');
      assert.equal(afterUpdate.documentMeta.subject, 'Nuevo asunto');

      const sent = await sdk.envelopes.distribute({ envelopeId, meta: { distributionMethod: 'NONE' } });
      const signingUrl = sent.recipients.find((r) => r.email === 'ana@example.com')!.signingUrl;
      const token = tokenOf(signingUrl);
      // A field filled, cleared and filled again: inserted and uninserted entries.
      const view = await server.anon.get(`/api/v2/signing/${token}`);
      const text = (view.body.fields as { id: number; type: string }[]).find((f) => f.type === 'TEXT')!;
      assert.equal(
        (await server.anon.post(`/api/v2/signing/${token}/field/${text.id}`, { json: { value: 'a' } })).status,
        200,
      );
      assert.equal((await server.anon.delete(`/api/v2/signing/${token}/field/${text.id}`)).status, 200);
      assert.equal((await signAll(server.anon, token)).status, 200);
      for (let i = 0; (await sdk.envelopes.get({ envelopeId })).status !== 'COMPLETED'; i++) {
        assert.ok(i < 300, 'the envelope completes');
        await new Promise((r) => setTimeout(r, 100));
      }

      const types = await auditTypes(envelopeId);
      for (const t of [
        'DOCUMENT_CREATED',
        'RECIPIENT_UPDATED',
        'RECIPIENT_CREATED',
        'RECIPIENT_DELETED',
        'FIELD_CREATED',
        'FIELD_UPDATED',
        'FIELD_DELETED',
        'ENVELOPE_ITEM_UPDATED',
        'DOCUMENT_META_UPDATED',
        'DOCUMENT_SENT',
        'DOCUMENT_OPENED',
        'DOCUMENT_FIELD_INSERTED',
        'DOCUMENT_FIELD_UNINSERTED',
        'DOCUMENT_RECIPIENT_COMPLETED',
      ])
        assert.ok(types.includes(t as never), `${t} in ${types.join(',')}`);
      // One entry per recipient and per field, as Documenso writes them.
      assert.equal(types.filter((t) => t === 'RECIPIENT_CREATED').length, 2);
      assert.equal(types.filter((t) => t === 'FIELD_CREATED').length, 3);

      const log = await sdk.envelope.envelopeAuditLogFind({ envelopeId, perPage: 100 });
      const inserted = log.data.find((e) => e.type === 'DOCUMENT_FIELD_INSERTED');
      assert.ok(inserted && inserted.type === 'DOCUMENT_FIELD_INSERTED');
      assert.equal(inserted.data.recipientEmail, 'ana@example.com');
      assert.equal(typeof inserted.data.fieldId, 'string');
      const raw = await server.api.get(`/api/v2/envelope/${envelopeId}/audit-log?perPage=100`);
      // Firma's chain position and hash stay on every entry.
      for (const e of raw.body.data as { seq: number; hash: string }[]) {
        assert.ok(e.seq >= 1);
        assert.match(e.hash, /^[0-9a-f]{64}$/);
      }
    });

    test('completion, rejection on behalf and cancellation: the SDK accepts each log', async () => {
      const signed = await createPendingDocument(server.api);
      for (const url of signed.urls.values()) assert.equal((await signAll(server.anon, tokenOf(url))).status, 200);
      await waitForStatus(server.api, signed.documentId, ['COMPLETED']);
      assert.ok((await auditTypes(signed.envelopeId)).includes('DOCUMENT_COMPLETED'));

      const refused = await createPendingDocument(server.api);
      const graph = await sdk.envelopes.get({ envelopeId: refused.envelopeId });
      const bruno = graph.recipients.find((r) => r.email === 'bruno@example.com')!;
      const answer = await sdk.envelopeRecipients.envelopeRecipientRejectOnBehalfOf({
        recipientId: bruno.id,
        requestBody: { envelopeId: refused.envelopeId, reason: 'Lo dijo por teléfono' },
      });
      assert.equal(answer.id, bruno.id);
      assert.equal(answer.signingStatus, 'REJECTED');
      assert.equal(answer.fields.length, 2);
      await waitForStatus(server.api, refused.documentId, ['REJECTED']);
      const rejectedTypes = await auditTypes(refused.envelopeId);
      assert.ok(rejectedTypes.includes('DOCUMENT_RECIPIENT_REJECTED'));
      const raw = await server.api.get(`/api/v2/envelope/${refused.envelopeId}/audit-log?perPage=100`);
      const closing = (raw.body.data as { type: string; firmaType?: string }[]).find(
        (e) => e.firmaType === 'DOCUMENT_REJECTED',
      );
      assert.equal(closing?.type, 'DOCUMENT_COMPLETED', 'the sealing of a rejected document, in Documenso terms');

      const cancelled = await createPendingDocument(server.api);
      await sdk.envelope.envelopeCancel({ envelopeId: cancelled.envelopeId, reason: 'Ya no hace falta' });
      assert.ok((await auditTypes(cancelled.envelopeId)).includes('DOCUMENT_CANCELLED'));
    });

    test('recipients carry their signing token for a full-scope token, never for a read-scope one', async () => {
      const draft = await createDocument(server.api);
      const beforeSending = await sdk.envelopes.get({ envelopeId: draft.body.envelopeId });
      for (const r of beforeSending.recipients) assert.equal(r.token, '', 'no token before it is issued');
      const pending = await createPendingDocument(server.api);
      const full = await sdk.envelopes.get({ envelopeId: pending.envelopeId });
      for (const r of full.recipients) {
        if (r.role === 'CC') continue;
        assert.equal(r.token, tokenOf(pending.urls.get(r.email)!), r.email);
      }
      const { token: readToken } = await createApiToken(server.ctx, { platformName: 'default', scope: 'read' });
      const reader = new Documenso({ apiKey: readToken, serverURL: `${server.url}/api/v2` });
      const asRead = await reader.envelopes.get({ envelopeId: pending.envelopeId });
      for (const r of asRead.recipients) assert.equal(r.token, '', 'a read-scope token never sees signing tokens');
      const presign = await sdk.embedding.embeddingPresignCreateEmbeddingPresignToken({});
      const browser = new Documenso({ apiKey: presign.token, serverURL: `${server.url}/api/v2` });
      const asPresign = await browser.envelopes.get({ envelopeId: pending.envelopeId });
      for (const r of asPresign.recipients)
        assert.equal(r.token, '', 'nor does a presign token, which lives in a browser');
    });
  });
}
