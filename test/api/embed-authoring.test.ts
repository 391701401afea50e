import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { setPlatformEmbedWhiteLabel } from '../../src/domain/platforms/set-platform-embed-white-label.js';
import { CUIL_A, createDocument, multipartBody, onePagePdf } from '../helpers/documents.js';
import { countRows, startTestServer, testDatabases, type TestServer } from '../helpers/test-server.js';
import { ensureWebApp } from '../helpers/web-app.js';

const ANCESTORS = "'self' https://app.example.com";
const API = '/api/embed-authoring';

function metaOf(html: string, name: string): string | null {
  const m = new RegExp(`<meta name="${name}" content="([^"]*)">`).exec(html);
  return m ? m[1]! : null;
}

/**
 * Documenso's authoring embeds: the six pages open only with a presign token that reaches what
 * they name (anything else: the same framable 404, nothing changed), and the embedded editor's
 * routes are the web app editor's changes behind a presign token, confined to its envelope when
 * scoped, never answering a signing URL or a token.
 */
for (const database of testDatabases()) {
  describe(`embedded authoring (${database})`, () => {
    let server: TestServer;
    before(async () => {
      await ensureWebApp();
      server = await startTestServer({
        database,
        worker: false,
        captureLogs: true,
        env: { FIRMA_FRAME_ANCESTORS: ANCESTORS, LOG_LEVEL: 'debug' },
      });
    });
    after(() => server?.close());

    const presign = async (json: Record<string, unknown> = {}, client = server.api) => {
      const res = await client.post('/api/v2/embedding/create-presign-token', { json });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      return (res.body as { token: string }).token;
    };
    const page = (path: string) => fetch(`${server.url}${path}`);
    const upload = (token: string, payload: Record<string, unknown>) =>
      onePagePdf().then((bytes) =>
        server.api.post(`${API}/envelopes`, { token, body: multipartBody(payload, [{ field: 'file', bytes }]) }),
      );

    test('each page: the app bundle in embedded-editor mode, framed by FIRMA_FRAME_ANCESTORS, with the signing shells’ CSP', async () => {
      const token = await presign();
      const doc = await createDocument(server.api, { title: 'Borrador', recipients: [] });
      assert.equal(doc.status, 200, JSON.stringify(doc.body));
      const tpl = await server.api.post('/api/v2/template/create', {
        body: multipartBody({ title: 'Plantilla' }, [{ field: 'file', bytes: await onePagePdf() }]),
      });
      assert.equal(tpl.status, 200, JSON.stringify(tpl.body));
      const templateEnvelope = await server.ctx.db
        .selectFrom('envelope')
        .select(['id', 'publicId'])
        .where('type', '=', 'TEMPLATE')
        .executeTakeFirstOrThrow();
      const cases: [string, string, string | null][] = [
        ['/embed/v1/authoring/document/create', 'v1-document-create', null],
        [`/embed/v1/authoring/document/edit/${doc.body.id}`, 'v1-document-edit', doc.body.envelopeId],
        ['/embed/v1/authoring/template/create', 'v1-template-create', null],
        [`/embed/v1/authoring/template/edit/${templateEnvelope.id}`, 'v1-template-edit', templateEnvelope.publicId],
        ['/embed/v2/authoring/envelope/create', 'v2-envelope-create', null],
        [`/embed/v2/authoring/envelope/edit/${doc.body.envelopeId}`, 'v2-envelope-edit', doc.body.envelopeId],
        [
          `/embed/v2/authoring/envelope/edit/${templateEnvelope.publicId}`,
          'v2-envelope-edit',
          templateEnvelope.publicId,
        ],
      ];
      for (const [path, mode, envelopeId] of cases) {
        const res = await page(`${path}?token=${token}`);
        assert.equal(res.status, 200, path);
        const csp = res.headers.get('content-security-policy')!;
        assert.ok(csp.split(/;\s*/).includes(`frame-ancestors ${ANCESTORS}`), path);
        assert.match(csp, /script-src 'self'(;|$)/);
        assert.match(csp, /worker-src 'self' blob:/, 'pdf.js’ worker');
        assert.equal(res.headers.get('x-frame-options'), null);
        assert.equal(res.headers.get('referrer-policy'), 'no-referrer');
        assert.equal(res.headers.get('cache-control'), 'no-store');
        const html = await res.text();
        assert.doesNotMatch(html, /<script>|<script(?![^>]*src=)/, 'no inline script');
        assert.ok(!html.includes(token) && !html.includes('presign_'), 'the token is never in the page');
        assert.equal(metaOf(html, 'firma-page'), 'embed-authoring');
        assert.equal(metaOf(html, 'firma-authoring-mode'), mode);
        assert.equal(metaOf(html, 'firma-embed-origins'), 'self https://app.example.com');
        assert.equal(metaOf(html, 'firma-envelope-id'), envelopeId, path);
      }
      assert.ok(!server.logs.some((l) => l.includes(token.slice(8, 40))), 'the presign token is never logged');
    });

    test('a missing, invalid, expired or other platform’s token, another envelope, the wrong type or a scoped create: the same 404, nothing changed', async () => {
      const doc = await createDocument(server.api, { title: 'Borrador', recipients: [] });
      const other = await createDocument(server.api, { title: 'Otro', recipients: [] });
      const scoped = await presign({ scope: `documentId:${doc.body.id}` });
      const stranger = await server.newPlatform();
      const theirs = await presign({}, stranger);
      const reader = await server.newPlatform(undefined, 'read');
      const unscoped = await presign();
      const envelopesBefore = await countRows(server, 'envelope');
      const refused = [
        `/embed/v1/authoring/document/create`,
        `/embed/v1/authoring/document/create?token=presign_nonsense`,
        `/embed/v1/authoring/document/create?token=${scoped}`,
        `/embed/v2/authoring/envelope/create?token=${scoped}`,
        `/embed/v1/authoring/document/edit/${other.body.id}?token=${scoped}`,
        `/embed/v2/authoring/envelope/edit/${other.body.envelopeId}?token=${scoped}`,
        `/embed/v1/authoring/document/edit/${doc.body.id}?token=${theirs}`,
        `/embed/v2/authoring/envelope/edit/${doc.body.envelopeId}?token=${theirs}`,
        `/embed/v1/authoring/template/edit/${doc.body.id}?token=${unscoped}`,
        `/embed/v1/authoring/document/edit/abc?token=${unscoped}`,
        `/embed/v1/authoring/document/edit/999999?token=${unscoped}`,
        `/embed/v2/authoring/envelope/edit/envelope_nope?token=${unscoped}`,
      ];
      let body: string | null = null;
      for (const path of refused) {
        const res = await page(path);
        assert.equal(res.status, 404, path);
        assert.ok(res.headers.get('content-security-policy')!.includes(`frame-ancestors ${ANCESTORS}`));
        const html = (await res.text()).replace(/<meta name="firma-embed-page"[^>]*>/, '');
        body ??= html;
        assert.equal(html, body, `${path}: the same page for every refusal`);
      }
      // A read-only issuer cannot make a presign token (403), so no token of it opens anything.
      assert.equal((await reader.post('/api/v2/embedding/create-presign-token', { json: {} })).status, 403);
      // Expired: a token sealed with a past expiry.
      const { sealPresignToken, openPresignToken } = await import('../../src/domain/auth/presign-token.js');
      const claims = openPresignToken(server.ctx, unscoped)!;
      const expired = sealPresignToken(server.ctx, { ...claims, e: Date.now() - 1000 });
      assert.equal((await page(`/embed/v1/authoring/document/create?token=${expired}`)).status, 404);
      assert.equal((await upload(expired, { type: 'DOCUMENT', title: 'x' })).status, 401);
      assert.equal(await countRows(server, 'envelope'), envelopesBefore);
    });

    test('white-label: the page says so only when the platform allows it (css and cssVars apply only then)', async () => {
      const other = await server.newPlatform();
      const token = await presign({}, other);
      const plain = await (await page(`/embed/v2/authoring/envelope/create?token=${token}`)).text();
      assert.equal(metaOf(plain, 'firma-embed-white-label'), null);
      await setPlatformEmbedWhiteLabel(server.ctx, { platform: other.platformName, on: true });
      const themed = await (await page(`/embed/v2/authoring/envelope/create?token=${token}`)).text();
      assert.equal(metaOf(themed, 'firma-embed-white-label'), 'on');
    });

    test('the identity options: under the envelope’s path, so a scoped token reaches its own and no other', async () => {
      const token = await presign();
      const mine = await upload(token, { type: 'DOCUMENT', title: 'Mío' });
      const other = await upload(token, { type: 'DOCUMENT', title: 'Otro' });
      const scoped = await presign({ scope: `envelopeId:${mine.body.envelopeId}` });
      const own = await server.api.get(`${API}/documents/${mine.body.envelopeId}/document-options`, { token: scoped });
      assert.equal(own.status, 200, JSON.stringify(own.body));
      assert.equal(own.body.identityRule, 'CUIL');
      const theirs = await server.api.get(`${API}/documents/${other.body.envelopeId}/document-options`, {
        token: scoped,
      });
      assert.equal(theirs.status, 403);
    });

    test('create: a DRAFT document or template with its externalId and folder; a scoped token cannot create', async () => {
      const token = await presign();
      const made = await upload(token, { type: 'DOCUMENT', title: 'Contrato embebido', externalId: 'crm-42' });
      assert.equal(made.status, 200, JSON.stringify(made.body));
      assert.match(made.body.envelopeId, /^envelope_/);
      assert.equal(typeof made.body.documentId, 'number');
      const viaApi = await server.api.get(`/api/v2/envelope/${made.body.envelopeId}`);
      assert.equal(viaApi.body.status, 'DRAFT');
      assert.equal(viaApi.body.externalId, 'crm-42');
      assert.equal(viaApi.body.title, 'Contrato embebido');
      const tpl = await upload(token, { type: 'TEMPLATE', title: 'Plantilla embebida', externalId: null });
      assert.equal(tpl.status, 200);
      assert.equal(tpl.body.type, 'TEMPLATE');
      const folder = await server.api.post('/api/v2/folder/create', { json: { name: 'Embebidos', type: 'DOCUMENT' } });
      assert.equal(folder.status, 200, JSON.stringify(folder.body));
      const inFolder = await upload(token, { type: 'DOCUMENT', title: 'En carpeta', folderId: folder.body.id });
      assert.equal(inFolder.status, 200, JSON.stringify(inFolder.body));
      const before = await countRows(server, 'envelope');
      const scoped = await presign({ scope: `envelopeId:${made.body.envelopeId}` });
      assert.equal((await upload(scoped, { type: 'DOCUMENT', title: 'x' })).status, 403);
      const bad = await upload(token, { type: 'FOLDER', title: '' });
      assert.equal(bad.status, 400);
      assert.ok(bad.body.code && bad.body.message);
      assert.equal(await countRows(server, 'envelope'), before);
    });

    test('the editor’s routes: changes through the API’s use cases; a scoped token reaches only its envelope; no signing URL in any answer', async () => {
      const token = await presign();
      const made = await upload(token, { type: 'DOCUMENT', title: 'Para editar' });
      const other = await upload(token, { type: 'DOCUMENT', title: 'Ajeno' });
      const id = made.body.envelopeId as string;
      const scoped = await presign({ scope: `envelopeId:${id}` });
      const base = `${API}/documents/${id}/editor`;
      const loaded = await server.api.get(base, { token: scoped });
      assert.equal(loaded.status, 200, JSON.stringify(loaded.body));
      assert.equal(loaded.body.id, id);
      const added = await server.api.post(`${base}/recipients`, {
        token: scoped,
        json: { name: 'Ana', email: 'ana@example.com', role: 'SIGNER', cuil: CUIL_A },
      });
      assert.equal(added.status, 200, JSON.stringify(added.body));
      const recipientId = added.body.recipients[0].id as number;
      const item = added.body.items[0].id as string;
      const placed = await server.api.post(`${base}/fields`, {
        token: scoped,
        json: {
          fields: [
            {
              recipientId,
              envelopeItemId: item,
              type: 'SIGNATURE',
              page: 1,
              positionX: 10,
              positionY: 70,
              width: 30,
              height: 8,
            },
          ],
        },
      });
      assert.equal(placed.status, 200, JSON.stringify(placed.body));
      const pdf = await server.api.get(`${base}/items/${item}/pdf`, { token: scoped });
      assert.equal(pdf.status, 200);
      assert.equal(pdf.bytes.subarray(0, 5).toString(), '%PDF-');

      // Another envelope's ids, with the scoped token: refused, and nothing changed.
      const otherBase = `${API}/documents/${other.body.envelopeId}/editor`;
      const otherBefore = await server.api.get(otherBase, { token });
      for (const [method, path, json] of [
        ['GET', otherBase, undefined],
        ['POST', `${otherBase}/recipients`, { name: 'X', email: 'x@example.com', role: 'SIGNER' }],
        ['POST', `${otherBase}/settings`, { title: 'Robado' }],
        ['POST', `${API}/documents/${other.body.envelopeId}/distribute`, {}],
      ] as const) {
        const res = await server.api.request(method, path, { token: scoped, ...(json ? { json } : {}) });
        assert.equal(res.status, 403, `${method} ${path}`);
        assert.equal(res.body.code, 'PRESIGN_SCOPE_MISMATCH');
      }
      assert.deepEqual((await server.api.get(otherBase, { token })).body, otherBefore.body);
      // A field id of another envelope, on its own envelope's path: NOT_FOUND.
      const stranger = await server.newPlatform();
      const theirs = await presign({}, stranger);
      assert.equal((await server.api.get(base, { token: theirs })).status, 404, 'another platform');
      assert.equal((await server.api.get(`${API}/templates/${id}/editor`, { token })).status, 404, 'the other type');
      assert.equal((await server.api.get(base, { token: null })).status, 401);

      const sent = await server.api.post(`${API}/documents/${id}/distribute`, { token: scoped, json: {} });
      assert.equal(sent.status, 200, JSON.stringify(sent.body));
      assert.deepEqual(sent.body, { status: 'PENDING' });
      const after = await server.api.get(base, { token: scoped });
      for (const answer of [loaded, added, placed, sent, after])
        assert.doesNotMatch(JSON.stringify(answer.body), /\/sign\/|signingUrl|presign_|token/i);
      const change = await server.api.post(`${base}/settings`, { token: scoped, json: { title: 'Tarde' } });
      assert.equal(change.status, 400, JSON.stringify(change.body));
      assert.equal(change.body.code, 'ENVELOPE_NOT_DRAFT');
      assert.doesNotMatch(JSON.stringify(change.body), /presign_/);
      assert.ok(!server.logs.some((l) => l.includes(scoped.slice(8, 40))), 'the presign token is never logged');
    });
  });
}
