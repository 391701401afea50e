import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { z } from 'zod';
import { defineOperation, type Operation } from '../../src/http/operation.js';
import { v1Operations } from '../../src/http/v1/v1.routes.js';
import { v2Operations } from '../../src/http/v2/index.js';
import { appOperations } from '../../src/http/app/index.js';

/**
 * The HTTP layer stays a set of lists of short values: no function in `src/http` is over 120
 * lines (a route family written as one long registration function is what operations replaced),
 * and within each API list an operationId names one operation only (the OpenAPI document, the
 * SDK and the Postman collection key on it).
 */
const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '../../src');
const MAX_FUNCTION_LINES = 120;

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return files(path);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [path] : [];
  });
}

/** Every function (declared, arrow, method, accessor) of a source text over `max` lines, as `line:name`. */
function longFunctions(fileName: string, text: string, max: number): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
      const last = source.getLineAndCharacterOfPosition(node.getEnd()).line + 1;
      const name = node.name && ts.isIdentifier(node.name) ? node.name.text : '(anonymous)';
      if (last - first + 1 > max) found.push(`${first}:${name} (${last - first + 1} lines)`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The operationIds a list defines more than once. */
function repeatedOperationIds(list: readonly Operation[]): string[] {
  const seen = new Set<string>();
  const repeated = new Set<string>();
  for (const op of list) {
    if (op.kind !== 'operation') continue;
    if (seen.has(op.spec.operationId)) repeated.add(op.spec.operationId);
    seen.add(op.spec.operationId);
  }
  return [...repeated];
}

test(`no function in src/http is over ${MAX_FUNCTION_LINES} lines`, () => {
  const tooLong: string[] = [];
  for (const file of files(join(SRC, 'http'))) {
    const where = relative(SRC, file);
    for (const found of longFunctions(file, readFileSync(file, 'utf8'), MAX_FUNCTION_LINES)) {
      tooLong.push(`${where}:${found}`);
    }
  }
  assert.deepEqual(tooLong, [], 'split these into named functions (or operation values)');
});

test('the line counter finds a long function and passes a short one', () => {
  const body = Array.from({ length: 130 }, (_, i) => `  const v${i} = ${i};`).join('\n');
  assert.deepEqual(longFunctions('long.ts', `export function long() {\n${body}\n}\n`, 120), ['1:long (132 lines)']);
  assert.deepEqual(longFunctions('arrow.ts', `export const f = () => {\n${body}\n};\n`, 120), [
    '1:(anonymous) (132 lines)',
  ]);
  assert.deepEqual(longFunctions('short.ts', 'export function short() {\n  return 1;\n}\n', 120), []);
});

test('each API list defines every operationId once', () => {
  const lists: Record<string, readonly Operation[]> = { v2: v2Operations, v1: v1Operations, app: appOperations };
  for (const [name, list] of Object.entries(lists)) {
    assert.ok(
      list.some((op) => op.kind === 'operation'),
      `${name} has operations`,
    );
    assert.deepEqual(repeatedOperationIds(list), [], `operationIds repeated in the ${name} list`);
  }
});

test('a list naming an operationId twice is caught', () => {
  const op = (url: string) =>
    defineOperation({
      method: 'GET',
      url,
      operationId: 'thing-get',
      summary: 'A thing',
      tags: ['Things'],
      response: z.object({}),
      handle: () => ({}),
    });
  assert.deepEqual(repeatedOperationIds([op('/a'), op('/b')]), ['thing-get']);
  assert.deepEqual(repeatedOperationIds([op('/a')]), []);
});
