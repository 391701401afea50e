import assert from 'node:assert/strict';
import { test } from 'node:test';
import { embedOrigins } from './embed-origins.js';

test("nothing is allowed by default ('none')", () => {
  assert.deepEqual(embedOrigins("'none'"), []);
  assert.deepEqual(embedOrigins(''), []);
});

test("'self' and exact origins count, spelled as a browser spells them", () => {
  assert.deepEqual(embedOrigins("'self'  https://App.Example.com:443/ http://127.0.0.1:8080 https://[::1]:9000"), [
    'self',
    'https://app.example.com',
    'http://127.0.0.1:8080',
    'https://[::1]:9000',
  ]);
});

test('patterns, bare schemes, hosts without a scheme and paths never become a message target', () => {
  assert.deepEqual(
    embedOrigins(
      'https://*.example.com http://127.0.0.1:* https: * app.example.com https://app.example.com/path ' +
        "'unsafe-inline' data: javascript://x ftp://files.example.com",
    ),
    [],
  );
});

test('an origin listed twice is posted to once', () => {
  assert.deepEqual(embedOrigins('https://a.example https://A.example/ https://a.example:443'), ['https://a.example']);
});
