import { test } from 'node:test';
import assert from 'node:assert/strict';
import { inspectPdf } from '../inspect-pdf.js';
import { taggedPdf } from '../../../../test/support/tagged-pdf.js';

void test('inspection rules tags out only where no page can show a brace', async () => {
  const plain = await taggedPdf([{ prose: [{ text: 'Contrato sin marcas', x: 50, y: 700 }], tags: [] }]);
  assert.equal((await inspectPdf(plain.bytes)).mayHoldTags, false);
  const braces = await taggedPdf([{ prose: [{ text: 'Un { suelto', x: 50, y: 700 }], tags: [] }]);
  assert.equal((await inspectPdf(braces.bytes)).mayHoldTags, true);
  const split = await taggedPdf([{ tags: [{ text: '{{signature, r1}}', x: 50, y: 50, splitAt: [1, 5] }] }]);
  assert.equal((await inspectPdf(split.bytes)).mayHoldTags, true);
  // A Type0 font's codes say nothing about the characters: the full scan decides.
  const cid = await taggedPdf([{ prose: [{ text: 'Contrato sin marcas', x: 50, y: 700 }], tags: [] }], {
    font: 'noto',
  });
  assert.equal((await inspectPdf(cid.bytes)).mayHoldTags, true);
});
