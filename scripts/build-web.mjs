#!/usr/bin/env node
// Bundles the web app (src/web/app, Preact + TSX) into dist/web/app with esbuild: minified ES
// modules, split per language and per shared chunk, every file named by its content's hash, and
// manifest.json naming the entry script and stylesheet the server's HTML shell links to.
//
// Files are written each to a temporary name then renamed, the manifest last: several test
// processes may build at once, and a reader never sees a half-written file (same content, same
// name, so concurrent builds agree). `node scripts/build-web.mjs` builds; `ensureWebBuild(root)`
// builds only when a source is newer than the manifest (what the page tests call).
import { build } from 'esbuild';
import { mkdirSync, readdirSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const SOURCE = ['src', 'web', 'app'];
const OUT = ['dist', 'web', 'app'];

/** Builds the app under `root` and returns the manifest written. */
export async function buildWebApp(root) {
  const outdir = join(root, ...OUT);
  const result = await build({
    absWorkingDir: root,
    entryPoints: { app: join(...SOURCE, 'main.tsx') },
    bundle: true,
    splitting: true,
    format: 'esm',
    target: 'es2022',
    minify: true,
    write: false,
    metafile: true,
    outdir,
    entryNames: '[name]-[hash]',
    chunkNames: '[name]-[hash]',
    assetNames: '[name]-[hash]',
    jsx: 'automatic',
    jsxImportSource: 'preact',
    tsconfig: join(root, ...SOURCE, 'tsconfig.json'),
    legalComments: 'none',
    logLevel: 'warning',
  });
  mkdirSync(outdir, { recursive: true });
  for (const file of result.outputFiles) {
    const temporary = `${file.path}.${process.pid}.tmp`;
    writeFileSync(temporary, file.contents);
    renameSync(temporary, file.path);
  }
  const outputs = Object.entries(result.metafile.outputs);
  // Dynamic imports (the dictionaries) are entry points of their own in the metafile: pick main.tsx's.
  const entry = outputs.find(([path, o]) => o.entryPoint === join(...SOURCE, 'main.tsx') && path.endsWith('.js'));
  if (!entry) throw new Error('esbuild wrote no entry script');
  const manifest = {
    script: basename(entry[0]),
    style: entry[1].cssBundle ? basename(entry[1].cssBundle) : null,
    // The chunks the entry imports statically: the browser loads them with it (the size budget counts them).
    imports: entry[1].imports.filter((i) => i.kind === 'import-statement').map((i) => basename(i.path)),
    files: outputs.map(([path]) => basename(path)),
  };
  const temporary = join(outdir, `manifest.json.${process.pid}.tmp`);
  writeFileSync(temporary, JSON.stringify(manifest, null, 2));
  renameSync(temporary, join(outdir, 'manifest.json'));
  return manifest;
}

function newestSource(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestSource(path) : statSync(path).mtimeMs);
  }
  return newest;
}

/** Builds when the manifest is missing or older than any source file; true when it built. */
export async function ensureWebBuild(root) {
  let built = 0;
  try {
    built = statSync(join(root, ...OUT, 'manifest.json')).mtimeMs;
  } catch {
    built = 0;
  }
  if (built > newestSource(join(root, ...SOURCE))) return false;
  await buildWebApp(root);
  return true;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const manifest = await buildWebApp(root);
  console.log(`web app: ${manifest.files.length} files in ${relative(process.cwd(), join(root, ...OUT)) || '.'}`);
}
