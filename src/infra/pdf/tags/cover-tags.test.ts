import { test } from 'node:test';
import assert from 'node:assert/strict';
import { findAndCoverTags } from './cover-tags.js';
import { findTags } from './find-tags.js';
import { taggedPdf, type PageSpec } from '../../../../test/support/tagged-pdf.js';
import { pdfToText } from '../../../../test/support/pdf-tools.js';

async function strips(pages: PageSpec[], font?: 'helvetica' | 'noto') {
  const { bytes } = await taggedPdf(pages, { font });
  const before = pdfToText(bytes);
  assert.match(before, /\{\{/);
  const { tags, covered } = await findAndCoverTags(bytes);
  const inProse = pages.flatMap((p) => p.prose ?? []).filter((p) => p.text.includes('{{')).length;
  assert.equal(tags.length, pages.flatMap((p) => p.tags).length + inProse);
  assert.ok(covered);
  const after = pdfToText(covered);
  assert.doesNotMatch(after, /\{\{|\}\}/, after);
  // Nothing left to find: the stored PDF holds no tag.
  assert.deepEqual(await findTags(covered), []);
  return after;
}

void test('the glyphs of tags are removed from the content, the prose around them kept', async () => {
  const text = await strips([
    {
      prose: [{ text: 'Firmado por {{signature, r1}} en Salta', x: 50, y: 700 }],
      tags: [
        { text: '{{date, r2}}', x: 60, y: 100 },
        { text: '{{text, r1, label=Domicilio}}', x: 300, y: 100, splitAt: [3, 10] },
      ],
    },
  ]);
  assert.match(text, /Firmado por\s+en Salta/);
});

void test('text after a removed tag stays where it was drawn', async () => {
  const { bytes } = await taggedPdf([
    { prose: [{ text: 'Firmado por {{signature, r1}} en Salta', x: 50, y: 700 }], tags: [] },
  ]);
  const { covered } = await findAndCoverTags(bytes);
  const xOf = (pdf: Uint8Array) => /xMin="([\d.]+)"[^>]*>Salta</.exec(pdfToText(pdf, ['-bbox']))?.[1];
  assert.ok(xOf(bytes));
  assert.equal(xOf(covered!), xOf(bytes));
});

void test('tags are removed on rotated pages and in Type0 (CID) fonts', async () => {
  await strips(
    [
      { rotate: 90, tags: [{ text: '{{signature, r1}}', x: 100, y: 100 }] },
      { rotate: 270, tags: [{ text: '{{name, r2}}', x: 100, y: 100, splitAt: [5] }] },
    ],
    'noto',
  );
});

void test('a PDF without tags is left as it is', async () => {
  const { bytes } = await taggedPdf([{ prose: [{ text: 'Sin marcas', x: 50, y: 50 }], tags: [] }]);
  assert.deepEqual(await findAndCoverTags(bytes), { tags: [] });
});
