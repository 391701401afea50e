import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createApiToken } from '../../src/domain/auth/create-api-token.js';
import { createPendingDocument, multipartBody, onePagePdf } from '../helpers/documents.js';
import { HttpClient } from '../helpers/http-client.js';
import { startTestServer, testDatabases, type TestServer } from '../helpers/test-server.js';

/**
 * The isolation matrix: every operation in the OpenAPI documents that takes an id, called with
 * platform B's token on platform A's ids, must answer 404 and show none of A's data. Generic over
 * the documents, so routes added later are covered without touching this test.
 */
for (const database of testDatabases()) {
  describe(`tenant isolation matrix (${database})`, () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer({ database, worker: false });
    });
    after(() => server?.close());

    test("platform B gets 404 and none of A's data on every route with an id", async () => {
      const a = await createPendingDocument(server.api);
      const envelope = (await server.api.get(`/api/v2/envelope/${a.envelopeId}`)).body;
      const hook = (
        await server.api.post('/api/v2/webhook/create', {
          json: { url: 'http://127.0.0.1:9/a', events: ['DOCUMENT_SENT'] },
        })
      ).body;
      await server.api.post(`/api/v2/webhook/${hook.id}/test`);
      const delivery = await server.ctx.db
        .selectFrom('webhookDelivery')
        .select('id')
        .where('endpointId', '=', hook.id)
        .executeTakeFirstOrThrow();
      const sender = await server.api.post('/api/v2/platform/sender', { json: { email: 'legales@a.example' } });
      assert.equal(sender.status, 200, JSON.stringify(sender.body));
      const template = await server.api.post('/api/v2/template/create', {
        body: multipartBody({ title: 'Modelo de A' }, [{ field: 'file', bytes: await onePagePdf() }]),
      });
      const ids: Record<string, string> = {
        documentId: String(a.documentId),
        templateId: String(template.body.id),
        envelopeId: a.envelopeId,
        id: String(a.documentId),
        envelopeItemId: envelope.envelopeItems[0].id,
        recipientId: String(envelope.recipients[0].id),
        fieldId: String(envelope.fields[0].id),
      };
      const b = await server.newPlatform();
      const secrets = [a.envelopeId, envelope.title, envelope.recipients[0].email, hook.url];
      let checked = 0;
      for (const [prefix, docPath] of [
        ['/api/v2', '/api/v2/openapi.json'],
        ['/api/v1', '/api/v1/openapi.json'],
      ] as const) {
        const doc = (await server.anon.get(docPath)).body;
        for (const [path, item] of Object.entries(
          doc.paths as Record<string, Record<string, { security?: unknown[] }>>,
        )) {
          const names = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
          if (names.length === 0) continue;
          for (const [method, op] of Object.entries(item)) {
            if (Array.isArray(op.security) && op.security.length === 0) continue; // capability URLs: not token-scoped
            const webhookRoute = path.startsWith('/webhook');
            const concrete = path.replace(/\{([^}]+)\}/g, (_m, name: string) =>
              webhookRoute
                ? path.includes('delivery')
                  ? delivery.id
                  : hook.id
                : path.startsWith('/platform/sender')
                  ? String(sender.body.id)
                  : (ids[name] ?? 'x'),
            );
            const json = path.endsWith('/fields')
              ? {
                  recipientId: envelope.recipients[0].id,
                  type: 'TEXT',
                  pageNumber: 1,
                  pageX: 1,
                  pageY: 1,
                  pageWidth: 5,
                  pageHeight: 5,
                }
              : {
                  documentId: a.documentId,
                  envelopeId: a.envelopeId,
                  id: hook.id,
                  reason: 'isolation',
                  code: '000000',
                  // Documenso's 2fa-code route names the recipient in its body too.
                  ...(path.endsWith('/2fa-code') ? { recipientId: envelope.recipients[0].id } : {}),
                };
            const res = await b.request(
              method.toUpperCase(),
              `${prefix}${concrete}`,
              method === 'get' || method === 'delete' ? {} : { json },
            );
            assert.equal(
              res.status,
              404,
              `${method.toUpperCase()} ${prefix}${path} → ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`,
            );
            const text = res.bytes.toString();
            for (const s of secrets) assert.ok(!text.includes(s), `${method} ${path} shows none of A's data`);
            checked++;
          }
        }
      }
      for (const [path, body] of [
        ['/api/v2/document/distribute', { documentId: a.documentId }],
        ['/api/v2/envelope/distribute', { envelopeId: a.envelopeId }],
        ['/api/v2/envelope/redistribute', { envelopeId: a.envelopeId, recipients: [envelope.recipients[0].id] }],
        ['/api/v2/envelope/cancel', { envelopeId: a.envelopeId }],
        ['/api/v2/envelope/delete', { envelopeId: a.envelopeId }],
        ['/api/v2/webhook/update', { id: hook.id, enabled: false }],
        ['/api/v2/webhook/delete', { id: hook.id }],
      ] as const) {
        assert.equal((await b.post(path, { json: body })).status, 404, path);
        checked++;
      }
      assert.ok(checked >= 20, `checked ${checked} operations`);
      assert.equal(
        (await server.api.get(`/api/v2/envelope/${a.envelopeId}`)).body.status,
        'PENDING',
        "A's envelope is untouched",
      );
      assert.equal((await server.api.get(`/api/v2/webhook/${hook.id}`)).status, 200);
    });

    test('a token of the other environment is 401 on v2 and v1', async () => {
      const { token } = await createApiToken(server.ctx, { platformName: 'default', environment: 'production' });
      const prod = new HttpClient(server.url, token);
      for (const path of ['/api/v2/me', '/api/v2/envelope', '/api/v1/documents']) {
        const res = await prod.get(path);
        assert.equal(res.status, 401, path);
        assert.equal(res.body.code, 'UNAUTHORIZED');
      }
    });
  });
}
