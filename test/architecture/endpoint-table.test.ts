import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import {
  API_DOC,
  BEGIN_MARKER,
  END_MARKER,
  renderEndpointTables,
  replaceGeneratedBlock,
  servedOpenApiDocuments,
} from '../../scripts/endpoint-table.js';

/**
 * The endpoint tables of docs/api.md are generated from the OpenAPI documents the app serves
 * (scripts/endpoint-table.ts). This fails when an operation is added, removed or renamed without
 * regenerating them: run `node --import tsx scripts/endpoint-table.ts`.
 */
test('docs/api.md lists exactly the operations the served OpenAPI documents hold', async () => {
  const { v2, v1, app, embedAuthoring } = await servedOpenApiDocuments();
  const block = renderEndpointTables(v2, v1, app, embedAuthoring);
  const operationCount = [v2, v1, app, embedAuthoring]
    .flatMap((document) => Object.values(document.paths ?? {}))
    .reduce((sum, item) => sum + Object.keys(item ?? {}).length, 0);
  assert.equal(
    block.split('\n').filter((line) => /^\| (GET|POST|PUT|PATCH|DELETE) /.test(line)).length,
    operationCount,
  );
  const current = readFileSync(API_DOC, 'utf8');
  assert.equal(
    replaceGeneratedBlock(current, block),
    current,
    'docs/api.md is out of date: run node --import tsx scripts/endpoint-table.ts',
  );
});

test('the generated block is replaced between its markers only, and missing markers are an error', () => {
  const text = `intro\n${BEGIN_MARKER}\nold\n${END_MARKER}\noutro\n`;
  assert.equal(replaceGeneratedBlock(text, 'NEW'), 'intro\nNEW\noutro\n');
  assert.throws(() => replaceGeneratedBlock('no markers here', 'NEW'), /lacks the endpoint-table markers/);
});
