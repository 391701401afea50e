import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { gzipSync } from 'node:zlib';
import { createSetupLink } from '../../src/domain/accounts/create-setup-link.js';
import { defaultPlatformId, firstAdmin } from '../helpers/accounts.js';
import { startTestServer, testDatabases, type TestServer } from '../helpers/test-server.js';
import { ensureWebApp, WEB_APP_ROOT } from '../helpers/web-app.js';

const PAGES = [
  '/',
  '/sign-in',
  '/forgot-password',
  '/reset-password/abc',
  '/verify-email/abc',
  '/invitations/abc',
  '/settings/account',
  '/settings/members',
];

/** The script and stylesheet the shell links to, in its order. */
function linkedAssets(html: string): string[] {
  return [...html.matchAll(/(?:src|href)="(\/app-assets\/[^"]+)"/g)].map((m) => m[1]!);
}

/**
 * Issue 37, item 3: the web app's pages are one HTML shell at each app path, under the app's CSP,
 * with no inline script, in the user's language; its built files are cached for good under their
 * content-hashed names; an unknown file is 404. The first load stays under the size budget.
 */
for (const database of testDatabases()) {
  describe(`the web app's shell and files (${database})`, () => {
    let server: TestServer;
    before(async () => {
      await ensureWebApp();
      server = await startTestServer({ database });
    });
    after(() => server?.close());

    test('every page answers the shell: CSP, no inline script, no-store, never framed', async () => {
      for (const path of PAGES) {
        const page = await fetch(server.url + path);
        assert.equal(page.status, 200, path);
        const csp = page.headers.get('content-security-policy') ?? '';
        assert.match(csp, /default-src 'none'/, path);
        assert.match(csp, /script-src 'self'(;|$)/, `${path}: only Firma's own scripts`);
        assert.match(csp, /frame-ancestors 'none'/, path);
        assert.equal(page.headers.get('cache-control'), 'no-store', path);
        assert.equal(page.headers.get('referrer-policy'), 'no-referrer', path);
        const html = await page.text();
        assert.ok(!/<script(?![^>]*\ssrc=)/.test(html), `${path}: no inline script`);
        assert.ok(!/\sstyle=/.test(html) && !html.includes('<style'), `${path}: no inline style`);
        assert.ok(!html.includes('abc'), `${path}: the link's token is not in the markup`);
        // The chunks the entry imports statically (code it shares with lazy pages, such as the editor) are preloaded.
        const { imports } = JSON.parse(
          readFileSync(join(WEB_APP_ROOT, 'dist', 'web', 'app', 'manifest.json'), 'utf8'),
        ) as { imports: string[] };
        assert.equal(linkedAssets(html).length, 2 + imports.length, `${path}: one stylesheet, one script, its chunks`);
      }
      assert.equal((await fetch(`${server.url}/settings/nothing`)).status, 404, 'not an app path');
    });

    test('<html lang>: the language cookie first, then Accept-Language, else English', async () => {
      const langOf = async (headers: Record<string, string>) =>
        /<html lang="([^"]+)">/.exec(await (await fetch(`${server.url}/sign-in`, { headers })).text())?.[1];
      assert.equal(await langOf({}), 'en');
      assert.equal(await langOf({ 'accept-language': 'ja-JP,ja;q=0.9' }), 'ja');
      assert.equal(await langOf({ 'accept-language': 'pt-PT' }), 'pt-BR');
      assert.equal(await langOf({ 'accept-language': 'ja', cookie: 'firma_language=ko' }), 'ko');
      assert.equal(await langOf({ 'accept-language': 'de', cookie: 'firma_language=xx' }), 'de', 'unknown choice');
      assert.equal(await langOf({ cookie: 'firma_language="><script>' }), 'en', 'never echoed');
    });

    test('the setup link: a live one is the form (200), an unknown or used one says so (404)', async () => {
      const { url } = await createSetupLink(server.ctx, await defaultPlatformId(server));
      const live = await fetch(url);
      assert.equal(live.status, 200);
      assert.ok(!(await live.text()).includes('firma-link'));
      for (const path of ['/setup/unknown-token', `/setup/${'x'.repeat(300)}`, '/setup/%3Cscript%3E']) {
        const dead = await fetch(server.url + path);
        assert.equal(dead.status, 404, path);
        assert.match(await dead.text(), /<meta name="firma-link" content="invalid">/, path);
        assert.match(dead.headers.get('content-security-policy') ?? '', /default-src 'none'/);
      }
      // Used: the administrator made through another link, this one is still live; use it, then it is dead.
      await firstAdmin(server, 'owner@firma.example');
      const token = url.split('/setup/')[1]!;
      const used = await fetch(`${server.url}/api/app/setup/${token}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: server.url },
        body: JSON.stringify({ email: 'second@firma.example', name: 'Second', password: 'correct horse battery 42' }),
      });
      assert.equal(used.status, 200, await used.clone().text());
      assert.equal((await fetch(url)).status, 404, 'used');
    });

    test('built files: hashed names cached for good with an ETag (304 again); unknown names 404', async () => {
      const html = await (await fetch(`${server.url}/sign-in`)).text();
      for (const path of linkedAssets(html)) {
        const asset = await fetch(server.url + path);
        assert.equal(asset.status, 200, path);
        assert.equal(asset.headers.get('cache-control'), 'public, max-age=31536000, immutable', path);
        assert.match(
          asset.headers.get('content-type') ?? '',
          path.endsWith('.css') ? /^text\/css/ : /^text\/javascript/,
        );
        assert.match(path, /-[A-Z0-9]{8}\.(js|css)$/, 'a content-hashed name');
        const etag = asset.headers.get('etag')!;
        assert.ok(etag);
        assert.equal((await fetch(server.url + path, { headers: { 'if-none-match': etag } })).status, 304);
      }
      for (const name of ['nothing.js', 'manifest.json', '..%2Fmanifest.json', '%2E%2E%2F%2E%2E%2Fpackage.json'])
        assert.equal((await fetch(`${server.url}/app-assets/${name}`)).status, 404, name);
    });
  });
}

describe('the web app’s size budget', () => {
  test('the first load (entry script, its static imports, the stylesheet) is at most 200 KB gzip-compressed', async () => {
    await ensureWebApp();
    const dir = join(WEB_APP_ROOT, 'dist', 'web', 'app');
    const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as {
      script: string;
      style: string | null;
      imports: string[];
    };
    const files = [manifest.script, ...manifest.imports, ...(manifest.style ? [manifest.style] : [])];
    const compressed = files.reduce((sum, name) => sum + gzipSync(readFileSync(join(dir, name))).length, 0);
    assert.ok(compressed > 5_000, `the bundle holds the app (${compressed} bytes)`);
    assert.ok(compressed <= 200 * 1024, `first load: ${compressed} bytes compressed`);
  });
});
