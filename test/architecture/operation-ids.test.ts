import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { OpenAPIV3_1 } from 'openapi-types';
import { startTestServer, type TestServer } from '../helpers/test-server.js';

/**
 * Each operation of the API has its own `operationId`, defined once across every OpenAPI document
 * the server publishes (v2, which holds the signing routes too, v1, and the web app's API; v2-beta is
 * v2 again under another prefix). Clients and the generated SDKs name their methods after these ids: a second
 * route reusing one would shadow the first in every generated client. Read from the documents the
 * running server answers, so ids written any way (literals, templates per family) are all seen.
 */
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

interface Located {
  operationId: string | undefined;
  where: string;
}

function operationsOf(name: string, doc: OpenAPIV3_1.Document): Located[] {
  return Object.entries(doc.paths ?? {}).flatMap(([path, item]) =>
    METHODS.flatMap((method) => {
      const op = item?.[method];
      return op ? [{ operationId: op.operationId, where: `${name} ${method.toUpperCase()} ${path}` }] : [];
    }),
  );
}

/** Each id used by more than one operation, with where; and the operations that have none. */
function findProblems(operations: Located[]): { duplicates: Record<string, string[]>; missing: string[] } {
  const byId = new Map<string, string[]>();
  for (const { operationId, where } of operations)
    if (operationId) byId.set(operationId, [...(byId.get(operationId) ?? []), where]);
  return {
    duplicates: Object.fromEntries([...byId].filter(([, wheres]) => wheres.length > 1)),
    missing: operations.filter((o) => !o.operationId).map((o) => o.where),
  };
}

describe('OpenAPI operationIds', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ database: 'sqlite', worker: false });
  });
  after(() => server?.close());

  test('every operation of every published document has an operationId, and no id is defined twice', async () => {
    const operations: Located[] = [];
    for (const version of ['v2', 'v1', 'app', 'embed-authoring']) {
      const res = await server.anon.get(`/api/${version}/openapi.json`);
      assert.equal(res.status, 200);
      operations.push(...operationsOf(version, res.body as OpenAPIV3_1.Document));
    }
    assert.ok(operations.length > 100, `the documents list the operations (${operations.length})`);
    assert.ok(operations.some((o) => o.where.startsWith('v1 ')));
    assert.deepEqual(findProblems(operations), { duplicates: {}, missing: [] });
  });
});

test('the check reports an id defined twice, across documents too, and an operation without one', () => {
  const doc = (paths: OpenAPIV3_1.PathsObject): OpenAPIV3_1.Document => ({
    openapi: '3.1.0',
    info: { title: 't', version: '1' },
    paths,
  });
  const v2 = doc({
    '/a': { get: { operationId: 'a-get', responses: {} }, post: { operationId: 'shared', responses: {} } },
    '/b': { get: { responses: {} } },
  });
  const v1 = doc({ '/c': { put: { operationId: 'shared', responses: {} } } });
  assert.deepEqual(findProblems([...operationsOf('v2', v2), ...operationsOf('v1', v1)]), {
    duplicates: { shared: ['v2 POST /a', 'v1 PUT /c'] },
    missing: ['v2 GET /b'],
  });
});
