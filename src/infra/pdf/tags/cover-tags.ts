import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, type PDFPage } from 'pdf-lib';
import { deflateSync } from 'node:zlib';
import {
  findTagsIn,
  findTextIn,
  loadPdfjs,
  openPdfjs,
  placeMatches,
  tagMatches,
  type FoundTag,
  type PageView,
  type PdfjsPage,
  type Quad,
} from './find-tags.js';
import type { PdfPageInfo } from '../page-info.js';
import { readPageText } from './read-page-text.js';
import type { TextFont } from './text-fonts.js';
import { decodedContent } from './may-hold-tags.js';
import { stripTagGlyphs, type CodeLength, type ShownGlyphs } from './strip-tags.js';

export interface TaggedPdf {
  tags: FoundTag[];
  /** The PDF with its tags removed and covered, or absent when none was (the upload is kept). */
  covered?: Uint8Array;
}

/** A tag that names its recipient (`{{signature, r1}}`), as opposed to an anchor (`{{signature}}`). */
export function tagNamesRecipient(tag: string): boolean {
  return /^\{\{[^,{}]*,\s*r\d+\s*(,|\}\}$)/i.test(tag);
}

/**
 * Finds the tags of a PDF and, when any names a recipient, removes those tags' glyphs and covers
 * them (`coverFound`). A tag without a recipient (`{{signature}}`) is an anchor for a field placed
 * later with `placeholder` on field creation: it stays in the PDF, as Documenso leaves it.
 */
export async function findAndCoverTags(
  bytes: Uint8Array,
  onPages?: number[],
  /** The same bytes already parsed by pdf-lib (inspection), modified here; else they are parsed again. */
  parsed?: PDFDocument,
  /** With `read`: the document inspection parsed and its pages, to read the text without pdf.js. */
  read?: { doc: PDFDocument; pages: PdfPageInfo[] },
): Promise<TaggedPdf> {
  const direct = read ? readTagsDirectly(read.doc, read.pages, onPages) : null;
  if (direct) {
    const placed = direct.tags.filter((t) => tagNamesRecipient(t.text));
    if (placed.length === 0) return { tags: direct.tags };
    const glyphs = (page: number) => Promise.resolve(direct.shown.get(page) ?? []);
    return { tags: direct.tags, covered: await coverFound(glyphs, parsed ?? bytes, placed) };
  }
  // One pdf.js document for both finding and stripping: its fonts are loaded once.
  const pdfjsDoc = await openPdfjs(bytes);
  try {
    const tags = await findTagsIn(pdfjsDoc, onPages);
    const placed = tags.filter((t) => tagNamesRecipient(t.text));
    if (placed.length === 0) return { tags };
    const glyphs = async (page: number) => shownGlyphs(await pdfjsDoc.getPage(page));
    return { tags, covered: await coverFound(glyphs, parsed ?? bytes, placed) };
  } finally {
    await pdfjsDoc.destroy();
  }
}

/** The tags of the pages read by read-page-text.ts, or null when one page needs pdf.js. */
function readTagsDirectly(
  doc: PDFDocument,
  infos: PdfPageInfo[],
  onPages?: number[],
): { tags: FoundTag[]; shown: Map<number, ShownGlyphs[]> } | null {
  const pages = doc.getPages();
  const fonts = new Map<PDFDict, TextFont | null>();
  const tags: FoundTag[] = [];
  const shown = new Map<number, ShownGlyphs[]>();
  for (const n of onPages ?? pages.map((_, i) => i + 1)) {
    const page = pages[n - 1];
    const info = infos[n - 1];
    if (!page || !info) continue;
    const text = readPageText(doc, page, fonts, info.cropBox);
    if (!text) return null;
    shown.set(n, text.shown);
    tags.push(...placeMatches(text.runs, text.styles, n, tagMatches, () => pageView(info)));
  }
  return { tags, shown };
}

/** Where user space shows on the displayed page, as pdf.js's viewport at scale 1 computes it. */
function pageView(info: PdfPageInfo): PageView {
  const { x, y, width, height } = info.cropBox;
  return {
    width: info.width,
    height: info.height,
    convertToViewportPoint(px, py) {
      switch (info.rotation) {
        case 90:
          return [py - y, px - x];
        case 180:
          return [x + width - px, py - y];
        case 270:
          return [y + height - py, x + width - px];
        default:
          return [px - x, y + height - py];
      }
    },
  };
}

export interface FoundText {
  /** Per text asked for, the occurrences used: the first, or all when `all`; empty when not found. */
  found: FoundTag[][];
  /** The PDF with every occurrence used removed and covered; absent when some text was not found. */
  covered?: Uint8Array;
}

/**
 * Finds texts in a PDF (Documenso's `placeholder` positioning of a field) and hides the
 * occurrences used, as it hides tags, so the signer sees the field where the text was.
 */
export async function findAndCoverText(
  bytes: Uint8Array,
  wanted: { text: string; all: boolean }[],
): Promise<FoundText> {
  const pdfjsDoc = await openPdfjs(bytes);
  try {
    const all = await findTextIn(
      pdfjsDoc,
      wanted.map((w) => w.text),
    );
    const found = wanted.map((w) => {
      const hits = all.filter((t) => t.text === w.text);
      return w.all ? hits : hits.slice(0, 1);
    });
    if (found.some((f) => f.length === 0)) return { found };
    // Two fields on the same occurrence hide it once.
    const used = [...new Set(found.flat())];
    const glyphs = async (page: number) => shownGlyphs(await pdfjsDoc.getPage(page));
    return { found, covered: await coverFound(glyphs, bytes, used) };
  } finally {
    await pdfjsDoc.destroy();
  }
}

/**
 * Removes the found texts' glyphs from the page content (strip-tags.ts) and covers each with a
 * white box drawn after the page's own content, which also hides one whose glyphs could not be
 * removed. The page's content is wrapped in q…Q first, so whatever graphics state it leaves
 * behind cannot move or recolour the boxes.
 */
async function coverFound(
  glyphsOf: (page: number) => Promise<ShownGlyphs[]>,
  pdf: Uint8Array | PDFDocument,
  found: FoundTag[],
): Promise<Uint8Array> {
  const doc =
    pdf instanceof PDFDocument ? pdf : await PDFDocument.load(pdf, { updateMetadata: false, ignoreEncryption: true });
  const byPage = new Map<number, FoundTag[]>();
  for (const tag of found) byPage.set(tag.page, [...(byPage.get(tag.page) ?? []), tag]);
  const pages = doc.getPages();
  for (const [pageNumber, pageTags] of byPage) {
    const page = pages[pageNumber - 1]!;
    const stripped = stripPage(
      page,
      await glyphsOf(pageNumber),
      pageTags.map((t) => t.text),
    );
    const quads = pageTags.flatMap((t) => t.cover);
    const n = (v: number) => Number(v.toFixed(3));
    const paths = quads.map((q) => {
      const [x0, y0, x1, y1, x2, y2, x3, y3] = q.map(n) as Quad;
      return `${x0} ${y0} m ${x1} ${y1} l ${x2} ${y2} l ${x3} ${y3} l h`;
    });
    const ctx = doc.context;
    // A hair wider than the glyphs (the stroke), so anti-aliased edges do not peek out.
    const cover = `\nQ\nq 1 g 1 G 0.6 w 1 j\n${paths.join('\n')}\nB\nQ\n`;
    // Not page.node.normalize(): it would also wrap the content in q/Q streams of its own, left
    // orphaned by the array set here but still deflated (slowly, by pdf-lib) and written on save.
    const contents = page.node.Contents();
    const existing =
      stripped !== null
        ? [ctx.register(flateStream(doc, stripped))]
        : contents instanceof PDFArray
          ? contents.asArray()
          : contents
            ? [page.node.get(PDFName.of('Contents'))!]
            : [];
    // The two small streams stay uncompressed: deflating them costs more than it saves.
    const before = ctx.register(ctx.stream('q\n'));
    const after = ctx.register(ctx.stream(cover));
    page.node.set(PDFName.of('Contents'), ctx.obj([before, ...existing, after]));
  }
  return doc.save({ useObjectStreams: false });
}

/** A Flate-compressed stream, compressed by Node's zlib (pdf-lib's own deflate is several times slower). */
function flateStream(doc: PDFDocument, latin1: string): PDFRawStream {
  return PDFRawStream.of(
    doc.context.obj({ Filter: 'FlateDecode' }),
    new Uint8Array(deflateSync(Buffer.from(latin1, 'latin1'))),
  );
}

/** The glyphs of each text-showing operator of the page's own content, as pdf.js decoded them. */
async function shownGlyphs(page: PdfjsPage): Promise<ShownGlyphs[]> {
  const lib = await loadPdfjs();
  const { OPS } = lib;
  const list = await page.getOperatorList({ annotationMode: lib.AnnotationMode.DISABLE });
  const shown: ShownGlyphs[] = [];
  let nested = 0;
  list.fnArray.forEach((fn, i) => {
    if (fn === OPS.paintFormXObjectBegin) nested++;
    else if (fn === OPS.paintFormXObjectEnd) nested--;
    else if (fn === OPS.showText && nested === 0) {
      const glyphs = (list.argsArray[i]?.[0] ?? []) as unknown[];
      shown.push({
        glyphs: glyphs
          .filter((g): g is { unicode: string; width: number } => typeof g === 'object' && g !== null)
          .map((g) => ({ unicode: g.unicode, width: g.width })),
      });
    }
  });
  page.cleanup();
  return shown;
}

/** The page's content without the tags' glyphs, or null when they cannot be removed safely. */
function stripPage(page: PDFPage, shown: ShownGlyphs[], tagTexts: string[]): string | null {
  const ctx = page.doc.context;
  const contents = page.node.Contents();
  const streams = contents instanceof PDFArray ? contents.asArray().map((r) => ctx.lookup(r)) : [contents];
  const parts: string[] = [];
  for (const stream of streams) {
    if (!(stream instanceof PDFRawStream)) return null;
    parts.push(decodedContent(stream));
  }
  const fonts = page.node.Resources()?.lookup(PDFName.of('Font'));
  const codeLength: CodeLength = (name) => {
    const font = fonts instanceof PDFDict ? fonts.lookup(PDFName.of(name)) : undefined;
    if (!(font instanceof PDFDict)) return null;
    if (font.lookup(PDFName.of('Subtype')) !== PDFName.of('Type0')) return 1;
    const encoding = font.lookup(PDFName.of('Encoding'));
    return encoding === PDFName.of('Identity-H') || encoding === PDFName.of('Identity-V') ? 2 : null;
  };
  try {
    return stripTagGlyphs(parts.join('\n'), shown, tagTexts, codeLength);
  } catch {
    return null;
  }
}
