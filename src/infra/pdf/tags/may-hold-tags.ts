import { decodePDFRawStream, PDFArray, PDFDict, PDFName, PDFRawStream, type PDFDocument } from 'pdf-lib';

/**
 * A cheap, conservative test run at inspection, on the document pdf-lib has already parsed: false
 * only when no page can show a `{`, so the text extraction that finds tags can be skipped.
 *
 * With simple fonts in a built-in encoding, a shown `{` is the byte 0x7B in a string, so it is in
 * the content as `{`, as hex `7b` or as the escape `\173`. Anything that can remap codes (a Type0
 * or Type3 font, an encoding with /Differences, a ToUnicode map) or hide text elsewhere (a form
 * XObject) makes the answer "maybe", and the full scan runs.
 */
export function mayHoldTags(doc: PDFDocument): boolean {
  for (const page of doc.getPages()) {
    const resources = page.node.Resources();
    const xobjects = resources?.lookup(PDFName.of('XObject'));
    if (xobjects instanceof PDFDict)
      for (const value of xobjects.values()) {
        const xobject = doc.context.lookup(value);
        if (xobject instanceof PDFRawStream && xobject.dict.lookup(PDFName.of('Subtype')) === PDFName.of('Form'))
          return true;
      }
    const fonts = resources?.lookup(PDFName.of('Font'));
    if (fonts instanceof PDFDict)
      for (const value of fonts.values()) {
        const font = doc.context.lookup(value);
        if (!(font instanceof PDFDict)) return true;
        const subtype = font.lookup(PDFName.of('Subtype'));
        if (subtype !== PDFName.of('Type1') && subtype !== PDFName.of('TrueType') && subtype !== PDFName.of('MMType1'))
          return true;
        if (font.has(PDFName.of('ToUnicode'))) return true;
        const encoding = font.lookup(PDFName.of('Encoding'));
        if (encoding !== undefined && !(encoding instanceof PDFName)) return true;
      }
    const contents = page.node.Contents();
    const streams = contents instanceof PDFArray ? contents.asArray().map((r) => doc.context.lookup(r)) : [contents];
    for (const stream of streams) {
      if (stream === undefined) continue;
      if (!(stream instanceof PDFRawStream)) return true;
      let text: string;
      try {
        text = Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1');
      } catch {
        return true;
      }
      if (text.includes('{') || /7b/i.test(text) || text.includes('\\173')) return true;
    }
  }
  return false;
}
