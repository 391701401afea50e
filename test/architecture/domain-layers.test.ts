import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

/**
 * The folders of `src/domain` form layers: no folder imports one that imports it back, directly
 * or around a loop, and no dynamic `import()` dodges that. Shared rules live in `domain/model`
 * (envelope meta, signing turn and links, views, file names), which imports no other use-case
 * folder. `http/` and `cli/` never import `db/` (also an ESLint rule).
 */
const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '../../src');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return files(path);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [path] : [];
  });
}

function importsOf(file: string): { target: string; dynamic: boolean }[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/(?:from\s+|import\s*\(\s*|^import\s+)'(\.[^']+)'/gm)].map((m) => ({
    target: resolve(dirname(file), m[1]!),
    dynamic: /^import\s*\(/.test(m[0]),
  }));
}

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
  // Depth-first search for a cycle; report it as a path.
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (node: string): string[] | null => {
    state.set(node, 'open');
    stack.push(node);
    for (const next of edges.get(node) ?? []) {
      if (state.get(next) === 'open') return [...stack.slice(stack.indexOf(next)), next];
      if (!state.has(next)) {
        const found = visit(next);
        if (found) return found;
      }
    }
    stack.pop();
    state.set(node, 'done');
    return null;
  };
  for (const node of edges.keys()) {
    if (state.has(node)) continue;
    const cycle = visit(node);
    assert.equal(cycle, null, `domain folders import each other in a loop: ${cycle?.join(' → ')}`);
  }
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
