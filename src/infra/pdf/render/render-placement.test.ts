/**
 * Fields must land where the signer saw them: in a viewer showing the CropBox turned by
 * /Rotate. Each case renders an all-black PNG into a known percent box, rasterises the result
 * with poppler at 72 dpi (1 px = 1 pt) and checks the pixels.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PDFName, PDFNumber } from 'pdf-lib';
import { renderFields } from './render-fields.js';
import type { RenderField } from './types.js';
import { makePdf } from '../../../../test/support/pdf-fixtures.js';
import type { PageSpec } from '../../../../test/support/pdf-fixtures.js';
import {
  countDark,
  countInkOutside,
  luminance,
  makePng,
  pixelsIn,
  qpdfCheck,
  rasterise,
} from '../../../../test/support/pdf-tools.js';
import type { PixelRect, Raster } from '../../../../test/support/pdf-tools.js';

const BLACK: [number, number, number] = [0, 0, 0];
const RED: [number, number, number] = [220, 0, 0];
const BOX_W = 80;
const BOX_H = 40;

interface Case {
  name: string;
  page: PageSpec;
  /** Displayed page size in points. */
  display: [number, number];
  inherit?: boolean;
}

const cases: Case[] = [
  { name: 'rotation 0', page: {}, display: [400, 300] },
  { name: 'rotation 90', page: { rotate: 90 }, display: [300, 400] },
  { name: 'rotation 180', page: { rotate: 180 }, display: [400, 300] },
  { name: 'rotation 270', page: { rotate: 270 }, display: [300, 400] },
  { name: 'rotation -90 (normalised to 270)', page: { rotate: -90 }, display: [300, 400] },
  { name: 'CropBox offset inside the MediaBox', page: { cropBox: [50, 40, 350, 240] }, display: [300, 200] },
  {
    name: 'CropBox offset, MediaBox with a negative origin, rotated 90',
    page: { mediaBox: [-100, -50, 300, 250], cropBox: [-60, -20, 240, 180], rotate: 90 },
    display: [200, 300],
  },
  { name: 'rotation 270 inherited from the /Pages node', page: {}, display: [300, 400], inherit: true },
  {
    name: 'page content that leaves a scaled CTM behind (no q/Q)',
    page: { content: '2 0 0 2 30 30 cm 0.9 g 0 0 10 10 re f' },
    display: [400, 300],
  },
];

async function source(c: Case): Promise<Uint8Array> {
  return makePdf([c.page], (doc) => {
    if (c.inherit) doc.catalog.Pages().set(PDFName.of('Rotate'), PDFNumber.of(270));
  });
}

/** The box as percent of the displayed page: 15 % from the left, 20 % from the top, 80 × 40 pt. */
function field(c: Case, png: Uint8Array): RenderField {
  const [W, H] = c.display;
  return {
    page: 1,
    positionX: 15,
    positionY: 20,
    width: (BOX_W / W) * 100,
    height: (BOX_H / H) * 100,
    value: { kind: 'image', png },
  };
}

function expectedRect(c: Case): PixelRect {
  const [W, H] = c.display;
  const left = 0.15 * W;
  const top = 0.2 * H;
  return { left, top, right: left + BOX_W, bottom: top + BOX_H };
}

const grow = (r: PixelRect, by: number): PixelRect => ({
  left: r.left - by,
  top: r.top - by,
  right: r.right + by,
  bottom: r.bottom + by,
});

function area(r: PixelRect): number {
  return (r.right - r.left) * (r.bottom - r.top);
}

function assertBoxIsDarkAndRingWhite(raster: Raster, rect: PixelRect): void {
  const inner = grow(rect, -2);
  assert.equal(countDark(raster, inner), area(inner), 'every pixel inside the box (shrunk by 2 px) is dark');
  const ring = grow(rect, 3);
  let inkInRing = 0;
  for (const [x, y] of pixelsIn(raster, ring)) {
    const insideBox = x >= rect.left - 1 && x < rect.right + 1 && y >= rect.top - 1 && y < rect.bottom + 1;
    if (!insideBox && luminance(raster, x, y) < 250) inkInRing++;
  }
  assert.equal(inkInRing, 0, 'the 3 px ring around the box is white');
}

for (const c of cases) {
  void test(`image field lands where the signer saw it: ${c.name}`, async () => {
    const out = await renderFields(await source(c), [field(c, makePng(40, 20, BLACK))]);
    const raster = rasterise(out);
    assert.deepEqual([raster.width, raster.height], c.display, 'the viewer shows the CropBox, rotated');
    const rect = expectedRect(c);
    assertBoxIsDarkAndRingWhite(raster, rect);
    if (!c.page.content) assert.equal(countInkOutside(raster, grow(rect, 1)), 0, 'nothing else is drawn on the page');
    assert.equal(qpdfCheck(out).status, 0);
  });

  void test(`image field reads upright (left half stays left): ${c.name}`, async () => {
    // Left half black, right half red: a mirrored or turned image would swap or rotate them.
    const out = await renderFields(await source(c), [field(c, makePng(40, 20, BLACK, RED))]);
    const raster = rasterise(out);
    const rect = expectedRect(c);
    const mid = (rect.left + rect.right) / 2;
    const red = (x: number, y: number) => raster.data[(y * raster.width + x) * 4]!;
    let leftBlack = 0;
    let rightRed = 0;
    let leftTotal = 0;
    let rightTotal = 0;
    for (const [x, y] of pixelsIn(raster, grow(rect, -2))) {
      if (x < mid - 2) {
        leftTotal++;
        if (red(x, y) < 40) leftBlack++;
      } else if (x > mid + 2) {
        rightTotal++;
        if (red(x, y) > 180 && luminance(raster, x, y) < 128) rightRed++;
      }
    }
    assert.equal(leftBlack, leftTotal, 'left half is black');
    assert.equal(rightRed, rightTotal, 'right half is red');
  });
}

void test('a field on page 2 of 3 lands on page 2 only', async () => {
  const pdf = await makePdf([{}, { rotate: 90 }, {}]);
  const c = cases[1]!;
  const out = await renderFields(pdf, [{ ...field(c, makePng(40, 20, BLACK)), page: 2 }]);
  assertBoxIsDarkAndRingWhite(rasterise(out, 2), expectedRect(c));
  for (const page of [1, 3]) {
    const raster = rasterise(out, page);
    assert.equal(countInkOutside(raster, { left: 0, top: 0, right: 0, bottom: 0 }), 0, `page ${page} stays blank`);
  }
});
