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

test('longer text and explicit features are shaped each time', () => {
  const shared = sharedFontkit.create(subsettableFontBytes('regular'));
  assert.notEqual(shared.layout('fi'), shared.layout('fi'));
  assert.notEqual(shared.layout('a', ['kern']), shared.layout('a', ['kern']));
});
