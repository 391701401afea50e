import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** One built file of the web app, served from memory. */
export interface AppAsset {
  body: Buffer;
  contentType: string;
  etag: string;
}

/** What the shell links to and what may be served: scripts/build-web.mjs's manifest.json. */
export interface AppBundle {
  script: string;
  style: string | null;
  /** Chunks the entry script imports at once (preloaded by the shell). */
  imports: string[];
  assets: Map<string, AppAsset>;
}

// src/http/web-app and dist/http/web-app are both three levels below the repository root, whose
// dist/web/app holds the bundle (`npm run build`, or `node scripts/build-web.mjs`).
const BUNDLE_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'dist', 'web', 'app');

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
};

interface Manifest {
  script: string;
  style: string | null;
  imports: string[];
  files: string[];
}

/**
 * Reads the bundle once it exists: null while it was never built (the pages then say so, and the
 * rest of the server works). Only the files the manifest names are ever served.
 */
export function appBundleLoader(dir = BUNDLE_DIR): () => AppBundle | null {
  let bundle: AppBundle | null = null;
  return () => {
    if (bundle) return bundle;
    let manifest: Manifest;
    try {
      manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as Manifest;
    } catch {
      return null;
    }
    const assets = new Map<string, AppAsset>();
    for (const name of manifest.files) {
      const type = TYPES[name.slice(name.lastIndexOf('.'))];
      if (!type) continue;
      const body = readFileSync(join(dir, name));
      const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`;
      assets.set(name, { body, contentType: type, etag });
    }
    bundle = { script: manifest.script, style: manifest.style, imports: manifest.imports, assets };
    return bundle;
  };
}
