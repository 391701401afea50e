import { readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { browserVocabularyModule } from '../../lib/vocabulary/browser-module.js';
import { LANGUAGES } from '../../lib/vocabulary/languages.js';
import { embedTextModule } from './embed-page-text.js';

/** One static file of the signing page, read once at start and served from memory. */
export interface PageAsset {
  body: Buffer;
  contentType: string;
  etag: string;
}

// src/http/page and dist/http/page are both three levels below the repository root, and the
// client code is plain JavaScript that needs no build: it is served from src/web as written, but
// for vocabulary.js, which the server writes from lib/vocabulary at start.
const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const WEB_DIR = join(ROOT, 'src', 'web', 'signing');
const require = createRequire(import.meta.url);
const PDFJS_DIR = join(dirname(require.resolve('pdfjs-dist/package.json')), 'legacy', 'build');
const FORGE_PATH = join(dirname(require.resolve('node-forge/package.json')), 'dist', 'forge.min.js');

/** The languages of the page's dictionaries (src/web/signing/i18n/<lang>.js): every document language. */
export const PAGE_LANGUAGES = LANGUAGES;

type Source = { path: string; contentType: string } | { text: () => string; contentType: string };

const SOURCES: Record<string, Source> = {
  // The field types and languages, from the server's own lists (lib/vocabulary), not a copy.
  'vocabulary.js': { text: browserVocabularyModule, contentType: 'text/javascript; charset=utf-8' },
  'signing.js': { path: join(WEB_DIR, 'signing.js'), contentType: 'text/javascript; charset=utf-8' },
  'pdf-pages.js': { path: join(WEB_DIR, 'pdf-pages.js'), contentType: 'text/javascript; charset=utf-8' },
  'field-list.js': { path: join(WEB_DIR, 'field-list.js'), contentType: 'text/javascript; charset=utf-8' },
  'direct.js': { path: join(WEB_DIR, 'direct.js'), contentType: 'text/javascript; charset=utf-8' },
  'done.js': { path: join(WEB_DIR, 'done.js'), contentType: 'text/javascript; charset=utf-8' },
  'field-values.js': { path: join(WEB_DIR, 'field-values.js'), contentType: 'text/javascript; charset=utf-8' },
  'field-paint.js': { path: join(WEB_DIR, 'field-paint.js'), contentType: 'text/javascript; charset=utf-8' },
  'signing-ui.js': { path: join(WEB_DIR, 'signing-ui.js'), contentType: 'text/javascript; charset=utf-8' },
  'dom.js': { path: join(WEB_DIR, 'dom.js'), contentType: 'text/javascript; charset=utf-8' },
  'signature-upload.js': { path: join(WEB_DIR, 'signature-upload.js'), contentType: 'text/javascript; charset=utf-8' },
  'final-dialogs.js': { path: join(WEB_DIR, 'final-dialogs.js'), contentType: 'text/javascript; charset=utf-8' },
  'signature-pad.js': { path: join(WEB_DIR, 'signature-pad.js'), contentType: 'text/javascript; charset=utf-8' },
  'embed-events.js': { path: join(WEB_DIR, 'embed-events.js'), contentType: 'text/javascript; charset=utf-8' },
  // Documenso's embed pages (/embed/*): the entry modules, the protocol, its options, look and words.
  ...Object.fromEntries(
    [
      'embed-sign.js',
      'embed-direct.js',
      'embed-multisign.js',
      'embed-notice.js',
      'documenso-embed.js',
      'embed-options.js',
      'embed-theme.js',
    ].map((name) => [name, { path: join(WEB_DIR, name), contentType: 'text/javascript; charset=utf-8' }]),
  ),
  'embed-text.js': { text: embedTextModule, contentType: 'text/javascript; charset=utf-8' },
  'signing-api.js': { path: join(WEB_DIR, 'signing-api.js'), contentType: 'text/javascript; charset=utf-8' },
  'verify.js': { path: join(WEB_DIR, 'verify.js'), contentType: 'text/javascript; charset=utf-8' },
  'account-verify.js': {
    path: join(WEB_DIR, 'account-verify.js'),
    contentType: 'text/javascript; charset=utf-8',
  },
  'digital-sign.js': { path: join(WEB_DIR, 'digital-sign.js'), contentType: 'text/javascript; charset=utf-8' },
  'digital-i18n.js': { path: join(WEB_DIR, 'digital-i18n.js'), contentType: 'text/javascript; charset=utf-8' },
  'digital-i18n-asia.js': {
    path: join(WEB_DIR, 'digital-i18n-asia.js'),
    contentType: 'text/javascript; charset=utf-8',
  },
  'csc-sign.js': { path: join(WEB_DIR, 'csc-sign.js'), contentType: 'text/javascript; charset=utf-8' },
  'csc-i18n.js': { path: join(WEB_DIR, 'csc-i18n.js'), contentType: 'text/javascript; charset=utf-8' },
  'pkcs12-reader.js': { path: join(WEB_DIR, 'pkcs12-reader.js'), contentType: 'text/javascript; charset=utf-8' },
  'i18n.js': { path: join(WEB_DIR, 'i18n.js'), contentType: 'text/javascript; charset=utf-8' },
  'language-menu.js': { path: join(WEB_DIR, 'language-menu.js'), contentType: 'text/javascript; charset=utf-8' },
  // One module per language, imported by i18n.js from `./i18n/<lang>.js` when the page shows it.
  ...Object.fromEntries(
    PAGE_LANGUAGES.map((lang) => [
      `i18n/${lang}.js`,
      { path: join(WEB_DIR, 'i18n', `${lang}.js`), contentType: 'text/javascript; charset=utf-8' },
    ]),
  ),
  'signing.css': { path: join(WEB_DIR, 'signing.css'), contentType: 'text/css; charset=utf-8' },
  'pdf.mjs': { path: join(PDFJS_DIR, 'pdf.min.mjs'), contentType: 'text/javascript; charset=utf-8' },
  'pdf.worker.mjs': { path: join(PDFJS_DIR, 'pdf.worker.min.mjs'), contentType: 'text/javascript; charset=utf-8' },
  // PKCS#12 decryption for DIGITAL signers (pkcs12-reader.js), loaded as a classic script on demand.
  'forge.min.js': { path: FORGE_PATH, contentType: 'text/javascript; charset=utf-8' },
  // The face typed signatures are burned in with (infra/pdf/fonts.ts), so the page shows them alike.
  'signature-font.ttf': {
    path: require.resolve('@expo-google-fonts/caveat/400Regular/Caveat_400Regular.ttf'),
    contentType: 'font/ttf',
  },
};

/** Loads every asset up front so a missing file fails the start, not a signer's page. */
export function loadPageAssets(): Map<string, PageAsset> {
  const assets = new Map<string, PageAsset>();
  for (const [name, source] of Object.entries(SOURCES)) {
    const body = 'text' in source ? Buffer.from(source.text()) : readFileSync(source.path);
    assets.set(name, {
      body,
      contentType: source.contentType,
      etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`,
    });
  }
  // Each module's preload list, from the bodies just read: no request reads a file for it.
  const bodyOf = (name: string) => assets.get(name)!.body.toString('utf8');
  for (const name of assets.keys()) if (name.endsWith('.js')) importGraphOf(name, bodyOf);
  return assets;
}

const STATIC_IMPORT = /^\s*(?:import|export)\s+(?:[^'"();]*?\s+from\s+)?['"]\.\/([^'"]+)['"]/gm;
const preloadCache = new Map<string, readonly string[]>();

/**
 * Every module `entry` imports statically, transitively, in the order found: the shell names them
 * as `modulepreload` links so the browser fetches the whole graph at once instead of one level of
 * imports per round trip (four levels deep from signing.js). Dynamic imports (a language's words)
 * are left to their moment. `loadPageAssets` works them out at start from the bodies it serves;
 * without it (a shell rendered alone) they are read from the sources once.
 */
export function modulePreloadsOf(entry: string): readonly string[] {
  const cached = preloadCache.get(entry);
  if (cached) return cached;
  return importGraphOf(entry, (name) => {
    const source = SOURCES[name]!;
    return 'text' in source ? source.text() : readFileSync(source.path, 'utf8');
  });
}

function importGraphOf(entry: string, read: (name: string) => string): readonly string[] {
  const found: string[] = [];
  const visit = (name: string) => {
    if (!SOURCES[name]) return;
    for (const [, imported] of read(name).matchAll(STATIC_IMPORT)) {
      if (!imported || found.includes(imported) || imported === entry || !SOURCES[imported]) continue;
      found.push(imported);
      visit(imported);
    }
  };
  visit(entry);
  preloadCache.set(entry, found);
  return found;
}
