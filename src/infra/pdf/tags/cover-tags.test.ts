import { test } from 'node:test';
import assert from 'node:assert/strict';
import { findAndCoverTags, findAndCoverText, tagNamesRecipient } from './cover-tags.js';
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

void test('tags without a recipient are anchors: found, left in the PDF; those naming one are hidden', async () => {
  assert.equal(tagNamesRecipient('{{signature, r1}}'), true);
  assert.equal(tagNamesRecipient('{{ SIGNATURE , R12 , required=true }}'), true);
  assert.equal(tagNamesRecipient('{{signature}}'), false);
  assert.equal(tagNamesRecipient('{{text, required=true}}'), false);
  assert.equal(tagNamesRecipient('{{text, r1x}}'), false);
  const { bytes } = await taggedPdf([
    {
      tags: [
        { text: '{{signature}}', x: 60, y: 100 },
        { text: '{{name, r1}}', x: 300, y: 100 },
      ],
    },
  ]);
  const { tags, covered } = await findAndCoverTags(bytes);
  assert.deepEqual(
    tags.map((t) => t.text),
    ['{{signature}}', '{{name, r1}}'],
  );
  const text = pdfToText(covered!);
  assert.match(text, /\{\{signature\}\}/);
  assert.doesNotMatch(text, /\{\{name/);
  // Only anchors: nothing to hide, the upload is kept.
  const anchors = await taggedPdf([{ tags: [{ text: '{{initials}}', x: 60, y: 100 }] }]);
  assert.equal((await findAndCoverTags(anchors.bytes)).covered, undefined);
});

void test('any text is found (first or every occurrence) and only the occurrences used are hidden, rotated and in a CID font', async () => {
  const { bytes, boxes } = await taggedPdf(
    [
      {
        tags: [
          { text: 'Firma aquí', x: 60, y: 100 },
          { text: '{{initials}}', x: 300, y: 100, splitAt: [4] },
        ],
      },
      {
        rotate: 90,
        tags: [
          { text: 'Firma aquí', x: 60, y: 300 },
          { text: '{{initials}}', x: 300, y: 100 },
        ],
      },
    ],
    { font: 'noto' },
  );
  const { found, covered } = await findAndCoverText(bytes, [
    { text: 'Firma aquí', all: false },
    { text: '{{initials}}', all: true },
  ]);
  assert.deepEqual(
    found.map((f) => f.map((t) => t.page)),
    [[1], [1, 2]],
  );
  for (const [t, box] of [
    [found[0]![0]!, boxes[0]!],
    [found[1]![0]!, boxes[1]!],
    [found[1]![1]!, boxes[3]!],
  ] as const)
    for (const k of ['positionX', 'positionY', 'width', 'height'] as const)
      assert.ok(Math.abs(t[k] - box[k]) <= 1, `${k}: ${t[k]} vs ${box[k]}`);
  const text = pdfToText(covered!);
  assert.equal(text.split('Firma aquí').length - 1, 1, 'the second "Firma aquí" was not used and stays');
  assert.doesNotMatch(text, /initials/);

  const missing = await findAndCoverText(bytes, [
    { text: 'Firma aquí', all: false },
    { text: '{{sello}}', all: false },
  ]);
  assert.deepEqual(
    missing.found.map((f) => f.length),
    [1, 0],
  );
  assert.equal(missing.covered, undefined);
});
