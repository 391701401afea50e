import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createPendingDocument } from '../helpers/documents.js';
import { tokenOf } from '../helpers/signing.js';
import { startTestServer, testDatabases, type TestServer } from '../helpers/test-server.js';

for (const database of testDatabases()) {
  describe(`signing page over HTTP (${database})`, () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer({ database, env: { FIRMA_FRAME_ANCESTORS: "'self' https://app.example.com" } });
    });
    after(() => server?.close());

    test('a valid link gets the page shell with a strict CSP, no referrer and no token in the markup', async () => {
      const { urls } = await createPendingDocument(server.api);
      const url = urls.get('ana@example.com')!;
      const res = await fetch(url);
      assert.equal(res.status, 200);
      assert.match(res.headers.get('content-type')!, /^text\/html/);
      const csp = res.headers.get('content-security-policy')!;
      assert.match(csp, /default-src 'none'/);
      assert.match(csp, /script-src 'self'(;|$)/, 'no inline or eval script');
      assert.match(csp, /frame-ancestors 'self' https:\/\/app\.example\.com/);
      for (const directive of [
        "style-src 'self'",
        "img-src 'self' data: blob:",
        "connect-src 'self'",
        "worker-src 'self' blob:",
        "font-src 'self'",
      ]) {
        assert.ok(csp.split(/;\s*/).includes(directive), `CSP has exactly ${directive}`);
      }
      assert.equal(res.headers.get('referrer-policy'), 'no-referrer');
      assert.equal(res.headers.get('cache-control'), 'no-store');
      assert.equal(res.headers.get('x-content-type-options'), 'nosniff');
      const html = await res.text();
      assert.ok(!html.includes(tokenOf(url)), 'the token stays out of the HTML');
      assert.doesNotMatch(html, /<script(?![^>]*\bsrc="\/sign-assets\/)/, 'only Firma-served scripts, none inline');
      assert.doesNotMatch(html, /(src|href)="(https?:)?\/\//, 'nothing loaded from elsewhere');
      assert.match(html, /<html lang="en">/);
    });

    test('the page language follows the envelope (Spanish)', async () => {
      const { urls } = await createPendingDocument(server.api, undefined, {
        distributionMethod: 'NONE',
        language: 'es',
      });
      const html = await (await fetch(urls.get('ana@example.com')!)).text();
      assert.match(html, /<html lang="es">/);
      assert.match(html, /Firmar documento/);
      const asked = await (
        await fetch(urls.get('ana@example.com')!, { headers: { 'accept-language': 'en-US' } })
      ).text();
      assert.match(asked, /<html lang="es">/, "the sender's choice wins over the browser's");
    });

    test('the shell preloads its whole static module graph and its language’s words, each served as a script', async () => {
      const { urls } = await createPendingDocument(server.api, undefined, {
        distributionMethod: 'NONE',
        language: 'es',
      });
      const html = await (await fetch(urls.get('ana@example.com')!)).text();
      const preloaded = [...html.matchAll(/<link rel="modulepreload" href="\/sign-assets\/([^"]+)">/g)].map(
        (m) => m[1]!,
      );
      // What signing.js imports at once, four levels deep, and the page language's dictionary.
      for (const module of ['i18n.js', 'signing-ui.js', 'dom.js', 'pdf-pages.js', 'pdf.mjs', 'verify.js', 'i18n/es.js'])
        assert.ok(preloaded.includes(module), `${module} is preloaded`);
      assert.ok(!preloaded.includes('i18n/en.js'), 'only the page language’s words');
      assert.equal(new Set(preloaded).size, preloaded.length, 'each once');
      for (const module of preloaded) {
        const res = await fetch(`${server.url}/sign-assets/${module}`);
        assert.equal(res.status, 200, module);
        assert.match(res.headers.get('content-type') ?? '', /^text\/javascript/, module);
        await res.arrayBuffer();
      }
    });

    test("without the sender's language the page follows Accept-Language; a chosen English stays English", async () => {
      const { urls } = await createPendingDocument(server.api);
      const url = urls.get('ana@example.com')!;
      const langOf = async (acceptLanguage?: string) => {
        const html = await (
          await fetch(url, acceptLanguage ? { headers: { 'accept-language': acceptLanguage } } : {})
        ).text();
        return /<html lang="([\w-]+)">/.exec(html)![1];
      };
      assert.equal(await langOf('es-AR'), 'es');
      assert.equal(await langOf('es-AR,es;q=0.9,en;q=0.8'), 'es');
      assert.equal(await langOf('sv-SE, sv;q=0.9, es;q=0.8, en;q=0.7'), 'es', 'the first the page speaks, by quality');
      assert.equal(await langOf('en-GB,es;q=0.5'), 'en');
      assert.equal(await langOf('es;q=0, en;q=0.1'), 'en', 'q=0 means not acceptable');
      assert.equal(await langOf('de-DE'), 'de');
      assert.equal(await langOf('pt-PT,pt;q=0.9'), 'pt-BR', 'any Portuguese gets the Brazilian page');
      assert.equal(await langOf('zh-Hans-CN'), 'zh');
      assert.equal(await langOf('sv-SE'), 'en', 'a language the page does not speak: English');
      assert.equal(await langOf(), 'en');

      const english = await createPendingDocument(server.api, undefined, {
        distributionMethod: 'NONE',
        language: 'en',
      });
      const html = await (
        await fetch(english.urls.get('ana@example.com')!, { headers: { 'accept-language': 'es-AR' } })
      ).text();
      assert.match(html, /<html lang="en">/);
    });

    test('the shell names the envelope and the exact origins its embedding events may go to, never the token', async () => {
      const { urls, envelopeId } = await createPendingDocument(server.api);
      const url = urls.get('ana@example.com')!;
      const html = await (await fetch(url)).text();
      assert.match(html, /<meta name="firma-embed-origins" content="self https:\/\/app\.example\.com">/);
      assert.ok(html.includes(`<meta name="firma-envelope-id" content="${envelopeId}">`));
      assert.match(html, /<html lang="en">/, 'with its own header unless ?embed=1');
      const embedded = await fetch(`${url}?embed=1`);
      assert.equal(embedded.status, 200);
      const embeddedHtml = await embedded.text();
      assert.match(embeddedHtml, /<html lang="en" class="embed">/);
      assert.ok(!embeddedHtml.includes(tokenOf(url)));
      assert.match(
        embedded.headers.get('content-security-policy')!,
        /frame-ancestors 'self' https:\/\/app\.example\.com/,
      );
      assert.doesNotMatch(await (await fetch(`${url}?embed=yes`)).text(), /class="embed"/);
      const wrong = await fetch(`${server.url}/sign/${'x'.repeat(43)}?embed=1`);
      assert.equal(wrong.status, 404);
      assert.doesNotMatch(await wrong.text(), /firma-envelope-id|class="embed"/);
    });

    test('with no allowed ancestor (the default) the shell names no envelope and no origin', async () => {
      const closed = await startTestServer({
        database,
        env: { FIRMA_FRAME_ANCESTORS: "'none' https://*.example.com" },
      });
      try {
        const { urls } = await createPendingDocument(closed.api);
        const res = await fetch(`${urls.get('ana@example.com')!}?embed=1`);
        assert.equal(res.status, 200);
        const html = await res.text();
        assert.match(html, /class="embed"/, 'chromeless still works');
        assert.doesNotMatch(html, /firma-embed-origins|firma-envelope-id|envelope_/);
      } finally {
        await closed.close();
      }
    });

    test('a wrong, short or garbage token gets the same 404 page, which never echoes the token', async () => {
      const bodies = new Set<string>();
      for (const token of ['x'.repeat(43), 'short', 'a'.repeat(200), '%3Cscript%3E']) {
        const res = await fetch(`${server.url}/sign/${token}`);
        assert.equal(res.status, 404);
        assert.match(res.headers.get('content-type')!, /^text\/html/);
        const html = await res.text();
        assert.match(html, /This link is not valid/);
        assert.ok(!html.includes(token));
        bodies.add(html);
      }
      assert.equal(bodies.size, 1, 'every wrong link looks the same');
      const spanish = await fetch(`${server.url}/sign/${'x'.repeat(43)}`, {
        headers: { 'accept-language': 'es-AR,es;q=0.9' },
      });
      assert.match(await spanish.text(), /Este enlace no es válido/);
    });

    test('assets are served by Firma with their types, cache validators, and nothing else is', async () => {
      for (const [name, type] of [
        ['signing.js', /^text\/javascript/],
        ['vocabulary.js', /^text\/javascript/],
        ['signing-ui.js', /^text\/javascript/],
        ['signing-api.js', /^text\/javascript/],
        ['embed-events.js', /^text\/javascript/],
        ['done.js', /^text\/javascript/],
        ['signature-font.ttf', /^font\/ttf/],
        ['i18n.js', /^text\/javascript/],
        ['signature-pad.js', /^text\/javascript/],
        ['signing.css', /^text\/css/],
        ['pdf.mjs', /^text\/javascript/],
        ['pdf.worker.mjs', /^text\/javascript/],
        ['digital-sign.js', /^text\/javascript/],
        ['digital-i18n.js', /^text\/javascript/],
        ['pkcs12-reader.js', /^text\/javascript/],
        ['forge.min.js', /^text\/javascript/],
      ] as const) {
        const res = await fetch(`${server.url}/sign-assets/${name}`);
        assert.equal(res.status, 200, name);
        assert.match(res.headers.get('content-type')!, type, name);
        const etag = res.headers.get('etag')!;
        assert.ok(etag, name);
        const body = await res.text();
        if (name.endsWith('.js'))
          assert.doesNotMatch(body, /https?:\/\/(?!www\.w3\.org)/, `${name} names no outside address`);
        const again = await fetch(`${server.url}/sign-assets/${name}`, { headers: { 'if-none-match': etag } });
        assert.equal(again.status, 304);
      }
      for (const name of ['../package.json', 'nope.js', '..%2Fpackage.json']) {
        const res = await fetch(`${server.url}/sign-assets/${name}`);
        assert.equal(res.status, 404, name);
      }
    });

    test('an unknown path under the signing API never echoes the token', async () => {
      const { urls } = await createPendingDocument(server.api);
      const token = tokenOf(urls.get('ana@example.com')!);
      const res = await server.anon.get(`/api/v2/signing/${token}/nothing-here`);
      assert.equal(res.status, 404);
      assert.ok(!JSON.stringify(res.body).includes(token));
      const huge = `${token}${'z'.repeat(1000)}`;
      const long = await server.anon.get(`/api/v2/signing/${huge}`);
      assert.equal(long.status, 404);
      assert.equal(long.body.code, 'ROUTE_NOT_FOUND');
      assert.ok(!JSON.stringify(long.body).includes(token), 'an over-long path is not echoed either');
    });
  });
}
