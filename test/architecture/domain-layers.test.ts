import assert from 'node:assert/strict';
import { join, relative } from 'node:path';
import { test } from 'node:test';
import { cyclesOf, importsOf, sourceFiles as files, SRC } from './import-graph.js';

/**
 * The folders of `src/domain` form layers: no folder imports one that imports it back, directly
 * or around a loop, and no dynamic `import()` dodges that. Shared rules live in `domain/model`
 * (envelope meta, signing turn and links, views, file names), which imports no other use-case
 * folder. `http/` and `cli/` never import `db/` (also an ESLint rule).
 */
const folderOf = (path: string): string | null => {
  const rel = relative(join(SRC, 'domain'), path);
  return rel.startsWith('..') || !rel.includes('/') ? null : rel.split('/')[0]!;
};

test('domain folders form layers: no cycle between folders, no dynamic import inside the domain', () => {
  const edges = new Map<string, Set<string>>();
  const dynamic: string[] = [];
  for (const file of files(join(SRC, 'domain'))) {
    const from = folderOf(file);
    for (const { target, dynamic: isDynamic } of importsOf(file)) {
      const to = folderOf(target);
      if (isDynamic && target.startsWith(SRC)) dynamic.push(relative(SRC, file));
      if (!from || !to || from === to) continue;
      if (!edges.has(from)) edges.set(from, new Set());
      edges.get(from)!.add(to);
    }
  }
  assert.deepEqual(dynamic, [], 'no dynamic import of our own code');
  assert.deepEqual(
    cyclesOf(edges).map((loop) => loop.join(' → ')),
    [],
    'domain folders import each other in a loop',
  );
  assert.ok(
    !edges.has('model') || [...edges.get('model')!].every((to) => ['fields', 'recipients', 'auth'].includes(to)),
    `domain/model imports only low-level folders: ${[...(edges.get('model') ?? [])].join(', ')}`,
  );
});

test('http/ and cli/ never import db/', () => {
  const offenders = [...files(join(SRC, 'http')), ...files(join(SRC, 'cli'))].filter((file) =>
    importsOf(file).some(({ target }) => relative(SRC, target).startsWith('db/')),
  );
  assert.deepEqual(
    offenders.map((f) => relative(SRC, f)),
    [],
  );
});
