/** Source PDFs for renderer tests, built with pdf-lib. */
import { PDFDocument, PDFName, PDFNumber, StandardFonts } from 'pdf-lib';

export interface PageSpec {
  /** MediaBox as [x1, y1, x2, y2]; default [0, 0, 400, 300]. */
  mediaBox?: [number, number, number, number];
  cropBox?: [number, number, number, number];
  rotate?: number;
  /** Raw content stream operators to put on the page before rendering. */
  content?: string;
  /** Text drawn at the top-left of the MediaBox (to make pages distinguishable). */
  label?: string;
}

export async function makePdf(pages: PageSpec[], edit?: (doc: PDFDocument) => void): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const helvetica = pages.some((p) => p.label) ? await doc.embedFont(StandardFonts.Helvetica) : undefined;
  for (const spec of pages) {
    const [x1, y1, x2, y2] = spec.mediaBox ?? [0, 0, 400, 300];
    const page = doc.addPage([x2 - x1, y2 - y1]);
    page.node.set(PDFName.of('MediaBox'), doc.context.obj([x1, y1, x2, y2]));
    if (spec.cropBox) page.node.set(PDFName.of('CropBox'), doc.context.obj(spec.cropBox));
    if (spec.rotate !== undefined) page.node.set(PDFName.of('Rotate'), PDFNumber.of(spec.rotate));
    if (spec.label && helvetica) page.drawText(spec.label, { x: x1 + 10, y: y2 - 20, size: 10, font: helvetica });
    if (spec.content) {
      const stream = doc.context.flateStream(spec.content);
      page.node.addContentStream(doc.context.register(stream));
    }
  }
  edit?.(doc);
  return doc.save({ addDefaultPage: false });
}
