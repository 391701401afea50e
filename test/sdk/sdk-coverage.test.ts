import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { startTestServer, type TestServer } from '../helpers/test-server.js';

interface SdkOperation {
  file: string;
  operationId: string;
  method: string;
  path: string;
}

/** Every operation of the installed Documenso SDK, read from its own sources (one file per operation). */
function sdkOperations(): SdkOperation[] {
  const pkg = createRequire(import.meta.url).resolve('@documenso/sdk-typescript/package.json');
  const funcs = join(dirname(pkg), 'src', 'funcs');
  return readdirSync(funcs)
    .filter((f) => f.endsWith('.ts'))
    .map((file) => {
      const text = readFileSync(join(funcs, file), 'utf8');
      const path = /pathToFunc\("([^"]+)"/.exec(text)?.[1];
      const method = /method: "([A-Z]+)"/.exec(text)?.[1];
      const operationId = /operationID: "([^"]+)"/.exec(text)?.[1];
      assert.ok(path && method && operationId, `could not read the operation of ${file}`);
      return { file, operationId, method, path };
    });
}

describe("Documenso SDK coverage: every operation is in Firma's OpenAPI document", () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ database: 'sqlite', worker: false });
  });
  after(() => server.close());

  test('the SDK has the 89 operations this check was written against', () => {
    assert.equal(sdkOperations().length, 89);
  });

  for (const prefix of ['/api/v2', '/api/v2-beta'])
    test(`${prefix}: each SDK operation has its method and path`, async () => {
      const doc = (await server.anon.get(`${prefix}/openapi.json`)).body as {
        paths: Record<string, Record<string, unknown>>;
      };
      // Path parameters are compared by position, not by name.
      const normalise = (p: string) => p.replace(/\{[^}]+\}/g, '{}');
      const served = new Set(
        Object.entries(doc.paths).flatMap(([p, methods]) =>
          Object.keys(methods).map((m) => `${m.toUpperCase()} ${normalise(p)}`),
        ),
      );
      const missing = sdkOperations()
        .filter((op) => !served.has(`${op.method} ${normalise(op.path)}`))
        .map((op) => `${op.method} ${op.path} [${op.operationId}]`);
      assert.deepEqual(missing, [], `not in ${prefix}/openapi.json`);
    });
});
