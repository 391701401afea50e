import assert from 'node:assert/strict';
import { test } from 'node:test';
import { generateApiToken, hashApiToken, hashesEqual, isApiTokenShaped, tokenHint } from './api-token-format.js';

test('a generated token is api_ plus 192 random bits in a URL-safe alphabet', () => {
  const token = generateApiToken();
  assert.match(token, /^api_[A-Za-z0-9_-]{32}$/);
  assert.equal(Buffer.from(token.slice(4), 'base64url').length, 24);
  assert.ok(isApiTokenShaped(token));
  assert.notEqual(generateApiToken(), token);
});

test('only the hash is comparable, and it compares in constant time', () => {
  const token = generateApiToken();
  const hash = hashApiToken(token);
  assert.match(hash, /^[0-9a-f]{64}$/);
  assert.ok(hashesEqual(hash, hashApiToken(token)));
  assert.ok(!hashesEqual(hash, hashApiToken(generateApiToken())));
  assert.equal(tokenHint(token), token.slice(4, 10));
});

test('strings that are not tokens are recognised as such', () => {
  assert.ok(!isApiTokenShaped('api_short'));
  assert.ok(!isApiTokenShaped('Bearer api_' + 'a'.repeat(32)));
});
