import { test } from 'node:test';
import assert from 'node:assert/strict';
import { applyMatrix, displaySize, displayToUser, percentToDisplayRect, percentToUserRect } from './page-geometry.js';
import type { PageFrame } from './page-geometry.js';

// A CropBox with a non-zero origin: x 10..310, y 20..220 in user space.
const cropBox = { x: 10, y: 20, width: 300, height: 200 };
const frame = (rotation: PageFrame['rotation']): PageFrame => ({ rotation, cropBox });
// 10 % from the left, 20 % from the top, 30 % wide, 25 % high of the displayed page.
const box = { positionX: 10, positionY: 20, width: 30, height: 25 };

void test('display size swaps for sideways pages', () => {
  assert.deepEqual(displaySize(frame(0)), { width: 300, height: 200 });
  assert.deepEqual(displaySize(frame(90)), { width: 200, height: 300 });
  assert.deepEqual(displaySize(frame(180)), { width: 300, height: 200 });
  assert.deepEqual(displaySize(frame(270)), { width: 200, height: 300 });
});

void test('rotation 0: percent box → user rect, offset by the CropBox origin', () => {
  assert.deepEqual(percentToDisplayRect(box, frame(0)), { x: 30, y: 110, width: 90, height: 50 });
  assert.deepEqual(percentToUserRect(box, frame(0)), { x: 40, y: 130, width: 90, height: 50 });
});

void test('rotation 90: the displayed top-left is the CropBox bottom-left; down the screen is user +x', () => {
  // Display 200 × 300: the box starts 20 pt right and 60 pt down, 60 pt wide and 75 pt high.
  assert.deepEqual(percentToDisplayRect(box, frame(90)), { x: 20, y: 165, width: 60, height: 75 });
  assert.deepEqual(percentToUserRect(box, frame(90)), { x: 70, y: 40, width: 75, height: 60 });
});

void test('rotation 180: the displayed top-left is the CropBox bottom-right', () => {
  assert.deepEqual(percentToUserRect(box, frame(180)), { x: 190, y: 60, width: 90, height: 50 });
});

void test('rotation 270: the displayed top-left is the CropBox top-right', () => {
  assert.deepEqual(percentToUserRect(box, frame(270)), { x: 175, y: 140, width: 75, height: 60 });
});

void test('the display-to-user matrix maps the displayed corners onto the CropBox corners', () => {
  const corners = (r: PageFrame['rotation']) => {
    const { width, height } = displaySize(frame(r));
    const m = displayToUser(frame(r));
    // displayed top-left, top-right, bottom-right, bottom-left
    return [applyMatrix(m, 0, height), applyMatrix(m, width, height), applyMatrix(m, width, 0), applyMatrix(m, 0, 0)];
  };
  const [bl, br, tr, tl] = [
    { x: 10, y: 20 },
    { x: 310, y: 20 },
    { x: 310, y: 220 },
    { x: 10, y: 220 },
  ];
  assert.deepEqual(corners(0), [tl, tr, br, bl]);
  // Turned clockwise a quarter: the left edge of the page becomes the top edge.
  assert.deepEqual(corners(90), [bl, tl, tr, br]);
  assert.deepEqual(corners(180), [br, bl, tl, tr]);
  assert.deepEqual(corners(270), [tr, br, bl, tl]);
});

void test('display-space text direction maps to the direction a viewer shows as left-to-right', () => {
  // A unit step to the right in display space, in user space: the viewer turns it back.
  const step = (r: PageFrame['rotation']) => {
    const m = displayToUser(frame(r));
    const a = applyMatrix(m, 0, 0);
    const b = applyMatrix(m, 1, 0);
    return [b.x - a.x, b.y - a.y];
  };
  assert.deepEqual(step(0), [1, 0]);
  assert.deepEqual(step(90), [0, 1]);
  assert.deepEqual(step(180), [-1, 0]);
  assert.deepEqual(step(270), [0, -1]);
});

void test('a box that runs off the page is clipped to it', () => {
  const rect = percentToDisplayRect({ positionX: 90, positionY: -10, width: 20, height: 30 }, frame(0));
  assert.deepEqual(rect, { x: 270, y: 160, width: 30, height: 40 });
});
