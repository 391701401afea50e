import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { setPlatformEmbedWhiteLabel } from '../../src/domain/platforms/set-platform-embed-white-label.js';
import { CUIL_B, createPendingDocument } from '../helpers/documents.js';
import { createDirectLink, directLinkCode } from '../helpers/direct-link.js';
import { signAll, tokenOf } from '../helpers/signing.js';
import { startSmtpSink, type SmtpSink } from '../helpers/smtp-sink.js';
import { countRows, startTestServer, testDatabases, type TestServer } from '../helpers/test-server.js';

const ANCESTORS = "'self' https://app.example.com";

/** The content of `<meta name="…">`, or null when the page has none. */
function metaOf(html: string, name: string): string | null {
  const m = new RegExp(`<meta name="${name}" content="([^"]*)">`).exec(html);
  return m ? m[1]!.replace(/&quot;/g, '"').replace(/&amp;/g, '&') : null;
}

const scriptOf = (html: string) => /<script type="module" src="\/sign-assets\/([\w-]+\.js)"><\/script>/.exec(html)?.[1];

for (const database of testDatabases()) {
  describe(`Documenso's embed pages over HTTP (${database})`, () => {
    let server: TestServer;
    let smtp: SmtpSink;
    before(async () => {
      smtp = await startSmtpSink();
      server = await startTestServer({
        database,
        env: { FIRMA_FRAME_ANCESTORS: ANCESTORS, SMTP_URL: smtp.url, FIRMA_JOB_POLL_MS: '100' },
      });
    });
    after(async () => {
      await server?.close();
      await smtp?.stop();
    });

    const page = (path: string, headers: Record<string, string> = {}) => fetch(`${server.url}${path}`, { headers });

    test('/embed/sign/{token}: the signing shell in Documenso mode, framed by FIRMA_FRAME_ANCESTORS, naming only its own recipient', async () => {
      const { urls, envelopeId, documentId } = await createPendingDocument(server.api);
      const ana = tokenOf(urls.get('ana@example.com')!);
      const bruno = tokenOf(urls.get('bruno@example.com')!);
      const res = await page(`/embed/sign/${ana}`);
      assert.equal(res.status, 200);
      const csp = res.headers.get('content-security-policy')!;
      assert.ok(csp.split(/;\s*/).includes(`frame-ancestors ${ANCESTORS}`));
      assert.match(csp, /script-src 'self'(;|$)/);
      assert.match(csp, /style-src 'self'(;|$)/, 'no inline style allowed: the theme is a constructed sheet');
      assert.equal(res.headers.get('x-frame-options'), null);
      assert.equal(res.headers.get('referrer-policy'), 'no-referrer');
      assert.equal(res.headers.get('cache-control'), 'no-store');
      const html = await res.text();
      assert.match(html, /<html lang="en" class="embed">/);
      assert.equal(scriptOf(html), 'embed-sign.js');
      assert.equal(metaOf(html, 'firma-embed-protocol'), 'documenso');
      assert.equal(metaOf(html, 'firma-embed-page'), 'sign');
      assert.equal(metaOf(html, 'firma-embed-origins'), 'self https://app.example.com');
      assert.equal(metaOf(html, 'firma-envelope-id'), envelopeId);
      assert.equal(metaOf(html, 'firma-document-id'), String(documentId));
      const view = await server.anon.get(`/api/v2/signing/${ana}`);
      assert.equal(metaOf(html, 'firma-recipient-id'), String(view.body.recipient.id));
      assert.equal(metaOf(html, 'firma-embed-white-label'), null, 'white-label is off by default');
      for (const secret of [ana, bruno]) assert.ok(!html.includes(secret), 'no signing token in the markup');
      assert.doesNotMatch(html, /\/sign\/|signingUrl/);
      assert.doesNotMatch(html, /<script(?![^>]*\bsrc="\/sign-assets\/)/, 'no inline script');
    });

    test('a wrong or short token: a framable 404 page that tells the app document-error, naming nothing', async () => {
      for (const token of ['x'.repeat(43), 'short']) {
        const res = await page(`/embed/sign/${token}`, { 'accept-language': 'es-AR' });
        assert.equal(res.status, 404);
        assert.ok(res.headers.get('content-security-policy')!.includes(`frame-ancestors ${ANCESTORS}`));
        const html = await res.text();
        assert.match(html, /<html lang="es" class="embed">/);
        assert.match(html, /Este enlace no es válido/);
        assert.equal(scriptOf(html), 'embed-notice.js');
        assert.equal(metaOf(html, 'firma-embed-error'), 'null');
        assert.equal(metaOf(html, 'firma-envelope-id'), null);
      }
    });

    test('without an exact allowed origin the page names no envelope, document, recipient nor origin', async () => {
      const closed = await startTestServer({
        database,
        env: { FIRMA_FRAME_ANCESTORS: "'none' https://*.example.com" },
      });
      try {
        const { urls } = await createPendingDocument(closed.api);
        const res = await fetch(`${closed.url}/embed/sign/${tokenOf(urls.get('ana@example.com')!)}`);
        assert.equal(res.status, 200);
        assert.match(res.headers.get('content-security-policy')!, /frame-ancestors 'none' https:\/\/\*\.example\.com/);
        const html = await res.text();
        for (const name of ['firma-embed-origins', 'firma-envelope-id', 'firma-document-id', 'firma-recipient-id'])
          assert.equal(metaOf(html, name), null, name);
        assert.equal(metaOf(html, 'firma-embed-protocol'), 'documenso');
      } finally {
        await closed.close();
      }
    });

    test('white-label: only for a platform that turned it on, and in multisign only when every platform did', async () => {
      const other = await server.newPlatform();
      const own = await createPendingDocument(server.api);
      const theirs = await createPendingDocument(other);
      const ownToken = tokenOf(own.urls.get('ana@example.com')!);
      const theirToken = tokenOf(theirs.urls.get('ana@example.com')!);
      await setPlatformEmbedWhiteLabel(server.ctx, { platform: other.platformName, on: true });
      const whiteLabel = async (path: string) => metaOf(await (await page(path)).text(), 'firma-embed-white-label');
      assert.equal(await whiteLabel(`/embed/sign/${theirToken}`), 'on');
      assert.equal(await whiteLabel(`/embed/sign/${ownToken}`), null, "another platform's switch changes nothing here");
      assert.equal(await whiteLabel(`/embed/v1/multisign?token=${theirToken}&token=${ownToken}`), null);
      await setPlatformEmbedWhiteLabel(server.ctx, { platform: 'default', on: true });
      assert.equal(await whiteLabel(`/embed/v1/multisign?token=${theirToken}&token=${ownToken}`), 'on');
      // Each platform's page names its own envelope only.
      const html = await (await page(`/embed/sign/${theirToken}`)).text();
      assert.equal(metaOf(html, 'firma-envelope-id'), theirs.envelopeId);
      assert.ok(!html.includes(own.envelopeId) && !html.includes(ownToken));
      await setPlatformEmbedWhiteLabel(server.ctx, { platform: 'default', on: false });
      await assert.rejects(setPlatformEmbedWhiteLabel(server.ctx, { platform: 'nobody-here', on: true }), {
        code: 'NOT_FOUND',
      });
    });

    test('multisign: the first document still open, then the next from `document`, then the summary', async () => {
      const first = await createPendingDocument(server.api);
      const second = await createPendingDocument(server.api);
      const a = tokenOf(first.urls.get('ana@example.com')!);
      const b = tokenOf(second.urls.get('ana@example.com')!);
      const base = `/embed/v1/multisign?token=${a}&token=${b}`;
      const open = async (path: string) => {
        const res = await page(path);
        assert.equal(res.status, 200);
        const html = await res.text();
        assert.ok(!html.includes(a) && !html.includes(b), 'no token in the markup');
        return html;
      };
      let html = await open(base);
      assert.equal(scriptOf(html), 'embed-sign.js');
      assert.equal(metaOf(html, 'firma-embed-page'), 'multisign');
      assert.equal(metaOf(html, 'firma-multisign-current'), '0');
      assert.equal(metaOf(html, 'firma-envelope-id'), first.envelopeId);
      const documents = JSON.parse(metaOf(html, 'firma-multisign-documents')!);
      assert.deepEqual(
        documents.map((d: { state: string; title: string; documentId: number }) => [d.state, d.title, d.documentId]),
        [
          ['ready', 'Contrato de locación', first.documentId],
          ['ready', 'Contrato de locación', second.documentId],
        ],
      );
      html = await open(`${base}&document=1`);
      assert.equal(metaOf(html, 'firma-multisign-current'), '1');
      assert.equal(metaOf(html, 'firma-document-id'), String(second.documentId));

      await signAll(server.anon, a);
      html = await open(base);
      assert.equal(metaOf(html, 'firma-multisign-current'), '1', 'a signed document is skipped');
      const rejected = await server.anon.post(`/api/v2/signing/${b}/reject`, { json: { reason: 'Wrong amount' } });
      assert.equal(rejected.status, 200);
      html = await open(base);
      assert.equal(metaOf(html, 'firma-multisign-current'), null);
      assert.equal(scriptOf(html), 'embed-multisign.js');
      assert.deepEqual(
        JSON.parse(metaOf(html, 'firma-multisign-documents')!).map(
          (d: { signingStatus: string; reason: string | null }) => [d.signingStatus, d.reason],
        ),
        [
          ['SIGNED', null],
          ['REJECTED', 'Wrong amount'],
        ],
      );
    });

    test('multisign refuses no token, too many, one unknown, or a token that is not text: a 404 page', async () => {
      const { urls } = await createPendingDocument(server.api);
      const a = tokenOf(urls.get('ana@example.com')!);
      for (const path of [
        '/embed/v1/multisign',
        `/embed/v1/multisign?token=${a}&token=${'y'.repeat(43)}`,
        `/embed/v1/multisign?${Array.from({ length: 21 }, () => `token=${a}`).join('&')}`,
        `/embed/v1/multisign?token[x]=${a}`,
      ]) {
        const res = await page(path);
        assert.equal(res.status, 404, path.slice(0, 60));
        const html = await res.text();
        assert.equal(scriptOf(html), 'embed-notice.js');
        assert.ok(!html.includes(a));
      }
    });

    test('/embed/direct/{token}: the form in Documenso mode; unknown 404, disabled 410; externalId reaches the document', async () => {
      const { templateId, token } = await createDirectLink(server.api);
      const res = await page(`/embed/direct/${token}?externalId=crm-42`);
      assert.equal(res.status, 200);
      assert.ok(res.headers.get('content-security-policy')!.includes(`frame-ancestors ${ANCESTORS}`));
      const html = await res.text();
      assert.equal(scriptOf(html), 'embed-direct.js');
      assert.equal(metaOf(html, 'firma-embed-page'), 'direct');
      assert.ok(!html.includes(token));

      const unknown = await page(`/embed/direct/${'z'.repeat(43)}`);
      assert.equal(unknown.status, 404);
      assert.equal(metaOf(await unknown.text(), 'firma-embed-error'), 'NOT_FOUND');

      const before = await countRows(server, 'envelope');
      const tooLong = await server.anon.post(`/api/v2/direct/${token}`, {
        json: { name: 'Carla', email: 'carla@example.com', cuil: CUIL_B, code: '123456', externalId: 'x'.repeat(256) },
      });
      assert.equal(tooLong.status, 400);
      assert.equal(await countRows(server, 'envelope'), before, 'refused input makes nothing');
      const code = await directLinkCode(server.anon, smtp, token, 'carla@example.com');
      const made = await server.anon.post(`/api/v2/direct/${token}`, {
        json: { name: 'Carla Gómez', email: 'carla@example.com', cuil: CUIL_B, code, externalId: 'crm-42' },
      });
      assert.equal(made.status, 200, JSON.stringify(made.body));
      const doc = await server.api.get(`/api/v2/document/${made.body.documentId as number}`);
      assert.equal(doc.body.externalId, 'crm-42');
      const signing = await page(`/embed/sign/${made.body.token as string}?direct=1`);
      assert.equal(metaOf(await signing.text(), 'firma-document-id'), String(made.body.documentId));

      const off = await server.api.post('/api/v2/template/direct/toggle', {
        json: { templateId, enabled: false },
      });
      assert.equal(off.status, 200);
      const disabled = await page(`/embed/direct/${token}`);
      assert.equal(disabled.status, 410);
      assert.equal(metaOf(await disabled.text(), 'firma-embed-error'), 'DIRECT_LINK_DISABLED');
    });

    test('the authoring pages refuse a bad presign token with the framable 404 page; other authoring paths 501; other /embed/ paths 404', async () => {
      // The pages themselves are test/api/embed-authoring.test.ts'; here, what a wrong token meets.
      for (const path of [
        '/embed/v1/authoring/document/create?token=presign_x',
        '/embed/v1/authoring/template/edit/7?token=presign_x',
        '/embed/v2/authoring/envelope/create?token=presign_x',
        '/embed/v2/authoring/envelope/edit/envelope_abc?token=presign_x',
      ]) {
        const res = await page(path);
        assert.equal(res.status, 404, path);
        assert.match(res.headers.get('content-type')!, /^text\/html/);
        assert.ok(res.headers.get('content-security-policy')!.includes(`frame-ancestors ${ANCESTORS}`));
        assert.ok(!(await res.text()).includes('presign_x'), 'the token is not written into the page');
      }
      // An authoring path Documenso has and Firma does not serve: said so, readable and framable.
      for (const [path, language, heading] of [
        ['/embed/v1/authoring/unknown', 'en', /<h1>The embedded editor is not available yet<\/h1>/],
        ['/embed/v1/authoring/unknown', 'es', /El editor integrado todavía no está disponible/],
      ] as const) {
        const res = await page(path, { 'accept-language': language });
        assert.equal(res.status, 501, path);
        const html = await res.text();
        assert.match(html, heading);
        assert.equal(metaOf(html, 'firma-notice'), 'authoringTitle authoringBody');
      }
      const other = await page('/embed/v3/whatever');
      assert.equal(other.status, 404);
      assert.match(await other.text(), /This link is not valid/);
    });

    test('the page modules and the generated words are served; a completed envelope still opens its embed page', async () => {
      for (const name of [
        'embed-sign.js',
        'documenso-embed.js',
        'embed-options.js',
        'embed-theme.js',
        'embed-multisign.js',
      ]) {
        const res = await page(`/sign-assets/${name}`);
        assert.equal(res.status, 200, name);
      }
      const text = await (await page('/sign-assets/embed-text.js')).text();
      assert.match(text, /export const EMBED_TEXT = /);
      assert.match(text, /"authoringTitle":"L’editor integrato non è ancora disponibile"/);
      const { urls } = await createPendingDocument(server.api);
      const ana = tokenOf(urls.get('ana@example.com')!);
      await signAll(server.anon, ana);
      const bruno = tokenOf(urls.get('bruno@example.com')!);
      await signAll(server.anon, bruno);
      const res = await page(`/embed/sign/${ana}`);
      assert.equal(res.status, 200);
      assert.equal(scriptOf(await res.text()), 'embed-sign.js');
    });
  });
}
