import { randomBytes } from 'node:crypto';

import fontkit from '@pdf-lib/fontkit';

import { subsettableCjkFontBytes, subsettableFontBytes, type CjkFamily, type FontName } from '../fonts.js';

/**
 * The faces the evidence draws with, as the Typesetter needs them: the font program to embed,
 * the characters it has and per-character advances, computed once per process (metrics do not
 * depend on the document). A CJK face is the fallback of the Latin ones for the characters they
 * lack, in a document that needs it (`cjkFamilyFor`).
 */

/** A face of a document: one of the shipped fonts, or the CJK fallback of the regular or bold one. */
export type Face = FontName | 'cjk-regular' | 'cjk-bold';

export interface SafeFont {
  bytes: Uint8Array;
  postscriptName: string;
  /** Code points the font has a glyph for. */
  charset: ReadonlySet<number>;
  /** Advance of a character at size 1. */
  advance(ch: string): number;
}

const safeFonts = new Map<string, SafeFont>();

function load(key: string, bytes: () => Uint8Array): SafeFont {
  let font = safeFonts.get(key);
  if (!font) {
    const program = bytes();
    const parsed = fontkit.create(Buffer.from(program.buffer, program.byteOffset, program.byteLength));
    const advances = new Map<string, number>();
    font = {
      bytes: program,
      postscriptName: parsed.postscriptName || 'Font',
      charset: new Set(parsed.characterSet),
      advance(ch) {
        let w = advances.get(ch);
        if (w === undefined) {
          // The cmap glyph, unshaped: the same glyph a one-character encodeText draws.
          w = parsed.glyphForCodePoint(ch.codePointAt(0) ?? 0).advanceWidth / parsed.unitsPerEm;
          advances.set(ch, w);
        }
        return w;
      },
    };
    safeFonts.set(key, font);
  }
  return font;
}

/** A face, rewritten once per process so subsetting does not blank glyphs (see ttf-align.ts). */
export function safeFace(face: Face, cjk: CjkFamily | null): SafeFont {
  if (face === 'cjk-regular' || face === 'cjk-bold') {
    const family = cjk ?? 'jp';
    const weight = face === 'cjk-bold' ? 'bold' : 'regular';
    return load(`cjk-${family}-${weight}`, () => subsettableCjkFontBytes(family, weight));
  }
  return load(face, () => subsettableFontBytes(face));
}

/** The CJK face that stands in for `font` where it has no glyph (typed signatures use the regular one). */
export const cjkFallbackOf = (font: FontName): Face => (font === 'bold' ? 'cjk-bold' : 'cjk-regular');

/**
 * The PDF convention for a subset font's name is "ABCDEF+PostScriptName" with a tag unique to the
 * subset (pdf-lib appends digits instead, so tools report the font as not subset). Random tags
 * keep our subsets distinct from other subsets of the same font once pages are merged.
 */
export function subsetName(postscriptName: string): string {
  const tag = Array.from(randomBytes(6), (b) => String.fromCharCode(65 + (b % 26))).join('');
  return `${tag}+${postscriptName}`;
}
