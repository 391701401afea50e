import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { CUIL_A, CUIL_B, onePagePdf } from '../helpers/documents.js';
import { signAll, tokenOf, waitForStatus } from '../helpers/signing.js';
import { startTestServer, testDatabases, type TestServer } from '../helpers/test-server.js';
import { pdfsig, qpdfCheck } from '../support/pdf-tools.js';

const createBody = (title = 'Contrato v1') => ({
  title,
  externalId: 'v1-ext',
  recipients: [
    { name: 'Ana García', email: 'ana@example.com', role: 'SIGNER', cuil: '20-12345678-6' },
    { name: 'Bruno Díaz', email: 'bruno@example.com', role: 'SIGNER', cuil: CUIL_B },
  ],
});

for (const database of testDatabases()) {
  describe(`legacy v1 flow (${database})`, () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer({ database, env: { FIRMA_MAX_UPLOAD_MB: '1' } });
    });
    after(() => server?.close());

    const put = (url: string, body: Uint8Array | string, type = 'application/pdf') =>
      fetch(url, {
        method: 'PUT',
        headers: { 'content-type': type },
        body: typeof body === 'string' ? body : new Uint8Array(body),
      });

    test('create → PUT upload → fields → send without email → sign → download URL serves the sealed PDF', async () => {
      const created = await server.api.post('/api/v1/documents', { json: createBody() });
      assert.equal(created.status, 200, JSON.stringify(created.body));
      const { documentId, uploadUrl, recipients } = created.body;
      assert.equal(typeof documentId, 'number');
      assert.match(uploadUrl, new RegExp(`^${server.url}/api/v1/uploads/[A-Za-z0-9_-]{40,}$`));
      assert.deepEqual(
        recipients.map((r: { cuil: string }) => r.cuil),
        [CUIL_A, CUIL_B],
        'CUIL normalised to 11 digits',
      );
      const v2 = await server.api.get(`/api/v2/document/${documentId}`);
      assert.equal(v2.status, 200, 'the v1 documentId is the v2 documentId');

      const early = await server.api.post(`/api/v1/documents/${documentId}/send`, { json: { sendEmail: false } });
      assert.equal(early.status, 400);
      assert.equal(early.body.code, 'ENVELOPE_HAS_NO_DOCUMENT', 'no PDF yet: a clear refusal');

      const uploaded = await put(uploadUrl, await onePagePdf());
      assert.equal(uploaded.status, 200);
      assert.deepEqual(await uploaded.json(), { documentId, pageCount: 1 });
      const twice = await put(uploadUrl, await onePagePdf());
      assert.equal(twice.status, 409);
      assert.equal(((await twice.json()) as { code: string }).code, 'UPLOAD_ALREADY_USED');

      const fields = await server.api.post(`/api/v1/documents/${documentId}/fields`, {
        json: [
          {
            recipientId: recipients[0].recipientId,
            type: 'SIGNATURE',
            pageNumber: 1,
            pageX: 10,
            pageY: 80,
            pageWidth: 30,
            pageHeight: 8,
          },
          {
            recipientId: recipients[1].recipientId,
            type: 'SIGNATURE',
            pageNumber: 1,
            pageX: 55,
            pageY: 80,
            pageWidth: 30,
            pageHeight: 8,
          },
        ],
      });
      assert.equal(fields.status, 200, JSON.stringify(fields.body));
      assert.equal(fields.body.fields.length, 2);
      assert.equal(fields.body.fields[0].width, 30, 'pageWidth is the field width in percent');
      const one = await server.api.post(`/api/v1/documents/${documentId}/fields`, {
        json: {
          recipientId: recipients[0].recipientId,
          type: 'DATE',
          pageNumber: 1,
          pageX: 10,
          pageY: 70,
          pageWidth: 20,
          pageHeight: 4,
        },
      });
      assert.equal(one.status, 200, 'a single field object works too');

      const sent = await server.api.post(`/api/v1/documents/${documentId}/send`, { json: { sendEmail: false } });
      assert.equal(sent.status, 200, JSON.stringify(sent.body));
      assert.equal(sent.body.status, 'PENDING');
      const urls = sent.body.recipients.map((r: { signingUrl: string }) => r.signingUrl);
      assert.ok(urls.every((u: string) => u.startsWith(`${server.url}/sign/`)));
      const notYet = await server.api.get(`/api/v1/documents/${documentId}/download`);
      assert.equal(notYet.status, 409);
      assert.equal(notYet.body.code, 'DOCUMENT_NOT_COMPLETED');

      for (const u of urls) assert.equal((await signAll(server.anon, tokenOf(u))).status, 200);
      await waitForStatus(server.api, documentId, ['COMPLETED']);
      const read = await server.api.get(`/api/v1/documents/${documentId}`);
      assert.equal(read.body.status, 'COMPLETED');
      assert.equal(read.body.fields.length, 3);
      const list = await server.api.get('/api/v1/documents?perPage=5');
      assert.ok(list.body.documents.some((d: { id: number }) => d.id === documentId));
      assert.ok(list.body.totalPages >= 1);

      const download = await server.api.get(`/api/v1/documents/${documentId}/download`);
      assert.equal(download.status, 200);
      const pdf = await fetch(download.body.downloadUrl);
      assert.equal(pdf.status, 200, 'no API token needed');
      assert.equal(pdf.headers.get('content-type'), 'application/pdf');
      const bytes = new Uint8Array(await pdf.arrayBuffer());
      assert.match(pdfsig(bytes), /Signature is Valid/);
      qpdfCheck(bytes);

      const forged = download.body.downloadUrl.replace(/.{6}$/, 'AAAAAA');
      assert.equal((await fetch(forged)).status, 404);
      server.ctx.clock = () => new Date(Date.now() + 16 * 60_000);
      try {
        const late = await fetch(download.body.downloadUrl);
        assert.equal(late.status, 410);
        assert.equal(((await late.json()) as { code: string }).code, 'DOWNLOAD_LINK_EXPIRED');
      } finally {
        server.ctx.clock = () => new Date();
      }
    });

    test('upload refusals: wrong URL, late, not a PDF, too large, wrong type; each changes nothing', async () => {
      assert.equal((await put(`${server.url}/api/v1/uploads/${'x'.repeat(43)}`, await onePagePdf())).status, 404);
      const a = await server.api.post('/api/v1/documents', { json: createBody('Refusals') });
      const notPdf = await put(a.body.uploadUrl, 'hello, not a pdf');
      assert.equal(notPdf.status, 400);
      assert.equal(((await notPdf.json()) as { code: string }).code, 'NOT_A_PDF');
      const tooBig = await put(a.body.uploadUrl, new Uint8Array(2 * 1024 * 1024));
      assert.equal(tooBig.status, 413);
      const wrongType = await put(a.body.uploadUrl, await onePagePdf(), 'text/plain');
      assert.equal(wrongType.status, 415);
      const still = await put(a.body.uploadUrl, await onePagePdf());
      assert.equal(still.status, 200, 'refused uploads did not use the URL up');

      const b = await server.api.post('/api/v1/documents', { json: createBody('Late') });
      server.ctx.clock = () => new Date(Date.now() + 61 * 60_000);
      try {
        const late = await put(b.body.uploadUrl, await onePagePdf());
        assert.equal(late.status, 410);
        assert.equal(((await late.json()) as { code: string }).code, 'UPLOAD_EXPIRED');
      } finally {
        server.ctx.clock = () => new Date();
      }
    });

    test('only the upload URL parses a raw PDF: a PDF sent to a JSON route is 415 and creates nothing', async () => {
      const count = async () =>
        ((await server.api.get('/api/v1/documents?perPage=100')).body as { documents: unknown[] }).documents.length;
      const before = await count();
      for (const type of ['application/pdf', 'application/octet-stream']) {
        const refused = await fetch(`${server.url}/api/v1/documents`, {
          method: 'POST',
          headers: { authorization: `Bearer ${server.api.token}`, 'content-type': type },
          body: new Uint8Array(await onePagePdf()),
        });
        assert.equal(refused.status, 415, type);
        assert.equal(((await refused.json()) as { code: string }).code, 'UNSUPPORTED_MEDIA_TYPE');
      }
      assert.equal(await count(), before);
    });

    test('v1 refusals use the same error body; other platforms get 404; no token 401', async () => {
      const bad = await server.api.post('/api/v1/documents', { json: { title: '' } });
      assert.equal(bad.status, 400);
      assert.equal(bad.body.code, 'VALIDATION_ERROR');
      assert.ok(Array.isArray(bad.body.issues));
      const badCuil = await server.api.post('/api/v1/documents', {
        json: { title: 'x', recipients: [{ name: 'A', email: 'a@example.com', cuil: '20-12345678-5' }] },
      });
      assert.equal(badCuil.status, 400);
      const created = await server.api.post('/api/v1/documents', { json: createBody('Mine') });
      const id = created.body.documentId;
      const other = await server.newPlatform();
      assert.equal((await other.get(`/api/v1/documents/${id}`)).status, 404);
      assert.equal((await other.post(`/api/v1/documents/${id}/send`, { json: {} })).status, 404);
      assert.equal(
        (
          await other.post(`/api/v1/documents/${id}/fields`, {
            json: { recipientId: 1, type: 'SIGNATURE', pageNumber: 1, pageX: 1, pageY: 1, pageWidth: 5, pageHeight: 5 },
          })
        ).status,
        404,
      );
      assert.equal((await other.get(`/api/v1/documents/${id}/download`)).status, 404);
      assert.equal((await server.anon.get('/api/v1/documents')).status, 401);
      const fieldsBeforeUpload = await server.api.post(`/api/v1/documents/${id}/fields`, {
        json: {
          recipientId: created.body.recipients[0].recipientId,
          type: 'SIGNATURE',
          pageNumber: 1,
          pageX: 1,
          pageY: 1,
          pageWidth: 5,
          pageHeight: 5,
        },
      });
      assert.equal(fieldsBeforeUpload.body.code, 'ENVELOPE_HAS_NO_DOCUMENT');
      await put(created.body.uploadUrl, await onePagePdf());
      const outside = await server.api.post(`/api/v1/documents/${id}/fields`, {
        json: {
          recipientId: created.body.recipients[0].recipientId,
          type: 'SIGNATURE',
          pageNumber: 2,
          pageX: 1,
          pageY: 1,
          pageWidth: 5,
          pageHeight: 5,
        },
      });
      assert.equal(outside.status, 400);
      assert.equal(outside.body.code, 'FIELD_OUT_OF_BOUNDS');
      const openapi = await server.anon.get('/api/v1/openapi.json');
      assert.equal(openapi.status, 200);
      assert.ok(openapi.body.paths['/documents/{id}/send']);
      assert.ok(openapi.body.paths['/uploads/{token}'].put);
    });
  });
}
