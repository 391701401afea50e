import assert from 'node:assert/strict';
import { test } from 'node:test';
import { boxAt, cascadeBox, clampBox, nudge, percentIn } from './geometry.js';

const box = { page: 1, positionX: 10, positionY: 10, width: 20, height: 5 };

test('a box stays inside its page and keeps a visible size', () => {
  assert.deepEqual(clampBox({ ...box, positionX: 95 }), { ...box, positionX: 80 });
  assert.deepEqual(clampBox({ ...box, positionY: -3 }), { ...box, positionY: 0 });
  assert.deepEqual(clampBox({ ...box, width: 0.5 }).width, 2);
  assert.deepEqual(clampBox({ ...box, width: 140 }), { ...box, width: 100, positionX: 0 });
});

test('arrows move by one percent; with resize they grow and shrink, never past the page', () => {
  assert.deepEqual(nudge(box, 'right', false), { ...box, positionX: 11 });
  assert.deepEqual(nudge(box, 'up', false), { ...box, positionY: 9 });
  assert.deepEqual(nudge(box, 'right', true), { ...box, width: 21 });
  assert.deepEqual(nudge(box, 'up', true), { ...box, height: 4 });
  assert.deepEqual(nudge({ ...box, positionX: 80 }, 'right', false).positionX, 80);
});

test('a drop centres the box on the pointer, inside the page', () => {
  assert.deepEqual(boxAt(2, 50, 50, { width: 20, height: 10 }), {
    page: 2,
    positionX: 40,
    positionY: 45,
    width: 20,
    height: 10,
  });
  assert.deepEqual(boxAt(1, 99, 1, { width: 20, height: 10 }), {
    page: 1,
    positionX: 80,
    positionY: 0,
    width: 20,
    height: 10,
  });
  assert.deepEqual(percentIn({ left: 100, top: 50, width: 200, height: 400 }, 150, 150), { x: 25, y: 25 });
  assert.notDeepEqual(cascadeBox(1, 0, { width: 20, height: 5 }), cascadeBox(1, 1, { width: 20, height: 5 }));
});
