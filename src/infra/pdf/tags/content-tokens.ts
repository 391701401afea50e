/**
 * A content-stream tokenizer just good enough to find text-showing operators and rewrite them:
 * each operator with its operands and the byte span they cover, so untouched content is copied
 * byte for byte. Works on latin1 text (one char per byte).
 */

export type Operand = number | string | { bytes: number[] } | Operand[] | { name: string } | { other: string };

export interface ContentOp {
  operator: string;
  operands: Operand[];
  /** Span in the source, from the first operand to the end of the operator. */
  start: number;
  end: number;
}

const WHITE = new Set(['\0', '\t', '\n', '\f', '\r', ' ']);
const DELIM = new Set(['(', ')', '<', '>', '[', ']', '{', '}', '/', '%']);

export function tokenizeContent(src: string): ContentOp[] {
  const ops: ContentOp[] = [];
  let i = 0;
  const n = src.length;
  // The operand stack, with nested arrays.
  let operands: Operand[] = [];
  const arrays: Operand[][] = [];
  let opStart = -1;
  const push = (v: Operand, at: number) => {
    if (arrays.length > 0) arrays[arrays.length - 1]!.push(v);
    else {
      if (opStart < 0) opStart = at;
      operands.push(v);
    }
  };
  while (i < n) {
    const c = src[i]!;
    if (WHITE.has(c)) {
      i++;
      continue;
    }
    const at = i;
    if (c === '%') {
      while (i < n && src[i] !== '\n' && src[i] !== '\r') i++;
      continue;
    }
    if (c === '(') {
      const bytes: number[] = [];
      let depth = 1;
      i++;
      while (i < n && depth > 0) {
        const ch = src[i]!;
        if (ch === '\\') {
          const next = src[i + 1] ?? '';
          const esc: Record<string, number> = { n: 10, r: 13, t: 9, b: 8, f: 12, '(': 40, ')': 41, '\\': 92 };
          if (next in esc) {
            bytes.push(esc[next]!);
            i += 2;
          } else if (/[0-7]/.test(next)) {
            let digits = '';
            let k = i + 1;
            while (k < n && digits.length < 3 && /[0-7]/.test(src[k]!)) digits += src[k++];
            bytes.push(parseInt(digits, 8) & 0xff);
            i = k;
          } else if (next === '\r') i += src[i + 2] === '\n' ? 3 : 2;
          else if (next === '\n') i += 2;
          else i += 1;
          continue;
        }
        if (ch === '(') depth++;
        else if (ch === ')' && --depth === 0) {
          i++;
          break;
        }
        bytes.push(ch.charCodeAt(0));
        i++;
      }
      push({ bytes }, at);
      continue;
    }
    if (c === '<' && src[i + 1] === '<') {
      push({ other: '<<' }, at);
      i += 2;
      continue;
    }
    if (c === '>' && src[i + 1] === '>') {
      push({ other: '>>' }, at);
      i += 2;
      continue;
    }
    if (c === '<') {
      const close = src.indexOf('>', i);
      const end = close < 0 ? n : close;
      let hex = src.slice(i + 1, end).replace(/[^0-9a-fA-F]/g, '');
      if (hex.length % 2) hex += '0';
      const bytes: number[] = [];
      for (let k = 0; k < hex.length; k += 2) bytes.push(parseInt(hex.slice(k, k + 2), 16));
      push({ bytes }, at);
      i = end + 1;
      continue;
    }
    if (c === '[') {
      if (arrays.length === 0 && opStart < 0) opStart = at;
      arrays.push([]);
      i++;
      continue;
    }
    if (c === ']') {
      const done = arrays.pop() ?? [];
      push(done, at);
      i++;
      continue;
    }
    if (c === '/') {
      i++;
      while (i < n && !WHITE.has(src[i]!) && !DELIM.has(src[i]!)) i++;
      push({ name: src.slice(at + 1, i) }, at);
      continue;
    }
    // A number, or a keyword (operator, true, false, null).
    i++;
    while (i < n && !WHITE.has(src[i]!) && !DELIM.has(src[i]!)) i++;
    const word = src.slice(at, i);
    if (/^[+-]?(\d+\.?\d*|\.\d+)$/.test(word)) {
      push(Number(word), at);
      continue;
    }
    if (word === 'true' || word === 'false' || word === 'null' || arrays.length > 0) {
      push({ other: word }, at);
      continue;
    }
    ops.push({ operator: word, operands, start: opStart < 0 ? at : opStart, end: i });
    operands = [];
    opStart = -1;
    if (word === 'ID') {
      // Inline image data: binary up to whitespace, "EI", whitespace.
      i++;
      const m = /[\0\t\n\f\r ]EI(?=[\0\t\n\f\r ]|$)/g;
      m.lastIndex = i;
      const found = m.exec(src);
      i = found ? found.index + 3 : n;
    }
  }
  return ops;
}
