/**
 * Pure text layout, in the four overflow modes of fieldMeta.overflow:
 * - `auto`: shrink to fit (wrapping on words), then let the text run past the box rather than lose
 *   a character: a value burned into a signed document is shown whole;
 * - `horizontal`: one line at the field's font size, growing to the right of the box;
 * - `vertical`: wrapped at the box's width at the field's font size, growing below the box;
 * - `crop`: at the field's font size, clipped to the box: the one mode where text may be hidden,
 *   because the sender asked for it.
 * When growing would leave the page, `horizontal` and `vertical` shrink (to MIN_FONT_SIZE), then
 * fall back on `auto`'s last resort, so only `crop` ever hides text. Knows nothing about PDF;
 * fonts come in as metrics.
 */
import type { FontMetrics } from './render-context.js';
import type { Rect } from './page-geometry.js';
import type { Overflow, TextAlign, VerticalAlign } from './types.js';

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
  /** Default `auto`. */
  overflow?: Overflow;
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
  /** True for `crop`: the drawer clips to the box, hiding whatever part of the lines lies outside it. */
  clipped: boolean;
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

interface Across {
  /** The left edge and width lines are aligned in: the box, or wider when the text runs past it. */
  x: number;
  width: number;
}

interface Placement {
  overflows?: boolean;
  across?: Across;
  /** Overrides the style's alignment: text growing one way is anchored at the other edge. */
  verticalAlign?: VerticalAlign;
  textAlign?: TextAlign;
  clipped?: boolean;
}

/** What every mode needs about one text in one box, computed once. */
class Frame {
  readonly requested: number;
  readonly lineHeight: number;
  readonly m: Measurer;
  readonly pad: { x: number; y: number };
  readonly maxWidth: number;
  readonly maxHeight: number;
  /** The box holds two lines at the requested size: text wraps at once instead of shrinking first. */
  readonly multiline: boolean;
  readonly singleLine: string;
  /** Requested size down to MIN_FONT_SIZE in half points. */
  readonly sizes: number[] = [];

  constructor(
    readonly text: string,
    readonly box: Rect,
    readonly metrics: FontMetrics,
    readonly style: TextStyle,
    readonly page: Rect | undefined,
  ) {
    this.requested = Math.max(MIN_FONT_SIZE, style.fontSize ?? DEFAULT_FONT_SIZE);
    this.lineHeight = style.lineHeight !== undefined && style.lineHeight > 0 ? style.lineHeight : DEFAULT_LINE_HEIGHT;
    this.m = new Measurer(metrics, style.letterSpacing ?? 0);
    this.pad = padding(box);
    this.maxWidth = Math.max(0, box.width - 2 * this.pad.x);
    this.maxHeight = Math.max(0, box.height - 2 * this.pad.y);
    this.multiline = this.maxHeight >= this.height(2, this.requested);
    this.singleLine = text.replace(/\n+/g, ' ');
    for (let s = this.requested; s > MIN_FONT_SIZE; s -= SIZE_STEP) this.sizes.push(s);
    this.sizes.push(MIN_FONT_SIZE);
  }

  height(lines: number, size: number): number {
    return blockHeight(lines, size, this.lineHeight, this.metrics);
  }

  wrap(text: string, width: number, size: number): string[] {
    return wrapText(text, Math.max(0, width), size, this.m);
  }

  fits(lines: string[], size: number): boolean {
    return (
      this.height(lines.length, size) <= this.maxHeight && lines.every((l) => this.m.width(l, size) <= this.maxWidth)
    );
  }

  /** From the box's left edge to the page's right edge (at least the box): where text grows to the right. */
  toRightEdge(): Across {
    const { box, page } = this;
    return { x: box.x, width: page ? Math.max(box.width, page.x + page.width - box.x) : Infinity };
  }

  place(lines: string[], size: number, p: Placement = {}): TextLayout {
    const { box, pad, metrics, style, page } = this;
    const overflows = p.overflows ?? false;
    const clipped = p.clipped ?? false;
    const across = p.across ?? box;
    const vertical = p.verticalAlign ?? style.verticalAlign ?? (lines.length > 1 || this.multiline ? 'top' : 'middle');
    const height = this.height(lines.length, size);
    let top =
      vertical === 'top'
        ? box.y + box.height - pad.y
        : vertical === 'bottom'
          ? box.y + pad.y + height
          : box.y + (box.height + height) / 2;
    // A block running past the page's edge would be as lost as a cut one: keep it on the page
    // (cropped text is meant to be hidden, and stays where the box puts it).
    if (overflows && !clipped && page) {
      const pageTop = page.y + page.height;
      top = Math.min(top, pageTop);
      if (top - height < page.y) top = Math.min(pageTop, page.y + height);
    }
    const firstBaseline = top - metrics.ascent * size;
    const align = p.textAlign ?? style.textAlign ?? 'left';
    return {
      size,
      overflows,
      clipped,
      lines: lines.map((line, i) => {
        const width = this.m.width(line, size);
        const x =
          align === 'left'
            ? across.x + pad.x
            : align === 'right'
              ? across.x + across.width - pad.x - width
              : across.x + (across.width - width) / 2;
        return { text: line, x, y: firstBaseline - i * size * this.lineHeight, width };
      }),
    };
  }

  /**
   * Text that fits nowhere even at MIN_FONT_SIZE: every line at that size, wrapped at the first
   * of `areas` whose block is no taller than the page, running past the box and kept on the page.
   */
  lastResort(text: string, areas: Across[]): TextLayout {
    const { page, pad } = this;
    let lines: string[] = [];
    for (const area of areas) {
      lines = this.wrap(text, area.width - 2 * pad.x, MIN_FONT_SIZE);
      if (!page || this.height(lines.length, MIN_FONT_SIZE) <= page.height - 2 * pad.y)
        return this.place(lines, MIN_FONT_SIZE, { overflows: true, across: area });
    }
    return this.place(lines, MIN_FONT_SIZE, { overflows: true, across: areas.at(-1) });
  }

  /** The box, then to the page's right edge, then the page's whole width. */
  widening(): Across[] {
    const { box, page } = this;
    return page ? [box, this.toRightEdge(), { x: page.x, width: page.width }] : [box];
  }
}

/**
 * `auto`: a box tall enough for two lines at the requested size wraps on words; a single-line box
 * keeps one line and shrinks first, wrapping only if even the smallest size does not fit on one
 * line. The size goes down in half points to MIN_FONT_SIZE; when the text, wrapped at that size,
 * is still taller than the box, every line is kept and the block overflows the box, moved back
 * onto the page when it would leave it; too tall for the page at the box's width, it takes the
 * width to the page's right edge, then the page's whole width.
 */
function layoutAuto(f: Frame): TextLayout {
  const attempt = (wrap: boolean): TextLayout | undefined => {
    for (const size of f.sizes) {
      const lines = wrap ? f.wrap(f.text, f.maxWidth, size) : [f.singleLine];
      if (f.fits(lines, size)) return f.place(lines, size);
    }
    return undefined;
  };
  const laidOut = f.multiline ? attempt(true) : (attempt(false) ?? attempt(true));
  return laidOut ?? f.lastResort(f.text, f.widening());
}

/**
 * `horizontal`: one line (newlines become spaces) at the requested size, aligned in the box while
 * it fits there, else starting at the box's left edge and running to the right. Past the page's
 * right edge it shrinks; at MIN_FONT_SIZE still too long, it wraps from the box to the page's edge.
 */
function layoutHorizontal(f: Frame): TextLayout {
  const line = f.singleLine;
  if (f.m.width(line, f.requested) <= f.maxWidth) return f.place([line], f.requested);
  const toEdge = f.toRightEdge();
  for (const size of f.sizes) {
    if (f.m.width(line, size) <= toEdge.width - 2 * f.pad.x)
      return f.place([line], size, { overflows: true, across: toEdge, textAlign: 'left' });
  }
  return f.lastResort(line, f.widening().slice(1));
}

/**
 * `vertical`: wrapped at the box's width at the requested size, aligned in the box while it fits
 * there, else starting at the box's top and running down. Past the page's foot it shrinks; at
 * MIN_FONT_SIZE still too tall, `auto`'s last resort.
 */
function layoutVertical(f: Frame): TextLayout {
  const { box, page, pad } = f;
  const room = page ? box.y + box.height - pad.y - page.y : Infinity;
  for (const size of f.sizes) {
    const lines = f.wrap(f.text, f.maxWidth, size);
    const height = f.height(lines.length, size);
    if (height <= f.maxHeight) return f.place(lines, size);
    if (height <= room) return f.place(lines, size, { overflows: true, verticalAlign: 'top' });
  }
  return f.lastResort(f.text, f.widening());
}

/**
 * `crop`: at the requested size, wrapped in a box that holds two lines, one line in a smaller one,
 * aligned as the style says; whatever lies outside the box is clipped by the drawer.
 */
function layoutCrop(f: Frame): TextLayout {
  const lines = f.multiline ? f.wrap(f.text, f.maxWidth, f.requested) : [f.singleLine];
  return f.place(lines, f.requested, { overflows: !f.fits(lines, f.requested), clipped: true });
}

/** Lays `text` out in `box` as `style.overflow` says (see the file's comment); `page` bounds growth. */
export function layoutText(
  text: string,
  box: Rect,
  metrics: FontMetrics,
  style: TextStyle = {},
  page?: Rect,
): TextLayout {
  const frame = new Frame(text, box, metrics, style, page);
  switch (style.overflow ?? 'auto') {
    case 'auto':
      return layoutAuto(frame);
    case 'horizontal':
      return layoutHorizontal(frame);
    case 'vertical':
      return layoutVertical(frame);
    case 'crop':
      return layoutCrop(frame);
  }
}
