import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { alignGlyphs } from './ttf-align.js';

/**
 * The fonts Firma draws with, shipped as npm packages (SIL OFL 1.1):
 * Noto Sans covers Latin (á, ñ, ü, ç…), Greek and Cyrillic, so any name or value a recipient types
 * renders; Caveat is the handwriting-like face used for typed signatures.
 * Read once per process and kept as bytes: embedding (with subsetting) happens per document.
 */
const require = createRequire(import.meta.url);

const FONT_FILES = {
  regular: '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf',
  bold: '@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf',
  handwriting: '@expo-google-fonts/caveat/400Regular/Caveat_400Regular.ttf',
} as const;

export type FontName = keyof typeof FONT_FILES;

const cache = new Map<FontName, Uint8Array>();

export function fontBytes(name: FontName): Uint8Array {
  let bytes = cache.get(name);
  if (!bytes) {
    bytes = readFileSync(require.resolve(FONT_FILES[name]));
    cache.set(name, bytes);
  }
  return bytes;
}

const subsettable = new Map<FontName, Uint8Array>();

/**
 * The font as every renderer must embed it with pdf-lib's `subset: true`: glyph records padded
 * so @pdf-lib/fontkit's subsetter writes correct offsets (see ttf-align.ts). Computed once.
 */
export function subsettableFontBytes(name: FontName): Uint8Array {
  let bytes = subsettable.get(name);
  if (!bytes) {
    bytes = alignGlyphs(fontBytes(name));
    subsettable.set(name, bytes);
  }
  return bytes;
}
