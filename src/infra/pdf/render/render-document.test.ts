/** Whole-document behaviour: stamp, appended pages, untouched pages, resources, bad input. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PDFDocument, PDFArray, PDFName, PDFStream, StandardFonts } from 'pdf-lib';
import { inspectPdf, PdfRejectedError } from '../inspect-pdf.js';
import { renderFields } from './render-fields.js';
import { RenderError } from './types.js';
import type { RenderField } from './types.js';
import { makePdf } from '../../../../test/support/pdf-fixtures.js';
import {
  makePng,
  pdfToText,
  pixelsIn,
  qpdf,
  qpdfCheck,
  rasterise,
  withTempDir,
} from '../../../../test/support/pdf-tools.js';
import type { Raster } from '../../../../test/support/pdf-tools.js';

const text = (page: number, value: string, positionY = 10): RenderField => ({
  page,
  positionX: 10,
  positionY,
  width: 60,
  height: 8,
  value: { kind: 'text', text: value },
});

async function auditPdf(pages: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 1; i <= pages; i++)
    doc.addPage([595.28, 841.89]).drawText(`Audit trail page ${i}`, { x: 50, y: 780, size: 14, font });
  return doc.save();
}

function pdffonts(pdf: Uint8Array): string[] {
  return withTempDir((dir) => {
    const file = join(dir, 'in.pdf');
    writeFileSync(file, pdf);
    return execFileSync('/usr/bin/pdffonts', [file], { encoding: 'utf8' }).split('\n').slice(2).filter(Boolean);
  });
}

/** Pixels that are clearly red-tinted (the stamp), not grey or black. */
function reddish(r: Raster): number {
  let n = 0;
  for (const [x, y] of pixelsIn(r, { left: 0, top: 0, right: r.width, bottom: r.height })) {
    const i = (y * r.width + x) * 4;
    if (r.data[i]! - r.data[i + 1]! > 40) n++;
  }
  return n;
}

void test('appended PDFs add their pages at the end, and the result passes qpdf --check', async () => {
  const original = await makePdf([{ label: 'Contract page 1' }, { label: 'Contract page 2', rotate: 90 }]);
  const out = await renderFields(original, [text(1, 'Ñandú García'), text(2, 'Firmado')], {
    appendPdfs: [await auditPdf(2), await auditPdf(1)],
  });
  const info = await inspectPdf(out);
  assert.equal(info.pageCount, 5);
  assert.deepEqual(
    info.pages.map((p) => [Math.round(p.width), Math.round(p.height)]),
    [
      [400, 300],
      [300, 400],
      [595, 842],
      [595, 842],
      [595, 842],
    ],
  );
  assert.equal(qpdfCheck(out).status, 0, qpdfCheck(out).output);
  const pages = pdfToText(out).split('\f');
  assert.match(pages[0]!, /Contract page 1[\s\S]*Ñandú García/);
  assert.match(pages[2]!, /Audit trail page 1/);
  assert.match(pages[3]!, /Audit trail page 2/);
  assert.match(pages[4]!, /Audit trail page 1/);
});

void test('a stamp is drawn, translucent and diagonal, on every page including appended ones', async () => {
  const original = await makePdf([{}, { rotate: 270 }, { cropBox: [50, 40, 350, 240] }]);
  const out = await renderFields(original, [text(1, 'Ana')], {
    stamp: { text: 'REJECTED' },
    appendPdfs: [await auditPdf(1)],
  });
  assert.equal(qpdfCheck(out).status, 0);
  const pages = pdfToText(out, ['-raw']).split('\f').slice(0, 4);
  // Diagonal text comes out one letter per line; the letters are what matter.
  pages.forEach((page, i) =>
    assert.match(page.replace(/\s+/g, ''), /REJECTED/, `page ${i + 1} carries the stamp text`),
  );
  for (let page = 1; page <= 4; page++) {
    const raster = rasterise(out, page);
    const red = reddish(raster);
    assert.ok(red > 500, `page ${page}: the stamp is visible (${red} red pixels)`);
    // Translucent: nothing of the stamp is saturated red.
    let solid = 0;
    for (let i = 0; i < raster.data.length; i += 4) if (raster.data[i]! > 150 && raster.data[i + 1]! < 60) solid++;
    assert.equal(solid, 0, `page ${page}: the stamp is translucent`);
    // Diagonal: red ink in the bottom-left and top-right quarters, little in the other two.
    const quarter = (qx: number, qy: number) => {
      const w = raster.width / 2;
      const h = raster.height / 2;
      let n = 0;
      for (const [x, y] of pixelsIn(raster, { left: qx * w, top: qy * h, right: (qx + 1) * w, bottom: (qy + 1) * h })) {
        const i = (y * raster.width + x) * 4;
        if (raster.data[i]! - raster.data[i + 1]! > 40) n++;
      }
      return n;
    };
    assert.ok(
      quarter(0, 1) > 3 * quarter(0, 0) && quarter(1, 0) > 3 * quarter(1, 1),
      `page ${page}: runs bottom-left to top-right`,
    );
  }
  // The stamp does not hide the field under it.
  assert.match(pages[0]!, /Ana/);
});

void test('pages without fields are left untouched; touched pages get one extra content stream', async () => {
  const original = await makePdf([{ label: 'one' }, { label: 'two' }, { label: 'three' }]);
  const fields = [
    text(2, 'Uno'),
    text(2, 'Dos', 30),
    text(2, 'Tres', 50),
    { ...text(2, 'x', 70), value: { kind: 'image' as const, png: makePng(4, 4, [0, 0, 0]) } },
  ];
  const out = await renderFields(original, fields);
  const before = await PDFDocument.load(original);
  const after = await PDFDocument.load(out);
  const contents = (doc: PDFDocument, i: number) => doc.getPage(i).node.get(PDFName.of('Contents'));
  for (const i of [0, 2]) {
    const a = doc2string(before, contents(before, i));
    const b = doc2string(after, contents(after, i));
    assert.equal(b, a, `page ${i + 1} content is unchanged`);
    assert.equal(
      after.getPage(i).node.get(PDFName.of('Resources'))?.toString(),
      before.getPage(i).node.get(PDFName.of('Resources'))?.toString(),
    );
  }
  const touched = after.context.lookup(contents(after, 1));
  assert.ok(touched instanceof PDFArray);
  // Original content wrapped in q … Q, then one stream holding all four fields.
  assert.equal(touched.size(), 4, 'q, original, Q, fields');
});

function doc2string(doc: PDFDocument, obj: unknown): string {
  const resolved = doc.context.lookup(obj as never);
  return resolved instanceof PDFArray
    ? resolved
        .asArray()
        .map((o) => doc.context.lookup(o)?.toString())
        .join('|')
    : String(resolved?.toString());
}

void test('each font is embedded once, subset, and only when used', async () => {
  const original = await makePdf([{}, {}, {}]);
  const fields = [1, 2, 3].flatMap((page) => [text(page, 'Nombre'), text(page, 'Correo', 30), text(page, 'Fecha', 50)]);
  const textOnly = pdffonts(await renderFields(original, fields));
  assert.equal(textOnly.length, 1, textOnly.join('\n'));
  assert.match(textOnly[0]!, /NotoSans-Regular/);
  assert.match(textOnly[0]!, /CID TrueType\s+Identity-H\s+yes/);
  const withSignature = pdffonts(
    await renderFields(original, [
      ...fields,
      { ...text(1, '', 70), value: { kind: 'typed-signature', text: 'Ana Ruiz' } },
    ]),
  );
  assert.equal(withSignature.length, 2);
  assert.ok(withSignature.some((l) => l.includes('Caveat')));
  // The same PNG used twice is stored once.
  const png = makePng(40, 20, [0, 0, 0]);
  const twice = await renderFields(original, [
    { ...text(1, '', 70), value: { kind: 'image', png } },
    { ...text(2, '', 70), value: { kind: 'image', png: png.slice() } },
  ]);
  const images = [...(await PDFDocument.load(twice)).context.enumerateIndirectObjects()].filter(
    ([, o]) => o instanceof PDFStream && o.dict.get(PDFName.of('Subtype')) === PDFName.of('Image'),
  );
  assert.equal(images.length, 1);
});

void test('a subset font is small: the output grows by tens of kilobytes, not the whole font', async () => {
  const original = await makePdf([{}]);
  const out = await renderFields(original, [text(1, 'Ñandú García')]);
  assert.ok(out.length - original.length < 40_000, `grew by ${out.length - original.length} bytes`);
});

void test('a field on a page that does not exist is refused', async () => {
  const original = await makePdf([{}]);
  await assert.rejects(
    renderFields(original, [text(2, 'x')]),
    (e: unknown) => e instanceof RenderError && e.fieldIndex === 0 && /page 2/.test(e.message),
  );
  await assert.rejects(renderFields(original, [{ ...text(1, 'x'), positionX: Number.NaN }]), RenderError);
});

void test('an encrypted or damaged original is refused like at upload', async () => {
  const original = await makePdf([{}]);
  await assert.rejects(
    renderFields(qpdf(original, ['--encrypt', '', 'owner', '256', '--', '{in}', '{out}']), []),
    (e: unknown) => e instanceof PdfRejectedError && e.reason === 'PDF_ENCRYPTED',
  );
  await assert.rejects(
    renderFields(original.slice(0, original.length / 2), []),
    (e: unknown) => e instanceof PdfRejectedError && e.reason === 'PDF_DAMAGED',
  );
});

void test('no fields and no options still produces a valid copy with the same pages', async () => {
  const original = await makePdf([{ rotate: 90 }, {}]);
  const out = await renderFields(original, []);
  assert.deepEqual(await inspectPdf(out), await inspectPdf(original));
  assert.equal(qpdfCheck(out).status, 0);
});

void test('an original whose object streams qpdf generated renders and checks clean', async () => {
  const original = qpdf(await makePdf([{}, { rotate: 180 }]), ['--object-streams=generate', '{in}', '{out}']);
  const out = await renderFields(original, [text(2, 'Ñandú')], { stamp: { text: 'VOID' } });
  assert.equal(qpdfCheck(out).status, 0);
  assert.match(pdfToText(out).split('\f')[1]!, /Ñandú/);
});

void test('renders one after another and concurrently share parsed fonts without mixing their glyphs', async () => {
  const original = await makePdf([{}]);
  // Accented letters are composite glyphs whose components ("A" in "Ä") later names use alone.
  const names = [
    'Ñandú García',
    'José Müller',
    'Çağla Øster',
    'Zoë Ärzte',
    'Ana Ruiz',
    'Bjørn Straße',
    'Úrsula Núñez',
    'Unai Oñate',
  ];
  const render = (name: string) =>
    renderFields(original, [text(1, name), { ...text(1, '', 40), value: { kind: 'typed-signature', text: name } }]);
  const outputs: Uint8Array[] = [];
  for (const name of names) outputs.push(await render(name));
  outputs.push(...(await Promise.all(names.map(render))));
  outputs.forEach((out, n) => {
    const i = n % names.length;
    const extracted = pdfToText(out);
    assert.equal(extracted.split(names[i]!).length - 1, 2, `document ${i} shows "${names[i]}" twice:\n${extracted}`);
    for (const other of names.filter((_, j) => j !== i))
      assert.ok(!extracted.includes(other), `document ${i} has no "${other}"`);
    assert.equal(qpdfCheck(out).status, 0);
  });
});
