import { decodePDFRawStream, PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, type PDFPage } from 'pdf-lib';
import { findTagsIn, loadPdfjs, openPdfjs, type FoundTag, type PdfjsPage, type Quad } from './find-tags.js';
import { stripTagGlyphs, type CodeLength, type ShownGlyphs } from './strip-tags.js';

export interface TaggedPdf {
  tags: FoundTag[];
  /** The PDF with every tag removed and covered, or absent when it has no tag (the upload is kept). */
  covered?: Uint8Array;
}

/**
 * Finds the tags of a PDF and, when there are any, removes their glyphs from the page content
 * (strip-tags.ts) and covers each with a white box drawn after the page's own content, which
 * also hides a tag whose glyphs could not be removed. The page's content is wrapped in q…Q
 * first, so whatever graphics state it leaves behind cannot move or recolour the boxes.
 */
export async function findAndCoverTags(bytes: Uint8Array, onPages?: number[]): Promise<TaggedPdf> {
  // One pdf.js document for both finding and stripping: its fonts are loaded once.
  const pdfjsDoc = await openPdfjs(bytes);
  try {
    const tags = await findTagsIn(pdfjsDoc, onPages);
    if (tags.length === 0) return { tags };
    const doc = await PDFDocument.load(bytes, { updateMetadata: false, ignoreEncryption: true });
    const byPage = new Map<number, FoundTag[]>();
    for (const tag of tags) byPage.set(tag.page, [...(byPage.get(tag.page) ?? []), tag]);
    const pages = doc.getPages();
    for (const [pageNumber, pageTags] of byPage) {
      const page = pages[pageNumber - 1]!;
      const stripped = stripPage(
        page,
        await shownGlyphs(await pdfjsDoc.getPage(pageNumber)),
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
      page.node.normalize();
      const contents = page.node.Contents();
      const existing =
        stripped !== null
          ? [ctx.register(ctx.flateStream(Buffer.from(stripped, 'latin1')))]
          : contents instanceof PDFArray
            ? contents.asArray()
            : contents
              ? [page.node.get(PDFName.of('Contents'))!]
              : [];
      const before = ctx.register(ctx.flateStream('q\n'));
      const after = ctx.register(ctx.flateStream(cover));
      page.node.set(PDFName.of('Contents'), ctx.obj([before, ...existing, after]));
    }
    return { tags, covered: await doc.save({ useObjectStreams: false }) };
  } finally {
    await pdfjsDoc.destroy();
  }
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
    parts.push(Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1'));
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
