import { test } from 'node:test';
import assert from 'node:assert/strict';
import { blockHeight, layoutText, MIN_FONT_SIZE, padding } from './text-layout.js';
import type { FontMetrics } from './render-context.js';

// A monospaced font: every character is half an em wide; ascent 0.8, descent 0.2 (1 em in all).
const mono: FontMetrics = { ascent: 0.8, descent: 0.2, widthAt1: (text) => [...text].length * 0.5 };

const inside = (
  box: { x: number; y: number; width: number; height: number },
  layout: ReturnType<typeof layoutText>,
) => {
  for (const line of layout.lines) {
    assert.ok(
      line.x >= box.x - 1e-9 && line.x + line.width <= box.x + box.width + 1e-9,
      `"${line.text}" fits horizontally`,
    );
    assert.ok(line.y + mono.ascent * layout.size <= box.y + box.height + 1e-9, `"${line.text}" stays below the top`);
    assert.ok(line.y - mono.descent * layout.size >= box.y - 1e-9, `"${line.text}" stays above the bottom`);
  }
};

void test('short text in a single-line box keeps the requested size, left-aligned and vertically centred', () => {
  const box = { x: 100, y: 200, width: 200, height: 20 };
  const layout = layoutText('Hello', box, mono, { fontSize: 12 });
  assert.equal(layout.size, 12);
  assert.equal(layout.lines.length, 1);
  const line = layout.lines[0]!;
  assert.equal(line.x, 100 + padding(box).x);
  assert.equal(line.width, 30);
  // The 12 pt band (ascent 9.6 + descent 2.4) is centred: 4 pt above and below.
  assert.ok(Math.abs(line.y - (200 + 4 + 2.4)) < 1e-9);
  assert.equal(layout.overflows, false);
});

void test('long text in a single-line box shrinks instead of overflowing', () => {
  const box = { x: 0, y: 0, width: 100, height: 14 };
  const text = 'a'.repeat(25); // 12.5 em: fits at 100-4 = 96 pt → ≤ 7.68 pt
  const layout = layoutText(text, box, mono, { fontSize: 12 });
  assert.equal(layout.lines.length, 1);
  assert.equal(layout.size, 7.5);
  inside(box, layout);
});

void test('a multi-line box wraps on words at the requested size and aligns to the top', () => {
  const box = { x: 0, y: 0, width: 64, height: 100 };
  const layout = layoutText('one two three four five six', box, mono, { fontSize: 10 });
  assert.equal(layout.size, 10);
  assert.deepEqual(
    layout.lines.map((l) => l.text),
    ['one two', 'three four', 'five six'], // 12 characters (60 pt) per line
  );
  // Top line's ascent touches the top padding; baselines 12 pt apart (line height 1.2).
  assert.ok(Math.abs(layout.lines[0]!.y - (100 - padding(box).y - 8)) < 1e-9);
  assert.ok(Math.abs(layout.lines[0]!.y - layout.lines[1]!.y - 12) < 1e-9);
  inside(box, layout);
});

void test('explicit newlines start new lines in multi-line boxes and become spaces in single-line ones', () => {
  const tall = layoutText('a\nb', { x: 0, y: 0, width: 100, height: 100 }, mono);
  assert.deepEqual(
    tall.lines.map((l) => l.text),
    ['a', 'b'],
  );
  const flat = layoutText('a\nb', { x: 0, y: 0, width: 100, height: 14 }, mono);
  assert.deepEqual(
    flat.lines.map((l) => l.text),
    ['a b'],
  );
});

void test('text that overflows a multi-line box shrinks until every line fits', () => {
  const box = { x: 0, y: 0, width: 80, height: 40 };
  const text = 'lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod';
  const layout = layoutText(text, box, mono, { fontSize: 12 });
  assert.ok(layout.size < 12 && layout.size >= MIN_FONT_SIZE);
  assert.equal(layout.lines.map((l) => l.text).join(' '), text, 'no word is lost');
  assert.ok(blockHeight(layout.lines.length, layout.size, 1.2, mono) <= box.height - 2 * padding(box).y);
  inside(box, layout);
});

void test('a word longer than the box is broken across lines', () => {
  const box = { x: 0, y: 0, width: 34, height: 200 };
  const layout = layoutText('supercalifragilistic', box, mono, { fontSize: 10 });
  assert.equal(layout.lines.map((l) => l.text).join(''), 'supercalifragilistic');
  assert.ok(layout.lines.length > 1);
  inside(box, layout);
});

void test('text that does not fit even at the 6 pt floor keeps every character and runs past the bottom', () => {
  const box = { x: 0, y: 100, width: 40, height: 16 };
  const text = Array.from({ length: 200 }, (_, i) => `w${i}`).join(' ');
  const layout = layoutText(text, box, mono, { fontSize: 12 });
  assert.equal(layout.size, MIN_FONT_SIZE);
  assert.equal(layout.overflows, true);
  assert.equal(layout.lines.map((l) => l.text).join(' '), text, 'nothing cut, no ellipsis');
  const pad = padding(box);
  assert.ok(Math.abs(layout.lines[0]!.y - (116 - pad.y - 0.8 * MIN_FONT_SIZE)) < 1e-9, 'starts at the top of the box');
  for (const line of layout.lines) assert.ok(line.x + line.width <= box.x + box.width + 1e-9, 'wrapped to its width');
  assert.ok(layout.lines.at(-1)!.y < box.y, 'and goes on below it');
});

void test('overflowing text follows verticalAlign and textAlign, and is kept on the page', () => {
  const box = { x: 50, y: 100, width: 40, height: 16 };
  const text = 'word '.repeat(30).trim();
  const up = layoutText(text, box, mono, { fontSize: 12, verticalAlign: 'bottom', textAlign: 'right' });
  assert.ok(up.overflows);
  const pad = padding(box);
  assert.ok(Math.abs(up.lines.at(-1)!.y - (100 + pad.y + 0.2 * MIN_FONT_SIZE)) < 1e-9, 'ends at the bottom');
  assert.ok(up.lines[0]!.y > box.y + box.height, 'grows upwards');
  for (const line of up.lines) assert.ok(Math.abs(line.x + line.width - (90 - pad.x)) < 1e-9, 'right-aligned');
  // Near the page's foot the block is lifted so its last line is still on the page.
  const page = { x: 0, y: 0, width: 400, height: 300 };
  const low = layoutText(text, { ...box, y: 2 }, mono, { fontSize: 12 }, page);
  assert.ok(low.lines.at(-1)!.y - 0.2 * MIN_FONT_SIZE >= -1e-9, 'the last line is on the page');
  assert.equal(low.lines.map((l) => l.text).join(' '), text);
});

void test('overflowing text too tall for the page at its box width takes the width to the page edge, then the page', () => {
  const page = { x: 0, y: 0, width: 400, height: 300 };
  const box = { x: 300, y: 200, width: 40, height: 16 };
  const text = Array.from({ length: 150 }, (_, i) => `w${i}`).join(' ');
  const wider = layoutText(text, box, mono, { fontSize: 12 }, page);
  assert.equal(wider.lines.map((l) => l.text).join(' '), text);
  assert.ok(Math.max(...wider.lines.map((l) => l.x + l.width)) > 340, 'wider than the box');
  assert.ok(Math.min(...wider.lines.map((l) => l.x)) >= 300, 'from the box to the right edge');
  for (const l of wider.lines) assert.ok(l.x + l.width <= 400 && l.y >= 0, `"${l.text}" on the page`);
  const whole = layoutText(`${text} ${text} ${text}`, box, mono, { fontSize: 12 }, page);
  assert.ok(Math.min(...whole.lines.map((l) => l.x)) < 300, 'across the whole page');
  for (const l of whole.lines) assert.ok(l.x >= 0 && l.x + l.width <= 400 && l.y >= 0, `"${l.text}" on the page`);
});

void test('textAlign right and center, verticalAlign bottom', () => {
  const box = { x: 10, y: 10, width: 100, height: 30 };
  const pad = padding(box);
  const right = layoutText('abcd', box, mono, { fontSize: 10, textAlign: 'right' }).lines[0]!;
  assert.ok(Math.abs(right.x + right.width - (110 - pad.x)) < 1e-9);
  const centre = layoutText('abcd', box, mono, { fontSize: 10, textAlign: 'center' }).lines[0]!;
  assert.ok(Math.abs(centre.x + centre.width / 2 - 60) < 1e-9);
  const bottom = layoutText('abcd', box, mono, { fontSize: 10, verticalAlign: 'bottom' }).lines[0]!;
  assert.ok(Math.abs(bottom.y - (10 + pad.y + 2)) < 1e-9);
  const top = layoutText('abcd', box, mono, { fontSize: 10, verticalAlign: 'top' }).lines[0]!;
  assert.ok(Math.abs(top.y - (40 - pad.y - 8)) < 1e-9);
});

void test('letterSpacing widens lines and lineHeight spreads them', () => {
  const box = { x: 0, y: 0, width: 500, height: 200 };
  const spaced = layoutText('abcd', box, mono, { fontSize: 10, letterSpacing: 2 }).lines[0]!;
  assert.equal(spaced.width, 20 + 3 * 2);
  const lines = layoutText('a\nb', box, mono, { fontSize: 10, lineHeight: 2 }).lines;
  assert.equal(lines[0]!.y - lines[1]!.y, 20);
});

// ---- fieldMeta.overflow: horizontal, vertical, crop (auto is every test above) ----

const page = { x: 0, y: 0, width: 400, height: 300 };
const joined = (layout: ReturnType<typeof layoutText>) => layout.lines.map((l) => l.text).join(' ');
const onPage = (layout: ReturnType<typeof layoutText>) => {
  for (const l of layout.lines) {
    assert.ok(
      l.x >= page.x - 1e-9 && l.x + l.width <= page.x + page.width + 1e-9,
      `"${l.text}" within the page's width`,
    );
    assert.ok(l.y - mono.descent * layout.size >= page.y - 1e-9, `"${l.text}" above the page's foot`);
    assert.ok(l.y + mono.ascent * layout.size <= page.y + page.height + 1e-9, `"${l.text}" below the page's top`);
  }
};

void test('auto never clips', () => {
  const layout = layoutText('word '.repeat(80), { x: 0, y: 100, width: 40, height: 16 }, mono, {}, page);
  assert.equal(layout.clipped, false);
  assert.equal(layoutText('word', { x: 0, y: 100, width: 40, height: 16 }, mono, { overflow: 'auto' }).clipped, false);
});

void test('horizontal: text that fits is placed as auto places it', () => {
  const box = { x: 100, y: 200, width: 200, height: 20 };
  for (const textAlign of ['left', 'center', 'right'] as const) {
    const style = { fontSize: 12, textAlign };
    assert.deepEqual(layoutText('Hello', box, mono, { ...style, overflow: 'horizontal' }, page), {
      ...layoutText('Hello', box, mono, style, page),
    });
  }
});

void test('horizontal: one line at the font size, from the box to the right, never shrunk or wrapped', () => {
  const box = { x: 50, y: 100, width: 60, height: 30 }; // a box that holds two lines
  const text = 'uno dos tres\ncuatro cinco'; // 24 characters: 144 pt at 12 pt
  const layout = layoutText(text, box, mono, { fontSize: 12, textAlign: 'right', overflow: 'horizontal' }, page);
  assert.equal(layout.size, 12);
  assert.equal(layout.overflows, true);
  assert.equal(layout.clipped, false);
  assert.deepEqual(
    layout.lines.map((l) => l.text),
    ['uno dos tres cuatro cinco'],
    'newlines become spaces',
  );
  const line = layout.lines[0]!;
  assert.equal(line.x, box.x + padding(box).x, 'starts at the box, whatever the alignment');
  assert.ok(line.x + line.width > box.x + box.width, 'and runs past its right edge');
  // Vertically it stays in the box's band: centred on a box that holds it.
  assert.ok(line.y - 0.2 * 12 >= box.y && line.y + 0.8 * 12 <= box.y + box.height);
  // Without a page nothing bounds it.
  assert.equal(layoutText('a'.repeat(500), box, mono, { fontSize: 12, overflow: 'horizontal' }).size, 12);
});

void test('horizontal: at the page edge it shrinks, and at the floor wraps up to the edge, keeping every character', () => {
  const box = { x: 300, y: 100, width: 40, height: 16 };
  const text = 'a'.repeat(25); // 150 pt at 12 pt; 100 − 2 pt of padding to the edge → ≤ 7.84 pt
  const shrunk = layoutText(text, box, mono, { fontSize: 12, overflow: 'horizontal' }, page);
  assert.equal(shrunk.size, 7.5);
  assert.equal(shrunk.lines.length, 1);
  onPage(shrunk);
  const words = Array.from({ length: 60 }, (_, i) => `w${i}`).join(' ');
  const floor = layoutText(words, box, mono, { fontSize: 12, overflow: 'horizontal' }, page);
  assert.equal(floor.size, MIN_FONT_SIZE);
  assert.ok(floor.lines.length > 1);
  assert.equal(joined(floor), words, 'nothing lost');
  for (const l of floor.lines) assert.ok(l.x >= box.x, `"${l.text}" from the box rightwards`);
  onPage(floor);
});

void test('vertical: text that fits is placed as auto places it', () => {
  const box = { x: 10, y: 10, width: 100, height: 60 };
  const style = { fontSize: 10, verticalAlign: 'bottom' as const };
  assert.deepEqual(
    layoutText('one two three', box, mono, { ...style, overflow: 'vertical' }, page),
    layoutText('one two three', box, mono, style, page),
  );
});

void test('vertical: wrapped at the box width at the font size, growing downward from the box top', () => {
  const box = { x: 20, y: 200, width: 64, height: 16 }; // a single-line box
  const text = 'one two three four five six seven eight';
  const layout = layoutText(text, box, mono, { fontSize: 10, verticalAlign: 'bottom', overflow: 'vertical' }, page);
  assert.equal(layout.size, 10, 'not shrunk');
  assert.equal(layout.overflows, true);
  assert.equal(layout.clipped, false);
  assert.equal(joined(layout), text);
  assert.ok(layout.lines.length >= 3);
  const pad = padding(box);
  assert.ok(Math.abs(layout.lines[0]!.y - (216 - pad.y - 8)) < 1e-9, 'the first line at the top of the box');
  assert.ok(layout.lines.at(-1)!.y < box.y, 'the last ones below it');
  for (const l of layout.lines) assert.ok(l.x >= box.x && l.x + l.width <= box.x + box.width, 'within its width');
});

void test('vertical: at the page foot it shrinks, and at the floor keeps every character on the page', () => {
  const box = { x: 20, y: 30, width: 64, height: 16 };
  const text = Array.from({ length: 12 }, (_, i) => `w${i}`).join(' ');
  const shrunk = layoutText(text, box, mono, { fontSize: 12, overflow: 'vertical' }, page);
  assert.ok(shrunk.size < 12 && shrunk.size >= MIN_FONT_SIZE, `shrunk to ${shrunk.size}`);
  assert.equal(joined(shrunk), text);
  onPage(shrunk);
  assert.ok(Math.abs(shrunk.lines[0]!.y + 0.8 * shrunk.size - (46 - padding(box).y)) < 1e-9, 'still from the top');
  const long = Array.from({ length: 400 }, (_, i) => `w${i}`).join(' ');
  const floor = layoutText(long, box, mono, { fontSize: 12, overflow: 'vertical' }, page);
  assert.equal(floor.size, MIN_FONT_SIZE);
  assert.equal(joined(floor), long);
  onPage(floor);
});

void test('crop: at the font size, clipped, lines past the box left where they are', () => {
  const single = { x: 20, y: 100, width: 60, height: 16 };
  const one = layoutText('a'.repeat(40), single, mono, { fontSize: 12, overflow: 'crop' }, page);
  assert.equal(one.size, 12, 'not shrunk');
  assert.equal(one.clipped, true);
  assert.equal(one.overflows, true);
  assert.equal(one.lines.length, 1, 'a single-line box keeps one line');
  assert.equal(one.lines[0]!.x, single.x + padding(single).x);
  assert.ok(one.lines[0]!.x + one.lines[0]!.width > 250, 'running far past the box (hidden by the clip)');

  const tall = { x: 20, y: 2, width: 60, height: 30 };
  const text = Array.from({ length: 30 }, (_, i) => `w${i}`).join(' ');
  const many = layoutText(text, tall, mono, { fontSize: 10, overflow: 'crop' }, page);
  assert.equal(many.size, 10);
  assert.equal(many.clipped, true);
  assert.ok(many.lines.length > 2, 'a multi-line box wraps');
  assert.ok(Math.abs(many.lines[0]!.y - (32 - padding(tall).y - 8)) < 1e-9, 'from the top of the box');
  assert.ok(many.lines.at(-1)!.y < 0, 'not lifted onto the page: the clip hides it anyway');

  const fits = layoutText('short', single, mono, { fontSize: 10, overflow: 'crop' }, page);
  assert.equal(fits.clipped, true);
  assert.equal(fits.overflows, false);
});
