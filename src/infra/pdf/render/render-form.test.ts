/** Form mode (issue #34): fields as read-only form fields with their own appearance, never page content. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { PDFDict, PDFRawStream } from 'pdf-lib';
import { decodePDFRawStream, PDFArray, PDFDocument, PDFName, PDFStream } from 'pdf-lib';
import { renderFields } from './render-fields.js';
import type { RenderField } from './types.js';
import { makePdf } from '../../../../test/support/pdf-fixtures.js';
import { countDark, qpdfCheck, rasterise } from '../../../../test/support/pdf-tools.js';

const box = { page: 1, positionX: 10, positionY: 10, width: 40, height: 20 };
const ana: RenderField = { ...box, value: { kind: 'text', text: 'Ana García' }, form: { name: 'TEXT 1 — GARCÍA Ana' } };

async function widgets(pdf: Uint8Array): Promise<PDFDict[]> {
  const doc = await PDFDocument.load(pdf);
  const annots = doc.getPages()[0]!.node.lookup(PDFName.of('Annots'));
  return annots instanceof PDFArray ? annots.asArray().map((a) => doc.context.lookup(a) as PDFDict) : [];
}

for (const rotate of [0, 90]) {
  test(`a field becomes a read-only widget shown where the page shows the box (Rotate ${rotate}), page content untouched`, async () => {
    const original = await makePdf([{ rotate }]);
    const pdf = await renderFields(original, [ana], { incremental: true, form: { empty: [] } });
    assert.equal(qpdfCheck(pdf).status, 0);
    const before = await PDFDocument.load(original);
    const after = await PDFDocument.load(pdf);
    const contents = (doc: PDFDocument) => String(doc.getPages()[0]!.node.get(PDFName.of('Contents')));
    assert.equal(contents(after), contents(before), 'the page keeps its content streams');
    const [widget] = await widgets(pdf);
    assert.ok(widget);
    assert.equal(widget.get(PDFName.of('FT'))?.toString(), '/Tx');
    assert.equal(widget.get(PDFName.of('Ff'))?.toString(), '1', 'read-only');
    const appearance = after.context.lookup((widget.lookup(PDFName.of('AP')) as PDFDict).get(PDFName.of('N')));
    assert.ok(appearance instanceof PDFStream);
    // The value is visible at the box (the top-left quarter of the displayed page).
    const raster = rasterise(pdf);
    const dark = countDark(raster, {
      left: raster.width * 0.1,
      top: raster.height * 0.1,
      right: raster.width * 0.5,
      bottom: raster.height * 0.3,
    });
    assert.ok(dark > 20, `ink in the box: ${dark}`);
  });
}

test('an empty field is filled later; a filled one is never written again', async () => {
  const original = await makePdf([{}]);
  const empty = { ...box, form: ana.form! };
  const laidOut = await renderFields(original, [], { incremental: true, form: { empty: [empty] } });
  const [placeholder] = await widgets(laidOut);
  assert.ok(placeholder && !placeholder.has(PDFName.of('AP')), 'created without a value');
  const filled = await renderFields(laidOut, [ana], { incremental: true, form: { empty: [] } });
  assert.equal((await widgets(filled)).length, 1, 'filled in place, no second widget');
  assert.ok((await widgets(filled))[0]!.has(PDFName.of('AP')));
  const again = await renderFields(filled, [{ ...ana, value: { kind: 'text', text: 'Otro' } }], {
    incremental: true,
    form: { empty: [empty] },
  });
  assert.equal(Buffer.compare(Buffer.from(again), Buffer.from(filled)), 0, 'nothing appended');
});

/** The widget's /Rect width and height, and the font sizes its appearance sets (`… Tf`). */
async function widgetFacts(pdf: Uint8Array): Promise<{ width: number; height: number; sizes: number[] }> {
  const doc = await PDFDocument.load(pdf);
  const [widget] = await widgets(pdf);
  const [x1, y1, x2, y2] = (widget!.lookup(PDFName.of('Rect')) as PDFArray).asArray().map((n) => Number(n.toString()));
  const stream = doc.context.lookup((widget!.lookup(PDFName.of('AP')) as PDFDict).get(PDFName.of('N')));
  const ops = Buffer.from(decodePDFRawStream(stream as PDFRawStream).decode()).toString('latin1');
  const sizes = [...ops.matchAll(/ ([\d.]+) Tf/g)].map((m) => Number(m[1]));
  return { width: x2! - x1!, height: y2! - y1!, sizes };
}

const long = 'A value far longer than its narrow box, which the sender wanted kept whole';
const narrow = { page: 1, positionX: 10, positionY: 10, width: 12, height: 3, fontSize: 12 };
const pageWidth = async (pdf: Uint8Array) => (await PDFDocument.load(pdf)).getPages()[0]!.getWidth();

test('overflow in a new form field: horizontal grows the widget to the right, crop keeps the box, auto shrinks', async () => {
  const original = await makePdf([{}]);
  const boxWidth = (await pageWidth(original)) * 0.12;
  const render = (overflow: RenderField['overflow'], text = long) =>
    renderFields(original, [{ ...narrow, overflow, value: { kind: 'text', text }, form: { name: 'TEXT 2' } }], {
      incremental: true,
      form: { empty: [] },
    });
  const grown = await widgetFacts(await render('horizontal', 'A value longer than its box'));
  assert.ok(grown.width > boxWidth * 2, `the widget grew: ${grown.width} > ${boxWidth}`);
  assert.ok(
    grown.sizes.every((s) => s === 12),
    'at the requested size',
  );
  const cropped = await widgetFacts(await render('crop'));
  assert.ok(Math.abs(cropped.width - boxWidth) < 0.01, `crop keeps the box: ${cropped.width}`);
  assert.ok(cropped.sizes.every((s) => s === 12));
  const auto = await widgetFacts(await render('auto'));
  assert.ok(
    auto.sizes.every((s) => s < 12),
    `auto shrinks: ${auto.sizes.join(', ')}`,
  );
});

test('a grow mode filling a field laid out empty earlier shrinks to fit: its /Rect cannot change', async () => {
  const original = await makePdf([{}]);
  const form = { name: 'TEXT 3' };
  const laidOut = await renderFields(original, [], { incremental: true, form: { empty: [{ ...narrow, form }] } });
  const filled = await renderFields(
    laidOut,
    [{ ...narrow, overflow: 'vertical', value: { kind: 'text', text: long }, form }],
    { incremental: true, form: { empty: [] } },
  );
  const facts = await widgetFacts(filled);
  assert.ok(Math.abs(facts.width - (await pageWidth(original)) * 0.12) < 0.01, 'the same /Rect');
  assert.ok(facts.sizes.length > 0 && facts.sizes.every((s) => s < 12), `shrunk: ${facts.sizes.join(', ')}`);
});
