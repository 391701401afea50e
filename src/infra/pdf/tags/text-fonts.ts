import {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  PDFName,
  PDFNumber,
  PDFRawStream,
  StandardFontEmbedder,
  StandardFonts,
  type PDFContext,
} from 'pdf-lib';

/**
 * The fonts whose text Firma reads itself when looking for placeholder tags (read-page-text.ts),
 * so the common case needs no pdf.js: a simple font (Type1, TrueType) in WinAnsi, Standard or
 * MacRoman encoding or with a ToUnicode map, with /Widths or one of the 14 standard fonts; a
 * Type0 font in Identity-H with a ToUnicode map. Anything else (Type3, a /Differences encoding
 * without ToUnicode, a code the map lacks, a code outside /Widths, vertical writing) answers null
 * and the caller hands the document to pdf.js, which reads every font there is.
 */
export interface TextFont {
  /** Bytes per character code. */
  codeLength: 1 | 2;
  /** The text and advance (1/1000 em) of a code, or null when it cannot be told here. */
  glyph(code: number): { unicode: string; width: number } | null;
  /** Above and below the baseline, in em, as pdf.js reports them (the box that covers a tag). */
  ascent: number;
  descent: number;
}

const STANDARD = new Set<string>(Object.values(StandardFonts));
const WIN_ANSI = new TextDecoder('windows-1252');
/** windows-1252 codes with no character: TextDecoder maps them to C1 controls, pdf.js does not. */
const WIN_ANSI_HOLES = new Set([0x81, 0x8d, 0x8f, 0x90, 0x9d]);

/** The unicode of a code in a named encoding, for the codes this module is sure of; else null. */
function encodedUnicode(encoding: string, code: number): string | null {
  if (encoding === 'WinAnsiEncoding') {
    if (code < 0x20 || code === 0x7f || WIN_ANSI_HOLES.has(code)) return null;
    return WIN_ANSI.decode(new Uint8Array([code]));
  }
  if (code < 0x20 || code > 0x7e) return null;
  if (encoding === 'StandardEncoding')
    return code === 0x27 ? '\u2019' : code === 0x60 ? '\u2018' : String.fromCharCode(code);
  if (encoding === 'MacRomanEncoding') return String.fromCharCode(code);
  return null;
}

export function readTextFont(context: PDFContext, font: PDFDict): TextFont | null {
  const subtype = font.lookup(PDFName.of('Subtype'));
  if (subtype === PDFName.of('Type0')) return type0Font(context, font);
  if (subtype !== PDFName.of('Type1') && subtype !== PDFName.of('TrueType') && subtype !== PDFName.of('MMType1'))
    return null;
  const toUnicode = readToUnicode(font, 1);
  if (toUnicode === null) return null;
  const encodingObject = font.lookup(PDFName.of('Encoding'));
  const baseFont = font.lookup(PDFName.of('BaseFont'));
  const baseName = baseFont instanceof PDFName ? baseFont.decodeText() : '';
  const standard = STANDARD.has(baseName) && baseName !== 'Symbol' && baseName !== 'ZapfDingbats';
  let encoding: string | null = null;
  if (encodingObject instanceof PDFName) encoding = encodingObject.decodeText();
  else if (encodingObject === undefined && standard) encoding = 'StandardEncoding';

  const descriptor = font.lookup(PDFName.of('FontDescriptor'));
  const metrics = standard
    ? StandardFontEmbedder.for(baseName as unknown as Parameters<typeof StandardFontEmbedder.for>[0])
    : undefined;
  let ascent: number;
  let descent: number;
  if (descriptor instanceof PDFDict) {
    const a = numberIn(descriptor, 'Ascent');
    const d = numberIn(descriptor, 'Descent');
    // pdf.js measures the font program when the descriptor gives no height: not done here.
    if (!a || d === undefined) return null;
    [ascent, descent] = [a / 1000, d / 1000];
  } else if (typeof metrics?.font.Ascender === 'number' && typeof metrics.font.Descender === 'number')
    [ascent, descent] = [metrics.font.Ascender / 1000, metrics.font.Descender / 1000];
  else return null;

  const widths = font.lookup(PDFName.of('Widths'));
  const firstChar = numberIn(font, 'FirstChar') ?? 0;
  let width: (code: number, unicode: string) => number | null;
  if (widths instanceof PDFArray) {
    width = (code) => {
      const w = context.lookup(widths.get(code - firstChar));
      return w instanceof PDFNumber ? w.asNumber() : null;
    };
  } else if (metrics && encoding !== null) {
    // A standard font without /Widths: its own metrics, by glyph name.
    width = (_code, unicode) => {
      const point = unicode.codePointAt(0)!;
      if (!metrics.encoding.canEncodeUnicodeCodePoint(point)) return null;
      return metrics.font.getWidthOfGlyph(metrics.encoding.encodeUnicodeCodePoint(point).name) ?? null;
    };
  } else return null;

  const glyphs = new Map<number, { unicode: string; width: number } | null>();
  return {
    codeLength: 1,
    ascent,
    descent,
    glyph(code) {
      let glyph = glyphs.get(code);
      if (glyph === undefined) {
        const unicode = toUnicode ? toUnicode.get(code) : encoding ? encodedUnicode(encoding, code) : null;
        const advance = unicode ? width(code, unicode) : null;
        glyph = unicode && advance !== null ? { unicode, width: advance } : null;
        glyphs.set(code, glyph);
      }
      return glyph;
    },
  };
}

function type0Font(context: PDFContext, font: PDFDict): TextFont | null {
  if (font.lookup(PDFName.of('Encoding')) !== PDFName.of('Identity-H')) return null;
  const toUnicode = readToUnicode(font, 2);
  if (!toUnicode) return null;
  const descendants = font.lookup(PDFName.of('DescendantFonts'));
  const cidFont = descendants instanceof PDFArray ? context.lookup(descendants.get(0)) : undefined;
  if (!(cidFont instanceof PDFDict)) return null;
  const descriptor = cidFont.lookup(PDFName.of('FontDescriptor'));
  if (!(descriptor instanceof PDFDict)) return null;
  const ascent = numberIn(descriptor, 'Ascent');
  const descent = numberIn(descriptor, 'Descent');
  if (!ascent || descent === undefined) return null;
  const defaultWidth = numberIn(cidFont, 'DW') ?? 1000;
  const widths = cidWidths(context, cidFont.lookup(PDFName.of('W')));
  if (!widths) return null;
  return {
    codeLength: 2,
    ascent: ascent / 1000,
    descent: descent / 1000,
    glyph(code) {
      const unicode = toUnicode.get(code);
      return unicode ? { unicode, width: widths.get(code) ?? defaultWidth } : null;
    },
  };
}

/** A CID font's /W: `c [w1 w2 …]` and `cFirst cLast w` entries. */
function cidWidths(context: PDFContext, w: unknown): Map<number, number> | null {
  const out = new Map<number, number>();
  if (w === undefined) return out;
  if (!(w instanceof PDFArray)) return null;
  const items = w.asArray().map((o) => context.lookup(o));
  for (let i = 0; i < items.length;) {
    const first = items[i];
    const next = items[i + 1];
    if (!(first instanceof PDFNumber)) return null;
    if (next instanceof PDFArray) {
      next.asArray().forEach((v, k) => {
        const n = context.lookup(v);
        if (n instanceof PDFNumber) out.set(first.asNumber() + k, n.asNumber());
      });
      i += 2;
    } else {
      const width = items[i + 2];
      if (!(next instanceof PDFNumber) || !(width instanceof PDFNumber)) return null;
      const last = next.asNumber();
      if (last - first.asNumber() > 0xffff) return null;
      for (let c = first.asNumber(); c <= last; c++) out.set(c, width.asNumber());
      i += 3;
    }
  }
  return out;
}

function numberIn(dict: PDFDict, key: string): number | undefined {
  const value = dict.lookup(PDFName.of(key));
  return value instanceof PDFNumber ? value.asNumber() : undefined;
}

/**
 * The font's ToUnicode map as code → text; undefined when it has none, null when it has one this
 * reader does not follow (another CMap used by name, codes of another width, an unreadable stream).
 */
function readToUnicode(font: PDFDict, codeBytes: 1 | 2): Map<number, string> | undefined | null {
  const stream = font.lookup(PDFName.of('ToUnicode'));
  if (stream === undefined) return undefined;
  if (!(stream instanceof PDFRawStream)) return null;
  let cmap: string;
  try {
    cmap = Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1');
  } catch {
    return null;
  }
  return parseToUnicode(cmap, codeBytes);
}

const utf16 = (hex: string) => {
  const bytes = Buffer.from(hex.length % 4 === 2 ? `00${hex}` : hex, 'hex');
  return bytes.swap16().toString('utf16le');
};

export function parseToUnicode(cmap: string, codeBytes: 1 | 2): Map<number, string> | null {
  if (cmap.includes('usecmap')) return null;
  const map = new Map<number, string>();
  const digits = codeBytes * 2;
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g))
    for (const m of block[1]!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]*)>/g)) {
      if (m[1]!.length !== digits) return null;
      map.set(parseInt(m[1]!, 16), utf16(m[2]!));
    }
  for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g))
    for (const m of block[1]!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(<[0-9a-fA-F]*>|\[[^\]]*\])/g)) {
      if (m[1]!.length !== digits || m[2]!.length !== digits) return null;
      const lo = parseInt(m[1]!, 16);
      const hi = parseInt(m[2]!, 16);
      const dst = m[3]!;
      if (hi < lo || hi - lo > 0xffff) return null;
      if (dst.startsWith('[')) {
        [...dst.matchAll(/<([0-9a-fA-F]*)>/g)].forEach((d, k) => map.set(lo + k, utf16(d[1]!)));
        continue;
      }
      const hex = dst.slice(1, -1);
      if (hex.length < 2) continue;
      // The last unit increments along the range.
      const head = hex.length > 4 ? utf16(hex.slice(0, -4)) : '';
      const last = parseInt(hex.slice(-4), 16);
      for (let c = lo; c <= hi; c++) map.set(c, head + String.fromCharCode(last + (c - lo)));
    }
  return map;
}
