import { tokenizeContent, type ContentOp, type Operand } from './content-tokens.js';

/**
 * Removes the glyphs of placeholder tags (or any text found on the page) from a page's content stream, so the tag text is gone
 * from the document (text extraction, copy and paste, search), not only painted over. Each
 * removed glyph becomes a TJ adjustment of its exact advance, so the text around it stays where
 * it was.
 *
 * pdf.js decodes the page (fonts, ToUnicode, CID maps) and reports each text-showing operator
 * with its glyphs; the page's own operators are matched to pdf.js's in order. Whenever the two do
 * not line up (a font whose codes are not one or two bytes, a tag inside a form XObject, a count
 * that differs), the page is left as it is and the caller's white box is what hides the tag.
 */

export interface ShownGlyphs {
  /** Per glyph (numbers, TJ adjustments, already left out): its text and advance in 1/1000 em. */
  glyphs: { unicode: string; width: number }[];
}

/** How many bytes one character code takes in a font, or null when that is not fixed. */
export type CodeLength = (fontName: string) => 1 | 2 | null;

const SHOW = new Set(['Tj', 'TJ', "'", '"']);

interface TextState {
  tc: number;
  tw: number;
  font: string;
  size: number;
}

export function stripTagGlyphs(
  content: string,
  shown: ShownGlyphs[],
  tagTexts: string[],
  codeLength: CodeLength,
): string | null {
  const ops = tokenizeContent(content);
  const showOps = ops.filter((o) => SHOW.has(o.operator));
  if (showOps.length !== shown.length) return null;

  // The codes of each show operator, checked against pdf.js's glyphs.
  const state: TextState = { tc: 0, tw: 0, font: '', size: 0 };
  const stack: TextState[] = [];
  const perOp: { op: ContentOp; state: TextState; codes: number[][]; glyphs: ShownGlyphs['glyphs'] }[] = [];
  let k = 0;
  for (const op of ops) {
    const a = op.operands;
    switch (op.operator) {
      case 'q':
        stack.push({ ...state });
        break;
      case 'Q':
        Object.assign(state, stack.pop() ?? state);
        break;
      case 'Tc':
        if (typeof a[0] === 'number') state.tc = a[0];
        break;
      case 'Tw':
        if (typeof a[0] === 'number') state.tw = a[0];
        break;
      case 'Tf':
        if (isName(a[0]) && typeof a[1] === 'number') {
          state.font = a[0].name;
          state.size = a[1];
        }
        break;
      case '"':
        if (typeof a[0] === 'number') state.tw = a[0];
        if (typeof a[1] === 'number') state.tc = a[1];
        break;
    }
    if (!SHOW.has(op.operator)) continue;
    const length = codeLength(state.font);
    if (length === null) return null;
    const codes: number[][] = [];
    for (const s of stringsOf(op)) {
      if (s.length % length) return null;
      for (let i = 0; i < s.length; i += length) codes.push(s.slice(i, i + length));
    }
    const glyphs = shown[k++]!.glyphs;
    if (glyphs.length !== codes.length) return null;
    perOp.push({ op, state: { ...state }, codes, glyphs });
  }

  // The page's text as shown, and which glyphs spell a tag.
  const text = perOp.flatMap((p) => p.glyphs.map((g) => g.unicode)).join('');
  const starts: number[] = [];
  let at = 0;
  for (const p of perOp)
    for (const g of p.glyphs) {
      starts.push(at);
      at += g.unicode.length;
    }
  // Each text to remove takes its first occurrence not taken yet, so repeated texts take theirs
  // in content order, as they were found.
  const taken: [number, number][] = [];
  const removed = new Set<number>();
  for (const wanted of tagTexts) {
    if (wanted.length === 0) continue;
    let from = text.indexOf(wanted);
    while (from >= 0 && taken.some(([a, b]) => from < b && from + wanted.length > a))
      from = text.indexOf(wanted, from + 1);
    if (from < 0) continue;
    const to = from + wanted.length;
    taken.push([from, to]);
    starts.forEach((s, g) => {
      if (s >= from && s < to) removed.add(g);
    });
  }
  if (removed.size === 0) return null;

  let out = '';
  let copied = 0;
  let glyphIndex = 0;
  for (const p of perOp) {
    const first = glyphIndex;
    glyphIndex += p.glyphs.length;
    let touched = false;
    for (let g = first; g < glyphIndex; g++) if (removed.has(g)) touched = true;
    if (!touched) continue;
    if (p.state.size === 0) return null;
    out += content.slice(copied, p.op.start);
    out += rewrite(p, first, removed);
    copied = p.op.end;
  }
  return out + content.slice(copied);
}

function isName(v: Operand | undefined): v is { name: string } {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && 'name' in v;
}
function isString(v: Operand | undefined): v is { bytes: number[] } {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && 'bytes' in v;
}

function stringsOf(op: ContentOp): number[][] {
  if (op.operator === 'TJ') {
    const array = op.operands[0];
    return Array.isArray(array) ? array.filter(isString).map((s) => s.bytes) : [];
  }
  const last = op.operands[op.operands.length - 1];
  return isString(last) ? [last.bytes] : [];
}

const num = (v: number) => String(Number(v.toFixed(4)));
const hex = (codes: number[][]) =>
  `<${codes
    .flat()
    .map((b) => b.toString(16).padStart(2, '0'))
    .join('')}>`;

/** The operator again as a TJ whose removed glyphs are replaced by their advance. */
function rewrite(
  p: { op: ContentOp; state: TextState; codes: number[][]; glyphs: ShownGlyphs['glyphs'] },
  first: number,
  removed: Set<number>,
): string {
  const { tc, tw, size } = p.state;
  const parts: string[] = [];
  let kept: number[][] = [];
  let shift = 0;
  const flushKept = () => {
    if (kept.length) parts.push(hex(kept));
    kept = [];
  };
  const flushShift = () => {
    if (shift !== 0) parts.push(num(shift));
    shift = 0;
  };
  let c = 0;
  const elements: (Operand | { bytes: number[] })[] =
    p.op.operator === 'TJ' && Array.isArray(p.op.operands[0])
      ? p.op.operands[0]
      : stringsOf(p.op).map((bytes) => ({ bytes }));
  for (const element of elements) {
    if (typeof element === 'number') {
      flushKept();
      shift += element;
      continue;
    }
    if (!isString(element)) continue;
    const count = p.glyphs.length === 0 ? 0 : element.bytes.length / (p.codes[0]?.length ?? 1);
    for (let j = 0; j < count; j++, c++) {
      const code = p.codes[c]!;
      if (removed.has(first + c)) {
        flushKept();
        // The glyph's advance, with character and (for the single-byte space) word spacing.
        const spacing = tc + (code.length === 1 && code[0] === 32 ? tw : 0);
        shift -= p.glyphs[c]!.width + (spacing * 1000) / size;
      } else {
        flushShift();
        kept.push(code);
      }
    }
  }
  flushKept();
  flushShift();
  const array = `[${parts.join(' ')}] TJ`;
  const a = p.op.operands;
  if (p.op.operator === "'") return `T* ${array}`;
  if (p.op.operator === '"') return `${num(a[0] as number)} Tw ${num(a[1] as number)} Tc T* ${array}`;
  return array;
}
