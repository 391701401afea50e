/**
 * Pure text layout: fits text into a box by wrapping on words and shrinking the font size, and
 * when even that cannot fit it, lets the text run past the box rather than lose a character: a
 * value burned into a signed document is shown whole. Knows nothing about PDF; fonts come in as
 * metrics.
 */
import type { FontMetrics } from './render-context.js';
import type { Rect } from './page-geometry.js';
import type { TextAlign, VerticalAlign } from './types.js';

export const DEFAULT_FONT_SIZE = 12;
export const MIN_FONT_SIZE = 6;
export const DEFAULT_LINE_HEIGHT = 1.2;
const SIZE_STEP = 0.5;

export interface TextStyle {
  fontSize?: number;
  textAlign?: TextAlign;
  verticalAlign?: VerticalAlign;
  lineHeight?: number;
  letterSpacing?: number;
}

export interface PlacedLine {
  text: string;
  /** Left end of the baseline, in the same space as the box. */
  x: number;
  y: number;
  width: number;
}

export interface TextLayout {
  size: number;
  lines: PlacedLine[];
  /**
   * True when even the smallest size, wrapped, does not fit the box: the lines then run past its
   * bottom edge (past its top for verticalAlign bottom, both for middle), all of them drawn.
   */
  overflows: boolean;
}

/** Inner padding so text does not touch the box edges. */
export function padding(box: Rect): { x: number; y: number } {
  return { x: Math.min(2, box.width * 0.05), y: Math.min(1, box.height * 0.05) };
}

class Measurer {
  private readonly cache = new Map<string, number>();

  constructor(
    private readonly metrics: FontMetrics,
    private readonly letterSpacing: number,
  ) {}

  /** Width at 1 pt, cached: sizes scale linearly, so each word is measured once. */
  private at1(text: string): number {
    let w = this.cache.get(text);
    if (w === undefined) {
      w = this.metrics.widthAt1(text);
      this.cache.set(text, w);
    }
    return w;
  }

  width(text: string, size: number): number {
    const chars = [...text].length;
    return this.at1(text) * size + (chars > 1 ? this.letterSpacing * (chars - 1) : 0);
  }

  /** Width of a line made of words joined by single spaces, from cached word widths. */
  joinedWidth(words: string[], size: number): number {
    if (words.length === 0) return 0;
    let w = 0;
    let chars = 0;
    for (const word of words) {
      w += this.at1(word);
      chars += [...word].length;
    }
    w += this.at1(' ') * (words.length - 1);
    chars += words.length - 1;
    return w * size + (chars > 1 ? this.letterSpacing * (chars - 1) : 0);
  }
}

/** Splits a word wider than `max` into pieces that fit (at least one character each). */
function breakWord(word: string, max: number, size: number, m: Measurer): string[] {
  const pieces: string[] = [];
  let current = '';
  for (const ch of word) {
    if (current && m.width(current + ch, size) > max) {
      pieces.push(current);
      current = ch;
    } else current += ch;
  }
  if (current) pieces.push(current);
  return pieces;
}

/** Greedy word wrap; explicit newlines start new lines. */
function wrapText(text: string, max: number, size: number, m: Measurer): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    const words = paragraph.split(' ').filter((w) => w.length > 0);
    let line: string[] = [];
    for (const word of words) {
      if (m.joinedWidth([...line, word], size) <= max) {
        line.push(word);
        continue;
      }
      if (line.length > 0) lines.push(line.join(' '));
      line = [];
      if (m.width(word, size) <= max) line.push(word);
      else {
        const pieces = breakWord(word, max, size, m);
        lines.push(...pieces.slice(0, -1));
        line.push(pieces[pieces.length - 1]!);
      }
    }
    lines.push(line.join(' '));
  }
  return lines;
}

export function blockHeight(lines: number, size: number, lineHeight: number, metrics: FontMetrics): number {
  return (lines - 1) * size * lineHeight + size * (metrics.ascent + metrics.descent);
}

/**
 * Lays `text` out inside `box`. A box tall enough for two lines at the requested size wraps on
 * words; a single-line box keeps one line and shrinks first, wrapping only if even the smallest
 * size does not fit on one line. The size goes down in half points to MIN_FONT_SIZE; when the
 * text, wrapped at that size, is still taller than the box, every line is kept and the block
 * overflows the box (Documenso's `auto` overflow), moved back onto `page` when it would leave it.
 */
export function layoutText(
  text: string,
  box: Rect,
  metrics: FontMetrics,
  style: TextStyle = {},
  page?: Rect,
): TextLayout {
  const requested = Math.max(MIN_FONT_SIZE, style.fontSize ?? DEFAULT_FONT_SIZE);
  const lineHeight = style.lineHeight !== undefined && style.lineHeight > 0 ? style.lineHeight : DEFAULT_LINE_HEIGHT;
  const m = new Measurer(metrics, style.letterSpacing ?? 0);
  const pad = padding(box);
  const maxWidth = Math.max(0, box.width - 2 * pad.x);
  const maxHeight = Math.max(0, box.height - 2 * pad.y);
  const multiline = maxHeight >= blockHeight(2, requested, lineHeight, metrics);
  const singleLine = text.replace(/\n+/g, ' ');

  const fits = (lines: string[], size: number): boolean =>
    blockHeight(lines.length, size, lineHeight, metrics) <= maxHeight &&
    lines.every((l) => m.width(l, size) <= maxWidth);

  const sizes: number[] = [];
  for (let s = requested; s > MIN_FONT_SIZE; s -= SIZE_STEP) sizes.push(s);
  sizes.push(MIN_FONT_SIZE);

  const attempt = (wrap: boolean): TextLayout | undefined => {
    for (const size of sizes) {
      const lines = wrap ? wrapText(text, maxWidth, size, m) : [singleLine];
      if (fits(lines, size)) return place(lines, size, false);
    }
    return undefined;
  };

  /** `across`: the left edge and width lines are aligned in (the box, or wider when overflowing). */
  const place = (
    lines: string[],
    size: number,
    overflows: boolean,
    across: { x: number; width: number } = box,
  ): TextLayout => {
    const vertical = style.verticalAlign ?? (lines.length > 1 || multiline ? 'top' : 'middle');
    const height = blockHeight(lines.length, size, lineHeight, metrics);
    let top =
      vertical === 'top'
        ? box.y + box.height - pad.y
        : vertical === 'bottom'
          ? box.y + pad.y + height
          : box.y + (box.height + height) / 2;
    // A block running past the page's edge would be as lost as a cut one: keep it on the page.
    if (overflows && page) {
      const pageTop = page.y + page.height;
      top = Math.min(top, pageTop);
      if (top - height < page.y) top = Math.min(pageTop, page.y + height);
    }
    const firstBaseline = top - metrics.ascent * size;
    const align = style.textAlign ?? 'left';
    return {
      size,
      overflows,
      lines: lines.map((line, i) => {
        const width = m.width(line, size);
        const x =
          align === 'left'
            ? across.x + pad.x
            : align === 'right'
              ? across.x + across.width - pad.x - width
              : across.x + (across.width - width) / 2;
        return { text: line, x, y: firstBaseline - i * size * lineHeight, width };
      }),
    };
  };

  const laidOut = multiline ? attempt(true) : (attempt(false) ?? attempt(true));
  if (laidOut) return laidOut;

  // Even the smallest size does not fit: every line at that size, running past the box. When
  // the lines at the box's width would be taller than the page, they take the width to the
  // page's right edge, then the page's whole width, so that they stay on it.
  const areas = [{ x: box.x, width: box.width }];
  if (page) areas.push({ x: box.x, width: page.x + page.width - box.x }, { x: page.x, width: page.width });
  let lines: string[] = [];
  for (const area of areas) {
    lines = wrapText(text, Math.max(0, area.width - 2 * pad.x), MIN_FONT_SIZE, m);
    if (!page || blockHeight(lines.length, MIN_FONT_SIZE, lineHeight, metrics) <= page.height - 2 * pad.y)
      return place(lines, MIN_FONT_SIZE, true, area);
  }
  return place(lines, MIN_FONT_SIZE, true, areas.at(-1));
}
