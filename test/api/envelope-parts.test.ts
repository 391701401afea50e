import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { CUIL_A, createDocument, createPendingDocument } from '../helpers/documents.js';
import { CONSENT, signAll, tokenOf } from '../helpers/signing.js';
import { startTestServer, testDatabases, type TestServer } from '../helpers/test-server.js';

for (const database of testDatabases()) {
  describe(`envelope recipients and fields (${database})`, () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer({ database, worker: false });
    });
    after(() => server?.close());

    async function draft() {
      const created = await createDocument(server.api);
      const env = (await server.api.get(`/api/v2/envelope/${created.body.envelopeId}`)).body;
      return { envelopeId: created.body.envelopeId as string, env };
    }

    test('recipients: get with fields and CUIL, create-many, update-many (hyphenated CUIL), delete with its fields', async () => {
      const { envelopeId, env } = await draft();
      const ana = env.recipients.find((r: { email: string }) => r.email === 'ana@example.com');
      const got = await server.api.get(`/api/v2/envelope/recipient/${ana.id}`);
      assert.equal(got.status, 200);
      assert.equal(got.body.cuil, CUIL_A);
      assert.equal(got.body.fields.length, 2);
      assert.equal(
        got.body.fields[0].documentId,
        env.secondaryId.startsWith('document_') ? Number(env.secondaryId.slice(9)) : null,
      );

      const created = await server.api.post('/api/v2/envelope/recipient/create-many', {
        json: {
          envelopeId,
          data: [{ email: 'dora@example.com', name: 'Dora', role: 'APPROVER', phone: '+54 11 5555 0000' }],
        },
      });
      assert.equal(created.status, 200, JSON.stringify(created.body));
      const dora = created.body.data[0];
      assert.equal(dora.phone, '+54 11 5555 0000');
      assert.equal(dora.firstName, null, 'unknown identity members are null');
      assert.equal(dora.token, '');

      const updated = await server.api.post('/api/v2/envelope/recipient/update-many', {
        json: { envelopeId, data: [{ id: dora.id, name: 'Dora M.', cuil: '20-12345678-6' }] },
      });
      assert.equal(updated.status, 200, JSON.stringify(updated.body));
      assert.equal(updated.body.data[0].name, 'Dora M.');
      assert.equal(updated.body.data[0].cuil, CUIL_A, 'normalised to 11 digits');
      assert.ok('documentId' in updated.body.data[0] && 'templateId' in updated.body.data[0]);
      const badCuil = await server.api.post('/api/v2/envelope/recipient/update-many', {
        json: { envelopeId, data: [{ id: dora.id, cuil: '20-12345678-5' }] },
      });
      assert.equal(badCuil.status, 400);

      const toCc = await server.api.post('/api/v2/envelope/recipient/update-many', {
        json: { envelopeId, data: [{ id: ana.id, role: 'CC' }] },
      });
      assert.equal(toCc.status, 400);
      assert.equal(toCc.body.code, 'FIELD_ROLE_NOT_ALLOWED');

      assert.equal(
        (await server.api.post('/api/v2/envelope/recipient/delete', { json: { recipientId: ana.id } })).status,
        200,
      );
      const after = (await server.api.get(`/api/v2/envelope/${envelopeId}`)).body;
      assert.ok(!after.recipients.some((r: { id: number }) => r.id === ana.id));
      assert.ok(
        !after.fields.some((f: { recipientId: number }) => f.recipientId === ana.id),
        'its fields went with it',
      );
      assert.equal((await server.api.get(`/api/v2/envelope/recipient/${ana.id}`)).status, 404);
    });

    test('fields: create-many (item optional with one item), get, update-many, delete; refusals change nothing', async () => {
      const { envelopeId, env } = await draft();
      const bruno = env.recipients.find((r: { email: string }) => r.email === 'bruno@example.com');
      const cc = env.recipients.find((r: { role: string }) => r.role === 'CC');
      const before = env.fields.length;
      const created = await server.api.post('/api/v2/envelope/field/create-many', {
        json: {
          envelopeId,
          data: [
            {
              recipientId: bruno.id,
              type: 'TEXT',
              page: 1,
              positionX: 10,
              positionY: 50,
              width: 20,
              height: 5,
              fieldMeta: { type: 'text', label: 'Cargo', required: true },
            },
          ],
        },
      });
      assert.equal(created.status, 200, JSON.stringify(created.body));
      const field = created.body.data[0];
      assert.equal(field.envelopeItemId, env.envelopeItems[0].id);
      assert.equal(field.fieldMeta.label, 'Cargo');
      assert.equal((await server.api.get(`/api/v2/envelope/field/${field.id}`)).body.positionY, 50);

      for (const [name, data, code] of [
        [
          'outside the page',
          [{ recipientId: bruno.id, type: 'TEXT', page: 2, positionX: 10, positionY: 10, width: 10, height: 5 }],
          'FIELD_OUT_OF_BOUNDS',
        ],
        [
          'a CC cannot hold fields',
          [{ recipientId: cc.id, type: 'TEXT', page: 1, positionX: 10, positionY: 10, width: 10, height: 5 }],
          'FIELD_ROLE_NOT_ALLOWED',
        ],
        [
          'unknown recipient',
          [{ recipientId: 999_999, type: 'TEXT', page: 1, positionX: 10, positionY: 10, width: 10, height: 5 }],
          'FIELD_INVALID_REFERENCE',
        ],
        [
          'box past the edge',
          [{ recipientId: bruno.id, type: 'DATE', page: 1, positionX: 95, positionY: 10, width: 10, height: 5 }],
          'FIELD_OUT_OF_BOUNDS',
        ],
      ] as const) {
        const ok = { recipientId: bruno.id, type: 'NAME', page: 1, positionX: 1, positionY: 1, width: 5, height: 5 };
        const res = await server.api.post('/api/v2/envelope/field/create-many', {
          json: { envelopeId, data: [ok, ...data] },
        });
        assert.equal(res.status, 400, name);
        assert.equal(res.body.code, code, name);
      }
      const moved = await server.api.post('/api/v2/envelope/field/update-many', {
        json: { envelopeId, data: [{ id: field.id, type: 'TEXT', positionY: 60 }] },
      });
      assert.equal(moved.status, 200, JSON.stringify(moved.body));
      assert.equal(moved.body.data[0].positionY, 60);
      const retype = await server.api.post('/api/v2/envelope/field/update-many', {
        json: { envelopeId, data: [{ id: field.id, type: 'NUMBER' }] },
      });
      assert.equal(retype.status, 400);
      assert.equal(
        (await server.api.post('/api/v2/envelope/field/delete', { json: { fieldId: field.id } })).status,
        200,
      );
      assert.equal(
        (await server.api.get(`/api/v2/envelope/${envelopeId}`)).body.fields.length,
        before,
        'refused batches created nothing',
      );
    });

    test('on a PENDING envelope: filled fields and signed recipients are locked; a new recipient gets a link on redistribute', async () => {
      const { envelopeId, urls } = await createPendingDocument(server.api);
      const env = (await server.api.get(`/api/v2/envelope/${envelopeId}`)).body;
      const ana = env.recipients.find((r: { email: string }) => r.email === 'ana@example.com');
      await signAll(server.anon, tokenOf(urls.get('ana@example.com')!));
      const anaField = env.fields.find((f: { recipientId: number }) => f.recipientId === ana.id);
      const lockedField = await server.api.post('/api/v2/envelope/field/update-many', {
        json: { envelopeId, data: [{ id: anaField.id, type: anaField.type, positionX: 1 }] },
      });
      assert.equal(lockedField.body.code, 'FIELD_LOCKED');
      assert.equal(
        (await server.api.post('/api/v2/envelope/field/delete', { json: { fieldId: anaField.id } })).body.code,
        'FIELD_LOCKED',
      );
      assert.equal(
        (
          await server.api.post('/api/v2/envelope/recipient/update-many', {
            json: { envelopeId, data: [{ id: ana.id, name: 'X' }] },
          })
        ).body.code,
        'RECIPIENT_LOCKED',
      );
      assert.equal(
        (await server.api.post('/api/v2/envelope/recipient/delete', { json: { recipientId: ana.id } })).body.code,
        'RECIPIENT_LOCKED',
      );

      const added = await server.api.post('/api/v2/envelope/recipient/create-many', {
        json: { envelopeId, data: [{ email: 'eli@example.com', name: 'Eli', role: 'VIEWER' }] },
      });
      assert.equal(added.status, 200);
      const redistributed = await server.api.post('/api/v2/envelope/redistribute', {
        json: { envelopeId, recipients: [added.body.data[0].id] },
      });
      assert.equal(redistributed.status, 200, JSON.stringify(redistributed.body));
      const link = redistributed.body.recipients[0].signingUrl as string;
      const view = await server.anon.get(`/api/v2/signing/${tokenOf(link)}`);
      assert.equal(view.body.state, 'ready');
      assert.equal(
        (await server.anon.post(`/api/v2/signing/${tokenOf(link)}/complete`, { json: CONSENT })).status,
        200,
        'the new viewer can act',
      );
    });

    test('attachments: create, list by API token or by a signing token of the envelope, update, delete', async () => {
      const { envelopeId, urls } = await createPendingDocument(server.api);
      const created = await server.api.post('/api/v2/envelope/attachment/create', {
        json: { envelopeId, data: { label: 'Anexo I', data: 'https://example.com/anexo.pdf' } },
      });
      assert.equal(created.status, 200, JSON.stringify(created.body));
      const id = created.body.id as string;
      const listed = await server.api.get(`/api/v2/envelope/attachment?envelopeId=${envelopeId}`);
      assert.ok(listed.body.data.some((a: { id: string; type: string }) => a.id === id && a.type === 'link'));
      const byToken = await server.anon.get(
        `/api/v2/envelope/attachment?envelopeId=${envelopeId}&token=${tokenOf(urls.get('ana@example.com')!)}`,
      );
      assert.equal(byToken.status, 200);
      assert.deepEqual(byToken.body, listed.body);
      const other = await createPendingDocument(server.api);
      assert.equal(
        (
          await server.anon.get(
            `/api/v2/envelope/attachment?envelopeId=${envelopeId}&token=${tokenOf(other.urls.get('ana@example.com')!)}`,
          )
        ).status,
        404,
        "another envelope's token",
      );
      assert.equal((await server.anon.get(`/api/v2/envelope/attachment?envelopeId=${envelopeId}`)).status, 401);
      for (const data of [
        { label: '', data: 'https://example.com' },
        { label: 'x', data: 'javascript:alert(1)' },
      ]) {
        assert.equal(
          (await server.api.post('/api/v2/envelope/attachment/create', { json: { envelopeId, data } })).status,
          400,
        );
      }
      assert.equal(
        (
          await server.api.post('/api/v2/envelope/attachment/update', {
            json: { id, data: { label: 'Anexo II', data: 'https://example.com/2' } },
          })
        ).status,
        200,
      );
      assert.equal(
        (await server.api.get(`/api/v2/envelope/attachment?envelopeId=${envelopeId}`)).body.data.find(
          (a: { id: string }) => a.id === id,
        ).label,
        'Anexo II',
      );
      const foreign = await server.newPlatform();
      assert.equal((await foreign.post('/api/v2/envelope/attachment/delete', { json: { id } })).status, 404);
      assert.equal((await foreign.get(`/api/v2/envelope/attachment?envelopeId=${envelopeId}`)).status, 404);
      assert.equal((await server.api.post('/api/v2/envelope/attachment/delete', { json: { id } })).status, 200);
      assert.equal((await server.api.post('/api/v2/envelope/attachment/delete', { json: { id } })).status, 404);
    });

    test('reject on behalf: the recipient REJECTED with the reason, the document REJECTED, audited as the API caller', async () => {
      const { envelopeId, documentId } = await createPendingDocument(server.api);
      const env = (await server.api.get(`/api/v2/envelope/${envelopeId}`)).body;
      const bruno = env.recipients.find((r: { email: string }) => r.email === 'bruno@example.com');
      assert.equal(
        (await server.api.post(`/api/v2/envelope/recipient/${bruno.id}/reject`, { json: { reason: '' } })).status,
        400,
      );
      const res = await server.api.post(`/api/v2/envelope/recipient/${bruno.id}/reject`, {
        json: { reason: 'Lo dijo por teléfono' },
      });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      assert.equal(res.body.signingStatus, 'REJECTED');
      assert.equal(res.body.rejectionReason, 'Lo dijo por teléfono');
      assert.equal((await server.api.get(`/api/v2/document/${documentId}`)).body.status, 'REJECTED');
      const again = await server.api.post(`/api/v2/envelope/recipient/${bruno.id}/reject`, {
        json: { reason: 'otra vez' },
      });
      assert.equal(again.status, 400, 'a rejected document is final');
      const log = (await server.api.get(`/api/v2/envelope/${envelopeId}/audit-log?perPage=100`)).body.data;
      assert.ok(
        log.some(
          (e: { type: string; data: { recordedBy?: string } }) =>
            e.type === 'DOCUMENT_RECIPIENT_REJECTED' && e.data.recordedBy === 'api',
        ),
      );
    });

    test('other platforms get 404; final envelopes refuse changes; read tokens 403', async () => {
      const { envelopeId, env } = await draft();
      const other = await server.newPlatform();
      const r = env.recipients[0];
      const f = env.fields[0];
      assert.equal((await other.get(`/api/v2/envelope/recipient/${r.id}`)).status, 404);
      assert.equal((await other.get(`/api/v2/envelope/field/${f.id}`)).status, 404);
      assert.equal(
        (await other.post('/api/v2/envelope/recipient/delete', { json: { recipientId: r.id } })).status,
        404,
      );
      assert.equal((await other.post('/api/v2/envelope/field/delete', { json: { fieldId: f.id } })).status, 404);
      assert.equal(
        (
          await other.post('/api/v2/envelope/recipient/create-many', {
            json: { envelopeId, data: [{ email: 'x@example.com', name: 'X', role: 'CC' }] },
          })
        ).status,
        404,
      );
      assert.equal(
        (
          await other.post('/api/v2/envelope/field/create-many', {
            json: {
              envelopeId,
              data: [{ recipientId: r.id, type: 'NAME', page: 1, positionX: 1, positionY: 1, width: 5, height: 5 }],
            },
          })
        ).status,
        404,
      );
      const reader = await server.newPlatform('default', 'read');
      assert.equal(
        (await reader.post('/api/v2/envelope/recipient/delete', { json: { recipientId: r.id } })).status,
        403,
      );
      await server.api.post('/api/v2/envelope/cancel', { json: { envelopeId } });
      const late = await server.api.post('/api/v2/envelope/recipient/create-many', {
        json: { envelopeId, data: [{ email: 'x@example.com', name: 'X', role: 'CC' }] },
      });
      assert.equal(late.body.code, 'ENVELOPE_CANCELLED');
      assert.equal(
        (await server.api.post('/api/v2/envelope/recipient/create-many', { json: { envelopeId, data: [] } })).status,
        400,
      );
    });
  });
}
