import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Documenso } from '@documenso/sdk-typescript';
import { onePagePdf } from '../helpers/documents.js';
import { startTestServer, testDatabases, type TestServer } from '../helpers/test-server.js';

/**
 * Every JSON envelope operation through Documenso's official SDK, pointed at Firma by its base URL
 * only: any shape Firma got wrong would surface as an SDK validation error. Downloads are checked
 * over plain HTTP (the SDK expects JSON there), and the CUIL, which the SDK has no member for, is
 * set with a plain HTTP call as docs/identity-rules.md tells SDK users.
 */
for (const database of testDatabases()) {
  describe(`@documenso/sdk-typescript against the envelope operations (${database})`, () => {
    let server: TestServer;
    let sdk: Documenso;
    before(async () => {
      server = await startTestServer({ database, worker: false });
      sdk = new Documenso({ apiKey: server.api.token!, serverURL: `${server.url}/api/v2` });
    });
    after(() => server.close());

    test('create → parts → distribute → redistribute → find → cancel → duplicate → delete, with no validation error', async () => {
      const pdf = await onePagePdf();
      const created = await sdk.envelopes.create({
        payload: {
          title: 'SDK envelope',
          type: 'DOCUMENT',
          externalId: 'sdk-env-1',
          recipients: [
            {
              email: 'ana@example.com',
              name: 'Ana',
              role: 'SIGNER',
              fields: [
                {
                  type: 'SIGNATURE',
                  identifier: 'contract.pdf',
                  page: 1,
                  positionX: 10,
                  positionY: 80,
                  width: 30,
                  height: 8,
                },
              ],
            },
          ],
          meta: { subject: 'Firmá, por favor', language: 'es' },
        },
        files: [{ fileName: 'contract.pdf', content: new Blob([Buffer.from(pdf)], { type: 'application/pdf' }) }],
      });
      const envelopeId = created.id;
      assert.match(envelopeId, /^envelope_/);

      const env = await sdk.envelopes.get({ envelopeId });
      assert.equal(env.title, 'SDK envelope');
      const updated = await sdk.envelopes.update({ envelopeId, data: { title: 'SDK envelope v2' } });
      assert.equal(updated.title, 'SDK envelope v2');

      const items = await sdk.envelopes.items.createMany({
        payload: { envelopeId },
        files: [{ fileName: 'annex.pdf', content: new Blob([Buffer.from(pdf)], { type: 'application/pdf' }) }],
      });
      assert.equal(items.data.length, 1);
      const renamed = await sdk.envelopes.items.updateMany({
        envelopeId,
        data: [{ envelopeItemId: items.data[0]!.id, title: 'Anexo' }],
      });
      assert.equal(renamed.data[0]!.title, 'Anexo');
      assert.equal((await sdk.envelopes.items.delete({ envelopeId, envelopeItemId: items.data[0]!.id })).success, true);

      const recipients = await sdk.envelopes.recipients.createMany({
        envelopeId,
        data: [{ email: 'bruno@example.com', name: 'Bruno', role: 'SIGNER' }],
      });
      const bruno = recipients.data[0]!;
      const fetched = await sdk.envelopes.recipients.get({ recipientId: bruno.id });
      assert.equal(fetched.email, 'bruno@example.com');
      const renamedRecipient = await sdk.envelopes.recipients.updateMany({
        envelopeId,
        data: [{ id: bruno.id, name: 'Bruno D.' }],
      });
      assert.equal(renamedRecipient.data[0]!.name, 'Bruno D.');

      const fields = await sdk.envelopes.fields.createMany({
        envelopeId,
        data: [
          { type: 'SIGNATURE', recipientId: bruno.id, page: 1, positionX: 55, positionY: 80, width: 30, height: 8 },
        ],
      });
      const field = await sdk.envelopes.fields.get({ fieldId: fields.data[0]!.id });
      assert.equal(field.recipientId, bruno.id);
      const moved = await sdk.envelopes.fields.updateMany({
        envelopeId,
        data: [{ id: field.id, type: 'SIGNATURE', positionY: 70 }],
      });
      assert.equal(moved.data[0]!.positionY, 70);

      const attachment = await sdk.envelopes.attachments.create({
        envelopeId,
        data: { label: 'Anexo I', data: 'https://example.com/anexo' },
      });
      assert.equal((await sdk.envelopes.attachments.find({ envelopeId })).data.length, 1);
      assert.equal(
        (
          await sdk.envelopes.attachments.update({
            id: attachment.id,
            data: { label: 'Anexo II', data: 'https://example.com/2' },
          })
        ).success,
        true,
      );

      // The SDK has no cuil member: SDK users set it with a plain HTTP call.
      const all = (await sdk.envelopes.get({ envelopeId })).recipients;
      const cuils = ['20123456786', '27000000006'];
      const set = await server.api.post('/api/v2/envelope/recipient/update-many', {
        json: { envelopeId, data: all.map((r, i) => ({ id: r.id, cuil: cuils[i] })) },
      });
      assert.equal(set.status, 200, JSON.stringify(set.body));

      const distributed = await sdk.envelopes.distribute({ envelopeId, meta: { distributionMethod: 'NONE' } });
      assert.equal(distributed.success, true);
      assert.equal(distributed.recipients.length, 2);
      const again = await sdk.envelopes.redistribute({ envelopeId, recipients: [bruno.id] });
      assert.equal(again.recipients[0]!.signingUrl, distributed.recipients.find((r) => r.id === bruno.id)!.signingUrl);

      const found = await sdk.envelope.envelopeFind({ query: 'SDK envelope', perPage: 10 });
      assert.ok(found.data.some((e) => e.id === envelopeId));
      const many = await sdk.envelope.envelopeGetMany({ ids: { type: 'envelopeId', ids: [envelopeId] } });
      assert.equal(many.data[0]!.id, envelopeId);

      const download = await server.api.get(
        `/api/v2/envelope/item/${env.envelopeItems[0]!.id}/download?version=original`,
      );
      assert.equal(download.status, 200);
      const log = await server.api.get(`/api/v2/envelope/${envelopeId}/audit-log`);
      assert.ok(log.body.count >= 5);

      const copy = await sdk.envelopes.duplicate({ envelopeId });
      assert.match(copy.id, /^envelope_/);
      assert.equal((await sdk.envelope.envelopeCancel({ envelopeId })).success, true);
      await assert.rejects(
        sdk.envelopes.attachments.delete({ id: attachment.id }),
        'a cancelled envelope takes no changes',
      );
      assert.equal((await sdk.envelopes.delete({ envelopeId: copy.id })).success, true);
      await assert.rejects(
        sdk.envelopes.get({ envelopeId: copy.id }),
        (error: unknown) => (error as { statusCode?: number }).statusCode === 404,
      );
    });

    test('field and recipient deletes through the SDK', async () => {
      const pdf = await onePagePdf();
      const created = await sdk.envelopes.create({
        payload: {
          title: 'SDK deletes',
          type: 'DOCUMENT',
          recipients: [
            {
              email: 'x@example.com',
              name: 'X',
              role: 'SIGNER',
              fields: [{ type: 'SIGNATURE', page: 1, positionX: 1, positionY: 1, width: 10, height: 5 }],
            },
          ],
        },
        files: [{ fileName: 'c.pdf', content: new Blob([Buffer.from(pdf)], { type: 'application/pdf' }) }],
      });
      const env = await sdk.envelopes.get({ envelopeId: created.id });
      assert.equal((await sdk.envelopes.fields.delete({ fieldId: env.fields[0]!.id })).success, true);
      assert.equal((await sdk.envelopes.recipients.delete({ recipientId: env.recipients[0]!.id })).success, true);
      assert.equal((await sdk.envelopes.get({ envelopeId: created.id })).recipients.length, 0);
    });
  });
}
