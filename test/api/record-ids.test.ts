import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { multipartBody, onePagePdf } from '../helpers/documents.js';
import { listOperations, sampleValue, type OpenApiOperation } from '../helpers/openapi-sample.js';
import { startTestServer, testDatabases, type TestServer } from '../helpers/test-server.js';

/**
 * Numeric ids (documentId, templateId, recipient and field ids) are `integer` columns: 2^31 - 1 at
 * most. Beyond it an id names nothing, so it is answered like an unknown id, 404 with
 * {message, code}, on every route and both databases (PostgreSQL answered 500 "out of range for
 * type integer" on document/distribute and the recipient and field deletes). The routes come from
 * the OpenAPI documents, so a route added later is covered.
 */

/** Beyond the integer columns, at the edge of exact JSON numbers, and beyond exact numbers. */
const BEYOND = [2_147_483_648, 9_007_199_254_740_991, 1e20];

/** Lookups of several records leave unknown ids out of their answer instead of failing. */
const LEAVE_UNKNOWN_OUT = new Set(['/document/get-many', '/template/get-many', '/envelope/get-many']);

const isIdName = (name: string) => name === 'id' || name === 'ids' || /Ids?$/.test(name) || name === 'recipients';
const numeric = (type: string | undefined) => type === 'integer' || type === 'number';

/** Whether a schema holds a numeric id member anywhere. */
function holdsNumericId(schema: unknown, name = ''): boolean {
  if (!schema || typeof schema !== 'object') return false;
  const s = schema as Record<string, unknown>;
  if (numeric(s.type as string | undefined) && isIdName(name)) return true;
  if (s.type === 'array') return holdsNumericId(s.items, name);
  for (const [key, child] of Object.entries((s.properties as Record<string, unknown>) ?? {}))
    if (holdsNumericId(child, key)) return true;
  for (const k of ['oneOf', 'anyOf', 'allOf'])
    for (const alt of (s[k] as unknown[] | undefined) ?? []) if (holdsNumericId(alt, name)) return true;
  return false;
}

function takesNumericId(op: OpenApiOperation): boolean {
  if (op.parameters.some((p) => numeric(p.schema.type as string | undefined) && isIdName(p.name))) return true;
  const schema = op.body?.contentType === 'multipart/form-data' ? op.body.schema.properties?.payload : op.body?.schema;
  return holdsNumericId(schema);
}

for (const database of testDatabases()) {
  describe(`numeric ids beyond the id columns (${database})`, () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer({ database, worker: false });
    });
    after(() => server?.close());

    test('every route taking a numeric id answers 404 {message, code} for one beyond 2^31 - 1', async () => {
      const operations = [
        ...listOperations((await server.anon.get('/api/v2/openapi.json')).body, '/api/v2'),
        ...listOperations((await server.anon.get('/api/v1/openapi.json')).body, '/api/v1'),
      ].filter(takesNumericId);
      // The seven routes of the report, at least, are found in the documents.
      const paths = new Set(operations.map((op) => `${op.prefix}${op.path}`));
      for (const p of [
        '/api/v2/document/distribute',
        '/api/v2/envelope/recipient/delete',
        '/api/v2/envelope/field/delete',
        '/api/v2/document/recipient/delete',
        '/api/v2/document/field/delete',
        '/api/v2/template/recipient/delete',
        '/api/v2/template/field/delete',
      ])
        assert.ok(paths.has(p), `${p} takes a numeric id`);
      assert.ok(operations.length >= 40, `${operations.length} operations take a numeric id`);

      const pdf = await onePagePdf();
      const failures: string[] = [];
      for (const value of BEYOND) {
        for (const op of operations) {
          const idFor = (name: string, type: string | undefined) =>
            numeric(type) && isIdName(name) ? value : undefined;
          const path = op.path.replace(/\{([^}]+)\}/g, (_m, name: string) => {
            const type = op.parameters.find((p) => p.name === name)?.schema.type as string | undefined;
            return numeric(type) && isIdName(name) ? String(BigInt(value)) : 'x'.repeat(24);
          });
          const query = op.parameters
            .filter((p) => p.in === 'query' && numeric(p.schema.type as string | undefined) && isIdName(p.name))
            .map((p) => `${p.name}=${BigInt(value)}`)
            .join('&');
          const url = `${op.prefix}${path}${query ? `?${query}` : ''}`;
          const client = op.public ? server.anon : server.api;
          let res;
          if (op.body?.contentType === 'multipart/form-data') {
            const payloadSchema = op.body.schema.properties?.payload ?? {};
            const payload = payloadSchema.type === 'object' ? sampleValue(payloadSchema, { idFor }) : { title: 'x' };
            const fileField = op.body.schema.properties?.file ? 'file' : 'files';
            res = await client.request(op.method, url, {
              body: multipartBody(payload, [{ field: fileField, bytes: pdf }]),
            });
          } else if (op.body) {
            res = await client.request(op.method, url, { json: sampleValue(op.body.schema, { idFor }) });
          } else {
            res = await client.request(op.method, url);
          }
          const expected = LEAVE_UNKNOWN_OUT.has(op.path) && op.prefix === '/api/v2' ? 200 : 404;
          const body = res.body as { message?: unknown; code?: unknown };
          const shaped = expected === 200 || (typeof body?.message === 'string' && typeof body?.code === 'string');
          if (res.status !== expected || !shaped)
            failures.push(`${op.method} ${url} → ${res.status} ${JSON.stringify(res.body).slice(0, 160)}`);
        }
      }
      assert.deepEqual(failures, []);
    });

    test('an id beyond the range in a get-many is left out, like an unknown one', async () => {
      const res = await server.api.post('/api/v2/document/get-many', {
        json: { documentIds: [2_147_483_648, 2_147_483_647] },
      });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      assert.deepEqual(res.body.data, []);
    });

    test('ids below 1, fractions and text are still malformed: 400 naming the member', async () => {
      for (const documentId of [0, -1, 1.5, '7']) {
        const res = await server.api.post('/api/v2/document/distribute', { json: { documentId } });
        assert.equal(res.status, 400, JSON.stringify(res.body));
        assert.equal(res.body.code, 'VALIDATION_ERROR');
        assert.match(res.body.message + JSON.stringify(res.body.issues), /documentId/);
      }
      const mixed = await server.api.post('/api/v2/document/distribute', {
        json: { documentId: 2_147_483_648, includeSigningUrls: 'yes' },
      });
      assert.equal(mixed.status, 400, 'another malformed member keeps the 400');
    });
  });
}
