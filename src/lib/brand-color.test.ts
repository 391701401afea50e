import assert from 'node:assert/strict';
import { test } from 'node:test';
import { contrastWithWhite, isReadableBrandColor, normaliseBrandColor } from './brand-color.js';

test('the contrast with white follows WCAG 2.1: black 21:1, white 1:1, Firma blue above 4.5', () => {
  assert.equal(contrastWithWhite('#000000').toFixed(2), '21.00');
  assert.equal(contrastWithWhite('#ffffff').toFixed(2), '1.00');
  assert.ok(contrastWithWhite('#1d4ed8') > 4.5);
});

test('a colour just under 4.5:1 is refused and one just over is kept (#777777 is 4.48, #767676 is 4.54)', () => {
  assert.equal(isReadableBrandColor('#777777'), false);
  assert.equal(isReadableBrandColor('#767676'), true);
  assert.equal(isReadableBrandColor('#ffcc00'), false);
});

test('only #rrggbb is a colour; it is stored in lower case', () => {
  assert.equal(normaliseBrandColor(' #1D4ED8 '), '#1d4ed8');
  for (const bad of ['1d4ed8', '#fff', '#1d4ed8ff', 'red', '#gggggg', 'rgb(0,0,0)'])
    assert.equal(normaliseBrandColor(bad), null);
});
