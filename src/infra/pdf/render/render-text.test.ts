/** Text fields as a reader sees them: extracted by pdftotext, placed per pdftotext -bbox, pixels. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { renderFields } from './render-fields.js';
import type { RenderField } from './types.js';
import { makePdf } from '../../../../test/support/pdf-fixtures.js';
import {
  countDark,
  countInkOutside,
  pdfToText,
  pdfWords,
  qpdfCheck,
  rasterise,
} from '../../../../test/support/pdf-tools.js';
import type { PixelRect, Raster, WordBox } from '../../../../test/support/pdf-tools.js';

// A 400 × 300 pt page unless stated otherwise; boxes are given in points and converted to percent.
function textField(
  box: PixelRect,
  text: string,
  extra: Partial<RenderField> = {},
  page: [number, number] = [400, 300],
): RenderField {
  const [W, H] = page;
  return {
    page: 1,
    positionX: (box.left / W) * 100,
    positionY: (box.top / H) * 100,
    width: ((box.right - box.left) / W) * 100,
    height: ((box.bottom - box.top) / H) * 100,
    value: { kind: 'text', text },
    ...extra,
  };
}

function assertWordsInside(words: WordBox[], box: PixelRect, tolerance = 0.5): void {
  assert.ok(words.length > 0, 'some words were extracted');
  for (const w of words) {
    assert.ok(
      w.xMin >= box.left - tolerance &&
        w.xMax <= box.right + tolerance &&
        w.yMin >= box.top - tolerance &&
        w.yMax <= box.bottom + tolerance,
      `"${w.text}" [${w.xMin}, ${w.yMin}, ${w.xMax}, ${w.yMax}] lies inside the box [${box.left}, ${box.top}, ${box.right}, ${box.bottom}]`,
    );
  }
}

const lineCount = (words: WordBox[]) => new Set(words.map((w) => Math.round(w.yMin))).size;

void test('Japanese, Korean and Chinese values and typed signatures are drawn with a CJK face, not as "?"', async () => {
  const samples = ['山田太郎', 'やまだ たろう', '김민준', '王小明 Wang'];
  const fields: RenderField[] = samples.map((text, i) =>
    textField({ left: 20, top: 20 + i * 40, right: 380, bottom: 50 + i * 40 }, text),
  );
  fields.push({
    ...textField({ left: 20, top: 200, right: 380, bottom: 260 }, ''),
    value: { kind: 'typed-signature', text: '山田太郎' },
  });
  const out = await renderFields(await makePdf([{}]), fields);
  const text = pdfToText(out);
  for (const sample of [...samples, '山田太郎']) assert.ok(text.includes(sample), `"${sample}" in:\n${text}`);
  assert.ok(!text.includes('?'), text);
  assert.equal(qpdfCheck(out).status, 0);
});

void test('Spanish and other Latin text renders and can be extracted as typed', async () => {
  const samples = ['Ñandú García', 'José Müller-Straße', 'Ça va, garçon? ¿Qué tal? ¡Olé!', 'Åsa Øster Ærø Łódź ĳ œ'];
  const fields = samples.map((text, i) =>
    textField({ left: 20, top: 20 + i * 40, right: 380, bottom: 50 + i * 40 }, text),
  );
  const out = await renderFields(await makePdf([{}]), fields);
  const text = pdfToText(out);
  for (const sample of samples) assert.ok(text.includes(sample), `"${sample}" is in the extracted text:\n${text}`);
  assert.equal(qpdfCheck(out).status, 0);
});

void test('a long text wraps inside its box and nothing is drawn outside it', async () => {
  const box = { left: 40, top: 60, right: 240, bottom: 180 };
  const text =
    'El signatario declara haber leído y aceptado las condiciones generales de contratación, ' +
    'incluida la cláusula de protección de datos personales, y autoriza el tratamiento de sus datos ' +
    'para la gestión del contrato y el envío de comunicaciones relacionadas con el servicio.';
  const out = await renderFields(await makePdf([{}]), [textField(box, text)]);
  const words = pdfWords(out);
  assertWordsInside(words, box);
  assert.ok(lineCount(words) >= 4, 'the text is wrapped over several lines');
  assert.equal(words.map((w) => w.text).join(' '), text, 'every word is there, in order');
  const raster = rasterise(out);
  assert.equal(countInkOutside(raster, box), 0, 'no pixel outside the box');
  assert.ok(countDark(raster, box) > 500, 'the text is visible');
});

void test('a long name in a single-line box shrinks onto one line instead of overflowing', async () => {
  const box = { left: 20, top: 20, right: 160, bottom: 40 };
  const name = 'María de los Ángeles Fernández-Villaverde';
  const out = await renderFields(await makePdf([{}]), [textField(box, name, { fontSize: 14 })]);
  const words = pdfWords(out);
  assertWordsInside(words, box);
  assert.equal(lineCount(words), 1);
  assert.equal(words.map((w) => w.text).join(' '), name);
  assert.equal(countInkOutside(rasterise(out), box), 0);
});

void test('characters the font lacks do not throw and are replaced', async () => {
  const box = { left: 20, top: 20, right: 380, bottom: 50 };
  const out = await renderFields(await makePdf([{}]), [textField(box, 'Firma: 漢字 🙂 ✓ Ωμέγα\u0000\u0007 fin')]);
  const text = pdfToText(out);
  // The field is drawn in the face that draws most of it: the CJK one, which lacks the emoji and
  // the Greek "έ" (the Latin face lacked the ideographs, the emoji and the check mark).
  assert.match(text, /Firma: 漢字 \? ✓ Ωμ\?γα fin/);
});

void test('decomposed accents (NFD, as some keyboards send) come out composed', async () => {
  const out = await renderFields(await makePdf([{}]), [
    textField({ left: 20, top: 20, right: 380, bottom: 50 }, 'N\u0303andu\u0301'),
  ]);
  assert.ok(pdfToText(out).includes('Ñandú'));
});

void test('textAlign and verticalAlign place the text in the box as asked', async () => {
  const box = { left: 50, top: 50, right: 350, bottom: 150 };
  const render = async (extra: Partial<RenderField>) =>
    pdfWords(await renderFields(await makePdf([{}]), [textField(box, 'Hola', extra)]))[0]!;
  const left = await render({ textAlign: 'left', verticalAlign: 'top' });
  const right = await render({ textAlign: 'right', verticalAlign: 'bottom' });
  const centre = await render({ textAlign: 'center', verticalAlign: 'middle' });
  assert.ok(left.xMin - box.left < 4 && left.yMin - box.top < 6, `top-left: ${JSON.stringify(left)}`);
  assert.ok(box.right - right.xMax < 4 && box.bottom - right.yMax < 6, `bottom-right: ${JSON.stringify(right)}`);
  assert.ok(Math.abs((centre.xMin + centre.xMax) / 2 - 200) < 1, `centred horizontally: ${JSON.stringify(centre)}`);
  assert.ok(Math.abs((centre.yMin + centre.yMax) / 2 - 100) < 4, `centred vertically: ${JSON.stringify(centre)}`);
});

void test('fontSize, lineHeight and letterSpacing are honoured', async () => {
  const box = { left: 20, top: 20, right: 380, bottom: 280 };
  const plain = pdfWords(await renderFields(await makePdf([{}]), [textField(box, 'uno\ndos', { fontSize: 20 })]));
  const spread = pdfWords(
    await renderFields(await makePdf([{}]), [textField(box, 'uno\ndos', { fontSize: 20, lineHeight: 2.5 })]),
  );
  const spaced = pdfWords(
    await renderFields(await makePdf([{}]), [textField(box, 'uno\ndos', { fontSize: 20, letterSpacing: 6 })]),
  );
  const height = (w: WordBox) => w.yMax - w.yMin;
  assert.ok(height(plain[0]!) > 20 && height(plain[0]!) < 30, 'a 20 pt line');
  assert.ok(Math.abs(plain[1]!.yMin - plain[0]!.yMin - 24) < 1, 'baselines 1.2 × 20 pt apart');
  assert.ok(Math.abs(spread[1]!.yMin - spread[0]!.yMin - 50) < 1, 'baselines 2.5 × 20 pt apart');
  assert.ok(spaced[0]!.xMax - spaced[0]!.xMin > plain[0]!.xMax - plain[0]!.xMin + 10, 'letters spaced out');
});

void test('text on a rotated page looks exactly like text on an upright page', async () => {
  // A square page: the displayed geometry is identical for every rotation, so the pixels must be.
  const box = { left: 30, top: 40, right: 250, bottom: 120 };
  const fields = [textField(box, 'Ñandú García firmó aquí, con letra clara y legible.', { fontSize: 16 }, [300, 300])];
  const raster = async (rotate: number) =>
    rasterise(await renderFields(await makePdf([{ mediaBox: [0, 0, 300, 300], rotate }]), fields));
  const upright = await raster(0);
  const diff = (a: Raster, b: Raster) => {
    let n = 0;
    for (let i = 0; i < a.data.length; i += 4) if (Math.abs(a.data[i]! - b.data[i]!) > 96) n++;
    return n;
  };
  assert.ok(countDark(upright, box) > 300);
  for (const rotate of [90, 180, 270]) {
    const d = diff(upright, await raster(rotate));
    assert.ok(d < 40, `rotation ${rotate}: ${d} pixels differ`);
  }
});

void test('a huge text in a tiny box stops at the 6 pt floor and runs past the box, every word drawn', async () => {
  const box = { left: 100, top: 100, right: 160, bottom: 116 };
  const text = Array.from({ length: 20 }, (_, i) => `palabra${i}`).join(' ');
  const out = await renderFields(await makePdf([{}]), [textField(box, text)]);
  const words = pdfWords(out);
  assert.equal(words.map((w) => w.text).join(' '), text, 'every word is there, in order, none cut');
  assert.ok(!words.some((w) => w.text.includes('…')), 'no ellipsis');
  const h = words[0]!.yMax - words[0]!.yMin;
  assert.ok(h > 5 && h < 10, `6 pt text (${h} pt high)`);
  assert.ok(words[0]!.yMin >= box.top - 1, 'it starts inside the box');
  assert.ok(words.at(-1)!.yMax > box.bottom, 'and runs past its bottom edge');
  for (const w of words) assert.ok(w.xMin >= box.left - 1 && w.xMax <= box.right + 1, `"${w.text}" within the width`);
});
