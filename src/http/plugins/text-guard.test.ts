import assert from 'node:assert/strict';
import { test } from 'node:test';
import { nulPath } from './text-guard.js';

test('names the path of a NUL in a value or a key', () => {
  assert.deepEqual(nulPath({ a: [1, { b: 'x\u0000' }] }, ['body']), ['body', 'a', 1, 'b']);
  assert.deepEqual(nulPath({ a: { 'k\u0000': 1 } }, ['body']), ['body', 'a', 'k\u0000']);
  assert.deepEqual(nulPath('\u0000', ['query']), ['query']);
  assert.equal(nulPath({ a: ['clean'] }, ['body']), null);
});

test('walks a value 200,000 deep in one linear pass and names the full path of a NUL at its bottom', () => {
  // Before: each level copied its parent's path, 2·10^10 copies here; the server froze for minutes.
  const depth = 200_000;
  const deep = JSON.parse(`${'['.repeat(depth)}"\\u0000"${']'.repeat(depth)}`) as unknown;
  const path = nulPath(deep, ['body']);
  assert.equal(path?.length, depth + 1);
  assert.ok(path.slice(1).every((key) => key === 0));
  assert.equal(nulPath(JSON.parse(`${'['.repeat(depth)}"clean"${']'.repeat(depth)}`), ['body']), null);
});
