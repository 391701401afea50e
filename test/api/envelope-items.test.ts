import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { CUIL_A, onePagePdf } from '../helpers/documents.js';
import { startTestServer, testDatabases, type TestServer } from '../helpers/test-server.js';
import { makePdf } from '../support/pdf-fixtures.js';

function envelopeForm(payload: unknown, files: { name: string; bytes: Uint8Array }[], field = 'files') {
  const form = new FormData();
  form.append('payload', JSON.stringify(payload));
  for (const f of files) form.append(field, new Blob([Buffer.from(f.bytes)], { type: 'application/pdf' }), f.name);
  return form;
}

for (const database of testDatabases()) {
  describe(`envelope create with several PDFs, update, items (${database})`, () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer({ database, worker: false });
    });
    after(() => server?.close());

    async function twoFileEnvelope() {
      const twoPages = await makePdf([{ mediaBox: [0, 0, 595, 842] }, { mediaBox: [0, 0, 842, 595] }]);
      const payload = {
        title: 'Contrato y anexo',
        recipients: [
          {
            email: 'ana@example.com',
            name: 'Ana',
            role: 'SIGNER',
            cuil: CUIL_A,
            fields: [
              {
                type: 'SIGNATURE',
                identifier: 'contrato.pdf',
                page: 1,
                positionX: 10,
                positionY: 80,
                width: 30,
                height: 8,
              },
              { type: 'INITIALS', identifier: 1, page: 2, positionX: 80, positionY: 80, width: 10, height: 8 },
            ],
          },
        ],
      };
      const res = await server.api.post('/api/v2/envelope/create', {
        body: envelopeForm(
          payload,
          [
            { name: 'contrato.pdf', bytes: await onePagePdf() },
            { name: 'anexo.pdf', bytes: twoPages },
          ],
          'files[]',
        ),
      });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      assert.match(res.body.id, /^envelope_/);
      return res.body.id as string;
    }

    test('create places fields by file name or index; update; items renamed, reordered, downloaded, deleted', async () => {
      const id = await twoFileEnvelope();
      const env = (await server.api.get(`/api/v2/envelope/${id}`)).body;
      assert.deepEqual(
        env.envelopeItems.map((i: { title: string; order: number }) => [i.title, i.order]),
        [
          ['contrato', 1],
          ['anexo', 2],
        ],
      );
      const [contrato, anexo] = env.envelopeItems;
      assert.equal(
        env.fields.find((f: { type: string }) => f.type === 'INITIALS').envelopeItemId,
        anexo.id,
        'the field sits on the file it named',
      );

      const updated = await server.api.post('/api/v2/envelope/update', {
        json: { envelopeId: id, data: { title: 'Contrato firmado', externalId: 'crm-9' } },
      });
      assert.equal(updated.status, 200, JSON.stringify(updated.body));
      assert.equal(updated.body.title, 'Contrato firmado');
      assert.equal(updated.body.externalId, 'crm-9');

      const renamed = await server.api.post('/api/v2/envelope/item/update-many', {
        json: {
          envelopeId: id,
          data: [
            { envelopeItemId: anexo.id, order: 1, title: 'Anexo A' },
            { envelopeItemId: contrato.id, order: 2 },
          ],
        },
      });
      assert.equal(renamed.status, 200, JSON.stringify(renamed.body));
      assert.deepEqual(
        renamed.body.data.map((i: { title: string; order: number }) => [i.title, i.order]),
        [
          ['Anexo A', 1],
          ['contrato', 2],
        ],
      );
      for (const bad of [[], [{ envelopeItemId: anexo.id, order: 0 }], [{ envelopeItemId: anexo.id, title: '' }]]) {
        assert.equal(
          (await server.api.post('/api/v2/envelope/item/update-many', { json: { envelopeId: id, data: bad } })).status,
          400,
        );
      }

      const original = await server.api.get(`/api/v2/envelope/item/${contrato.id}/download?version=original`);
      assert.equal(original.status, 200);
      assert.deepEqual(new Uint8Array(original.bytes), await onePagePdf(), 'original is the upload byte for byte');
      const signed = await server.api.get(`/api/v2/envelope/item/${contrato.id}/download`);
      assert.equal(signed.status, 409);
      assert.equal(signed.body.code, 'DOCUMENT_NOT_COMPLETED');
      assert.equal(
        (await server.api.get(`/api/v2/envelope/item/${contrato.id}/download?version=pending`)).body.code,
        'DOCUMENT_NOT_PENDING',
      );

      assert.equal(
        (await server.api.post('/api/v2/envelope/item/delete', { json: { envelopeId: id, envelopeItemId: anexo.id } }))
          .status,
        200,
      );
      const after = (await server.api.get(`/api/v2/envelope/${id}`)).body;
      assert.equal(after.envelopeItems.length, 1);
      assert.ok(
        !after.fields.some((f: { envelopeItemId: string }) => f.envelopeItemId === anexo.id),
        "the item's fields went with it",
      );
    });

    test('items create-many adds PDFs to a DRAFT; get-many; duplicate makes a fresh DRAFT', async () => {
      const id = await twoFileEnvelope();
      const form = new FormData();
      form.append('payload', JSON.stringify({ envelopeId: id }));
      form.append('files', new Blob([Buffer.from(await onePagePdf())], { type: 'application/pdf' }), 'extra.pdf');
      const added = await server.api.post('/api/v2/envelope/item/create-many', { body: form });
      assert.equal(added.status, 200, JSON.stringify(added.body));
      assert.deepEqual(
        added.body.data.map((i: { title: string; order: number }) => [i.title, i.order]),
        [['extra', 3]],
      );
      const bad = new FormData();
      bad.append('payload', JSON.stringify({ envelopeId: id }));
      bad.append('files', new Blob([Buffer.from('not a pdf')], { type: 'application/pdf' }), 'x.pdf');
      assert.equal((await server.api.post('/api/v2/envelope/item/create-many', { body: bad })).body.code, 'NOT_A_PDF');

      const copy = await server.api.post('/api/v2/envelope/duplicate', { json: { envelopeId: id } });
      assert.equal(copy.status, 200, JSON.stringify(copy.body));
      const many = await server.api.post('/api/v2/envelope/get-many', {
        json: { ids: { type: 'envelopeId', ids: [id, copy.body.id, 'envelope_unknown'] } },
      });
      assert.equal(many.status, 200);
      assert.deepEqual(
        many.body.data.map((e: { id: string }) => e.id),
        [id, copy.body.id],
      );
      const [source, dup] = many.body.data;
      assert.equal(dup.status, 'DRAFT');
      assert.equal(dup.envelopeItems.length, source.envelopeItems.length);
      assert.equal(dup.fields.length, source.fields.length);
      assert.ok(dup.fields.every((f: { inserted: boolean }) => !f.inserted));
      assert.deepEqual(
        dup.recipients.map((r: { email: string }) => r.email),
        source.recipients.map((r: { email: string }) => r.email),
      );
      assert.equal(
        (
          await (
            await server.newPlatform()
          ).post('/api/v2/envelope/get-many', { json: { ids: { type: 'envelopeId', ids: [id] } } })
        ).body.data.length,
        0,
      );
    });

    test('refusals: no file, unknown identifier, several files without identifier; other platforms 404', async () => {
      const noFile = await server.api.post('/api/v2/envelope/create', { body: envelopeForm({ title: 'x' }, []) });
      assert.equal(noFile.status, 400);
      const badRef = await server.api.post('/api/v2/envelope/create', {
        body: envelopeForm(
          {
            title: 'x',
            recipients: [
              {
                email: 'a@example.com',
                name: 'A',
                role: 'SIGNER',
                fields: [
                  {
                    type: 'SIGNATURE',
                    identifier: 'nope.pdf',
                    page: 1,
                    positionX: 1,
                    positionY: 1,
                    width: 5,
                    height: 5,
                  },
                ],
              },
            ],
          },
          [{ name: 'a.pdf', bytes: await onePagePdf() }],
        ),
      });
      assert.equal(badRef.status, 400);
      assert.equal(badRef.body.code, 'FIELD_INVALID_REFERENCE');
      const ambiguous = await server.api.post('/api/v2/envelope/create', {
        body: envelopeForm(
          {
            title: 'x',
            recipients: [
              {
                email: 'a@example.com',
                name: 'A',
                role: 'SIGNER',
                fields: [{ type: 'SIGNATURE', page: 1, positionX: 1, positionY: 1, width: 5, height: 5 }],
              },
            ],
          },
          [
            { name: 'a.pdf', bytes: await onePagePdf() },
            { name: 'b.pdf', bytes: await onePagePdf() },
          ],
        ),
      });
      assert.equal(ambiguous.body.code, 'FIELD_ITEM_REQUIRED');

      const id = await twoFileEnvelope();
      const item = (await server.api.get(`/api/v2/envelope/${id}`)).body.envelopeItems[0];
      const other = await server.newPlatform();
      assert.equal((await other.get(`/api/v2/envelope/item/${item.id}/download?version=original`)).status, 404);
      assert.equal(
        (await other.post('/api/v2/envelope/update', { json: { envelopeId: id, data: { title: 'x' } } })).status,
        404,
      );
      assert.equal(
        (await other.post('/api/v2/envelope/item/delete', { json: { envelopeId: id, envelopeItemId: item.id } }))
          .status,
        404,
      );
      await server.api.post('/api/v2/envelope/distribute', {
        json: { envelopeId: id, meta: { distributionMethod: 'NONE' } },
      });
      const late = await server.api.post('/api/v2/envelope/item/delete', {
        json: { envelopeId: id, envelopeItemId: item.id },
      });
      assert.equal(late.status, 400);
      assert.equal(late.body.code, 'ENVELOPE_NOT_DRAFT');
      const pending = await server.api.get(`/api/v2/envelope/item/${item.id}/download?version=pending`);
      assert.equal(pending.status, 200);
      assert.equal(pending.headers.get('content-type'), 'application/pdf');
    });
  });
}
