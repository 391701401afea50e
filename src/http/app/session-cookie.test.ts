import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { FastifyReply } from 'fastify';
import type { StartedSession } from '../../domain/accounts/session-view.js';
import { answerNewSession, clearSessionCookie, sessionTokenOf } from './session-cookie.js';

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

test('the cookie: HttpOnly, SameSite=Lax, Path=/; Secure under the __Host- prefix when the public URL is https', () => {
  const set: string[] = [];
  const reply = { header: (_name: string, value: string) => void set.push(value) } as unknown as FastifyReply;
  const started = { token: 'tok_en', maxAgeSeconds: 60, answer: {} as StartedSession['answer'] };
  answerNewSession(http, reply, started);
  answerNewSession(https, reply, started);
  clearSessionCookie(https, reply);
  assert.deepEqual(set, [
    'firma_session=tok_en; Path=/; HttpOnly; SameSite=Lax; Max-Age=60',
    '__Host-firma_session=tok_en; Path=/; HttpOnly; SameSite=Lax; Max-Age=60; Secure',
    '__Host-firma_session=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0; Secure',
  ]);
});
