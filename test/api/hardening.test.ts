import { randomUUID } from 'node:crypto';
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createDocument, multipartBody, onePagePdf, typicalPayload } from '../helpers/documents.js';
import { startTestServer, testRedisUrl, type TestServer } from '../helpers/test-server.js';
import { inOneRateWindow, limiterSetups } from '../helpers/rate-window.js';

for (const { database, redis } of limiterSetups()) {
  describe(`rate limits (${database}${redis ? ', Redis' : ''})`, () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer({
        database,
        worker: false,
        env: {
          FIRMA_RATE_LIMIT_PER_MINUTE: '5',
          FIRMA_SIGNING_RATE_LIMIT_PER_MINUTE: '3',
          // A fresh prefix: runs within one minute must not share counters.
          ...(redis ? { REDIS_URL: testRedisUrl()!, FIRMA_REDIS_PREFIX: `test-${randomUUID()}:` } : {}),
        },
      });
    });
    after(() => server?.close());

    test('per token: headers on every answer, then 429 with Retry-After; another token has its own budget; /health is exempt', () =>
      inOneRateWindow(async () => {
        const answers = [];
        for (let i = 0; i < 6; i++) answers.push(await server.api.get('/api/v2/me'));
        assert.deepEqual(
          answers.map((a) => a.status),
          [200, 200, 200, 200, 200, 429],
        );
        assert.equal(answers[0]!.headers.get('ratelimit-limit'), '5');
        assert.equal(answers[0]!.headers.get('ratelimit-remaining'), '4');
        assert.ok(Number(answers[0]!.headers.get('ratelimit-reset')) >= 1);
        // Documenso's names too: the same counts, the reset as a UTC epoch second.
        assert.equal(answers[0]!.headers.get('x-ratelimit-limit'), '5');
        assert.equal(answers[0]!.headers.get('x-ratelimit-remaining'), '4');
        const resetAt = Number(answers[0]!.headers.get('x-ratelimit-reset'));
        const nowSeconds = Date.now() / 1000;
        assert.ok(resetAt > nowSeconds - 1 && resetAt <= nowSeconds + 61, `epoch second ${resetAt}`);
        assert.equal(answers[5]!.headers.get('x-ratelimit-remaining'), '0');
        const refused = answers[5]!;
        assert.equal(refused.body.code, 'TOO_MANY_REQUESTS');
        assert.ok(Number(refused.headers.get('retry-after')) >= 1 && Number(refused.headers.get('retry-after')) <= 60);
        const other = await server.newPlatform();
        assert.equal((await other.get('/api/v2/me')).status, 200, 'another token is counted apart');
        for (let i = 0; i < 10; i++) assert.equal((await server.anon.get('/health')).status, 200);
      }));

    test('per IP on the signing routes, with their own limit', () =>
      inOneRateWindow(async () => {
        const statuses = [];
        for (let i = 0; i < 4; i++) statuses.push((await server.anon.get(`/api/v2/signing/${'x'.repeat(43)}`)).status);
        assert.deepEqual(statuses, [404, 404, 404, 429]);
      }));
  });

  if (redis) continue;
  describe(`Idempotency-Key (${database})`, () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer({ database, worker: false });
    });
    after(() => server?.close());

    const count = async () =>
      Number(
        (
          await server.ctx.db
            .selectFrom('envelope')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );

    test('a repeated multipart create answers the first document and creates nothing; another request with the key is 422', async () => {
      const before = await count();
      const send = async (payload = typicalPayload()) =>
        server.api.post('/api/v2/document/create', {
          body: multipartBody(payload, [{ field: 'file', bytes: await onePagePdf() }]),
          headers: { 'idempotency-key': 'create-1' },
        });
      const first = await send();
      assert.equal(first.status, 200);
      assert.equal(first.headers.get('idempotent-replayed'), null);
      const again = await send();
      assert.equal(again.status, 200);
      assert.equal(again.headers.get('idempotent-replayed'), 'true');
      assert.deepEqual(again.body, first.body, 'the same answer, although the multipart boundary differs');
      assert.equal(await count(), before + 1);
      const different = await send(typicalPayload({ title: 'Otro' }));
      assert.equal(different.status, 422);
      assert.equal(different.body.code, 'IDEMPOTENCY_KEY_REUSED');
      assert.equal(await count(), before + 1);
    });

    test('JSON distribute and webhook create replay their first answer; refusals are stored too; long keys are 400', async () => {
      const created = await createDocument(server.api);
      const body = { documentId: created.body.id, meta: { distributionMethod: 'NONE' }, includeSigningUrls: true };
      const first = await server.api.post('/api/v2/document/distribute', {
        json: body,
        headers: { 'idempotency-key': 'dist-1' },
      });
      const again = await server.api.post('/api/v2/document/distribute', {
        json: { includeSigningUrls: true, meta: { distributionMethod: 'NONE' }, documentId: created.body.id },
        headers: { 'idempotency-key': 'dist-1' },
      });
      assert.equal(again.headers.get('idempotent-replayed'), 'true', 'key order of the JSON body does not matter');
      assert.deepEqual(again.body, first.body);

      const hook = { url: 'http://127.0.0.1:9/h', events: ['DOCUMENT_SENT'] };
      const w1 = await server.api.post('/api/v2/webhook/create', {
        json: hook,
        headers: { 'idempotency-key': 'wh-1' },
      });
      const w2 = await server.api.post('/api/v2/webhook/create', {
        json: hook,
        headers: { 'idempotency-key': 'wh-1' },
      });
      assert.equal(w2.body.id, w1.body.id);
      assert.equal(
        (await server.api.get('/api/v2/webhook')).body.filter((w: { url: string }) => w.url === hook.url).length,
        1,
      );
      const stored = await server.ctx.db
        .selectFrom('idempotencyKey')
        .select('body')
        .where('key', '=', 'wh-1')
        .executeTakeFirstOrThrow();
      assert.ok(!stored.body!.includes(w1.body.secret), 'stored answers are sealed at rest');

      const bad1 = await server.api.post('/api/v2/document/distribute', {
        json: { documentId: 999_999 },
        headers: { 'idempotency-key': 'bad-1' },
      });
      const bad2 = await server.api.post('/api/v2/document/distribute', {
        json: { documentId: 999_999 },
        headers: { 'idempotency-key': 'bad-1' },
      });
      assert.equal(bad1.status, 404);
      assert.equal(bad2.status, 404);
      assert.equal(bad2.headers.get('idempotent-replayed'), 'true');

      const long = await server.api.post('/api/v2/document/distribute', {
        json: body,
        headers: { 'idempotency-key': 'k'.repeat(256) },
      });
      assert.equal(long.status, 400);
      const otherPlatform = await server.newPlatform();
      const theirs = await otherPlatform.post('/api/v2/webhook/create', {
        json: hook,
        headers: { 'idempotency-key': 'wh-1' },
      });
      assert.equal(theirs.status, 200, 'keys belong to a platform');
      assert.notEqual(theirs.body.id, w1.body.id);
    });

    test('concurrent identical creates with one key make one document; the others see 409 or the replay', async () => {
      const before = await count();
      const pdf = await onePagePdf();
      const answers = await Promise.all(
        Array.from({ length: 5 }, () =>
          server.api.post('/api/v2/document/create', {
            body: multipartBody(typicalPayload(), [{ field: 'file', bytes: pdf }]),
            headers: { 'idempotency-key': 'race-1' },
          }),
        ),
      );
      assert.ok(
        answers.every((a) => a.status === 200 || (a.status === 409 && a.body.code === 'IDEMPOTENCY_IN_PROGRESS')),
        JSON.stringify(answers.map((a) => a.status)),
      );
      assert.equal(new Set(answers.filter((a) => a.status === 200).map((a) => a.body.id)).size, 1);
      assert.equal(await count(), before + 1);
    });
  });

  describe(`security headers and CORS (${database})`, () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer({
        database,
        worker: false,
        env: { FIRMA_CORS_ORIGINS: 'https://app.example.com' },
      });
    });
    after(() => server?.close());

    test('nosniff everywhere, no-store on the API, CORS only for the configured origin', async () => {
      const res = await fetch(`${server.url}/api/v2/me`, {
        headers: { authorization: `Bearer ${server.api.token}`, origin: 'https://app.example.com' },
      });
      assert.equal(res.headers.get('x-content-type-options'), 'nosniff');
      assert.equal(res.headers.get('cache-control'), 'no-store');
      assert.equal(res.headers.get('access-control-allow-origin'), 'https://app.example.com');
      const foreign = await fetch(`${server.url}/api/v2/me`, {
        headers: { authorization: `Bearer ${server.api.token}`, origin: 'https://evil.example' },
      });
      assert.equal(foreign.headers.get('access-control-allow-origin'), null);
      const preflight = await fetch(`${server.url}/api/v2/document/create`, {
        method: 'OPTIONS',
        headers: { origin: 'https://app.example.com', 'access-control-request-method': 'POST' },
      });
      assert.equal(preflight.status, 204);
      assert.match(preflight.headers.get('access-control-allow-headers')!, /Idempotency-Key/);
      const health = await fetch(`${server.url}/health`);
      assert.equal(health.headers.get('x-content-type-options'), 'nosniff');
    });
  });
}

describe('CORS is off by default', () => {
  test('no Access-Control-Allow-Origin without FIRMA_CORS_ORIGINS', async () => {
    const server = await startTestServer({ database: 'sqlite', worker: false });
    try {
      const res = await fetch(`${server.url}/api/v2/me`, {
        headers: { authorization: `Bearer ${server.api.token}`, origin: 'https://app.example.com' },
      });
      assert.equal(res.status, 200);
      assert.equal(res.headers.get('access-control-allow-origin'), null);
    } finally {
      await server.close();
    }
  });
});
