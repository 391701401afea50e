import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { createPendingDocument } from '../helpers/documents.js';
import { HttpClient } from '../helpers/http-client.js';
import { tokenOf } from '../helpers/signing.js';
import { startTestServer, testDatabases, type TestServer } from '../helpers/test-server.js';

/**
 * A percent-encoded path reaches the same route as its plain spelling, so rate limits and log
 * redaction follow the route Fastify matched, not the raw path: `/api/v2/%73igning/{token}` is
 * the signing API, counted per IP, and its token never reaches a log line.
 */
for (const database of testDatabases()) {
  describe(`encoded paths are classified by their route (${database})`, () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer({
        database,
        worker: false,
        captureLogs: true,
        env: { LOG_LEVEL: 'info', FIRMA_SIGNING_RATE_LIMIT_PER_MINUTE: '5' },
      });
    });
    after(() => server?.close());

    test('random Authorization headers do not escape the per-IP signing limit', async () => {
      const pending = await createPendingDocument(server.api);
      const token = tokenOf([...pending.urls.values()][0]!);
      const statuses: number[] = [];
      for (let i = 0; i < 12; i++) {
        const client = new HttpClient(server.url, `api_${randomBytes(24).toString('base64url')}`);
        statuses.push((await client.get(`/api/v2/%73igning/${token}`)).status);
      }
      assert.ok(
        statuses.slice(0, 3).every((s) => s === 200),
        `the encoded path is served as the signing API: ${statuses.join(',')}`,
      );
      assert.ok(statuses.includes(429), `the per-IP limit applies: ${statuses.join(',')}`);
    });

    test('the signing token of an encoded path never reaches the log', async () => {
      const pending = await createPendingDocument(server.api);
      const token = tokenOf([...pending.urls.values()][0]!);
      await server.anon.get(`/api/v2/%73igning/${token}`);
      await server.anon.get(`/%73ign/${token}`);
      await server.anon.get(
        `/api/v2/signing/${encodeURIComponent(token).replace(/^(.)/, (c) => `%${c.charCodeAt(0).toString(16)}`)}`,
      );
      const logs = server.logs.join('\n');
      assert.ok(logs.includes('signing/:token') || logs.includes('[redacted]'), 'the requests were logged');
      assert.ok(!logs.includes(token), 'no line carries the token');
      assert.ok(!logs.includes(token.slice(1)), 'not even encoded');
    });
  });
}
