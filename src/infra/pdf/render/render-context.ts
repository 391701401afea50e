/**
 * Per-document resources for one render: each font is embedded (subset) at most once and only
 * when a field uses it; each distinct PNG is embedded once however many fields show it.
 */
import { createHash } from 'node:crypto';
import { PDFName, PDFNumber } from 'pdf-lib';
import type { PDFDocument, PDFFont, PDFImage, PDFRef } from 'pdf-lib';
import { cjkFamilyFor, subsettableCjkFontBytes, subsettableFontBytes } from '../fonts.js';
import type { CjkFamily, CjkWeight, FontName } from '../fonts.js';
import { sharedFontkit } from './shared-fontkit.js';
import { RenderError } from './types.js';

/** Vertical metrics per point of font size, and a width measure. */
export interface FontMetrics {
  /** Height above the baseline, per 1 pt of size. */
  ascent: number;
  /** Depth below the baseline (positive), per 1 pt of size. */
  descent: number;
  /** Advance width of `text` at 1 pt (no letter spacing). */
  widthAt1(text: string): number;
}

export interface LoadedFont {
  pdfFont: PDFFont;
  metrics: FontMetrics;
  /** Replaces characters the font cannot draw, so rendering never throws on them. */
  sanitise(text: string): string;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

export function isPng(bytes: Uint8Array): boolean {
  return bytes.length > PNG_SIGNATURE.length && PNG_SIGNATURE.every((b, i) => bytes[i] === b);
}

/** A shipped face, or a CJK one (`cjk-jp-regular`…) for text the shipped faces cannot draw. */
type FaceName = FontName | `cjk-${CjkFamily}-${CjkWeight}`;

/** Character sets depend only on the font file, so they are computed once per process. */
const characterSets = new Map<FaceName, Set<number>>();
const REPLACEMENT = '?';

function makeSanitiser(chars: Set<number>): (text: string) => string {
  return (text) => {
    let out = '';
    for (const ch of text.normalize('NFC')) {
      const cp = ch.codePointAt(0)!;
      if (ch === '\n') out += ch;
      else if (ch === '\t' || ch === '\u00a0') out += ' ';
      else if (cp < 0x20 || (cp >= 0x7f && cp < 0xa0) || ch === '\u200b' || ch === '\ufeff' || ch === '\u00ad')
        continue;
      else out += chars.has(cp) ? ch : REPLACEMENT;
    }
    return out;
  };
}

export class RenderContext {
  private readonly fonts = new Map<FaceName, LoadedFont>();
  private readonly images = new Map<string, PDFImage>();
  private readonly gStates = new Map<number, PDFRef>();

  constructor(readonly doc: PDFDocument) {
    doc.registerFontkit(sharedFontkit);
  }

  /**
   * The face to draw `text` with: `name`, or, when the text has Chinese, Japanese or Korean
   * characters, the CJK face of that script (which has Latin too) when it draws more of the text,
   * so a name typed in kanji or hangul is drawn instead of becoming "?"; a typed signature then
   * uses the regular CJK face. (A CJK face is embedded only when a field needs it.)
   */
  async fontFor(name: FontName, text: string): Promise<LoadedFont> {
    const family = cjkFamilyFor('', text);
    if (!family) return this.font(name);
    const latin = await this.font(name);
    const cjk = await this.font(`cjk-${family}-${name === 'bold' ? 'bold' : 'regular'}`);
    // A field is drawn in one face: the one that leaves fewer characters undrawn (ties: the Latin one).
    const missing = (font: LoadedFont) => [...font.sanitise(text)].filter((ch) => ch === REPLACEMENT).length;
    return missing(cjk) < missing(latin) ? cjk : latin;
  }

  async font(name: FaceName): Promise<LoadedFont> {
    const cached = this.fonts.get(name);
    if (cached) return cached;
    const pdfFont = await this.doc.embedFont(faceBytes(name), { subset: true });
    let chars = characterSets.get(name);
    if (!chars) {
      chars = new Set(pdfFont.getCharacterSet());
      characterSets.set(name, chars);
    }
    const ascent = pdfFont.heightAtSize(1, { descender: false });
    // Measuring runs fontkit's shaping (GSUB/GPOS), the costliest step of text layout: memoise it.
    const widths = new Map<string, number>();
    const widthAt1 = (text: string): number => {
      let w = widths.get(text);
      if (w === undefined) {
        w = pdfFont.widthOfTextAtSize(text, 1);
        widths.set(text, w);
      }
      return w;
    };
    const loaded: LoadedFont = {
      pdfFont,
      metrics: { ascent, descent: pdfFont.heightAtSize(1) - ascent, widthAt1 },
      sanitise: makeSanitiser(chars),
    };
    this.fonts.set(name, loaded);
    return loaded;
  }

  async png(bytes: Uint8Array, fieldIndex: number): Promise<PDFImage> {
    if (!isPng(bytes)) throw new RenderError('the signature image is not a PNG file', fieldIndex);
    const key = createHash('sha256').update(bytes).digest('hex');
    const cached = this.images.get(key);
    if (cached) return cached;
    let image: PDFImage;
    try {
      image = await this.doc.embedPng(bytes);
    } catch (error) {
      throw new RenderError(`the signature image is not a readable PNG (${String(error)})`, fieldIndex, {
        cause: error,
      });
    }
    this.images.set(key, image);
    return image;
  }

  /** An ExtGState dictionary setting fill and stroke opacity, shared by every page that uses it. */
  opacityState(opacity: number): PDFRef {
    let ref = this.gStates.get(opacity);
    if (!ref) {
      const dict = this.doc.context.obj({});
      dict.set(PDFName.of('Type'), PDFName.of('ExtGState'));
      dict.set(PDFName.of('ca'), PDFNumber.of(opacity));
      dict.set(PDFName.of('CA'), PDFNumber.of(opacity));
      ref = this.doc.context.register(dict);
      this.gStates.set(opacity, ref);
    }
    return ref;
  }
}

function faceBytes(name: FaceName): Uint8Array {
  const cjk = /^cjk-(jp|kr|sc)-(regular|bold)$/.exec(name);
  return cjk
    ? subsettableCjkFontBytes(cjk[1] as CjkFamily, cjk[2] as CjkWeight)
    : subsettableFontBytes(name as FontName);
}
