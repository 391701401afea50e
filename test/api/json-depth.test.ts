import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { countRows, startTestServer, testDatabases, type TestServer } from '../helpers/test-server.js';
import { createPendingDocument, onePagePdf } from '../helpers/documents.js';
import { tokenOf } from '../helpers/signing.js';
import type { HttpClient, HttpResponse } from '../helpers/http-client.js';

/**
 * Issue 31, item 1: a JSON body nested tens of thousands deep held the event loop for seconds
 * (every walk over it copied the path at each level). Nesting is now bounded while the body is
 * parsed (64 levels), before JSON.parse and before any walk, on every route that takes JSON,
 * public or not; authenticated routes still check the token first.
 */

const BODY_LIMIT = 1024 * 1024;
/** `[` and `]` per level: the deepest array that fits the 1 MB body limit is 524,288 levels. */
const arrays = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
/** `{"a":` and `}` per level: the deepest object that fits is 174,762 levels. */
const objects = (depth: number) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);

const HOSTILE: [string, string][] = [
  ['arrays 10k deep', arrays(10_000)],
  ['arrays 30k deep', arrays(30_000)],
  ['arrays 500k deep', arrays(500_000)],
  ['objects 10k deep', objects(10_000)],
  ['objects 30k deep', objects(30_000)],
  ['objects 170k deep', objects(170_000)],
  // Depth inside an ordinary-looking body, behind strings that hold brackets and escaped quotes.
  ['a member 30k deep', `{"reason":"[{\\"[","x":${arrays(30_000)}}`],
];
for (const [, body] of HOSTILE) assert.ok(Buffer.byteLength(body) <= BODY_LIMIT);

/** A generous ceiling so a regression fails here instead of hanging the suite; no timing assertion. */
const send = (
  client: HttpClient,
  path: string,
  body: string,
  headers: Record<string, string> = {},
): Promise<HttpResponse> =>
  client.post(path, {
    body,
    headers: { 'content-type': 'application/json', ...headers },
    signal: AbortSignal.timeout(60_000),
  });

function assertTooDeep(res: HttpResponse, what: string): void {
  assert.equal(res.status, 400, `${what}: ${JSON.stringify(res.body).slice(0, 200)}`);
  assert.equal(res.body.code, 'JSON_TOO_DEEP', what);
  assert.equal(typeof res.body.message, 'string', what);
}

for (const database of testDatabases()) {
  describe(`JSON nesting depth (${database})`, () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer({ database, worker: false });
    });
    after(() => server?.close());

    test('public signing routes refuse deep bodies with 400 JSON_TOO_DEEP, for unknown and real links, changing nothing', async () => {
      const pending = await createPendingDocument(server.api);
      const token = tokenOf([...pending.urls.values()][0]!);
      for (const [what, body] of HOSTILE) {
        assertTooDeep(await send(server.anon, '/api/v2/signing/x/reject', body), `unknown link, ${what}`);
        assertTooDeep(await send(server.anon, `/api/v2-beta/signing/${token}/reject`, body), `real link, ${what}`);
        assertTooDeep(
          await send(server.anon, `/api/v2/signing/${token}/complete`, body, {
            'content-type': 'application/json; charset=utf-8',
          }),
          `complete, ${what}`,
        );
      }
      const envelope = await server.api.get(`/api/v2/document/${pending.documentId}`);
      assert.equal(envelope.body.status, 'PENDING');
      assert.ok(
        (envelope.body.recipients as { signingStatus: string }[]).every((r) => r.signingStatus === 'NOT_SIGNED'),
      );
    });

    test('authenticated routes check the token first (401 without a valid one), then refuse deep bodies with 400', async () => {
      const before = await countRows(server, 'envelope');
      const folders = (await server.api.get('/api/v2/folder')).body;
      const routes = [
        '/api/v2/folder/create',
        '/api/v2/webhook/create',
        '/api/v1/documents',
        '/api/v2/envelope/update',
      ];
      for (const [what, body] of HOSTILE) {
        for (const path of routes) {
          assertTooDeep(await send(server.api, path, body), `${path}, ${what}`);
          // Idempotent routes read the key only once the body is parsed: the refusal comes first.
          assertTooDeep(await send(server.api, path, body, { 'idempotency-key': `deep-${what}` }), `${path} keyed`);
          const anonymous = await send(server.anon, path, body);
          assert.equal(anonymous.status, 401, `${path} without a token, ${what}`);
          assert.equal(anonymous.body.code, 'UNAUTHORIZED');
          const wrong = await send(server.api.withToken('api_wrong'), path, body);
          assert.equal(wrong.status, 401, `${path} with a wrong token, ${what}`);
        }
      }
      assert.equal(await countRows(server, 'envelope'), before);
      assert.deepEqual((await server.api.get('/api/v2/folder')).body, folders);
      // The same key, sent again with a sound body, was never claimed by the refused requests.
      const fine = await server.api.post('/api/v2/folder/create', {
        json: { name: 'After deep bodies' },
        headers: { 'idempotency-key': `deep-${HOSTILE[0]![0]}` },
      });
      assert.equal(fine.status, 200, JSON.stringify(fine.body));
    });

    test('a body exactly 64 deep passes the depth check and is judged by the schema; 65 is refused', async () => {
      for (const [depth, expected] of [
        [64, 'VALIDATION_ERROR'],
        [65, 'JSON_TOO_DEEP'],
      ] as const) {
        for (const body of [arrays(depth), `{"url":"http://127.0.0.1:9/h","events":${arrays(depth - 1)}}`]) {
          const res = await send(server.api, '/api/v2/webhook/create', body);
          assert.equal(res.status, 400, body.slice(0, 60));
          assert.equal(res.body.code, expected, `${depth} deep: ${JSON.stringify(res.body).slice(0, 200)}`);
        }
      }
      // Brackets inside strings (with escaped quotes and backslashes) are text, not nesting.
      const text = `${'['.repeat(5000)}\\"{{{\\\\`;
      const res = await send(server.api, '/api/v2/folder/create', `{"name":"${text}"}`);
      assert.notEqual(res.body.code, 'JSON_TOO_DEEP', JSON.stringify(res.body).slice(0, 200));
    });

    test('prototype poisoning is still refused as INVALID_JSON', async () => {
      for (const body of ['{"__proto__":{"polluted":true}}', '{"a":{"constructor":{"prototype":{"polluted":true}}}}']) {
        const res = await send(server.api, '/api/v2/folder/create', body);
        assert.equal(res.status, 400, body);
        assert.equal(res.body.code, 'INVALID_JSON', body);
      }
      assert.equal(({} as Record<string, unknown>).polluted, undefined);
    });

    test('a multipart payload part nested deeper than 64 is refused with JSON_TOO_DEEP, as text or typed JSON, and nothing is stored', async () => {
      const before = await countRows(server, 'envelope');
      const pdf = Buffer.from(await onePagePdf());
      for (const [what, payload] of [HOSTILE[2]!, HOSTILE[5]!]) {
        for (const typed of [false, true]) {
          const body = Buffer.concat([
            Buffer.from(
              `--x\r\nContent-Disposition: form-data; name="payload"\r\n${typed ? 'Content-Type: application/json\r\n' : ''}\r\n${payload}\r\n`,
            ),
            Buffer.from(
              '--x\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n',
            ),
            pdf,
            Buffer.from('\r\n--x--\r\n'),
          ]);
          const res = await server.api.post('/api/v2/document/create', {
            body,
            headers: { 'content-type': 'multipart/form-data; boundary=x' },
            signal: AbortSignal.timeout(60_000),
          });
          assertTooDeep(res, `${what}${typed ? ', typed application/json' : ''}`);
        }
      }
      assert.equal(await countRows(server, 'envelope'), before);
    });

    test('the server answers /health after the deep bodies', async () => {
      assert.equal((await server.anon.get('/health')).status, 200);
    });
  });
}
