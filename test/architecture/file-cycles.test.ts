import assert from 'node:assert/strict';
import { test } from 'node:test';
import { cyclesOf, fileGraph, sourceFiles, SRC } from './import-graph.js';

/**
 * No file of `src/` imports one that imports it back, directly or around a loop: a piece two
 * modules share moves down into a module of its own (a type, a constant, a builder), so every file
 * can be read, tested and moved with only what sits below it. The pages' scripts count too.
 */
test('no file-level import cycle anywhere in src/', () => {
  const graph = fileGraph(sourceFiles(SRC, ['.ts', '.js']));
  assert.ok(graph.size > 500, `the scan sees the sources (${graph.size} files)`);
  assert.ok(
    [...graph.values()].some((targets) => targets.includes('domain/envelopes/envelope-rows.ts')),
    'imports written as .js are resolved to their .ts sources',
  );
  const cycles = cyclesOf(graph);
  assert.deepEqual(
    cycles.map((loop) => loop.join(' → ')),
    [],
    'files import each other in a loop: move what they share into a module below both',
  );
});

test('the cycle finder reports a loop, a longer loop and a self-import, and nothing in a chain', () => {
  const chain = new Map([
    ['a.ts', ['b.ts', 'c.ts']],
    ['b.ts', ['c.ts']],
    ['c.ts', []],
  ]);
  assert.deepEqual(cyclesOf(chain), []);
  const loops = new Map([
    ['a.ts', ['b.ts']],
    ['b.ts', ['a.ts', 'c.ts']],
    ['c.ts', ['d.ts']],
    ['d.ts', ['e.ts']],
    ['e.ts', ['c.ts']],
    ['f.ts', ['f.ts']],
  ]);
  const found = cyclesOf(loops).map((loop) => loop.join(' → '));
  assert.equal(found.length, 3);
  assert.ok(found.includes('a.ts → b.ts → a.ts') || found.includes('b.ts → a.ts → b.ts'), found.join('; '));
  assert.ok(found.some((loop) => /^(c|d|e)\.ts → .* → \1\.ts$/.test(loop) && loop.split(' → ').length === 4));
  assert.ok(found.includes('f.ts → f.ts'));
});
