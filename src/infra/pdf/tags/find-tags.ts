/**
 * Finds Documenso-style placeholder tags (`{{signature, r1}}`) in a PDF's text, with the box each
 * one occupies, both as the viewer shows the page (for the field) and in user space (to hide it).
 *
 * Text comes from pdf.js, the same library the signing page renders with, so what is found is
 * what a viewer shows: it decodes Type0/CID fonts through their ToUnicode maps, and it reports
 * each run with its full text rendering matrix, so rotated pages and rotated text come out right.
 * A tag drawn in several runs (a generator that splits words, a font change mid-tag) is found by
 * matching on the page's runs joined in content order, and its box is the union of the pieces.
 */

/** A point list in PDF user space: the four corners of one run's piece of the tag. */
export type Quad = [number, number, number, number, number, number, number, number];

export interface FoundTag {
  /** 1-based page number. */
  page: number;
  /** The tag as written, braces included. */
  text: string;
  /** The tag's box in percent of the displayed page, from its top-left corner. */
  positionX: number;
  positionY: number;
  width: number;
  height: number;
  /** The displayed page's size in points, which the percentages above are of. */
  pageWidth: number;
  pageHeight: number;
  /** What covers the tag on the page, in user space, one quad per run it spans. */
  cover: Quad[];
}

/** A run of text as pdf.js's getTextContent gives it, and as read-page-text.ts reads it itself. */
export interface TextItem {
  str: string;
  /** The text rendering matrix at the run's start: size and direction in user space. */
  transform: number[];
  /** The run's advance along its baseline, in user space. */
  width: number;
  height: number;
  fontName: string;
  hasEOL: boolean;
}

interface PdfjsModule {
  getDocument(src: Record<string, unknown>): { promise: Promise<PdfjsDocument> };
  PDFWorker: new (options: { verbosity: number }) => unknown;
  VerbosityLevel: { ERRORS: number };
  OPS: Record<string, number>;
  AnnotationMode: { DISABLE: number };
}
export interface PdfjsDocument {
  numPages: number;
  getPage(n: number): Promise<PdfjsPage>;
  destroy(): Promise<void>;
}
export interface PdfjsPage {
  getOperatorList(o: { annotationMode: number }): Promise<{ fnArray: number[]; argsArray: unknown[][] }>;
  getViewport(o: { scale: number }): {
    width: number;
    height: number;
    convertToViewportPoint(x: number, y: number): [number, number];
  };
  getTextContent(): Promise<{
    items: (TextItem | { type: string })[];
    styles: Record<string, { ascent?: number; descent?: number }>;
  }>;
  cleanup(): boolean;
}

let pdfjs: Promise<PdfjsModule> | undefined;

/** pdf.js is loaded once per worker thread, on the first document that needs it. */
export function loadPdfjs(): Promise<PdfjsModule> {
  pdfjs ??= import('pdfjs-dist/legacy/build/pdf.mjs') as unknown as Promise<PdfjsModule>;
  return pdfjs;
}

/** Matches one tag on a line; no braces or line breaks inside, as Documenso's pattern. */
const TAG = /\{\{([^{}\n]*)\}\}/g;

/**
 * The thread's one pdf.js "worker" (in Node its fake, same-thread worker): setting one up for each
 * document cost about as much as reading a one-page document's text. Destroying a document leaves
 * a worker given in `getDocument` running for the next.
 */
let sharedWorker: unknown;

/** Opens a document with pdf.js; the caller destroys it. */
export async function openPdfjs(bytes: Uint8Array): Promise<PdfjsDocument> {
  const lib = await loadPdfjs();
  sharedWorker ??= new lib.PDFWorker({ verbosity: lib.VerbosityLevel.ERRORS });
  // pdf.js takes ownership of (detaches) the buffer it is given: hand it a copy.
  return lib.getDocument({
    worker: sharedWorker,
    data: bytes.slice(),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    stopAtErrors: false,
    verbosity: lib.VerbosityLevel.ERRORS,
  }).promise;
}

/** The tags on the given pages (1-based), or on every page. */
export async function findTags(bytes: Uint8Array, pages?: number[]): Promise<FoundTag[]> {
  const doc = await openPdfjs(bytes);
  try {
    return await findTagsIn(doc, pages);
  } finally {
    await doc.destroy();
  }
}

/** Where some text occurs on a page's text: its start and what matched. */
export type Matcher = (pageText: string) => Iterable<{ index: number; text: string }>;

export function* tagMatches(pageText: string): Iterable<{ index: number; text: string }> {
  // Cheap test first: most pages hold no tag, and the regular expression is not needed then.
  if (!pageText.includes('{{')) return;
  for (const match of pageText.matchAll(TAG)) yield { index: match.index, text: match[0] };
}

/** The tags of a document pdf.js has open, page by page. */
export function findTagsIn(doc: PdfjsDocument, pages?: number[]): Promise<FoundTag[]> {
  return findMatchesIn(doc, tagMatches, pages);
}

/**
 * Every occurrence of each of the texts (taken literally, case and spaces as given) in the
 * document's text, page by page and, on a page, in content order; `text` of each is the needle.
 * Occurrences of one needle do not overlap.
 */
export function findTextIn(doc: PdfjsDocument, needles: string[]): Promise<FoundTag[]> {
  const wanted = [...new Set(needles.filter((n) => n.length > 0))];
  return findMatchesIn(doc, (pageText) => {
    const hits: { index: number; text: string }[] = [];
    for (const needle of wanted)
      for (let at = pageText.indexOf(needle); at >= 0; at = pageText.indexOf(needle, at + needle.length))
        hits.push({ index: at, text: needle });
    return hits.sort((a, b) => a.index - b.index);
  });
}

async function findMatchesIn(doc: PdfjsDocument, matcher: Matcher, pages?: number[]): Promise<FoundTag[]> {
  const found: FoundTag[] = [];
  for (const n of pages ?? Array.from({ length: doc.numPages }, (_, i) => i + 1)) {
    if (n < 1 || n > doc.numPages) continue;
    const page = await doc.getPage(n);
    found.push(...(await matchesOnPage(page, n, matcher)));
    page.cleanup();
  }
  return found;
}

async function matchesOnPage(page: PdfjsPage, pageNumber: number, matcher: Matcher): Promise<FoundTag[]> {
  const content = await page.getTextContent();
  const items = content.items.filter((i): i is TextItem => 'str' in i);
  // Only pages with a match need the viewport.
  let viewport: ReturnType<PdfjsPage['getViewport']> | undefined;
  return placeMatches(items, content.styles, pageNumber, matcher, () => (viewport ??= page.getViewport({ scale: 1 })));
}

/** How a page is displayed: its size and where a point of user space shows, from the top-left corner. */
export interface PageView {
  width: number;
  height: number;
  convertToViewportPoint(x: number, y: number): [number, number];
}

/**
 * The matches in a page's text runs (from pdf.js or read-page-text.ts), each with its box on the
 * displayed page and the quads that cover it in user space.
 */
export function placeMatches(
  items: TextItem[],
  styles: Record<string, { ascent?: number; descent?: number }>,
  pageNumber: number,
  matcher: Matcher,
  view: () => PageView,
): FoundTag[] {
  // The page's text in content order, with where each run starts in it.
  let text = '';
  const starts: number[] = [];
  for (const item of items) {
    starts.push(text.length);
    text += item.str;
    if (item.hasEOL) text += '\n';
  }
  const matches = [...matcher(text)];
  if (matches.length === 0) return [];

  const viewport = view();
  const found: FoundTag[] = [];
  for (const match of matches) {
    const from = match.index;
    const to = from + match.text.length;
    const cover: Quad[] = [];
    for (const [i, item] of items.entries()) {
      const start = starts[i]!;
      const end = start + item.str.length;
      if (end <= from || start >= to || item.str.length === 0) continue;
      const style = styles[item.fontName] ?? {};
      cover.push(
        pieceQuad(
          item,
          (Math.max(from, start) - start) / item.str.length,
          (Math.min(to, end) - start) / item.str.length,
          style,
        ),
      );
    }
    if (cover.length === 0) continue;
    let minX = Infinity;
    let minY = Infinity;
    let maxX = -Infinity;
    let maxY = -Infinity;
    for (const quad of cover)
      for (let k = 0; k < 8; k += 2) {
        const [vx, vy] = viewport.convertToViewportPoint(quad[k]!, quad[k + 1]!);
        minX = Math.min(minX, vx);
        maxX = Math.max(maxX, vx);
        minY = Math.min(minY, vy);
        maxY = Math.max(maxY, vy);
      }
    const pct = (v: number, of: number) => Math.min(100, Math.max(0, (v / of) * 100));
    const positionX = pct(minX, viewport.width);
    const positionY = pct(minY, viewport.height);
    found.push({
      page: pageNumber,
      text: match.text,
      positionX,
      positionY,
      width: Math.max(0.01, pct(maxX, viewport.width) - positionX),
      height: Math.max(0.01, pct(maxY, viewport.height) - positionY),
      pageWidth: viewport.width,
      pageHeight: viewport.height,
      cover,
    });
  }
  return found;
}

/**
 * The quad of characters [f0, f1) (fractions of the run's length) of one run, from its descent to
 * its ascent. Positions inside a run are proportional to character count: pdf.js gives a run's
 * advance, not each glyph's, and a tag is usually a run of its own.
 */
function pieceQuad(item: TextItem, f0: number, f1: number, style: { ascent?: number; descent?: number }): Quad {
  const [a = 1, b = 0, c = 0, d = 1, e = 0, f = 0] = item.transform;
  const size = Math.hypot(c, d) || item.height || 1;
  const along = Math.hypot(a, b) || 1;
  // Unit vectors along the baseline and up the glyphs, in user space.
  const ux = a / along;
  const uy = b / along;
  const vx = c / size;
  const vy = d / size;
  const ascent = style.ascent ?? 0.8;
  const descent = style.descent ?? -0.2;
  const x0 = f0 * item.width;
  const x1 = f1 * item.width;
  const lo = descent * size;
  const hi = ascent * size;
  const at = (s: number, t: number): [number, number] => [e + ux * s + vx * t, f + uy * s + vy * t];
  return [...at(x0, lo), ...at(x1, lo), ...at(x1, hi), ...at(x0, hi)] as Quad;
}
