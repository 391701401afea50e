import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { PageSizes, PDFDocument, PDFName, PDFNumber } from 'pdf-lib';
import type { PDFArray, PDFDict } from 'pdf-lib';
import { inspectPdf, PdfRejectedError } from './inspect-pdf.js';
import type { PdfRejectReason } from './inspect-pdf.js';
import { qpdf, qpdfCheck } from '../../../test/support/pdf-tools.js';

async function makePdf(sizes: [number, number][], edit?: (doc: PDFDocument) => void): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  for (const size of sizes) doc.addPage(size);
  edit?.(doc);
  return doc.save({ addDefaultPage: false });
}

async function rejects(bytes: Uint8Array, reason: PdfRejectReason): Promise<void> {
  await assert.rejects(inspectPdf(bytes), (error: unknown) => {
    assert.ok(error instanceof PdfRejectedError, `expected PdfRejectedError, got ${String(error)}`);
    assert.equal(error.reason, reason);
    return true;
  });
}

function pagesNode(doc: PDFDocument): PDFDict {
  return doc.catalog.Pages();
}

void test('a one-page A4 PDF is described as displayed', async () => {
  const info = await inspectPdf(await makePdf([PageSizes.A4]));
  assert.equal(info.pageCount, 1);
  assert.equal(info.pdfVersion, '1.7');
  assert.deepEqual(info.pages, [
    { width: 595.28, height: 841.89, rotation: 0, cropBox: { x: 0, y: 0, width: 595.28, height: 841.89 } },
  ]);
});

void test('a three-page PDF with mixed sizes lists every page in order', async () => {
  const info = await inspectPdf(await makePdf([PageSizes.A4, PageSizes.Letter, [300, 200]]));
  assert.equal(info.pageCount, 3);
  assert.deepEqual(
    info.pages.map((p) => [p.width, p.height]),
    [
      [595.28, 841.89],
      [612, 792],
      [300, 200],
    ],
  );
});

void test('rotated pages report the displayed (swapped) size and a normalised rotation', async () => {
  const bytes = await makePdf(
    [PageSizes.Letter, PageSizes.Letter, PageSizes.Letter, PageSizes.Letter, PageSizes.Letter],
    (doc) => {
      const rotations = [90, 180, 270, -90, 450];
      doc.getPages().forEach((page, i) => page.node.set(PDFName.of('Rotate'), PDFNumber.of(rotations[i]!)));
    },
  );
  const info = await inspectPdf(bytes);
  assert.deepEqual(
    info.pages.map((p) => [p.rotation, p.width, p.height]),
    [
      [90, 792, 612],
      [180, 612, 792],
      [270, 792, 612],
      [270, 792, 612],
      [90, 792, 612],
    ],
  );
  // The crop box stays in unrotated user space.
  assert.deepEqual(info.pages[0]!.cropBox, { x: 0, y: 0, width: 612, height: 792 });
});

void test('a rotation that is not a multiple of 90 is ignored, as viewers do', async () => {
  const bytes = await makePdf([PageSizes.A4], (doc) => doc.getPage(0).node.set(PDFName.of('Rotate'), PDFNumber.of(45)));
  assert.equal((await inspectPdf(bytes)).pages[0]!.rotation, 0);
});

void test('rotation, MediaBox and CropBox inherited from the parent /Pages node are honoured', async () => {
  const bytes = await makePdf(
    [
      [200, 100],
      [200, 100],
    ],
    (doc) => {
      const root = pagesNode(doc);
      root.set(PDFName.of('Rotate'), PDFNumber.of(90));
      root.set(PDFName.of('MediaBox'), doc.context.obj([0, 0, 500, 400]));
      root.set(PDFName.of('CropBox'), doc.context.obj([10, 20, 310, 220]));
      // The first page relies on inheritance only; the second overrides the rotation.
      doc.getPage(0).node.delete(PDFName.of('MediaBox'));
      doc.getPage(1).node.delete(PDFName.of('MediaBox'));
      doc.getPage(1).node.set(PDFName.of('Rotate'), PDFNumber.of(0));
    },
  );
  const info = await inspectPdf(bytes);
  assert.deepEqual(info.pages[0], {
    width: 200,
    height: 300,
    rotation: 90,
    cropBox: { x: 10, y: 20, width: 300, height: 200 },
  });
  assert.deepEqual(info.pages[1], {
    width: 300,
    height: 200,
    rotation: 0,
    cropBox: { x: 10, y: 20, width: 300, height: 200 },
  });
});

void test('rotation inherited through an intermediate /Pages node', async () => {
  const doc = await PDFDocument.create();
  doc.addPage([200, 100]);
  const root = pagesNode(doc);
  const leaf = doc.getPage(0).node;
  const leafRef = (root.get(PDFName.of('Kids')) as PDFArray).get(0);
  const middle = doc.context.obj({
    Type: 'Pages',
    Kids: [leafRef],
    Count: 1,
    Parent: doc.catalog.get(PDFName.of('Pages')),
    Rotate: 180,
  });
  const middleRef = doc.context.register(middle);
  root.set(PDFName.of('Kids'), doc.context.obj([middleRef]));
  leaf.set(PDFName.of('Parent'), middleRef);
  // Saved and re-read, so the intermediate node is parsed as a real /Pages node.
  const info = await inspectPdf(await doc.save({ addDefaultPage: false }));
  assert.deepEqual(
    info.pages.map((p) => [p.rotation, p.width, p.height]),
    [[180, 200, 100]],
  );
});

void test('a cropped page reports the CropBox, clipped to the MediaBox and normalised', async () => {
  const bytes = await makePdf(
    [
      [400, 300],
      [400, 300],
    ],
    (doc) => {
      doc.getPage(0).node.set(PDFName.of('CropBox'), doc.context.obj([50, 40, 250, 240]));
      // Written backwards and sticking out of the MediaBox on two sides.
      doc.getPage(1).node.set(PDFName.of('CropBox'), doc.context.obj([450, 350, 100, -20]));
    },
  );
  const info = await inspectPdf(bytes);
  assert.deepEqual(info.pages[0], {
    width: 200,
    height: 200,
    rotation: 0,
    cropBox: { x: 50, y: 40, width: 200, height: 200 },
  });
  assert.deepEqual(info.pages[1], {
    width: 300,
    height: 300,
    rotation: 0,
    cropBox: { x: 100, y: 0, width: 300, height: 300 },
  });
});

void test('random bytes are NOT_A_PDF', async () => {
  await rejects(new Uint8Array(randomBytes(4096)), 'NOT_A_PDF');
  await rejects(new Uint8Array(0), 'NOT_A_PDF');
  await rejects(new TextEncoder().encode('hello, this is a text file\n'), 'NOT_A_PDF');
});

void test('a PDF header after the first 1024 bytes is NOT_A_PDF', async () => {
  const pdf = await makePdf([PageSizes.A4]);
  const padded = new Uint8Array(2048 + pdf.length);
  padded.fill(0x20, 0, 2048);
  padded.set(pdf, 2048);
  await rejects(padded, 'NOT_A_PDF');
});

void test('a PDF truncated to half its length is PDF_DAMAGED', async () => {
  const pdf = await makePdf([PageSizes.A4, PageSizes.A4, PageSizes.Letter]);
  await rejects(pdf.slice(0, Math.floor(pdf.length / 2)), 'PDF_DAMAGED');
  // Only the end missing (the %%EOF marker) is damage too.
  await rejects(pdf.slice(0, pdf.length - 7), 'PDF_DAMAGED');
});

void test('a complete-looking PDF whose body is garbage is PDF_DAMAGED', async () => {
  const text = '%PDF-1.7\n1 0 obj\n<< garbage >>\nendobj\ntrailer\n<< /Size 2 >>\nstartxref\n9\n%%EOF\n';
  await rejects(new TextEncoder().encode(text), 'PDF_DAMAGED');
});

void test('a page tree with a kid that is not a page is PDF_DAMAGED', async () => {
  const bytes = await makePdf([PageSizes.A4], (doc) => {
    const kids = pagesNode(doc).get(PDFName.of('Kids')) as PDFArray;
    kids.push(doc.context.obj([1, 2, 3]));
    pagesNode(doc).set(PDFName.of('Count'), PDFNumber.of(2));
  });
  await rejects(bytes, 'PDF_DAMAGED');
});

void test('a page tree whose /Count disagrees with its pages is PDF_DAMAGED', async () => {
  const bytes = await makePdf([PageSizes.A4], (doc) => pagesNode(doc).set(PDFName.of('Count'), PDFNumber.of(3)));
  await rejects(bytes, 'PDF_DAMAGED');
});

void test('a page tree that loops back on itself is PDF_DAMAGED', async () => {
  const bytes = await makePdf([PageSizes.A4], (doc) => {
    const kids = pagesNode(doc).get(PDFName.of('Kids')) as PDFArray;
    kids.push(doc.catalog.get(PDFName.of('Pages'))!);
  });
  await rejects(bytes, 'PDF_DAMAGED');
});

void test('an encrypted PDF (user and owner passwords) is PDF_ENCRYPTED', async () => {
  const pdf = await makePdf([PageSizes.A4]);
  await rejects(qpdf(pdf, ['--encrypt', 'user', 'owner', '256', '--', '{in}', '{out}']), 'PDF_ENCRYPTED');
});

void test('a PDF encrypted with an empty user password (owner-only) is PDF_ENCRYPTED', async () => {
  const pdf = await makePdf([PageSizes.A4]);
  await rejects(qpdf(pdf, ['--encrypt', '', 'owner', '256', '--', '{in}', '{out}']), 'PDF_ENCRYPTED');
  // Old RC4 encryption, with a classic xref table and trailer, is refused too.
  await rejects(
    qpdf(pdf, [
      '--allow-weak-crypto',
      '--object-streams=disable',
      '--encrypt',
      '',
      'owner',
      '128',
      '--use-aes=n',
      '--',
      '{in}',
      '{out}',
    ]),
    'PDF_ENCRYPTED',
  );
});

void test('a PDF whose page tree has no pages is PDF_NO_PAGES', async () => {
  const doc = await PDFDocument.create();
  const bytes = await doc.save({ addDefaultPage: false });
  assert.equal(qpdfCheck(bytes).status, 0, 'the fixture is a well-formed PDF, only without pages');
  await rejects(bytes, 'PDF_NO_PAGES');
});

void test('qpdf rewrites (xref streams, object streams) are still read correctly', async () => {
  const pdf = await makePdf([PageSizes.A4, [300, 200]], (doc) =>
    doc.getPage(1).node.set(PDFName.of('Rotate'), PDFNumber.of(270)),
  );
  const rewritten = qpdf(pdf, ['--object-streams=generate', '{in}', '{out}']);
  const info = await inspectPdf(rewritten);
  assert.deepEqual(
    info.pages.map((p) => [p.rotation, p.width, p.height]),
    [
      [0, 595.28, 841.89],
      [270, 200, 300],
    ],
  );
});

void test('the catalog /Version wins over an older header', async () => {
  const bytes = await makePdf([PageSizes.A4], (doc) => doc.catalog.set(PDFName.of('Version'), PDFName.of('2.0')));
  assert.equal((await inspectPdf(bytes)).pdfVersion, '2.0');
});

void test('PdfRejectedError carries a user-facing message', () => {
  const error = new PdfRejectedError('PDF_ENCRYPTED', 'detail');
  assert.equal(error.reason, 'PDF_ENCRYPTED');
  assert.match(error.message, /encrypted/);
  assert.ok(error instanceof Error);
});
