import assert from 'node:assert/strict';
import { test } from 'node:test';
import fontkit from '@pdf-lib/fontkit';
import { subsettableFontBytes } from '../fonts.js';
import { sharedFontkit } from './shared-fontkit.js';

test('one parsed font per font program, whoever asks', () => {
  const bytes = subsettableFontBytes('regular');
  assert.equal(sharedFontkit.create(bytes), sharedFontkit.create(bytes));
});

test('a one-character layout is kept and gives the glyph a fresh font shapes', () => {
  const bytes = subsettableFontBytes('regular');
  const shared = sharedFontkit.create(bytes);
  const fresh = fontkit.create(Buffer.from(bytes));
  for (const ch of ['a', 'é', 'Ñ', '—', '€', '😀']) {
    const first = shared.layout(ch);
    assert.equal(shared.layout(ch), first, `kept for ${ch}`);
    assert.deepEqual(
      first.glyphs.map((g) => g.id),
      fresh.layout(ch).glyphs.map((g) => g.id),
      `same glyphs for ${ch}`,
    );
  }
});

test('longer text is shaped once when measured then drawn, else each time; explicit features each time', () => {
  const shared = sharedFontkit.create(subsettableFontBytes('regular'));
  const fi = shared.layout('fi');
  assert.equal(shared.layout('fi'), fi, 'the same text right after: the kept run');
  assert.notEqual(shared.layout('ff').glyphs, fi.glyphs);
  assert.notEqual(shared.layout('fi'), fi, 'only the last one is kept');
  assert.notEqual(shared.layout('a', ['kern']), shared.layout('a', ['kern']));
});
