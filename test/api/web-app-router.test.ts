import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { APP_PAGE_PATHS } from '../../src/http/web-app/app-page.routes.js';
import { matchPath, safeNext } from '../../src/web/app/router.js';

test('after signing in the app goes back only to one of its own paths, never to another site', () => {
  assert.equal(safeNext('/settings/account?team=2'), '/settings/account?team=2');
  assert.equal(safeNext('/invitations/abc'), '/invitations/abc');
  for (const elsewhere of [
    null,
    '',
    '//evil.example/x',
    '/\\evil.example',
    'https://evil.example/',
    'javascript:alert(1)',
  ])
    assert.equal(safeNext(elsewhere), '/', String(elsewhere));
});

test('the route table’s patterns: whole paths only, parameters decoded', () => {
  assert.deepEqual(matchPath('/reset-password/:token', '/reset-password/a%2Db'), { params: { token: 'a-b' } });
  assert.deepEqual(matchPath('/', '/'), { params: {} });
  assert.deepEqual(matchPath('/sign-in', '/sign-in/'), { params: {} });
  assert.equal(matchPath('/reset-password/:token', '/reset-password/a/b'), null);
  assert.equal(matchPath('/reset-password/:token', '/reset-password/'), null);
  assert.equal(matchPath('/', '/sign-in'), null);
  assert.equal(matchPath('/verify-email/:token', '/verify-email/%E0%A4%A'), null, 'a malformed escape');
});

test('the server answers the shell at every path the app draws, so a reload or a shared link opens the page', () => {
  // The app's route table (app.tsx) and the server's list (APP_PAGE_PATHS, plus the setup link,
  // which the server checks first) must name the same paths: a page the server does not know
  // works only when reached by a click, and 404s on reload (as /documents/{id} once did).
  const source = readFileSync(new URL('../../src/web/app/app.tsx', import.meta.url), 'utf8');
  const drawn = [...source.matchAll(/pattern: '([^']+)'/g)].map((m) => m[1]!).sort();
  assert.ok(drawn.length >= 10, 'the route table was read');
  assert.deepEqual(drawn, [...APP_PAGE_PATHS, '/setup/:token', '/p/:slug'].sort());
});
