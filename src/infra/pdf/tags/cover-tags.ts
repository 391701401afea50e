import { PDFArray, PDFDocument, PDFName } from 'pdf-lib';
import { findTags, type FoundTag, type Quad } from './find-tags.js';

export interface TaggedPdf {
  tags: FoundTag[];
  /** The PDF with every tag covered, or absent when it has no tag (the upload is kept as it is). */
  covered?: Uint8Array;
}

/**
 * Finds the tags of a PDF and, when there are any, covers each with a white box drawn after the
 * page's own content. The page's content is wrapped in q…Q first, so whatever graphics state it
 * leaves behind cannot move or recolour the boxes.
 */
export async function findAndCoverTags(bytes: Uint8Array): Promise<TaggedPdf> {
  const tags = await findTags(bytes);
  if (tags.length === 0) return { tags };
  const doc = await PDFDocument.load(bytes, { updateMetadata: false, ignoreEncryption: true });
  const byPage = new Map<number, Quad[]>();
  for (const tag of tags) byPage.set(tag.page, [...(byPage.get(tag.page) ?? []), ...tag.cover]);
  const pages = doc.getPages();
  for (const [pageNumber, quads] of byPage) {
    const page = pages[pageNumber - 1]!;
    const n = (v: number) => Number(v.toFixed(3));
    // A hair wider than the glyphs, so anti-aliased edges do not peek out.
    const paths = quads.map((q) => {
      const [x0, y0, x1, y1, x2, y2, x3, y3] = q.map(n) as Quad;
      return `${x0} ${y0} m ${x1} ${y1} l ${x2} ${y2} l ${x3} ${y3} l h`;
    });
    const before = doc.context.register(doc.context.flateStream('q\n'));
    const after = doc.context.register(
      doc.context.flateStream(`\nQ\nq 1 g 1 G 0.6 w 1 j\n${paths.join('\n')}\nB\nQ\n`),
    );
    page.node.normalize();
    const contents = page.node.Contents();
    const existing =
      contents instanceof PDFArray ? contents.asArray() : contents ? [page.node.get(PDFName.of('Contents'))!] : [];
    page.node.set(PDFName.of('Contents'), doc.context.obj([before, ...existing, after]));
  }
  return { tags, covered: await doc.save({ useObjectStreams: false }) };
}
