import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, describe, test } from 'node:test';
import { createDocument } from '../helpers/documents.js';
import type { HttpResponse } from '../helpers/http-client.js';
import { startS3Server, type TestS3Server } from '../helpers/s3-server.js';
import { startTestServer, testDatabases, type TestServer } from '../helpers/test-server.js';

/** Polls `call` until it answers `status` (the readiness result is cached for a couple of seconds). */
async function until(call: () => Promise<HttpResponse>, status: number, withinMs = 120_000): Promise<HttpResponse> {
  const started = Date.now();
  for (;;) {
    const answer = await call();
    if (answer.status === status || Date.now() - started > withinMs) return answer;
    await sleep(200);
  }
}

/**
 * The S3 bucket going away under a running server: its own code (503 STORAGE_UNAVAILABLE, not the
 * database's), /ready reporting it, the metrics counting it, and back on its own once S3 returns.
 */
for (const database of testDatabases()) {
  describe(`an S3 outage (${database})`, () => {
    let s3: TestS3Server;
    let server: TestServer;
    before(async () => {
      s3 = await startS3Server();
      server = await startTestServer({ database, env: { ...s3.env } });
    });
    after(async () => {
      await server?.close();
      await s3?.close();
    });

    test('503 STORAGE_UNAVAILABLE with Retry-After, /ready 503 naming the store, counted; ready again once S3 is back', async () => {
      assert.equal((await createDocument(server.api)).status, 200);
      await s3.stop();
      try {
        const refused = await createDocument(server.api);
        assert.equal(refused.status, 503, JSON.stringify(refused.body));
        assert.deepEqual(refused.body, {
          message: 'The file store is temporarily unavailable; retry shortly',
          code: 'STORAGE_UNAVAILABLE',
        });
        assert.ok(Number(refused.headers.get('retry-after')) >= 1);
        assert.doesNotMatch(refused.bytes.toString(), new RegExp(`${s3.endpoint}|${s3.bucket}`));
        const ready = await until(() => server.anon.get('/ready'), 503);
        assert.equal(ready.status, 503);
        assert.equal(ready.body.code, 'STORAGE_UNAVAILABLE');
        assert.equal((await server.anon.get('/health')).status, 200);
        assert.match(await server.ctx.metrics.render(), /firma_storage_failures_total\{kind="unavailable"\} [1-9]/);
      } finally {
        await s3.start();
      }
      assert.equal((await until(() => server.anon.get('/ready'), 200)).status, 200);
      const created = await createDocument(server.api);
      assert.equal(created.status, 200, JSON.stringify(created.body));
    });
  });
}
