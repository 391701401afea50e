/** fieldMeta.overflow in the drawn PDF: read back by pdftotext -bbox and by the pixels. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { renderFields } from './render-fields.js';
import { RenderError } from './types.js';
import type { RenderField } from './types.js';
import { makePdf } from '../../../../test/support/pdf-fixtures.js';
import { countDark, countInkOutside, pdfWords, rasterise } from '../../../../test/support/pdf-tools.js';
import type { PixelRect } from '../../../../test/support/pdf-tools.js';

// A 400 × 300 pt page; boxes in points from the top-left, converted to percent.
function textField(box: PixelRect, text: string, extra: Partial<RenderField>): RenderField {
  return {
    page: 1,
    positionX: (box.left / 400) * 100,
    positionY: (box.top / 300) * 100,
    width: ((box.right - box.left) / 400) * 100,
    height: ((box.bottom - box.top) / 300) * 100,
    value: { kind: 'text', text },
    ...extra,
  };
}

const box = { left: 40, top: 100, right: 140, bottom: 118 };
const text = 'Domicilio: Avenida Siempre Viva 742, Springfield';

void test('horizontal: one line at the font size, running to the right of the box', async () => {
  const words = pdfWords(await renderFields(await makePdf([{}]), [textField(box, text, { overflow: 'horizontal' })]));
  assert.equal(words.map((w) => w.text).join(' '), text);
  assert.equal(new Set(words.map((w) => Math.round(w.yMin))).size, 1, 'one line');
  assert.ok(words.at(-1)!.xMax > box.right + 50, 'past the box to the right');
  assert.ok(words[0]!.xMin >= box.left - 0.5, 'from the box');
  const h = words[0]!.yMax - words[0]!.yMin;
  assert.ok(h > 11, `at the 12 pt font size (${h} pt high)`);
});

void test('vertical: wrapped at the box width at the font size, running below the box', async () => {
  const words = pdfWords(await renderFields(await makePdf([{}]), [textField(box, text, { overflow: 'vertical' })]));
  assert.equal(words.map((w) => w.text).join(' '), text);
  assert.ok(words[0]!.yMin >= box.top - 1, 'starts in the box');
  assert.ok(words.at(-1)!.yMax > box.bottom + 10, 'ends below it');
  for (const w of words) assert.ok(w.xMin >= box.left - 0.5 && w.xMax <= box.right + 0.5, `"${w.text}" in its width`);
  assert.ok(words[0]!.yMax - words[0]!.yMin > 11, 'at the 12 pt font size');
});

void test('crop: at the font size and nothing drawn outside the box', async () => {
  const raster = rasterise(
    await renderFields(await makePdf([{}]), [textField(box, text, { overflow: 'crop', fontSize: 14 })]),
  );
  assert.equal(countInkOutside(raster, box), 0, 'clipped to the box');
  assert.ok(countDark(raster, box) > 100, 'what fits is visible');
  // The same text without the clip does draw outside: the clip is what keeps it in.
  const auto = rasterise(
    await renderFields(await makePdf([{}]), [textField(box, text, { overflow: 'horizontal', fontSize: 14 })]),
  );
  assert.ok(countInkOutside(auto, box) > 100);
});

void test('an unknown overflow is refused by the renderer', async () => {
  await assert.rejects(
    renderFields(await makePdf([{}]), [textField(box, text, { overflow: 'diagonal' as never })]),
    (e: unknown) => e instanceof RenderError && /overflow/.test(e.message),
  );
});
