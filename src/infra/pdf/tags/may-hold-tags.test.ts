import { test } from 'node:test';
import assert from 'node:assert/strict';
import { inspectPdf } from '../inspect-pdf.js';
import { taggedPdf } from '../../../../test/support/tagged-pdf.js';

const prose = (text: string) => ({ prose: [{ text, x: 50, y: 700 }], tags: [] });

void test('inspection names the pages that may show a brace, the only ones scanned for tags', async () => {
  const plain = await taggedPdf([prose('Contrato sin marcas'), prose('Un { suelto'), prose('Nada')]);
  assert.deepEqual((await inspectPdf(plain.bytes)).tagPages, [2]);
  const split = await taggedPdf([
    prose('Nada'),
    { tags: [{ text: '{{signature, r1}}', x: 50, y: 50, splitAt: [1, 5] }] },
  ]);
  assert.deepEqual((await inspectPdf(split.bytes)).tagPages, [2]);
});

void test('in a Type0 (CID) font the brace is found through the ToUnicode map', async () => {
  const cid = await taggedPdf(
    [prose('Contrato sin marcas'), { tags: [{ text: '{{name, r1}}', x: 50, y: 50, splitAt: [1] }] }, prose('Fin')],
    { font: 'noto' },
  );
  assert.deepEqual((await inspectPdf(cid.bytes)).tagPages, [2]);
});
