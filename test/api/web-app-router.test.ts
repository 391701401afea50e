import assert from 'node:assert/strict';
import { test } from 'node:test';
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
