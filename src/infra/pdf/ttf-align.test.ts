import { test } from 'node:test';
import assert from 'node:assert/strict';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument } from 'pdf-lib';
import { fontBytes } from './fonts.js';
import type { FontName } from './fonts.js';
import { alignGlyphs } from './ttf-align.js';
import { countDark, rasterise } from '../../../test/support/pdf-tools.js';

const SAMPLE = 'Ñandú García, José Müller · Straße ÀÉÎÕÜ çß 0123456789 Hello abcdefghijklmnopqrstuvwxyz';

async function renderSample(font: Uint8Array, subset: boolean): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  const embedded = await doc.embedFont(font, { subset });
  doc.addPage([620, 40]).drawText(SAMPLE, { x: 5, y: 14, size: 11, font: embedded });
  return doc.save();
}

for (const name of ['regular', 'bold'] as FontName[]) {
  void test(`subsetting the aligned ${name} font draws the same glyphs as embedding the whole font`, async () => {
    const full = rasterise(await renderSample(fontBytes(name), false));
    const subset = rasterise(await renderSample(alignGlyphs(fontBytes(name)), true));
    let ink = 0;
    let differing = 0;
    for (let i = 0; i < full.data.length; i += 4) {
      if (full.data[i]! < 200) ink++;
      if (Math.abs(full.data[i]! - subset.data[i]!) > 16) differing++;
    }
    assert.ok(ink > 1000, 'the reference shows text');
    assert.equal(differing, 0, 'every glyph of the subset renders like the original');
  });
}

for (const name of ['regular', 'bold', 'handwriting'] as FontName[]) {
  void test(`every character of the subset ${name} font leaves ink (no blank glyphs)`, async () => {
    const chars = [...new Set(SAMPLE.replace(/\s/g, ''))];
    const doc = await PDFDocument.create();
    doc.registerFontkit(fontkit);
    const font = await doc.embedFont(alignGlyphs(fontBytes(name)), { subset: true });
    const page = doc.addPage([chars.length * 20, 30]);
    chars.forEach((ch, i) => page.drawText(ch, { x: i * 20 + 4, y: 10, size: 14, font }));
    const raster = rasterise(await doc.save());
    const blank = chars.filter(
      (ch, i) => countDark(raster, { left: i * 20, top: 0, right: i * 20 + 20, bottom: 30 }, 160) < 2,
    );
    assert.deepEqual(blank, [], 'characters drawn blank');
  });
}

void test('alignment keeps every glyph outline and metric', () => {
  const original = fontkit.create(Buffer.from(fontBytes('regular')));
  const aligned = fontkit.create(Buffer.from(alignGlyphs(fontBytes('regular'))));
  assert.equal(aligned.numGlyphs, original.numGlyphs);
  for (const ch of 'aÑú&ß') {
    const a = original.glyphForCodePoint(ch.codePointAt(0)!);
    const b = aligned.glyphForCodePoint(ch.codePointAt(0)!);
    assert.equal(b.id, a.id);
    assert.equal(b.advanceWidth, a.advanceWidth);
    assert.equal(b.path.toSVG(), a.path.toSVG());
  }
});
