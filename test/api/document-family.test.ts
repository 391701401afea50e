import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createDocument, createPendingDocument, onePagePdf } from '../helpers/documents.js';
import type { HttpClient } from '../helpers/http-client.js';
import { countRows, startTestServer, testDatabases, type TestServer } from '../helpers/test-server.js';

/**
 * Refusals of the `document` family (find, get-many, update, delete, duplicate, redistribute,
 * create/beta, download-beta) and of the upload URL and download link: 400 with issues, 401, 403
 * for a read-scope token, 404 for unknown and other platforms' ids with nothing changed.
 */
for (const database of testDatabases()) {
  describe(`document family refusals (${database})`, () => {
    let server: TestServer;
    let reader: HttpClient;
    let other: HttpClient;
    let draft: { id: number; envelopeId: string };
    let pending: Awaited<ReturnType<typeof createPendingDocument>>;
    before(async () => {
      server = await startTestServer({ database, worker: false, captureLogs: true, env: { LOG_LEVEL: 'debug' } });
      reader = await server.newPlatform('default', 'read');
      other = await server.newPlatform();
      draft = (await createDocument(server.api)).body;
      pending = await createPendingDocument(server.api);
    });
    after(() => server.close());

    const writes = () => [
      { path: '/api/v2/document/get-many', json: { documentIds: [draft.id] } },
      { path: '/api/v2/document/update', json: { documentId: draft.id, data: { title: 'X' } } },
      { path: '/api/v2/document/delete', json: { documentId: draft.id } },
      { path: '/api/v2/document/duplicate', json: { documentId: draft.id } },
      { path: '/api/v2/document/redistribute', json: { documentId: pending.documentId, recipients: [1] } },
      { path: '/api/v2/document/create/beta', json: { title: 'X' } },
    ];

    test('no token: 401 on every operation; a read-scope token: 403 on every write, reads allowed', async () => {
      const envelopes = await countRows(server, 'envelope');
      for (const { path, json } of writes()) {
        const anon = await server.anon.post(path, { json });
        assert.equal(anon.status, 401, path);
        assert.equal(anon.body.code, 'UNAUTHORIZED');
        const read = await reader.post(path, { json });
        assert.equal(read.status, 403, path);
        assert.equal(read.body.code, 'FORBIDDEN');
      }
      for (const path of ['/api/v2/document', `/api/v2/document/${draft.id}/download-beta?version=original`]) {
        assert.equal((await server.anon.get(path)).status, 401, path);
        assert.equal((await reader.get(path)).status, 200, path);
      }
      assert.equal(await countRows(server, 'envelope'), envelopes, 'nothing was created');
      assert.equal((await server.api.get(`/api/v2/document/${draft.id}`)).body.title, 'Contrato de locación');
    });

    test('bad input: 400 with issues, nothing changed', async () => {
      const envelopes = await countRows(server, 'envelope');
      const cases: [string, 'GET' | 'POST', unknown, string][] = [
        ['/api/v2/document?perPage=1000', 'GET', undefined, 'perPage'],
        ['/api/v2/document?status=SIGNED', 'GET', undefined, 'status'],
        ['/api/v2/document?orderByColumn=title', 'GET', undefined, 'orderByColumn'],
        ['/api/v2/document/get-many', 'POST', { documentIds: [] }, 'documentIds'],
        ['/api/v2/document/update', 'POST', { documentId: draft.id, data: { title: '' } }, 'data'],
        ['/api/v2/document/delete', 'POST', { documentId: 'x' }, 'documentId'],
        ['/api/v2/document/duplicate', 'POST', {}, 'documentId'],
        ['/api/v2/document/redistribute', 'POST', { documentId: pending.documentId, recipients: [] }, 'recipients'],
        ['/api/v2/document/create/beta', 'POST', { recipients: [] }, 'title'],
        [`/api/v2/document/${draft.id}/download-beta?version=pending`, 'GET', undefined, 'version'],
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
      assert.equal(await countRows(server, 'envelope'), envelopes);
    });

    test('members Firma cannot act on are refused with their own code', async () => {
      // visibility is stored and answered now (issue 37): the app enforces it.
      const visibility = await server.api.post('/api/v2/document/update', {
        json: { documentId: draft.id, data: { visibility: 'ADMIN' } },
      });
      assert.equal(visibility.status, 200, JSON.stringify(visibility.body));
      assert.equal((await server.api.get(`/api/v2/document/${draft.id}`)).body.visibility, 'ADMIN');

      const envelopes = await countRows(server, 'envelope');
      const reminders = await server.api.post('/api/v2/document/create/beta', {
        json: {
          title: 'R',
          meta: {
            reminderSettings: { sendAfter: { disabled: true }, repeatEvery: { unit: 'day', amount: 1 } },
          },
        },
      });
      assert.equal(reminders.status, 400, JSON.stringify(reminders.body));
      assert.equal(reminders.body.code, 'REMINDER_SETTINGS_INVALID');
      const ccField = await server.api.post('/api/v2/document/create/beta', {
        json: {
          title: 'CC with a field',
          recipients: [
            {
              email: 'c@example.com',
              name: 'C',
              role: 'CC',
              fields: [{ type: 'SIGNATURE', pageNumber: 1, pageX: 1, pageY: 1, width: 10, height: 5 }],
            },
          ],
        },
      });
      assert.equal(ccField.status, 400);
      assert.equal(ccField.body.code, 'FIELD_ROLE_NOT_ALLOWED');
      const beyondLimit = await server.api.post('/api/v2/document/create/beta', {
        json: {
          title: 'Far page',
          recipients: [
            {
              email: 's@example.com',
              name: 'S',
              role: 'SIGNER',
              fields: [{ type: 'SIGNATURE', pageNumber: 5000, pageX: 1, pageY: 1, width: 10, height: 5 }],
            },
          ],
        },
      });
      assert.equal(beyondLimit.status, 400);
      assert.equal(beyondLimit.body.code, 'FIELD_OUT_OF_BOUNDS');
      assert.deepEqual(beyondLimit.body.issues[0].path, ['recipients', 0, 'fields', 0, 'pageNumber']);
      assert.equal(await countRows(server, 'envelope'), envelopes, 'nothing was created');
    });

    test("unknown ids and another platform's ids: 404 (get-many leaves them out), nothing changed", async () => {
      const before = {
        draft: (await server.api.get(`/api/v2/document/${draft.id}`)).body,
        pending: (await server.api.get(`/api/v2/document/${pending.documentId}`)).body,
        envelopes: await countRows(server, 'envelope'),
      };
      for (const id of [draft.id, pending.documentId, 987_654]) {
        const calls: [string, unknown][] = [
          ['/api/v2/document/update', { documentId: id, data: { title: 'Stolen' }, meta: { subject: 'x' } }],
          ['/api/v2/document/delete', { documentId: id }],
          ['/api/v2/document/duplicate', { documentId: id }],
          ['/api/v2/document/redistribute', { documentId: id, recipients: [pending.distributed.recipients[0].id] }],
        ];
        for (const [path, json] of calls) {
          const res = await (id === 987_654 ? server.api : other).post(path, { json });
          assert.equal(res.status, 404, `${path} ${id}: ${JSON.stringify(res.body)}`);
          assert.equal(res.body.code, 'NOT_FOUND');
        }
        const link = await other.get(`/api/v2/document/${id}/download-beta?version=original`);
        assert.equal(link.status, 404);
      }
      const many = await other.post('/api/v2/document/get-many', {
        json: { documentIds: [draft.id, pending.documentId] },
      });
      assert.equal(many.status, 200);
      assert.deepEqual(many.body.data, []);
      const found = await other.get('/api/v2/document');
      assert.deepEqual(found.body.data, []);
      assert.equal(await countRows(server, 'envelope'), before.envelopes);
      assert.deepEqual((await server.api.get(`/api/v2/document/${draft.id}`)).body, before.draft);
      assert.deepEqual((await server.api.get(`/api/v2/document/${pending.documentId}`)).body, before.pending);
    });

    test('state refusals: redistribute a DRAFT, download-beta without a PDF or before completion', async () => {
      const redistribute = await server.api.post('/api/v2/document/redistribute', {
        json: { documentId: draft.id, recipients: [1] },
      });
      assert.equal(redistribute.status, 400);
      assert.equal(redistribute.body.code, 'ENVELOPE_NOT_PENDING');
      const signed = await server.api.get(`/api/v2/document/${pending.documentId}/download-beta`);
      assert.equal(signed.status, 409);
      assert.equal(signed.body.code, 'DOCUMENT_NOT_COMPLETED');
      const beta = await server.api.post('/api/v2/document/create/beta', { json: { title: 'No PDF yet' } });
      const noPdf = await server.api.get(`/api/v2/document/${beta.body.document.id}/download-beta?version=original`);
      assert.equal(noPdf.status, 400);
      assert.equal(noPdf.body.code, 'ENVELOPE_HAS_NO_DOCUMENT');
    });

    test('upload URL: unknown 404, wrong type 415, not a PDF 400 (URL kept), reuse 409; links: forged 404', async () => {
      const beta = await server.api.post('/api/v2/document/create/beta', { json: { title: 'Upload refusals' } });
      const url: string = beta.body.uploadUrl;
      const put = (target: string, body: BodyInit, type = 'application/pdf') =>
        fetch(target, { method: 'PUT', headers: { 'content-type': type }, body });
      const unknown = await put(`${server.url}/api/v2/uploads/${'A'.repeat(43)}`, Buffer.from(await onePagePdf()));
      assert.equal(unknown.status, 404);
      const wrongType = await put(url, 'hello', 'text/plain');
      assert.equal(wrongType.status, 415);
      const notPdf = await put(url, 'this is not a pdf');
      assert.equal(notPdf.status, 400);
      assert.equal(((await notPdf.json()) as { code: string }).code, 'NOT_A_PDF');
      assert.equal((await server.api.get(`/api/v2/document/${beta.body.document.id}`)).body.envelopeItems.length, 0);
      const ok = await put(url, Buffer.from(await onePagePdf()));
      assert.equal(ok.status, 200);
      const reuse = await put(url, Buffer.from(await onePagePdf()));
      assert.equal(reuse.status, 409);
      const forged = await fetch(`${server.url}/api/v2/downloads/${'x'.repeat(60)}`);
      assert.equal(forged.status, 404);
      assert.equal(((await forged.json()) as { code: string }).code, 'NOT_FOUND');

      const link = (await server.api.get(`/api/v2/document/${beta.body.document.id}/download-beta?version=original`))
        .body.downloadUrl as string;
      assert.equal((await fetch(link)).status, 200);
      const logs = server.logs.join('\n');
      for (const secret of [url.split('/').pop()!, link.split('/').pop()!])
        assert.ok(!logs.includes(secret), 'capability URLs never reach the log');
    });

    test('upload URL and download link expire: 410, and nothing changed', async () => {
      const beta = await server.api.post('/api/v2/document/create/beta', { json: { title: 'Late' } });
      const url: string = beta.body.uploadUrl;
      const put = () =>
        fetch(url, { method: 'PUT', headers: { 'content-type': 'application/pdf' }, body: Buffer.from(pdf) });
      const pdf = await onePagePdf();
      const realClock = server.ctx.clock;
      const minutesLater = (minutes: number) => {
        const later = new Date(Date.now() + minutes * 60_000);
        server.ctx.clock = () => later;
      };
      try {
        minutesLater(server.ctx.config.v1.uploadTtlMinutes + 1);
        const late = await put();
        assert.equal(late.status, 410);
        assert.equal(((await late.json()) as { code: string }).code, 'UPLOAD_EXPIRED');
        server.ctx.clock = realClock;
        assert.equal((await server.api.get(`/api/v2/document/${beta.body.document.id}`)).body.envelopeItems.length, 0);
        assert.equal((await put()).status, 200, 'the URL works until it expires');

        const link = (await server.api.get(`/api/v2/document/${beta.body.document.id}/download-beta?version=original`))
          .body.downloadUrl as string;
        minutesLater(server.ctx.config.v1.downloadTtlMinutes + 1);
        const expired = await fetch(link);
        assert.equal(expired.status, 410);
        assert.equal(((await expired.json()) as { code: string }).code, 'DOWNLOAD_LINK_EXPIRED');
        server.ctx.clock = realClock;
        assert.equal((await fetch(link)).status, 200, 'valid before its expiry');
      } finally {
        server.ctx.clock = realClock;
      }
    });

    test('create/beta with an Idempotency-Key: the repeat replays the same document and upload URL', async () => {
      const envelopes = await countRows(server, 'envelope');
      const send = () =>
        server.api.post('/api/v2/document/create/beta', {
          json: { title: 'Once', recipients: [{ email: 'a@example.com', name: 'A', role: 'SIGNER' }] },
          headers: { 'idempotency-key': 'beta-once' },
        });
      const first = await send();
      assert.equal(first.status, 200, JSON.stringify(first.body));
      const again = await send();
      assert.equal(again.status, 200);
      assert.equal(again.headers.get('idempotent-replayed'), 'true');
      assert.deepEqual(again.body, first.body);
      assert.equal(await countRows(server, 'envelope'), envelopes + 1);
    });

    test('a POST to a path that only looks like /document/{id} is 404 ROUTE_NOT_FOUND, not 405', async () => {
      for (const path of ['/api/v2/document/get-manyy', '/api/v2/document/not-an-id', '/api/v2-beta/document/x']) {
        const res = await server.api.post(path, { json: {} });
        assert.equal(res.status, 404, path);
        assert.equal(res.body.code, 'ROUTE_NOT_FOUND');
      }
      const wrongMethod = await server.api.post(`/api/v2/document/${draft.id}`, { json: {} });
      assert.equal(wrongMethod.status, 405, 'a real document path with the wrong method is still 405');
      assert.equal(wrongMethod.headers.get('allow'), 'GET, HEAD');
      assert.equal(
        (await server.api.post('/api/v2/document/get-many', { json: { documentIds: [draft.id] } })).status,
        200,
      );
    });
  });
}
