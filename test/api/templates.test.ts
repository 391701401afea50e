import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { CUIL_A, createDocument, multipartBody, onePagePdf } from '../helpers/documents.js';
import type { HttpClient } from '../helpers/http-client.js';
import { countRows, startTestServer, testDatabases, type TestServer } from '../helpers/test-server.js';
import { startReceiver } from '../helpers/webhook-receiver.js';

/**
 * The template family's refusals (400 with issues, 401, 403 read-scope, 404 for unknown ids,
 * other platforms' ids and the other family's ids, nothing changed), the rule that a template is
 * never distributed or signed (envelope, document and v1 routes), the separation of templates
 * from document lists, and the TEMPLATE_CREATED/UPDATED/DELETED webhooks.
 */
for (const database of testDatabases()) {
  describe(`templates (${database})`, () => {
    let server: TestServer;
    let reader: HttpClient;
    let other: HttpClient;
    let template: { id: number; envelopeId: string };
    let recipientId: number;
    let fieldId: number;
    let documentId: number;

    async function createTemplate(payload: Record<string, unknown> = { title: 'Modelo' }) {
      return server.api.post('/api/v2/template/create', {
        body: multipartBody(payload, [{ field: 'file', bytes: await onePagePdf() }]),
      });
    }

    before(async () => {
      server = await startTestServer({ database, env: { FIRMA_JOB_POLL_MS: '100' } });
      reader = await server.newPlatform('default', 'read');
      other = await server.newPlatform();
      template = (await createTemplate()).body;
      const recipient = await server.api.post('/api/v2/template/recipient/create', {
        json: { templateId: template.id, recipient: { email: 's@example.com', name: 'S', role: 'SIGNER' } },
      });
      recipientId = recipient.body.id;
      const field = await server.api.post('/api/v2/template/field/create', {
        json: {
          templateId: template.id,
          field: { type: 'SIGNATURE', recipientId, pageNumber: 1, pageX: 10, pageY: 10, width: 20, height: 5 },
        },
      });
      fieldId = field.body.id;
      documentId = (await createDocument(server.api)).body.id;
    });
    after(() => server?.close());

    const writes = () => [
      { path: '/api/v2/template/create/beta', json: { title: 'X' } },
      { path: '/api/v2/template/update', json: { templateId: template.id, data: { title: 'X' } } },
      { path: '/api/v2/template/delete', json: { templateId: template.id } },
      { path: '/api/v2/template/duplicate', json: { templateId: template.id } },
      { path: '/api/v2/template/get-many', json: { templateIds: [template.id] } },
      {
        path: '/api/v2/template/recipient/create',
        json: { templateId: template.id, recipient: { email: '', name: '', role: 'SIGNER' } },
      },
      { path: '/api/v2/template/recipient/delete', json: { recipientId } },
      { path: '/api/v2/template/field/delete', json: { fieldId } },
    ];

    async function snapshot(client: HttpClient = server.api) {
      const got = await client.get(`/api/v2/template/${template.id}`);
      return { envelopes: await countRows(server, 'envelope'), template: got.body };
    }

    test('no token: 401; a read-scope token: 403 on writes, reads allowed', async () => {
      const before = await snapshot();
      for (const { path, json } of writes()) {
        const anon = await server.anon.post(path, { json });
        assert.equal(anon.status, 401, path);
        const read = await reader.post(path, { json });
        assert.equal(read.status, 403, path);
        assert.equal(read.body.code, 'FORBIDDEN');
      }
      for (const path of [
        '/api/v2/template',
        `/api/v2/template/${template.id}`,
        `/api/v2/template/recipient/${recipientId}`,
        `/api/v2/template/field/${fieldId}`,
      ]) {
        assert.equal((await server.anon.get(path)).status, 401, path);
        assert.equal((await reader.get(path)).status, 200, path);
      }
      assert.deepEqual(await snapshot(), before);
    });

    test('bad input: 400 with issues; nothing changed', async () => {
      const before = await snapshot();
      const cases: [string, 'GET' | 'POST', unknown, string][] = [
        ['/api/v2/template?perPage=1000', 'GET', undefined, 'perPage'],
        ['/api/v2/template?type=SHARED', 'GET', undefined, 'type'],
        ['/api/v2/template/get-many', 'POST', { templateIds: [] }, 'templateIds'],
        ['/api/v2/template/update', 'POST', { templateId: template.id, data: { title: '' } }, 'data'],
        ['/api/v2/template/delete', 'POST', { templateId: 'x' }, 'templateId'],
        ['/api/v2/template/duplicate', 'POST', {}, 'templateId'],
        ['/api/v2/template/create/beta', 'POST', { meta: {} }, 'title'],
        ['/api/v2/template/recipient/create', 'POST', { templateId: template.id, recipient: {} }, 'recipient'],
        ['/api/v2/template/field/create-many', 'POST', { templateId: template.id, fields: [] }, 'fields'],
      ];
      for (const [path, method, json, member] of cases) {
        const res = await server.api.request(method, path, json === undefined ? {} : { json });
        assert.equal(res.status, 400, `${method} ${path}: ${JSON.stringify(res.body)}`);
        assert.equal(res.body.code, 'VALIDATION_ERROR', path);
        assert.ok(
          res.body.issues.some((i: { path: unknown[] }) => i.path.includes(member)),
          `${path}: ${JSON.stringify(res.body.issues)}`,
        );
      }
      const noFile = await server.api.post('/api/v2/template/create', {
        body: multipartBody({ title: 'Sin PDF' }, []),
      });
      assert.equal(noFile.status, 400);
      assert.deepEqual(await snapshot(), before);
    });

    test("unknown ids, another platform's ids and a document's ids on template routes: 404, nothing changed", async () => {
      const before = await snapshot();
      const document = await server.api.get(`/api/v2/document/${documentId}`);
      const docRecipient = document.body.recipients[0].id as number;
      const docField = document.body.fields[0].id as number;
      for (const [client, id, rId, fId] of [
        [server.api, 999_999, 999_999, 999_999],
        [other, template.id, recipientId, fieldId],
        [server.api, documentId, docRecipient, docField],
      ] as const) {
        for (const path of [
          `/api/v2/template/${id}`,
          `/api/v2/template/recipient/${rId}`,
          `/api/v2/template/field/${fId}`,
        ])
          assert.equal((await client.get(path)).status, 404, path);
        const posts: [string, unknown][] = [
          ['/api/v2/template/update', { templateId: id, data: { title: 'Hack' } }],
          ['/api/v2/template/delete', { templateId: id }],
          ['/api/v2/template/duplicate', { templateId: id }],
          ['/api/v2/template/recipient/create', { templateId: id, recipient: { email: '', name: '', role: 'CC' } }],
          ['/api/v2/template/recipient/update', { templateId: id, recipient: { id: rId, name: 'Hack' } }],
          ['/api/v2/template/recipient/delete', { recipientId: rId }],
          [
            '/api/v2/template/field/create',
            {
              templateId: id,
              field: { type: 'TEXT', recipientId: rId, pageNumber: 1, pageX: 1, pageY: 1, width: 5, height: 5 },
            },
          ],
          ['/api/v2/template/field/update', { templateId: id, field: { id: fId, type: 'SIGNATURE', pageX: 50 } }],
          ['/api/v2/template/field/delete', { fieldId: fId }],
        ];
        for (const [path, json] of posts) {
          const res = await client.post(path, { json });
          assert.equal(res.status, 404, `${path}: ${JSON.stringify(res.body)}`);
          assert.equal(res.body.code, 'NOT_FOUND');
        }
        assert.deepEqual((await client.post('/api/v2/template/get-many', { json: { templateIds: [id] } })).body, {
          data: [],
        });
      }
      assert.deepEqual(await snapshot(), before);
      assert.deepEqual((await server.api.get(`/api/v2/document/${documentId}`)).body, document.body);
    });

    test("a template's ids on document routes: 404, nothing changed", async () => {
      const before = await snapshot();
      assert.equal((await server.api.get(`/api/v2/document/${template.id}`)).status, 404);
      assert.equal((await server.api.get(`/api/v1/documents/${template.id}`)).status, 404);
      assert.equal((await server.api.get(`/api/v1/documents/${template.id}/download`)).status, 404);
      for (const path of ['download?version=original', 'certificate', 'download-beta?version=original'])
        assert.equal((await server.api.get(`/api/v2/document/${template.id}/${path}`)).status, 404, path);
      assert.equal((await server.api.get(`/api/v2/document/recipient/${recipientId}`)).status, 404);
      assert.equal((await server.api.get(`/api/v2/document/field/${fieldId}`)).status, 404);
      for (const [path, json] of [
        ['/api/v2/document/update', { documentId: template.id, data: { title: 'Hack' } }],
        ['/api/v2/document/delete', { documentId: template.id }],
        ['/api/v2/document/duplicate', { documentId: template.id }],
        ['/api/v2/document/recipient/delete', { recipientId }],
        ['/api/v2/document/field/delete', { fieldId }],
      ] as const) {
        const res = await server.api.post(path, { json });
        assert.equal(res.status, 404, `${path}: ${JSON.stringify(res.body)}`);
      }
      assert.deepEqual(
        (await server.api.post('/api/v2/document/get-many', { json: { documentIds: [template.id] } })).body,
        { data: [] },
      );
      assert.deepEqual(await snapshot(), before);
    });

    test('a template is never distributed, redistributed or signed: no signing token is ever issued', async () => {
      // A template whose signer has everything a document's would need (CUIL, signature field).
      await server.api.post('/api/v2/template/recipient/update', {
        json: { templateId: template.id, recipient: { id: recipientId, cuil: CUIL_A } },
      });
      const before = await snapshot();
      const attempts: [string, unknown][] = [
        ['/api/v2/envelope/distribute', { envelopeId: template.envelopeId }],
        ['/api/v2/document/distribute', { documentId: template.id, meta: { distributionMethod: 'NONE' } }],
        ['/api/v2/envelope/redistribute', { envelopeId: template.envelopeId, recipients: [recipientId] }],
        ['/api/v2/document/redistribute', { documentId: template.id, recipients: [recipientId] }],
        [`/api/v1/documents/${template.id}/send`, { sendEmail: false }],
      ];
      for (const [path, json] of attempts) {
        const res = await server.api.post(path, { json });
        assert.equal(res.status, 400, `${path}: ${JSON.stringify(res.body)}`);
        assert.equal(res.body.code, 'TEMPLATE_NOT_DISTRIBUTABLE', path);
      }
      const tokens = await server.ctx.db
        .selectFrom('recipient')
        .select(['tokenHash', 'tokenSealed'])
        .where('id', '=', recipientId)
        .executeTakeFirstOrThrow();
      assert.deepEqual(tokens, { tokenHash: null, tokenSealed: null });
      const after = await snapshot();
      assert.equal(after.template.recipients[0].sendStatus, 'NOT_SENT');
      assert.deepEqual(
        { ...after, template: { ...after.template, recipients: [] } },
        {
          ...before,
          template: { ...before.template, recipients: [] },
        },
      );
      assert.equal((await server.anon.get('/api/v2/signing/not-a-token')).status, 404);
    });

    test('templates are listed by GET /template and GET /envelope?type=TEMPLATE, never in document lists', async () => {
      const templates = (await server.api.get('/api/v2/template')).body.data.map((t: { id: number }) => t.id);
      assert.ok(templates.includes(template.id));
      assert.ok(!templates.includes(documentId));
      const envelopes = await server.api.get('/api/v2/envelope?type=TEMPLATE');
      assert.ok(envelopes.body.data.some((e: { id: string }) => e.id === template.envelopeId));
      assert.ok(envelopes.body.data.every((e: { type: string }) => e.type === 'TEMPLATE'));
      const documents = (await server.api.get('/api/v2/document?perPage=100')).body.data.map(
        (d: { id: number }) => d.id,
      );
      assert.ok(documents.includes(documentId));
      assert.ok(!documents.includes(template.id));
      const v1 = await server.api.get('/api/v1/documents?perPage=100');
      assert.equal(v1.status, 200);
      assert.ok(!JSON.stringify(v1.body).includes(template.envelopeId));
    });

    test('TEMPLATE_CREATED, TEMPLATE_UPDATED and TEMPLATE_DELETED reach a subscribed webhook', async () => {
      const receiver = await startReceiver();
      try {
        const hook = await server.api.post('/api/v2/webhook/create', {
          json: { url: receiver.url, events: ['TEMPLATE_CREATED', 'TEMPLATE_UPDATED', 'TEMPLATE_DELETED'] },
        });
        assert.equal(hook.status, 200, JSON.stringify(hook.body));
        const created = (await createTemplate({ title: 'Con webhook' })).body as { id: number; envelopeId: string };
        const updated = await server.api.post('/api/v2/template/update', {
          json: { templateId: created.id, data: { title: 'Con webhook v2' } },
        });
        assert.equal(updated.status, 200);
        assert.equal(
          (await server.api.post('/api/v2/template/delete', { json: { templateId: created.id } })).status,
          200,
        );
        const mine = (w: { body: { payload?: { id?: number } } }) => w.body.payload?.id === created.id;
        const got = await receiver.waitFor(mine, 3);
        const byEvent = new Map(got.map((w) => [w.body.event, w.body.payload]));
        assert.deepEqual([...byEvent.keys()].sort(), ['TEMPLATE_CREATED', 'TEMPLATE_DELETED', 'TEMPLATE_UPDATED']);
        assert.equal(byEvent.get('TEMPLATE_CREATED').title, 'Con webhook');
        assert.equal(byEvent.get('TEMPLATE_CREATED').envelopeId, created.envelopeId);
        assert.equal(byEvent.get('TEMPLATE_UPDATED').title, 'Con webhook v2');
        assert.equal(typeof byEvent.get('TEMPLATE_DELETED').deletedAt, 'string');
        assert.ok(
          !receiver.received.some((w) => w.body.event?.startsWith('DOCUMENT_') && mine(w)),
          'a template is not announced as a document',
        );
      } finally {
        await receiver.close();
      }
    });
  });
}
