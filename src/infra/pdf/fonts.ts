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
 * CJK faces (Noto Sans JP, KR, SC; SIL OFL 1.1), embedded only into a document that has text in
 * those scripts, always subset: each file is 5–10 MB, a subset carries just the glyphs drawn.
 * Japanese, Korean and Simplified Chinese draw the same ideographs differently, hence one each.
 */
export type CjkFamily = 'jp' | 'kr' | 'sc';
export type CjkWeight = 'regular' | 'bold';

const CJK_FILES: Record<CjkFamily, Record<CjkWeight, string>> = {
  jp: {
    regular: '@expo-google-fonts/noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf',
    bold: '@expo-google-fonts/noto-sans-jp/700Bold/NotoSansJP_700Bold.ttf',
  },
  kr: {
    regular: '@expo-google-fonts/noto-sans-kr/400Regular/NotoSansKR_400Regular.ttf',
    bold: '@expo-google-fonts/noto-sans-kr/700Bold/NotoSansKR_700Bold.ttf',
  },
  sc: {
    regular: '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
    bold: '@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf',
  },
};

const cjkCache = new Map<string, Uint8Array>();

/** A CJK face as `subsettableFontBytes` gives the others: read and aligned once per process. */
export function subsettableCjkFontBytes(family: CjkFamily, weight: CjkWeight): Uint8Array {
  const key = `${family}-${weight}`;
  let bytes = cjkCache.get(key);
  if (!bytes) {
    bytes = alignGlyphs(readFileSync(require.resolve(CJK_FILES[family][weight])));
    cjkCache.set(key, bytes);
  }
  return bytes;
}

// Hangul (jamo, compatibility jamo, syllables); kana; the ideographs, CJK punctuation and fullwidth forms.
const HANGUL = /[\u1100-\u11FF\u3130-\u318F\uAC00-\uD7AF]/;
const KANA = /[\u3040-\u30FF\u31F0-\u31FF\uFF66-\uFF9F]/;
const CJK =
  /[\u1100-\u11FF\u2E80-\u2FDF\u3000-\u30FF\u3130-\u318F\u31C0-\u31FF\u3200-\u9FFF\uAC00-\uD7AF\uF900-\uFAFF\uFE30-\uFE4F\uFF00-\uFFEF]|[\u{20000}-\u{3134F}]/u;

/**
 * The CJK face a document needs: by its language when that is Japanese, Korean or Chinese,
 * otherwise by the text itself (a Korean name in an English document); null when it has none.
 */
export function cjkFamilyFor(language: string, text: string): CjkFamily | null {
  if (language === 'ja') return 'jp';
  if (language === 'ko') return 'kr';
  if (language === 'zh') return 'sc';
  if (!CJK.test(text)) return null;
  if (HANGUL.test(text)) return 'kr';
  return KANA.test(text) ? 'jp' : 'sc';
}

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
