import assert from 'node:assert/strict';
import { test } from 'node:test';
import { sessionTokenOf } from './session-cookie.js';

const http = { config: { publicUrl: 'http://localhost:3000' } } as Parameters<typeof sessionTokenOf>[0];
const https = { config: { publicUrl: 'https://firma.example' } } as Parameters<typeof sessionTokenOf>[0];

test('the session token is read from its own cookie only, and only when token-shaped', () => {
  assert.equal(sessionTokenOf(http, 'a=1; firma_session=abc_DEF-123; b=2'), 'abc_DEF-123');
  assert.equal(sessionTokenOf(http, 'firma_session=first; firma_session=second'), 'first');
  assert.equal(sessionTokenOf(http, 'xfirma_session=abc'), null);
  assert.equal(sessionTokenOf(http, 'firma_session=<script>'), null);
  assert.equal(sessionTokenOf(http, undefined), null);
  assert.equal(sessionTokenOf(https, 'firma_session=abc'), null, 'https uses the __Host- cookie');
  assert.equal(sessionTokenOf(https, '__Host-firma_session=abc'), 'abc');
});
