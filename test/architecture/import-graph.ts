import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The import graph of `src/`, read from the sources (relative imports only: packages are not ours),
 * shared by the architecture tests.
 */
export const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '../../src');

/** Every production module under `dir`: TypeScript, and the pages' JavaScript (vendored code aside). */
export function sourceFiles(dir: string, extensions: readonly string[] = ['.ts']): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'vendor' ? [] : sourceFiles(path, extensions);
    if (compiledCopy(path)) return [];
    return extensions.some((e) => name.endsWith(e)) && !/\.test\.[jt]s$/.test(name) ? [path] : [];
  });
}

/**
 * What a file imports: static imports and re-exports (type-only ones too: a cycle of types is
 * still two modules that cannot be understood one without the other), side-effect imports and
 * dynamic `import()`. `target` is the path as written, resolved against the file's folder.
 */
export function importsOf(file: string): { target: string; dynamic: boolean }[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/(?:from\s+|import\s*\(\s*|^import\s+)'(\.[^']+)'/gm)].map((m) => ({
    target: resolve(dirname(file), m[1]!),
    dynamic: /^import\s*\(/.test(m[0]),
  }));
}

/**
 * A `.js` beside its `.ts`: the test runner's compiled copy (scripts/compile-tests.mjs runs the
 * tests from a mirror holding both), never a source of its own.
 */
export function compiledCopy(path: string): boolean {
  return path.endsWith('.js') && existsSync(path.replace(/\.js$/, '.ts'));
}

/** The module an import names: the `.ts` source a `.js` specifier compiles from, or the file itself. */
export function moduleFile(target: string): string | null {
  const source = target.replace(/\.js$/, '.ts');
  if (source !== target && existsSync(source)) return source;
  return existsSync(target) && statSync(target).isFile() ? target : null;
}

/** The file-level import graph of `files`: each file and the files it imports (relative to `SRC`). */
export function fileGraph(files: readonly string[]): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const targets = importsOf(file)
      .map(({ target }) => moduleFile(target))
      .filter((t): t is string => t !== null);
    graph.set(relative(SRC, file), [...new Set(targets.map((t) => relative(SRC, t)))]);
  }
  return graph;
}

/**
 * Every cycle's strongly connected set of nodes (Tarjan), each with one loop through it written as
 * a path, so a failure names the files to untangle. Empty when the graph has no cycle.
 */
export function cyclesOf(graph: ReadonlyMap<string, Iterable<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string): void => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const members: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      members.push(member);
    } while (member !== node);
    const selfLoop = [...(graph.get(node) ?? [])].includes(node);
    if (members.length > 1 || selfLoop) found.push(loopThrough(graph, new Set(members), node));
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

/** One loop from `start` back to it inside `members` (breadth-first, so the shortest). */
function loopThrough(graph: ReadonlyMap<string, Iterable<string>>, members: Set<string>, start: string): string[] {
  const cameFrom = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift()!;
    for (const next of graph.get(node) ?? []) {
      if (!members.has(next)) continue;
      if (next === start) {
        const path = [start];
        for (let at = node; at !== start; at = cameFrom.get(at)!) path.splice(1, 0, at);
        return [...path, start];
      }
      if (!cameFrom.has(next)) {
        cameFrom.set(next, node);
        queue.push(next);
      }
    }
  }
  return [start, start];
}
