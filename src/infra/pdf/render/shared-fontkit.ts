/**
 * A fontkit front that parses each font program once per process.
 *
 * Parsing a 600 kB font costs ~80 ms, more than the rest of a one-page render; pdf-lib only
 * reads the parsed font (each document gets its own subset, glyph map and ToUnicode), so
 * documents can share it. fontkit's subset encoding runs synchronously within one tick, so
 * concurrent renders never interleave on the font's shared read stream.
 *
 * One catch, handled here: fontkit caches glyph objects per font, keyed by glyph id, with the
 * code points of whoever created the glyph first. Its subsetter creates the components of
 * composite glyphs (the "A" inside "Ä") with no code points, so with a shared font a later
 * document's "A" would reuse that glyph and get no ToUnicode entry: it would look right but
 * copy and search as missing. The wrapper fills in the code points when a caller supplies them.
 *
 * The evidence typesetter encodes text one character at a time (its widths are per-character
 * advances); fontkit shapes each call from scratch (script, features, GSUB/GPOS lookups), which
 * made shaping most of a certificate's time. A one-character layout without features depends only
 * on the font, so its result is kept (callers only read it), for a bounded number of characters.
 */
import fontkit from '@pdf-lib/fontkit';
import type { PDFDocument } from 'pdf-lib';

type Fontkit = Parameters<PDFDocument['registerFontkit']>[0];
type Font = ReturnType<Fontkit['create']>;

const parsed = new WeakMap<Uint8Array, Font>();

/** Distinct one-character layouts kept per font; beyond, layouts are computed each time. */
const MAX_KEPT_LAYOUTS = 4096;

function withKeptCharacterLayouts(font: Font): Font {
  const layout = font.layout.bind(font);
  const kept = new Map<string, ReturnType<Font['layout']>>();
  // pdf-lib shapes a string twice when it is measured and then drawn (a typed signature: its width
  // at 1 pt, then its glyphs), and a handwriting face's contextual lookups make that the burn-in's
  // largest cost: the last longer layout is kept for the call that repeats it.
  let last: { text: string; features: Parameters<Font['layout']>[1]; run: ReturnType<Font['layout']> } | null = null;
  font.layout = (text, features) => {
    // One code point is one or two UTF-16 units.
    const single = features === undefined && text.length > 0 && text.length <= 2 && [...text].length === 1;
    if (!single) {
      if (last && last.text === text && last.features === features) return last.run;
      const run = layout(text, features);
      last = { text, features, run };
      return run;
    }
    let run = kept.get(text);
    if (!run) {
      run = layout(text);
      if (kept.size < MAX_KEPT_LAYOUTS) kept.set(text, run);
    }
    return run;
  };
  return font;
}

function withStableCodePoints(font: Font): Font {
  const getGlyph = font.getGlyph.bind(font);
  font.getGlyph = (glyphId: number, codePoints?: number[]) => {
    const glyph = getGlyph(glyphId, codePoints);
    if (codePoints && codePoints.length > 0 && glyph.codePoints.length === 0) glyph.codePoints = codePoints;
    return glyph;
  };
  return font;
}

export const sharedFontkit: Fontkit = {
  create(buffer, postscriptName) {
    let font = parsed.get(buffer);
    if (!font) {
      font = withKeptCharacterLayouts(withStableCodePoints(fontkit.create(buffer, postscriptName)));
      parsed.set(buffer, font);
    }
    return font;
  },
};
