import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { Ajv } from 'ajv';
import { startTestServer, type TestServer } from '../helpers/test-server.js';

const SCHEMA_PATH = new URL('../fixtures/postman-collection-v2.1.schema.json', import.meta.url);

interface PostmanItem {
  name: string;
  item?: PostmanItem[];
  request?: { method: string; url: { raw: string; path: string[] } };
}

function requests(items: PostmanItem[]): PostmanItem[] {
  return items.flatMap((i) => (i.item ? requests(i.item) : [i]));
}

describe('API reference page, OpenAPI documents, Postman collection, v2-beta', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ database: 'sqlite', worker: false });
  });
  after(() => server?.close());

  test('the reference page is served by Firma with a strict CSP and loads nothing from elsewhere', async () => {
    const res = await fetch(`${server.url}/api/docs`);
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-security-policy')!, /default-src 'none'; script-src 'self'/);
    const html = await res.text();
    assert.doesNotMatch(html, /(src|href)="(https?:)?\/\//);
    for (const asset of ['docs.js', 'docs.css'])
      assert.equal((await fetch(`${server.url}/api/docs/assets/${asset}`)).status, 200);
    assert.equal((await fetch(`${server.url}/api/docs/assets/nope.js`)).status, 404);
    const v1 = await server.anon.get('/api/v1/openapi.json');
    assert.equal(v1.body.openapi, '3.1.0');
    assert.ok(Object.keys(v1.body.paths).length >= 7);
  });

  test('the Postman collection is valid v2.1 and every request exists in the OpenAPI documents', async () => {
    const res = await server.anon.get('/api/docs/postman.json');
    assert.equal(res.status, 200);
    const collection: any = res.body;
    assert.equal(collection.info.schema, 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json');
    assert.deepEqual(
      collection.variable
        .filter((v: { key: string }) => ['base_url', 'api_token'].includes(v.key))
        .map((v: { key: string }) => v.key),
      ['base_url', 'api_token'],
    );
    assert.ok(existsSync(SCHEMA_PATH), 'the schema fixture is present');
    const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false });
    const validate = ajv.compile(JSON.parse(readFileSync(SCHEMA_PATH, 'utf8')) as object);
    assert.ok(validate({ ...collection }), JSON.stringify(validate.errors?.slice(0, 5)));
    assert.ok(!validate({ ...collection, info: { name: 'no schema' } }), 'the validation can fail');
    assert.ok(!validate({ ...collection, item: [{ name: 'r', request: { method: 'GET', body: { mode: 'weird' } } }] }));

    const docs = {
      '/api/v2': (await server.anon.get('/api/v2/openapi.json')).body,
      '/api/v1': (await server.anon.get('/api/v1/openapi.json')).body,
    };
    const all = requests(collection.item);
    assert.ok(all.length >= Object.keys(docs['/api/v2'].paths).length);
    for (const r of all) {
      const path = `/${r.request!.url.path.join('/')}`.replace(/\/:([A-Za-z]+)/g, '/{$1}');
      const prefix = path.startsWith('/api/v1') ? '/api/v1' : '/api/v2';
      const op = docs[prefix].paths[path.slice(prefix.length) || '/']?.[r.request!.method.toLowerCase()];
      assert.ok(op, `${r.request!.method} ${path} (${r.name}) is in the OpenAPI document`);
      assert.ok(r.request!.url.raw.startsWith('{{base_url}}/'));
    }
    const flow = collection.item.find((i: PostmanItem) => i.name === 'Typical flow');
    assert.ok(flow && flow.item.length >= 6, 'the typical sequence is a folder');
    assert.match(flow.item[0].name, /^1\. Create/);
    const create = flow.item[0].request;
    assert.equal(create.body.mode, 'formdata');
    assert.deepEqual(create.body.formdata.map((f: { key: string }) => f.key).sort(), ['file', 'payload']);
  });

  /** Operations whose empty request succeeds with a freshly minted secret. */
  const MINTS_FRESH_VALUES = new Set(['/embedding/create-presign-token']);

  test('every v2 operation answers identically under /api/v2-beta', async () => {
    const doc = (await server.anon.get('/api/v2/openapi.json')).body;
    let compared = 0;
    for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, unknown>>)) {
      for (const method of ['get', 'post', 'put', 'delete']) {
        if (!item[method]) continue;
        const concrete = path.replace(/\{[^}]+\}/g, (m) =>
          /id\}$/i.test(m) && !/envelope|item|webhook/i.test(m) ? '999999' : 'zz_unknown_0000000000000000',
        );
        const call = (prefix: string) =>
          server.api.request(
            method.toUpperCase(),
            `${prefix}${concrete}`,
            method === 'get' || method === 'delete' ? {} : { json: {} },
          );
        const [a, b] = await Promise.all([call('/api/v2'), call('/api/v2-beta')]);
        assert.equal(b.status, a.status, `${method} ${path}`);
        if (MINTS_FRESH_VALUES.has(path) && a.status === 200) {
          // Each call issues a new token with its own expiry: the same members, not the same values.
          assert.deepEqual(Object.keys(b.body).sort(), Object.keys(a.body).sort(), `${method} ${path}`);
          compared++;
          continue;
        }
        assert.deepEqual(
          typeof b.body === 'object' ? { ...b.body, requestId: undefined } : b.body,
          typeof a.body === 'object' ? { ...a.body, requestId: undefined } : a.body,
          `${method} ${path}`,
        );
        compared++;
      }
    }
    assert.ok(compared >= 30, `compared ${compared} operations`);
  });
});
