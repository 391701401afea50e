// Compiles src/, test/ and scripts/ to JavaScript once per test run, so that each test file's process loads
// plain JavaScript instead of compiling TypeScript through tsx's loader (whose hooks cost each of
// the ~160 processes a second or two of CPU before its first test). Used by scripts/run-tests.mjs.
//
// The build is a mirror of the repository in a temporary directory: src/ and test/ are real
// directories holding every file as it is (the TypeScript sources too, for the tests and child
// processes that read or run them) and each .ts file's .js beside it; everything else at the top
// (node_modules, docs, dist, README.md…) is a link to the repository. So a file that finds another
// relative to its own import.meta.url (migrations, fonts, page assets, fixtures, docs) finds it in
// the mirror exactly where it is in the repository.
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

const COMPILED = ['src', 'test', 'scripts'];
const NOT_LINKED = new Set([...COMPILED, '.git']);

/** Copies `dir` (below `root`) into `out`, returning the TypeScript files to compile. */
function copyTree(root, dir, out, sources) {
  mkdirSync(join(out, relative(root, dir)), { recursive: true });
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) copyTree(root, path, out, sources);
    else {
      copyFileSync(path, join(out, relative(root, path)));
      if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts')) sources.push(path);
    }
  }
  return sources;
}

/** Builds the mirror of `root` and returns its directory; `removeTestBuild` deletes it. */
export async function compileTests(root) {
  // esbuild comes with tsx (its only compiler), so the tests need no dependency of their own.
  const { build } = createRequire(createRequire(join(root, 'package.json')).resolve('tsx'))('esbuild');
  const out = mkdtempSync(join(tmpdir(), 'firma-test-build-'));
  try {
    for (const name of readdirSync(root)) if (!NOT_LINKED.has(name)) symlinkSync(join(root, name), join(out, name));
    const sources = COMPILED.flatMap((dir) => copyTree(root, join(root, dir), out, []));
    await build({
      entryPoints: sources,
      outdir: out,
      outbase: root,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      // Stack traces and failed assertions name the .ts file and line in the repository.
      sourcemap: 'inline',
      sourcesContent: false,
      logLevel: 'error',
    });
    return out;
  } catch (error) {
    removeTestBuild(out);
    throw error;
  }
}

export function removeTestBuild(out) {
  rmSync(out, { recursive: true, force: true });
}
