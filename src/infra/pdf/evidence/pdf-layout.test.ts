import assert from 'node:assert/strict';
import { test } from 'node:test';

import { PDFDocument } from 'pdf-lib';

import { Typesetter, type TextStyle } from './pdf-layout.js';

const style: TextStyle = { font: 'regular', size: 8 };

async function typesetter(): Promise<Typesetter> {
  return Typesetter.embed(await PDFDocument.create());
}

void test('wrapped lines never exceed the width and keep every character', async () => {
  const ts = await typesetter();
  const text =
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.127 ' +
    'una.direccion.de.correo.extremadamente.larga@subdominio.departamento-legal.example.com.ar ' +
    'x'.repeat(300);
  for (const width of [40, 90, 200]) {
    const lines = ts.wrap(text, style, width);
    for (const line of lines) assert.ok(ts.width(line, style) <= width + 1e-9, `${line} > ${width}`);
    assert.equal(lines.join('').replace(/ /g, ''), text.replace(/ /g, ''));
  }
});

void test('long tokens break after separators when that keeps the line reasonably full', async () => {
  const ts = await typesetter();
  const lines = ts.wrap('https://firma.example.com/sign/abcdefghijklmnopqrstuvwxyz0123456789', style, 120);
  assert.ok(lines.length > 1);
  assert.match(lines[0] ?? '', /[/.]$/);
});

void test('explicit newlines start new lines; blank paragraphs are kept', async () => {
  const ts = await typesetter();
  assert.deepEqual(ts.wrap('uno\r\ndos\n\ntres', style, 500), ['uno', 'dos', '', 'tres']);
});

void test('characters the font lacks become "?" and control characters become spaces', async () => {
  const ts = await typesetter();
  assert.equal(ts.clean('Ñandú 王 😀', 'regular'), 'Ñandú ? ?');
  assert.equal(ts.clean('a\u0000b\tc\u00a0d\u200be', 'regular'), 'a b c d e');
  // Decomposed input is composed so it measures and draws as one glyph.
  assert.equal(ts.clean('N\u0303', 'regular'), 'Ñ');
});
