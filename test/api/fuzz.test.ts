import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createDocument, createPendingDocument, multipartBody, onePagePdf } from '../helpers/documents.js';
import { listOperations, sampleValue, type JsonSchema, type OpenApiOperation } from '../helpers/openapi-sample.js';
import { tokenOf } from '../helpers/signing.js';
import { startTestServer, testDatabases, type TestServer } from '../helpers/test-server.js';

/**
 * Fuzzing from the OpenAPI documents: every operation, a valid request bent out of shape in many
 * ways (members dropped, retyped, oversized, unknown; odd path and query values; broken bodies),
 * with a fixed seed so a failure reproduces; then bodies bent in size and nesting (as deep, as wide
 * and as long as the body limit allows, and just past it). Firma must answer every one with a 2xx
 * or a 4xx within the deadline: no 5xx, no hang (issue 31: no request over 10 s).
 */

const SEED = 20261126;
const VARIANTS_PER_OPERATION = 32;
const DEADLINE_MS = 10_000;

/** mulberry32: small, fast, and the same sequence for the same seed. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ODD_VALUES: unknown[] = [
  null,
  true,
  0,
  -1,
  1.5,
  2 ** 53,
  -(2 ** 63),
  Number.MAX_VALUE,
  '',
  ' ',
  'x'.repeat(100_000),
  '../../etc/passwd',
  '%00\u0000',
  '💥'.repeat(300),
  '<script>alert(1)</script>',
  "'; drop table envelope; --",
  '1e309',
  'NaN',
  [],
  [null],
  {},
  JSON.parse('{"__proto__": {"polluted": true}}') as unknown,
  { constructor: { prototype: { polluted: true } } },
];
const ODD_SEGMENTS = [
  '0',
  '-1',
  '99999999999999999999999',
  'null',
  '%E2%82',
  '%2e%2e',
  'x'.repeat(3000),
  '%F0%9F%92%A5',
  'envelope_' + 'A'.repeat(16),
  '1.5',
  '%00',
];

function pick<T>(random: () => number, list: readonly T[]): T {
  return list[Math.floor(random() * list.length)]!;
}

/** Bends one member somewhere in `value`: replaced by an odd value, dropped, or joined by an unknown one. */
function mutate(value: unknown, random: () => number, depth = 0): unknown {
  if (Array.isArray(value)) {
    if (value.length === 0 || random() < 0.2)
      return random() < 0.5 ? [...value, pick(random, ODD_VALUES)] : Array.from({ length: 600 }, () => value[0] ?? 1);
    const i = Math.floor(random() * value.length);
    return value.map((v, j) => (j === i ? mutate(v, random, depth + 1) : v));
  }
  if (value && typeof value === 'object') {
    const keys = Object.keys(value);
    const out: Record<string, unknown> = { ...(value as Record<string, unknown>) };
    const roll = random();
    if (keys.length === 0 || roll < 0.1) out[`unknown_${Math.floor(random() * 1000)}`] = pick(random, ODD_VALUES);
    else {
      const key = pick(random, keys);
      if (roll < 0.3) delete out[key];
      else if (roll < 0.6 && depth < 4) out[key] = mutate(out[key], random, depth + 1);
      else out[key] = pick(random, ODD_VALUES);
    }
    return out;
  }
  return pick(random, ODD_VALUES);
}

/** The default FIRMA_MAX_JSON_BODY_KB, which the test server keeps. */
const BODY_LIMIT = 1024 * 1024;
const OPERATIONS_PER_SHAPE = 4;
const arrays = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
const objects = (depth: number) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);

/** JSON texts bent in nesting and size; `deep`: nested past the 64-level bound, to be refused as JSON_TOO_DEEP. */
const SHAPES: { name: string; text: () => string; deep: boolean }[] = [
  { name: 'arrays 64 deep', text: () => arrays(64), deep: false },
  { name: 'arrays 65 deep', text: () => arrays(65), deep: true },
  { name: 'objects 1,000 deep', text: () => objects(1000), deep: true },
  { name: 'arrays 100,000 deep', text: () => arrays(100_000), deep: true },
  // The deepest bodies the limit lets through: 524,288 levels of arrays, 174,762 of objects.
  { name: 'arrays at the body limit', text: () => arrays(BODY_LIMIT / 2), deep: true },
  { name: 'objects at the body limit', text: () => objects(Math.floor((BODY_LIMIT - 1) / 6)), deep: true },
  {
    name: 'a member nested at the body limit, behind bracket-filled strings',
    text: () => `{"title":"[[{\\"","x":${arrays(Math.floor((BODY_LIMIT - 40) / 2))}}`,
    deep: true,
  },
  {
    name: 'an object 70,000 members wide',
    text: () => JSON.stringify(Object.fromEntries(Array.from({ length: 70_000 }, (_, i) => [`k${i}`, i]))),
    deep: false,
  },
  { name: 'an array 500,000 items wide', text: () => `[${'0,'.repeat(499_999)}0]`, deep: false },
  {
    name: 'a string member as long as the limit',
    text: () => JSON.stringify({ title: 'x'.repeat(BODY_LIMIT - 20) }),
    deep: false,
  },
  {
    name: '20,000 strings of 40 characters',
    text: () => JSON.stringify(Array(20_000).fill('y'.repeat(40))),
    deep: false,
  },
  { name: 'just past the body limit', text: () => arrays(BODY_LIMIT / 2 + 1), deep: false },
];
for (const shape of SHAPES.slice(0, -1)) assert.ok(Buffer.byteLength(shape.text()) <= BODY_LIMIT, shape.name);

for (const database of testDatabases()) {
  describe(`fuzzing every operation of the OpenAPI documents (${database})`, () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer({ database, worker: false });
    });
    after(() => server?.close());

    test(`${VARIANTS_PER_OPERATION} bent requests per operation, seed ${SEED}: no 5xx, no hang`, async (t) => {
      const draft = (await server.api.get(`/api/v2/envelope/${(await createDocument(server.api)).body.envelopeId}`))
        .body;
      const pending = await createPendingDocument(server.api);
      const open = (await server.api.get(`/api/v2/envelope/${pending.envelopeId}`)).body;
      const token = tokenOf([...pending.urls.values()][0]!);
      const hook = (
        await server.api.post('/api/v2/webhook/create', {
          json: { url: 'http://127.0.0.1:9/h', events: ['DOCUMENT_SENT'] },
        })
      ).body;
      const operations = [
        ...listOperations((await server.anon.get('/api/v2/openapi.json')).body, '/api/v2'),
        ...listOperations((await server.anon.get('/api/v1/openapi.json')).body, '/api/v1'),
      ];
      const random = prng(SEED);
      const idFor = (op: OpenApiOperation) => (name: string) => {
        const target = random() < 0.5 ? draft : open;
        switch (name) {
          case 'token':
            return token;
          case 'documentId':
            return target === draft ? undefined : pending.documentId;
          case 'envelopeId':
            return target.id;
          case 'recipientId':
            return target.recipients[0].id;
          case 'fieldId':
            return target.fields[0].id;
          case 'envelopeItemId':
            return target.envelopeItems[0].id;
          case 'id':
            return op.path.startsWith('/webhook') ? hook.id : op.prefix === '/api/v1' ? pending.documentId : undefined;
          default:
            return undefined;
        }
      };

      const failures: string[] = [];
      const statuses = new Map<number, number>();
      let sent = 0;
      for (const op of operations) {
        const ids = idFor(op);
        for (let v = 0; v < VARIANTS_PER_OPERATION; v++) {
          const path = op.path.replace(/\{([^}]+)\}/g, (_m, name: string) =>
            random() < 0.3 ? pick(random, ODD_SEGMENTS) : encodeURIComponent(String(ids(name) ?? 'x')),
          );
          const query = op.parameters
            .filter((p) => p.in === 'query' && random() < 0.6)
            .map(
              (p) =>
                `${encodeURIComponent(p.name)}=${encodeURIComponent(String(random() < 0.5 ? sampleValue(p.schema, { idFor: ids }) : pick(random, ODD_VALUES)))}`,
            )
            .join('&');
          const url = `${op.prefix}${path}${query ? `?${query}` : ''}`;
          const client = op.public ? server.anon : server.api;
          const init: { body?: BodyInit; json?: unknown; headers?: Record<string, string> } = {};
          const valid = op.body ? sampleValue(op.body.schema, { idFor: ids, random }) : undefined;
          const roll = random();
          if (op.body?.contentType === 'multipart/form-data') {
            const payloadSchema: JsonSchema = op.body.schema.properties?.payload ?? {};
            const payload =
              payloadSchema.type === 'object' ? sampleValue(payloadSchema, { idFor: ids }) : { title: 'Fuzz' };
            const field = op.body.schema.properties?.file ? 'file' : 'files';
            if (roll < 0.2) init.body = 'garbage';
            else if (roll < 0.4)
              init.body = multipartBody(
                JSON.stringify(mutate(payload, random)).slice(0, 1 + Math.floor(random() * 400)),
                [{ field, bytes: await onePagePdf() }],
              );
            else
              init.body = multipartBody(mutate(payload, random), [
                {
                  field: random() < 0.2 ? 'other' : field,
                  bytes: random() < 0.3 ? new Uint8Array([37, 80, 68, 70]) : await onePagePdf(),
                },
              ]);
            if (roll < 0.2)
              init.headers = { 'content-type': `multipart/form-data; boundary=${random() < 0.5 ? 'x' : ''}` };
          } else if (op.body || op.method !== 'GET') {
            if (roll < 0.1) {
              init.body = '{"broken": ';
              init.headers = { 'content-type': 'application/json' };
            } else if (roll < 0.15) {
              init.body = 'a=b';
              init.headers = { 'content-type': 'application/x-www-form-urlencoded' };
            } else init.json = roll < 0.2 ? pick(random, ODD_VALUES) : mutate(valid ?? {}, random);
          }
          try {
            const res = await client.request(op.method, url, { ...init, signal: AbortSignal.timeout(DEADLINE_MS) });
            statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
            if (res.status >= 500)
              failures.push(
                `${op.method} ${url.slice(0, 120)} → ${res.status} ${JSON.stringify(res.body).slice(0, 160)}`,
              );
          } catch (error) {
            failures.push(`${op.method} ${url.slice(0, 120)} → ${(error as Error).name}: ${(error as Error).message}`);
          }
          sent++;
        }
      }
      t.diagnostic(
        `${sent} requests over ${operations.length} operations; statuses ${JSON.stringify(Object.fromEntries([...statuses].sort((a, b) => a[0] - b[0])))}`,
      );
      assert.ok(sent >= 1500, `sent ${sent}`);
      assert.deepEqual(failures, []);
      assert.equal((await server.anon.get('/health')).status, 200, 'the server is still up');
    });

    test(`bodies as deep, wide and long as the body limit allows, seed ${SEED}: no 5xx, no hang`, async (t) => {
      const operations = [
        ...listOperations((await server.anon.get('/api/v2/openapi.json')).body, '/api/v2'),
        ...listOperations((await server.anon.get('/api/v1/openapi.json')).body, '/api/v1'),
      ].filter((op) => op.body);
      const json = operations.filter((op) => op.body!.contentType === 'application/json');
      const uploads = operations.filter((op) => op.body!.contentType === 'multipart/form-data');
      const signing = json.filter((op) => op.public && op.path.startsWith('/signing/'));
      assert.ok(json.length > 20 && uploads.length > 2 && signing.length > 2);
      const random = prng(SEED + 1);
      const pdf = await onePagePdf();
      const failures: string[] = [];
      const statuses = new Map<number, number>();
      const send = async (
        op: OpenApiOperation,
        what: string,
        init: { body: BodyInit; headers?: Record<string, string> },
      ) => {
        const url = `${op.prefix}${op.path.replace(/\{([^}]+)\}/g, '1')}`;
        try {
          const res = await (op.public ? server.anon : server.api).request(op.method, url, {
            ...init,
            signal: AbortSignal.timeout(DEADLINE_MS),
          });
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
          if (res.status >= 500)
            failures.push(`${op.method} ${url} (${what}) → ${res.status} ${JSON.stringify(res.body).slice(0, 160)}`);
          return res;
        } catch (error) {
          failures.push(`${op.method} ${url} (${what}) → ${(error as Error).name}: ${(error as Error).message}`);
          return null;
        }
      };
      for (const shape of SHAPES) {
        const text = shape.text();
        // A public signing route (no token to stop the body first) and a few of the others.
        const targets = [
          pick(random, signing),
          ...Array.from({ length: OPERATIONS_PER_SHAPE }, () => pick(random, json)),
        ];
        for (const op of targets) {
          const res = await send(op, shape.name, { body: text, headers: { 'content-type': 'application/json' } });
          if (res && shape.deep && res.body?.code !== 'JSON_TOO_DEEP')
            failures.push(
              `${op.method} ${op.path} (${shape.name}) → ${res.status} ${String(res.body?.code)}, not JSON_TOO_DEEP`,
            );
        }
        const op = pick(random, uploads);
        const field = op.body!.schema.properties?.file ? 'file' : 'files';
        const res = await send(op, `payload part: ${shape.name}`, {
          body: multipartBody(text, [{ field, bytes: pdf }]),
        });
        // An upload about an id that names nothing (bulk-send of template 1) is a 404 before its parts are read.
        if (res && shape.deep && res.body?.code !== 'JSON_TOO_DEEP' && res.status !== 404)
          failures.push(
            `${op.method} ${op.path} (payload part: ${shape.name}) → ${res.status} ${String(res.body?.code)}, not JSON_TOO_DEEP`,
          );
      }
      t.diagnostic(`statuses ${JSON.stringify(Object.fromEntries([...statuses].sort((a, b) => a[0] - b[0])))}`);
      assert.deepEqual(failures, []);
      assert.equal((await server.anon.get('/health')).status, 200, 'the server is still up');
    });
  });
}
