import {
  PDFHexString,
  degrees,
  drawText,
  rgb,
  type PDFDocument,
  type PDFFont,
  type PDFName,
  type PDFPage,
  type RGB,
} from 'pdf-lib';

import type { CjkFamily, FontName } from '../fonts.js';
import { sharedFontkit } from '../render/shared-fontkit.js';
import { cjkFallbackOf, safeFace, subsetName, type Face } from './evidence-fonts.js';
import { wrapTokens } from './line-breaks.js';

/**
 * A tiny flow-layout toolkit shared by the evidence renderers: measuring and wrapping text,
 * a vertical cursor that starts a new page when the next block would cross the bottom margin,
 * and footers stamped once the page count is known. Everything drawn goes through `wrap`, which
 * is what guarantees that no text is ever drawn outside the page.
 */

export const A4 = { width: 595.28, height: 841.89 } as const;

export const palette = {
  ink: rgb(0.11, 0.13, 0.17),
  muted: rgb(0.4, 0.43, 0.48),
  rule: rgb(0.82, 0.84, 0.87),
  fill: rgb(0.955, 0.963, 0.973),
  accent: rgb(0.08, 0.24, 0.42),
  ok: rgb(0.07, 0.45, 0.22),
  okFill: rgb(0.92, 0.97, 0.93),
  danger: rgb(0.7, 0.1, 0.1),
  dangerFill: rgb(0.995, 0.94, 0.94),
} as const;

export interface TextStyle {
  font: FontName;
  size: number;
  color?: RGB;
}

/** Line height as a multiple of the font size; Noto Sans needs ~1.36 em for accents and descenders. */
export const LEADING = 1.32;
export const lineHeight = (style: TextStyle): number => style.size * LEADING;

// Spaces the fonts may lack (Intl output uses U+202F / U+00A0) become plain spaces; other
// control characters would be invisible or break the content stream, so they become spaces too.
const SPACES = /[\u00A0\u1680\u2000-\u200A\u202F\u205F\u3000\t]/g;
// eslint-disable-next-line no-control-regex -- matching control characters is the point here
const CONTROLS = /[\u0000-\u0009\u000B-\u001F\u007F-\u009F\u200B-\u200F\u2060\uFEFF]/g;
// Good places to split a token that is wider than its column (URLs, e-mails, user agents).
const SOFT_BREAK_AFTER = /[/@.\-_;,)&?=:]/;

export class Typesetter {
  private constructor(
    readonly fonts: Readonly<Record<FontName, PDFFont>>,
    private readonly cjk: { family: CjkFamily; regular: PDFFont; bold: PDFFont } | null,
  ) {}

  /**
   * Embeds the three faces, subset so that the output only carries the glyphs it uses, and, for a
   * document with CJK text, that family's regular and bold faces as their fallback.
   */
  static async embed(doc: PDFDocument, cjk: CjkFamily | null = null): Promise<Typesetter> {
    // Parsed once per process: the CJK programs are megabytes, and pdf-lib only reads the parse.
    doc.registerFontkit(sharedFontkit);
    const embed = (face: Face): Promise<PDFFont> => {
      const font = safeFace(face, cjk);
      return doc.embedFont(font.bytes, { subset: true, customName: subsetName(font.postscriptName) });
    };
    const [regular, bold, handwriting] = await Promise.all([embed('regular'), embed('bold'), embed('handwriting')]);
    const fallback = cjk ? { family: cjk, regular: await embed('cjk-regular'), bold: await embed('cjk-bold') } : null;
    return new Typesetter({ regular, bold, handwriting }, fallback);
  }

  /** The face that draws `cp` in `font`: the font itself, else its CJK fallback; null when neither has it. */
  private faceFor(font: FontName, cp: number): Face | null {
    if (safeFace(font, null).charset.has(cp)) return font;
    if (!this.cjk) return null;
    const fallback = cjkFallbackOf(font);
    return safeFace(fallback, this.cjk.family).charset.has(cp) ? fallback : null;
  }

  private pdfFont(face: Face): PDFFont {
    if (face === 'cjk-regular' || face === 'cjk-bold') {
      if (!this.cjk) throw new Error('no CJK face embedded');
      return face === 'cjk-bold' ? this.cjk.bold : this.cjk.regular;
    }
    return this.fonts[face];
  }

  /** Text the font can draw: NFC, no control characters, '?' for code points without a glyph. */
  clean(text: string, font: FontName): string {
    const normal = text
      .normalize('NFC')
      .replace(/\r\n?|[\u2028\u2029]/g, '\n')
      .replace(SPACES, ' ')
      .replace(CONTROLS, ' ');
    let out = '';
    for (const ch of normal) out += ch === '\n' || this.faceFor(font, ch.codePointAt(0) ?? 0) ? ch : '?';
    return out;
  }

  /**
   * Width of clean text: the sum of the characters' advances. pdf-lib shapes every string with
   * fontkit (GSUB/GPOS), which made a 500-event timeline take seconds; the evidence is Latin,
   * Greek or Cyrillic without ligatures, where per-character advances are exactly what is drawn.
   */
  width(text: string, style: TextStyle): number {
    let w = 0;
    for (const ch of text) w += this.glyph(style.font, ch).advance;
    return w * style.size;
  }

  /**
   * Draws one clean line with its baseline at (x, y), encoded per character (see `width`). As a
   * bonus there are no ligatures, so "ff" inside a hash extracts and copies as two letters.
   */
  draw(page: PDFPage, text: string, x: number, y: number, style: TextStyle): void {
    // One text object per run of characters of one face: Latin and its CJK fallback alternate.
    let runX = x;
    let run: { face: Face; hex: string; advance: number } | null = null;
    const flush = () => {
      if (!run) return;
      page.pushOperators(
        ...drawText(PDFHexString.of(run.hex), {
          // Hundredths of a point are invisible; shorter numbers keep the content streams small.
          x: Math.round(runX * 100) / 100,
          y: Math.round(y * 100) / 100,
          size: style.size,
          font: this.fontKey(page, run.face),
          color: style.color ?? palette.ink,
          rotate: degrees(0),
          xSkew: degrees(0),
          ySkew: degrees(0),
        }),
      );
      runX += run.advance * style.size;
      run = null;
    };
    for (const ch of text) {
      const glyph = this.glyph(style.font, ch);
      if (run && run.face !== glyph.face) flush();
      run ??= { face: glyph.face, hex: '', advance: 0 };
      run.hex += glyph.hex;
      run.advance += glyph.advance;
    }
    flush();
  }

  private readonly glyphs = new Map<FontName, Map<string, { hex: string; advance: number; face: Face }>>();
  private readonly pageFonts = new WeakMap<PDFPage, Map<Face, PDFName>>();

  private glyph(font: FontName, ch: string): { hex: string; advance: number; face: Face } {
    let cache = this.glyphs.get(font);
    if (!cache) {
      cache = new Map();
      this.glyphs.set(font, cache);
    }
    let glyph = cache.get(ch);
    if (!glyph) {
      const face = this.faceFor(font, ch.codePointAt(0) ?? 0) ?? font;
      // encodeText also registers the glyph in the font subset, so the subset stays complete.
      glyph = {
        hex: this.pdfFont(face).encodeText(ch).asString(),
        advance: safeFace(face, this.cjk?.family ?? null).advance(ch),
        face,
      };
      cache.set(ch, glyph);
    }
    return glyph;
  }

  private fontKey(page: PDFPage, face: Face): PDFName {
    let keys = this.pageFonts.get(page);
    if (!keys) {
      keys = new Map();
      this.pageFonts.set(page, keys);
    }
    let key = keys.get(face);
    if (!key) {
      const font = this.pdfFont(face);
      key = page.node.newFontDictionary(font.name, font.ref);
      keys.set(face, key);
    }
    return key;
  }

  /**
   * Greedy word wrap to `maxWidth`; explicit newlines start new lines; Chinese, Japanese and Korean
   * text may break between any two characters (not before closing punctuation); a word wider than the
   * column is split, preferably after a URL-ish separator, otherwise between characters.
   * Returns clean lines, each no wider than `maxWidth` (at least one character per line).
   */
  wrap(text: string, style: TextStyle, maxWidth: number): string[] {
    const lines: string[] = [];
    const space = this.width(' ', style);
    for (const paragraph of this.clean(text, style.font).split('\n')) {
      let line = '';
      let lineWidth = 0;
      for (const { text: word, spaced } of wrapTokens(paragraph)) {
        const w = this.width(word, style);
        const gap = spaced ? space : 0;
        if (line !== '' && lineWidth + gap + w <= maxWidth) {
          line += spaced ? ` ${word}` : word;
          lineWidth += gap + w;
          continue;
        }
        if (line !== '') lines.push(line);
        if (w <= maxWidth) {
          line = word;
          lineWidth = w;
        } else {
          const pieces = this.splitWord(word, style, maxWidth);
          lines.push(...pieces.slice(0, -1));
          line = pieces[pieces.length - 1] ?? '';
          lineWidth = this.width(line, style);
        }
      }
      lines.push(line);
    }
    return lines;
  }

  private splitWord(word: string, style: TextStyle, maxWidth: number): string[] {
    const chars = [...word];
    const pieces: string[] = [];
    let start = 0;
    while (start < chars.length) {
      let end = start;
      let width = 0;
      let soft = -1;
      while (end < chars.length) {
        const cw = this.width(chars[end] ?? '', style);
        if (end > start && width + cw > maxWidth) break;
        width += cw;
        if (SOFT_BREAK_AFTER.test(chars[end] ?? '')) soft = end + 1;
        end++;
      }
      // Only use the separator when it keeps at least half the line filled; avoids ragged stubs.
      if (end < chars.length && soft > start && soft - start >= (end - start) / 2) end = soft;
      pieces.push(chars.slice(start, end).join(''));
      start = end;
    }
    return pieces;
  }
}

export interface Margins {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

/** Margins proportional to the page, so a caller-provided page size (Letter, legal, landscape) still looks right. */
export function marginsFor(size: { width: number; height: number }): Margins {
  const side = Math.min(56, Math.max(28, size.width * 0.08));
  return { top: Math.min(60, Math.max(32, size.height * 0.06)), right: side, bottom: 58, left: side };
}

/**
 * The vertical cursor over a growing list of pages. `y` is the top of the next block, in PDF
 * points from the bottom of the page. `onNewPage` draws running headers and may move `y` down.
 */
export class Flow {
  readonly pages: PDFPage[] = [];
  page!: PDFPage;
  y = 0;
  private pageTop = 0;
  /** Points the bottom margin is raised by on one page, so its last lines move to the next (see `balanced`). */
  private raised: { page: number; by: number } | null = null;

  constructor(
    readonly doc: PDFDocument,
    readonly ts: Typesetter,
    readonly size: { width: number; height: number },
    readonly margins: Margins,
    private readonly onNewPage: (flow: Flow) => void,
  ) {}

  get left(): number {
    return this.margins.left;
  }
  get right(): number {
    return this.size.width - this.margins.right;
  }
  get width(): number {
    return this.right - this.left;
  }
  get bottom(): number {
    const r = this.raised;
    return this.margins.bottom + (r && r.page === this.pages.length - 1 ? r.by : 0);
  }
  /** Ends page `page` (0-based) `by` points higher than the margin; the layout before it is unchanged. */
  raiseBottom(page: number, by: number): void {
    this.raised = { page, by };
  }
  /** Height the content of the current (last) page takes below its running header. */
  get usedOnPage(): number {
    return this.pageTop - this.y;
  }
  /** Usable height of a fresh page, below its running header. */
  get pageBody(): number {
    return this.pageTop - this.bottom;
  }
  get atTop(): boolean {
    return this.y >= this.pageTop;
  }

  newPage(): void {
    this.page = this.doc.addPage([this.size.width, this.size.height]);
    this.pages.push(this.page);
    this.y = this.size.height - this.margins.top;
    this.onNewPage(this);
    this.pageTop = this.y;
  }

  fits(height: number): boolean {
    return this.y - height >= this.bottom;
  }

  /** Starts a new page unless `height` fits; a block taller than a page is left to split itself. */
  ensure(height: number): void {
    if (!this.fits(height) && !this.atTop) this.newPage();
  }

  /** Draws one clean line with its top at `yTop`. */
  drawLine(text: string, x: number, yTop: number, style: TextStyle): void {
    if (text !== '') this.ts.draw(this.page, text, x, yTop - style.size, style);
  }

  /** Wrapped text in the column [x, x + width], flowing onto new pages line by line. */
  paragraph(text: string, style: TextStyle, x = this.left, width = this.right - x): void {
    const lh = lineHeight(style);
    for (const line of this.ts.wrap(text, style, width)) {
      this.ensure(lh);
      this.drawLine(line, x, this.y, style);
      this.y -= lh;
    }
  }

  rule(yAt: number, color: RGB = palette.rule, thickness = 0.6, x1 = this.left, x2 = this.right): void {
    this.page.drawLine({ start: { x: x1, y: yAt }, end: { x: x2, y: yAt }, thickness, color });
  }

  /** Runs `draw(page, n, m)` on every page once all pages exist ("Page n of m"). */
  finish(draw: (page: PDFPage, n: number, m: number) => void): void {
    this.pages.forEach((page, index) => draw(page, index + 1, this.pages.length));
  }
}

/** A rectangle with rounded corners; `yTop` is its top edge. */
export function roundedBox(
  page: PDFPage,
  box: { x: number; yTop: number; width: number; height: number },
  style: { fill?: RGB; border?: RGB; borderWidth?: number; radius?: number },
): void {
  const { width: w, height: h } = box;
  const r = Math.max(0, Math.min(style.radius ?? 4, w / 2, h / 2));
  // SVG paths in pdf-lib run y-down from the given origin, hence the top-left anchor.
  const path = `M ${r} 0 H ${w - r} Q ${w} 0 ${w} ${r} V ${h - r} Q ${w} ${h} ${w - r} ${h} H ${r} Q 0 ${h} 0 ${h - r} V ${r} Q 0 0 ${r} 0 Z`;
  page.drawSvgPath(path, {
    x: box.x,
    y: box.yTop,
    ...(style.fill ? { color: style.fill } : {}),
    ...(style.border ? { borderColor: style.border, borderWidth: style.borderWidth ?? 0.6 } : {}),
  });
}

/**
 * The footer of every page: envelope and generation time on the left, "Page n of m" on the
 * right, above a hairline. The left part wraps (narrow pages) but stays within the bottom margin.
 */
export function drawFooter(flow: Flow, page: PDFPage, left: string, right: string): void {
  const style: TextStyle = { font: 'regular', size: 7, color: palette.muted };
  const ts = flow.ts;
  const rightText = ts.wrap(right, style, flow.width)[0] ?? '';
  const rightWidth = ts.width(rightText, style);
  const leftLines = ts.wrap(left, style, Math.max(flow.width - rightWidth - 16, flow.width / 3)).slice(0, 2);
  const top = flow.margins.bottom - 18;
  page.drawLine({
    start: { x: flow.left, y: top + 6 },
    end: { x: flow.right, y: top + 6 },
    thickness: 0.5,
    color: palette.rule,
  });
  const draw = (text: string, x: number, yTop: number): void => ts.draw(page, text, x, yTop - style.size, style);
  leftLines.forEach((line, i) => draw(line, flow.left, top - i * lineHeight(style)));
  draw(rightText, flow.right - rightWidth, top);
}
