import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Ajv } from 'ajv';
import { startTestServer, type TestServer } from '../helpers/test-server.js';

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

describe('OpenAPI examples', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ database: 'sqlite', worker: false });
  });
  after(() => server?.close());

  for (const prefix of ['/api/v2', '/api/v1']) {
    test(`every operation of ${prefix} carries request and response examples that satisfy their schemas`, async () => {
      const doc = (await server.anon.get(`${prefix}/openapi.json`)).body;
      // The document's own components, so $refs resolve as a client's validator would resolve them.
      const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false });
      ajv.addSchema({ $id: 'doc', components: doc.components ?? {} });
      const check = (schema: object, example: unknown, where: string) => {
        const rewritten = JSON.parse(
          JSON.stringify(schema).replaceAll('"#/components/', '"doc#/components/'),
        ) as object;
        const validate = ajv.compile(rewritten);
        assert.ok(
          validate(example),
          `${where}: ${JSON.stringify(validate.errors?.slice(0, 3))} in ${JSON.stringify(example)}`,
        );
      };
      let operations = 0;
      let checked = 0;
      for (const [path, item] of Object.entries<Record<string, any>>(doc.paths)) {
        for (const method of METHODS) {
          const op = item[method];
          if (!op) continue;
          operations++;
          const where = `${method.toUpperCase()} ${path}`;
          const request = [
            ...(op.parameters ?? []).map((p: any) => [p.schema, p.example, `${where} parameter ${p.name}`]),
            ...Object.entries<any>(op.requestBody?.content ?? {}).map(([type, m]) => [
              m.schema,
              m.example,
              `${where} ${type} body`,
            ]),
          ];
          const responses = Object.entries<any>(op.responses ?? {}).flatMap(([status, r]) =>
            Object.entries<any>(r.content ?? {})
              .filter(([type]) => type.includes('json'))
              .map(([type, m]) => [m.schema, m.example, `${where} ${status} ${type}`]),
          );
          assert.ok(responses.length > 0, `${where} has a response example`);
          if (op.parameters?.length || op.requestBody) assert.ok(request.length > 0, `${where} has a request example`);
          for (const [schema, example, at] of [...request, ...responses]) {
            assert.notEqual(example, undefined, `${at} has an example`);
            check(schema, example, at);
            checked++;
          }
        }
      }
      assert.ok(operations >= (prefix === '/api/v2' ? 100 : 5), `${operations} operations`);
      assert.ok(checked > operations);
    });
  }

  test('the Postman collection shows the same examples: request bodies and saved responses', async () => {
    const doc = (await server.anon.get('/api/v2/openapi.json')).body;
    const collection = (await server.anon.get('/api/docs/postman.json')).body;
    const all = (items: any[]): any[] => items.flatMap((i) => (i.item ? all(i.item) : [i]));
    const requests = all(collection.item.filter((f: { name: string }) => !/flow|Webhook$/.test(f.name)));
    const distribute = requests.find((r) => r.request.url.raw.endsWith('/api/v2/document/distribute'));
    assert.deepEqual(
      JSON.parse(distribute.request.body.raw),
      doc.paths['/document/distribute'].post.requestBody.content['application/json'].example,
    );
    const create = requests.find((r) => r.request.url.raw.endsWith('/api/v2/document/create'));
    const payload = create.request.body.formdata.find((f: { key: string }) => f.key === 'payload');
    assert.deepEqual(
      JSON.parse(payload.value),
      doc.paths['/document/create'].post.requestBody.content['multipart/form-data'].example.payload,
    );
    for (const r of requests.filter((r) => r.request.url.raw.includes('/api/v2/')))
      assert.ok(
        r.response.some((saved: { code: number }) => saved.code === 400),
        `${r.name} has a saved example response`,
      );
    const get = requests.find((r) => r.request.url.raw.endsWith('/api/v2/document/:documentId'));
    const ok = get.response.find((saved: { code: number }) => saved.code === 200);
    assert.equal(JSON.parse(ok.body).title, 'Contrato de locación');
  });

  test('a wrong example is caught (the check can fail)', async () => {
    const doc = (await server.anon.get('/api/v2/openapi.json')).body;
    const media = doc.paths['/document/distribute'].post.requestBody.content['application/json'];
    const ajv = new Ajv({ strict: false, validateFormats: false });
    assert.ok(ajv.validate(media.schema, media.example));
    assert.ok(!ajv.validate(media.schema, { ...media.example, documentId: 'seven' }));
  });
});
