import { test } from 'node:test';
import assert from 'node:assert/strict';
import { minimumFieldSize, tagFieldBox, type TagBox } from './tag-field-box.js';

/** A tag of 60 × 12 pt at (100, 200) pt on a 600 × 800 pt page, in percent as inspection gives it. */
const tagAt = (x: number, y: number, w = 60, h = 12): TagBox => ({
  positionX: (x / 600) * 100,
  positionY: (y / 800) * 100,
  width: (w / 600) * 100,
  height: (h / 800) * 100,
  pageWidth: 600,
  pageHeight: 800,
});
/** A box back in points, rounded to a tenth. */
const points = (box: { positionX: number; positionY: number; width: number; height: number }) =>
  [box.positionX * 6, box.positionY * 8, box.width * 6, box.height * 8].map((v) => Math.round(v * 10) / 10);

void test('each type grows from the tag’s top-left corner to its minimum', () => {
  const cases = [
    ['SIGNATURE', 144, 36],
    ['INITIALS', 56, 28],
    ['DATE', 136, 18],
    ['NAME', 136, 18],
    ['EMAIL', 176, 18],
    ['TEXT', 136, 18],
    ['NUMBER', 70, 18],
    ['DROPDOWN', 110, 18],
    ['CHECKBOX', 18, 18],
    ['RADIO', 18, 18],
  ] as const;
  for (const [type, w, h] of cases) {
    assert.deepEqual(minimumFieldSize(type), { width: w, height: h }, type);
    const placed = tagFieldBox(type, 12, tagAt(100, 200, 10, 8));
    assert.ok(placed.ok);
    assert.deepEqual(points(placed.box), [100, 200, w, h], type);
  }
  // Text sizes follow the font size; a tag already larger than the minimum keeps its size.
  assert.deepEqual(minimumFieldSize('TEXT', 24), { width: 268, height: 36 });
  const wide = tagFieldBox('TEXT', 12, tagAt(100, 200, 300, 40));
  assert.ok(wide.ok);
  assert.deepEqual(points(wide.box), [100, 200, 300, 40]);
});

void test('near the right or bottom edge the box moves left or up to stay on the page', () => {
  const corner = tagFieldBox('SIGNATURE', 12, tagAt(560, 790, 40, 10));
  assert.ok(corner.ok);
  assert.deepEqual(points(corner.box), [456, 764, 144, 36]);
  assert.ok(corner.box.positionX + corner.box.width <= 100 && corner.box.positionY + corner.box.height <= 100);
  // A page smaller than the minimum: the box is the page.
  const tiny = tagFieldBox('SIGNATURE', 12, { ...tagAt(0, 0), pageWidth: 100, pageHeight: 30 });
  assert.ok(tiny.ok);
  assert.deepEqual([tiny.box.positionX, tiny.box.positionY, tiny.box.width, tiny.box.height], [0, 0, 100, 100]);
});

void test('width= and height= set a side exactly, in points or percent, smaller than the minimum too', () => {
  const given = tagFieldBox('SIGNATURE', 12, tagAt(100, 200), {
    width: { value: 30, unit: '%' },
    height: { value: 20, unit: 'pt' },
  });
  assert.ok(given.ok);
  assert.deepEqual(points(given.box), [100, 200, 180, 20]);
  const one = tagFieldBox('DATE', 12, tagAt(100, 200), { height: { value: 5, unit: '%' } });
  assert.ok(one.ok);
  assert.deepEqual(points(one.box), [100, 200, 136, 40], 'the other side keeps the minimum');
  const tooWide = tagFieldBox('SIGNATURE', 12, tagAt(100, 200), { width: { value: 700, unit: 'pt' } });
  assert.ok(!tooWide.ok);
  assert.match(tooWide.problem, /option "width" is 700 pt, more than the page's width \(600 pt\)/);
});
