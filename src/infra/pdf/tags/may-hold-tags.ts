import { tokenizeContent } from './content-tokens.js';
import { decodePDFRawStream, PDFArray, PDFDict, PDFName, PDFRawStream, type PDFDocument } from 'pdf-lib';

/**
 * A cheap, conservative test run at inspection, on the document pdf-lib has already parsed: the
 * pages that may show a `{`, so the text extraction that finds tags runs on those pages only.
 *
 * For each font of a page, the codes that show `{` are read from its ToUnicode map (or are 0x7B
 * for a simple font in a built-in encoding); the page is a candidate when one of its strings shown
 * holds one of them. Anything this cannot read (a Type3 font, a
 * Type0 font without ToUnicode, an encoding with /Differences, a form XObject, an unreadable
 * stream) makes the page a candidate, and the full scan decides.
 */
export function tagCandidatePages(doc: PDFDocument): number[] {
  const fontCodes = new Map<PDFDict, string[] | 'any'>();
  const pages: number[] = [];
  doc.getPages().forEach((page, index) => {
    if (pageMayShowBrace(doc, page.node.Resources(), page.node.Contents(), fontCodes)) pages.push(index + 1);
  });
  return pages;
}

function pageMayShowBrace(
  doc: PDFDocument,
  resources: PDFDict | undefined,
  contents: unknown,
  fontCodes: Map<PDFDict, string[] | 'any'>,
): boolean {
  const xobjects = resources?.lookup(PDFName.of('XObject'));
  if (xobjects instanceof PDFDict)
    for (const value of xobjects.values()) {
      const xobject = doc.context.lookup(value);
      if (xobject instanceof PDFRawStream && xobject.dict.lookup(PDFName.of('Subtype')) === PDFName.of('Form'))
        return true;
    }
  // Hex forms (lower case) of every code that shows a brace in some font of the page.
  const needles = new Set<string>();
  const fonts = resources?.lookup(PDFName.of('Font'));
  if (fonts instanceof PDFDict)
    for (const value of fonts.values()) {
      const font = doc.context.lookup(value);
      if (!(font instanceof PDFDict)) return true;
      let codes = fontCodes.get(font);
      if (codes === undefined) {
        codes = braceCodes(font);
        fontCodes.set(font, codes);
      }
      if (codes === 'any') return true;
      for (const code of codes) needles.add(code);
    }
  if (needles.size === 0) return false;
  const streams = contents instanceof PDFArray ? contents.asArray().map((r) => doc.context.lookup(r)) : [contents];
  for (const stream of streams) {
    if (stream === undefined) continue;
    if (!(stream instanceof PDFRawStream)) return true;
    let text: string;
    try {
      text = decodedContent(stream);
    } catch {
      return true;
    }
    // Most pages are settled by a plain search: no code for '{' in any form, and no escape that
    // could spell one, means no string shows it; only the others are tokenized.
    const lower = text.toLowerCase();
    const spelled =
      text.includes('\\') ||
      [...needles].some((hex) => lower.includes(hex) || text.includes(Buffer.from(hex, 'hex').toString('latin1')));
    if (spelled && showsAny(text, needles)) return true;
  }
  return false;
}

const decoded = new WeakMap<PDFRawStream, string>();

/**
 * A content stream decoded, as latin1 text; kept while the stream object lives, so hiding tags on
 * the document inspection parsed does not inflate its pages' content a second time.
 */
export function decodedContent(stream: PDFRawStream): string {
  let text = decoded.get(stream);
  if (text === undefined) {
    text = Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1');
    decoded.set(stream, text);
  }
  return text;
}

/** Whether a text-showing operator of the content holds one of the codes (hex, byte-aligned). */
function showsAny(content: string, needles: Set<string>): boolean {
  for (const op of tokenizeContent(content)) {
    if (op.operator !== 'Tj' && op.operator !== 'TJ' && op.operator !== "'" && op.operator !== '"') continue;
    const operand = op.operator === 'TJ' ? op.operands[0] : op.operands[op.operands.length - 1];
    const parts = Array.isArray(operand) ? operand : [operand];
    for (const part of parts) {
      if (typeof part !== 'object' || part === null || Array.isArray(part) || !('bytes' in part)) continue;
      const hex = Buffer.from(part.bytes).toString('hex');
      for (const needle of needles)
        for (let at = hex.indexOf(needle); at >= 0; at = hex.indexOf(needle, at + 1)) if (at % 2 === 0) return true;
    }
  }
  return false;
}

/** The codes (hex) a font shows `{` with, or 'any' when that cannot be told cheaply. */
function braceCodes(font: PDFDict): string[] | 'any' {
  const subtype = font.lookup(PDFName.of('Subtype'));
  if (subtype === PDFName.of('Type3')) return 'any';
  const toUnicode = font.lookup(PDFName.of('ToUnicode'));
  if (toUnicode instanceof PDFRawStream) {
    try {
      return codesFromCMap(Buffer.from(decodePDFRawStream(toUnicode).decode()).toString('latin1'));
    } catch {
      return 'any';
    }
  }
  if (toUnicode !== undefined) return 'any';
  if (subtype === PDFName.of('Type0')) return 'any';
  const encoding = font.lookup(PDFName.of('Encoding'));
  if (encoding !== undefined && !(encoding instanceof PDFName)) return 'any';
  return ['7b'];
}

const BRACE = 0x7b;

/** Reads bfchar and bfrange entries of a ToUnicode CMap for the codes whose text holds `{`. */
export function codesFromCMap(cmap: string): string[] | 'any' {
  const codes: string[] = [];
  const utf16 = (hex: string) => {
    const units: number[] = [];
    for (let i = 0; i + 4 <= hex.length; i += 4) units.push(parseInt(hex.slice(i, i + 4), 16));
    if (hex.length === 2) units.push(parseInt(hex, 16));
    return units;
  };
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g))
    for (const m of block[1]!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]*)>/g))
      if (utf16(m[2]!).includes(BRACE)) codes.push(m[1]!.toLowerCase());
  for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    const body = block[1]!;
    for (const m of body.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(<[0-9a-fA-F]*>|\[[^\]]*\])/g)) {
      const lo = parseInt(m[1]!, 16);
      const hi = parseInt(m[2]!, 16);
      const width = m[1]!.length;
      const dst = m[3]!;
      if (hi - lo > 0xffff) return 'any';
      if (dst.startsWith('[')) {
        [...dst.matchAll(/<([0-9a-fA-F]*)>/g)].forEach((d, k) => {
          if (utf16(d[1]!).includes(BRACE)) codes.push((lo + k).toString(16).padStart(width, '0'));
        });
      } else {
        const units = utf16(dst.slice(1, -1));
        if (units.length === 0) continue;
        if (units.slice(0, -1).includes(BRACE)) {
          for (let c = lo; c <= hi; c++) codes.push(c.toString(16).padStart(width, '0'));
          continue;
        }
        // The last unit increments along the range.
        const offset = BRACE - units[units.length - 1]!;
        if (offset >= 0 && offset <= hi - lo) codes.push((lo + offset).toString(16).padStart(width, '0'));
      }
    }
  }
  return codes;
}
