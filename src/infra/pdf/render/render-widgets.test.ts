/** Checkboxes, radios, typed and drawn signatures: drawn inside their box, as a reader sees them. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { renderFields } from './render-fields.js';
import { RenderError } from './types.js';
import type { RenderField, RenderValue } from './types.js';
import { makePdf } from '../../../../test/support/pdf-fixtures.js';
import {
  countDark,
  countInkOutside,
  luminance,
  makePng,
  pdfToText,
  pixelsIn,
  qpdfCheck,
  rasterise,
} from '../../../../test/support/pdf-tools.js';
import type { PixelRect, Raster } from '../../../../test/support/pdf-tools.js';

const PAGE: [number, number] = [400, 300];

function field(box: PixelRect, value: RenderValue, extra: Partial<RenderField> = {}): RenderField {
  const [W, H] = PAGE;
  return {
    page: 1,
    positionX: (box.left / W) * 100,
    positionY: (box.top / H) * 100,
    width: ((box.right - box.left) / W) * 100,
    height: ((box.bottom - box.top) / H) * 100,
    value,
    ...extra,
  };
}

async function render(fields: RenderField[], rotate = 0): Promise<{ pdf: Uint8Array; raster: Raster }> {
  const pdf = await renderFields(await makePdf([{ rotate }]), fields);
  assert.equal(qpdfCheck(pdf).status, 0);
  return { pdf, raster: rasterise(pdf) };
}

/** Bounding box of the pixels darker than `threshold`. */
function inkBounds(r: Raster, threshold = 160): PixelRect | undefined {
  let b: PixelRect | undefined;
  for (const [x, y] of pixelsIn(r, { left: 0, top: 0, right: r.width, bottom: r.height })) {
    if (luminance(r, x, y) >= threshold) continue;
    if (!b) b = { left: x, top: y, right: x + 1, bottom: y + 1 };
    else
      b = {
        left: Math.min(b.left, x),
        top: Math.min(b.top, y),
        right: Math.max(b.right, x + 1),
        bottom: Math.max(b.bottom, y + 1),
      };
  }
  return b;
}

/** Pixels that differ between two rasters, with their bounding box. */
function difference(a: Raster, b: Raster): { count: number; bounds: PixelRect | undefined } {
  let count = 0;
  let bounds: PixelRect | undefined;
  for (const [x, y] of pixelsIn(a, { left: 0, top: 0, right: a.width, bottom: a.height })) {
    if (Math.abs(luminance(a, x, y) - luminance(b, x, y)) < 64) continue;
    count++;
    bounds = bounds
      ? {
          left: Math.min(bounds.left, x),
          top: Math.min(bounds.top, y),
          right: Math.max(bounds.right, x + 1),
          bottom: Math.max(bounds.bottom, y + 1),
        }
      : { left: x, top: y, right: x + 1, bottom: y + 1 };
  }
  return { count, bounds };
}

const choices = (
  style: 'checkbox' | 'radio',
  direction: 'vertical' | 'horizontal',
  checked: boolean[],
  labels = ['Sí, acepto', 'No', 'Quizás'],
): RenderValue => ({
  kind: 'choices',
  style,
  direction,
  options: labels.map((label, i) => ({ label, checked: checked[i] ?? false })),
});

void test('a vertical checkbox list draws boxes and labels inside its box; a check adds a mark on its own row', async () => {
  const box = { left: 40, top: 40, right: 200, bottom: 100 };
  const none = await render([field(box, choices('checkbox', 'vertical', [false, false, false]))]);
  const first = await render([field(box, choices('checkbox', 'vertical', [true, false, false]))]);
  for (const { raster } of [none, first]) assert.equal(countInkOutside(raster, box), 0, 'nothing outside the box');
  const text = pdfToText(first.pdf);
  for (const label of ['Sí, acepto', 'No', 'Quizás']) assert.ok(text.includes(label), `label "${label}" is shown`);
  const ink = inkBounds(none.raster)!;
  assert.ok(ink.bottom - ink.top > 30, 'three rows stacked vertically');
  const diff = difference(none.raster, first.raster);
  assert.ok(diff.count > 10, 'the check mark is visible');
  assert.ok(diff.bounds!.bottom <= box.top + 22, `the mark is on the first row: ${JSON.stringify(diff.bounds)}`);
  assert.ok(
    diff.bounds!.right <= box.left + 16,
    `the mark is in the box, left of the label: ${JSON.stringify(diff.bounds)}`,
  );
});

void test('a horizontal radio group draws one row; the selected option gets a filled dot', async () => {
  const box = { left: 40, top: 150, right: 360, bottom: 175 };
  const none = await render([
    field(box, choices('radio', 'horizontal', [false, false, false], ['Uno', 'Dos', 'Tres'])),
  ]);
  const second = await render([
    field(box, choices('radio', 'horizontal', [false, true, false], ['Uno', 'Dos', 'Tres'])),
  ]);
  for (const { raster } of [none, second]) assert.equal(countInkOutside(raster, box), 0, 'nothing outside the box');
  const ink = inkBounds(none.raster)!;
  assert.ok(ink.bottom - ink.top < 16, 'one row');
  assert.ok(ink.right - ink.left > 100, 'options side by side');
  const diff = difference(none.raster, second.raster);
  assert.ok(diff.count > 8, 'the dot is visible');
  // The dot sits between the first option's label and the third option's circle.
  assert.ok(
    diff.bounds!.left > ink.left + 20 && diff.bounds!.right < ink.right - 20,
    `dot on the middle option: ${JSON.stringify(diff.bounds)}`,
  );
  assert.ok(diff.bounds!.right - diff.bounds!.left < 10, 'the dot is small');
});

void test('many options shrink to fit their box', async () => {
  const box = { left: 20, top: 20, right: 120, bottom: 80 };
  const labels = Array.from({ length: 6 }, (_, i) => `Opción ${i + 1}`);
  const { pdf, raster } = await render([field(box, choices('checkbox', 'vertical', [true, false, true], labels))]);
  assert.equal(countInkOutside(raster, box), 0);
  const text = pdfToText(pdf);
  for (const label of labels) assert.ok(text.includes(label), `"${label}" still shown`);
});

void test('options that do not fit even at the smallest size run past the bottom of the box, none hidden', async () => {
  const box = { left: 20, top: 20, right: 120, bottom: 80 };
  const labels = Array.from({ length: 8 }, (_, i) => `Opción ${i + 1}`);
  const { pdf, raster } = await render([field(box, choices('checkbox', 'vertical', [true, false, true], labels))]);
  const ink = inkBounds(raster)!;
  assert.ok(ink.bottom > box.bottom + 5, `the last options are drawn below the box: ${JSON.stringify(ink)}`);
  assert.ok(ink.top >= box.top && ink.left >= box.left && ink.right <= box.right, 'only downwards');
  const text = pdfToText(pdf);
  for (const label of labels) assert.ok(text.includes(label), `"${label}" shown`);
});

void test('a typed signature fills its box in the handwriting font and stays inside', async () => {
  const box = { left: 60, top: 80, right: 300, bottom: 140 };
  const { pdf, raster } = await render([field(box, { kind: 'typed-signature', text: 'María Pérez' })]);
  assert.equal(countInkOutside(raster, box), 0, 'nothing outside the box');
  const ink = inkBounds(raster)!;
  const fillsHeight = (ink.bottom - ink.top) / (box.bottom - box.top) > 0.55;
  const fillsWidth = (ink.right - ink.left) / (box.right - box.left) > 0.8;
  assert.ok(fillsHeight || fillsWidth, `scaled up to the box: ink ${JSON.stringify(ink)}`);
  assert.ok(Math.abs((ink.left + ink.right) / 2 - (box.left + box.right) / 2) < 6, 'centred');
  assert.ok(pdfToText(pdf).includes('María Pérez'));
});

void test('a long typed signature is capped by the box width', async () => {
  const box = { left: 60, top: 80, right: 200, bottom: 160 };
  const { raster } = await render([
    field(box, { kind: 'typed-signature', text: 'Bartolomé Esteban Murillo y Sotomayor' }),
  ]);
  assert.equal(countInkOutside(raster, box), 0);
  const ink = inkBounds(raster)!;
  assert.ok((ink.right - ink.left) / (box.right - box.left) > 0.85, 'spans the width');
});

void test('a drawn signature keeps its aspect ratio and is centred in a box of another shape', async () => {
  // A 2:1 image in a 100 × 100 box: drawn 100 × 50, centred vertically.
  const box = { left: 100, top: 100, right: 200, bottom: 200 };
  const { raster } = await render([field(box, { kind: 'image', png: makePng(40, 20, [0, 0, 0]) })]);
  const ink = inkBounds(raster)!;
  const expected = { left: 100, top: 125, right: 200, bottom: 175 };
  for (const side of ['left', 'top', 'right', 'bottom'] as const) {
    assert.ok(
      Math.abs(ink[side] - expected[side]) <= 1,
      `${side}: ${ink[side]} ≈ ${expected[side]} (anti-aliased edge)`,
    );
  }
  assert.equal(countDark(raster, { left: 102, top: 127, right: 198, bottom: 173 }), 96 * 46);
});

void test('a signature that is not a PNG is refused with a clear error', async () => {
  const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1]);
  await assert.rejects(
    renderFields(await makePdf([{}]), [
      field({ left: 0, top: 0, right: 50, bottom: 50 }, { kind: 'image', png: jpeg }),
    ]),
    (error: unknown) => error instanceof RenderError && /not a PNG/.test(error.message) && error.fieldIndex === 0,
  );
  const brokenPng = makePng(4, 4, [0, 0, 0]).slice(0, 30);
  await assert.rejects(
    renderFields(await makePdf([{}]), [
      field({ left: 0, top: 0, right: 50, bottom: 50 }, { kind: 'image', png: brokenPng }),
    ]),
    (error: unknown) => error instanceof RenderError && /PNG/.test(error.message),
  );
});

void test('widgets on a rotated page look like on an upright page', async () => {
  // Square page so the displayed geometry is the same for every rotation.
  const fields: RenderField[] = [
    {
      page: 1,
      positionX: 10,
      positionY: 10,
      width: 50,
      height: 20,
      value: choices('checkbox', 'vertical', [true, false]),
    },
    {
      page: 1,
      positionX: 10,
      positionY: 40,
      width: 60,
      height: 10,
      value: choices('radio', 'horizontal', [false, true], ['A', 'B']),
    },
    {
      page: 1,
      positionX: 10,
      positionY: 60,
      width: 60,
      height: 20,
      value: { kind: 'typed-signature', text: 'Ana Ruiz' },
    },
  ];
  const raster = async (rotate: number) =>
    rasterise(await renderFields(await makePdf([{ mediaBox: [0, 0, 300, 300], rotate }]), fields));
  const upright = await raster(0);
  for (const rotate of [90, 180, 270]) {
    const d = difference(upright, await raster(rotate));
    assert.ok(d.count < 40, `rotation ${rotate}: ${d.count} pixels differ`);
  }
});
