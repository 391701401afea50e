import { PDFArray, PDFDict, PDFName, PDFRawStream, type PDFDocument, type PDFPage } from 'pdf-lib';
import type { Box } from '../page-info.js';
import { tokenizeContent, type Operand } from './content-tokens.js';
import { decodedContent } from './may-hold-tags.js';
import type { TextItem } from './find-tags.js';
import type { ShownGlyphs } from './strip-tags.js';
import { readTextFont, type TextFont } from './text-fonts.js';

/*
 * A page's text read straight from its content stream with Firma's own tokenizer, in the shape
 * pdf.js's getTextContent gives (runs with their text rendering matrix and advance, line ends),
 * plus the glyphs of each text-showing operator that strip-tags.ts needs. Finding the tags of a
 * one-page document this way costs a small fraction of opening it with pdf.js, whose font loading
 * and text layout were most of what tags added to create.
 *
 * It answers null for whatever it does not read exactly (a font text-fonts.ts declines, a form
 * XObject, an unreadable stream), and the caller then asks pdf.js for the whole document.
 * Runs are joined as pdf.js joins them: a line end when the next run leaves the baseline, a
 * space when it starts more than about a tenth of an em after the previous one ended.
 */

export interface PageText {
  runs: TextItem[];
  /** Per font resource name, its height above and below the baseline in em. */
  styles: Record<string, { ascent: number; descent: number }>;
  shown: ShownGlyphs[];
}

type Matrix = [number, number, number, number, number, number];
const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];

/** m1 × m2, the PDF way (row vectors: apply m1, then m2). */
function multiply(m1: Matrix, m2: Matrix): Matrix {
  const [a, b, c, d, e, f] = m1;
  const [A, B, C, D, E, F] = m2;
  return [a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D, e * A + f * C + E, e * B + f * D + F];
}

const SHOW = new Set(['Tj', 'TJ', "'", '"']);
/** pdf.js's factors of the font size (evaluator.js, getTextContent). */
const TRACKING_SPACE = 0.102;
const NOT_A_SPACE = 0.03;
const NEGATIVE_SPACE = -0.2;
const VERTICAL_SHIFT = 0.25;

class Unreadable extends Error {}

function nums(operands: Operand[], count: number): number[] {
  const out = operands.slice(-count);
  if (out.length !== count || out.some((v) => typeof v !== 'number')) throw new Unreadable();
  return out as number[];
}

export function readPageText(
  doc: PDFDocument,
  page: PDFPage,
  fontCache: Map<PDFDict, TextFont | null>,
  /** The page's visible area (page-info.ts): text starting outside it is not read, as in pdf.js. */
  view?: Box,
): PageText | null {
  const ctx = doc.context;
  const resources = page.node.Resources();
  const contents = page.node.Contents();
  const streams = contents instanceof PDFArray ? contents.asArray().map((r) => ctx.lookup(r)) : [contents];
  const parts: string[] = [];
  for (const stream of streams) {
    if (stream === undefined) continue;
    if (!(stream instanceof PDFRawStream)) return null;
    try {
      parts.push(decodedContent(stream));
    } catch {
      return null;
    }
  }
  const fonts = resources?.lookup(PDFName.of('Font'));
  const xobjects = resources?.lookup(PDFName.of('XObject'));
  const styles: PageText['styles'] = {};
  const fontOf = (name: string): TextFont => {
    const dict = fonts instanceof PDFDict ? fonts.lookup(PDFName.of(name)) : undefined;
    if (!(dict instanceof PDFDict)) throw new Unreadable();
    let font = fontCache.get(dict);
    if (font === undefined) {
      font = readTextFont(ctx, dict);
      fontCache.set(dict, font);
    }
    if (font === null) throw new Unreadable();
    styles[name] = { ascent: font.ascent, descent: font.descent };
    return font;
  };

  const runs: TextItem[] = [];
  const shown: ShownGlyphs[] = [];
  let ctm: Matrix = IDENTITY;
  const ctmStack: Matrix[] = [];
  let tm: Matrix = IDENTITY;
  let tlm: Matrix = IDENTITY;
  const text = { tc: 0, tw: 0, th: 1, tl: 0, rise: 0, size: 0, fontName: '', font: undefined as TextFont | undefined };
  const textStack: (typeof text)[] = [];
  // Where the previous visible glyph's own width ended (before its spacing), in user space.
  let last: { x: number; y: number } | undefined;
  // The last two characters read, spaces included, as pdf.js tracks them: a space glyph is not
  // text of its own, it becomes one " " before the next glyph unless a gap already made one.
  let older = ' ';
  let recent = ' ';
  const resetLastChars = () => (older = recent = ' ');
  const saveLastChar = (char: string) => {
    const spaceBefore = older !== ' ' && recent === ' ';
    [older, recent] = [recent, char];
    return spaceBefore;
  };
  let current: TextItem | undefined;

  const nextLine = (tx: number, ty: number) => {
    tlm = multiply([1, 0, 0, 1, tx, ty], tlm);
    tm = tlm;
  };
  const space = (trm: Matrix, at: { x: number; y: number }, width: number) => {
    current = undefined;
    runs.push({
      str: ' ',
      transform: [trm[0], trm[1], trm[2], trm[3], at.x, at.y],
      width,
      height: 0,
      fontName: text.fontName,
      hasEOL: false,
    });
  };
  const lineEnd = () => {
    resetLastChars();
    current = undefined;
    const previous = runs[runs.length - 1];
    if (previous) previous.hasEOL = true;
  };
  /**
   * pdf.js's compareWithLastPosition: from where the last glyph ended to where this one starts,
   * along the baseline (in text space) and across it (in user space), a line end, a space or
   * nothing, with its factors of the font size.
   */
  const separate = (trm: Matrix, lineScale: number, size: number) => {
    if (!last || (last.x === trm[4] && last.y === trm[5])) return;
    const along = Math.hypot(trm[0], trm[1]) || 1;
    const ux = trm[0] / along;
    const uy = trm[1] / along;
    const dx = trm[4] - last.x;
    const dy = trm[5] - last.y;
    const advance = (dx * ux + dy * uy) / lineScale;
    const across = Math.abs(-dx * uy + dy * ux);
    const height = current?.height ?? size;
    const fontSize = text.size;
    if (advance < NEGATIVE_SPACE * fontSize) {
      if (across > 0.5 * height) lineEnd();
      else {
        resetLastChars();
        current = undefined;
      }
      return;
    }
    if (across > height) return lineEnd();
    if (advance <= NOT_A_SPACE * fontSize) resetLastChars();
    if (advance <= TRACKING_SPACE * fontSize) {
      if (older !== ' ' && recent === ' ') {
        resetLastChars();
        space(trm, last, advance * lineScale);
      }
    } else {
      resetLastChars();
      space(trm, last, advance * lineScale);
    }
    if (across > height * VERTICAL_SHIFT) current = undefined;
  };
  const show = (strings: (number[] | number)[]) => {
    const font = text.font;
    if (!font || text.size === 0) throw new Unreadable();
    const glyphs: ShownGlyphs['glyphs'] = [];
    const scale: Matrix = [text.size * text.th, 0, 0, text.size, 0, text.rise];
    const move = (tx: number) => (tm = multiply([1, 0, 0, 1, tx, 0], tm));
    for (const element of strings) {
      if (typeof element === 'number') {
        move((-element / 1000) * text.size * text.th);
        continue;
      }
      if (element.length % font.codeLength) throw new Unreadable();
      for (let i = 0; i < element.length; i += font.codeLength) {
        const code = font.codeLength === 2 ? element[i]! * 256 + element[i + 1]! : element[i]!;
        const glyph = font.glyph(code);
        if (!glyph) throw new Unreadable();
        glyphs.push(glyph);
        const width = (glyph.width / 1000) * text.size;
        const spacing = text.tc;
        if (glyph.unicode.trim() === '') {
          // As pdf.js advances over a space: word spacing for any blank glyph, as for code 32.
          move((width + spacing + text.tw) * text.th);
          saveLastChar(' ');
          continue;
        }
        const line = multiply(tm, ctm);
        const trm = multiply(scale, line);
        const size = Math.hypot(trm[2], trm[3]);
        // pdf.js leaves out what starts outside the page.
        const [x, y] = [trm[4], trm[5]];
        if (
          view &&
          (x + (width / text.size) * Math.hypot(trm[0], trm[1]) < view.x ||
            x > view.x + view.width ||
            y < view.y ||
            y > view.y + view.height)
        ) {
          move((width + spacing) * text.th);
          continue;
        }
        const lineScale = Math.hypot(line[0], line[1]) || 1;
        separate(trm, lineScale, size);
        move(width * text.th);
        const after = multiply(scale, multiply(tm, ctm));
        if (!current) {
          current = { str: '', transform: trm, width: 0, height: size, fontName: text.fontName, hasEOL: false };
          runs.push(current);
        }
        if (saveLastChar(glyph.unicode)) current.str += ' ';
        current.str += glyph.unicode;
        current.width = Math.hypot(after[4] - current.transform[4]!, after[5] - current.transform[5]!);
        if (width) last = { x: after[4], y: after[5] };
        if (spacing) move(spacing * text.th);
      }
    }
    shown.push({ glyphs });
  };

  try {
    for (const op of tokenizeContent(parts.join('\n'))) {
      const a = op.operands;
      switch (op.operator) {
        case 'q':
          ctmStack.push(ctm);
          textStack.push({ ...text });
          break;
        case 'Q':
          ctm = ctmStack.pop() ?? ctm;
          Object.assign(text, textStack.pop() ?? text);
          break;
        case 'cm':
          ctm = multiply(nums(a, 6) as Matrix, ctm);
          break;
        case 'BT':
          tm = tlm = IDENTITY;
          break;
        case 'Tf': {
          const name = a[0];
          if (typeof name !== 'object' || name === null || !('name' in name)) throw new Unreadable();
          text.fontName = name.name;
          text.font = fontOf(name.name);
          text.size = nums(a, 1)[0]!;
          break;
        }
        case 'Tc':
          text.tc = nums(a, 1)[0]!;
          break;
        case 'Tw':
          text.tw = nums(a, 1)[0]!;
          break;
        case 'Tz':
          text.th = nums(a, 1)[0]! / 100;
          break;
        case 'TL':
          text.tl = nums(a, 1)[0]!;
          break;
        case 'Ts':
          text.rise = nums(a, 1)[0]!;
          break;
        case 'Td': {
          const [tx, ty] = nums(a, 2);
          nextLine(tx!, ty!);
          break;
        }
        case 'TD': {
          const [tx, ty] = nums(a, 2);
          text.tl = -ty!;
          nextLine(tx!, ty!);
          break;
        }
        case 'Tm':
          tm = tlm = nums(a, 6) as Matrix;
          break;
        case 'T*':
          nextLine(0, -text.tl);
          break;
        case 'Do': {
          const name = a[0];
          const xobject =
            typeof name === 'object' && name !== null && 'name' in name && xobjects instanceof PDFDict
              ? xobjects.lookup(PDFName.of(name.name))
              : undefined;
          // Text inside a form XObject is pdf.js's to read.
          if (!(xobject instanceof PDFRawStream) || xobject.dict.lookup(PDFName.of('Subtype')) !== PDFName.of('Image'))
            throw new Unreadable();
          break;
        }
      }
      if (!SHOW.has(op.operator)) continue;
      if (op.operator === "'" || op.operator === '"') {
        if (op.operator === '"') [text.tw, text.tc] = nums(a.slice(0, 2), 2) as [number, number];
        nextLine(0, -text.tl);
      }
      const operand = op.operator === 'TJ' ? a[0] : a[a.length - 1];
      const elements = Array.isArray(operand) ? operand : [operand];
      const strings: (number[] | number)[] = [];
      for (const e of elements) {
        if (typeof e === 'number') strings.push(e);
        else if (typeof e === 'object' && e !== null && 'bytes' in e) strings.push(e.bytes);
      }
      show(strings);
    }
  } catch (error) {
    if (error instanceof Unreadable) return null;
    throw error;
  }
  return { runs, styles, shown };
}
