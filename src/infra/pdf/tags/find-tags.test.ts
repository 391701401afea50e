import { test } from 'node:test';
import assert from 'node:assert/strict';
import { findTags } from './find-tags.js';
import { taggedPdf, type ExpectedBox, type PageSpec } from '../../../../test/support/tagged-pdf.js';

function near(actual: { positionX: number; positionY: number; width: number; height: number }, expected: ExpectedBox) {
  for (const k of ['positionX', 'positionY', 'width', 'height'] as const)
    assert.ok(Math.abs(actual[k] - expected[k]) <= 1, `${k}: ${actual[k]} vs ${expected[k]} (more than 1 % apart)`);
}

async function check(pages: PageSpec[], font?: 'helvetica' | 'noto') {
  const { bytes, boxes } = await taggedPdf(pages, { font });
  const tags = await findTags(bytes);
  const expectedTexts = pages.flatMap((p) => p.tags.map((t) => t.text));
  assert.deepEqual(
    tags.map((t) => t.text),
    expectedTexts,
  );
  tags.forEach((t, i) => {
    assert.equal(t.page, boxes[i]!.page);
    near(t, boxes[i]!);
  });
  return tags;
}

void test('tags on a plain page are found at their boxes, prose ignored', async () => {
  await check([
    {
      prose: [{ text: 'Agreement between the parties {not a tag}', x: 50, y: 760 }],
      tags: [
        { text: '{{signature, r1}}', x: 60, y: 100 },
        { text: '{{date,r2}}', x: 400, y: 100, size: 10 },
      ],
    },
  ]);
});

void test('a tag split over several text runs is found whole', async () => {
  await check([{ tags: [{ text: '{{text, r1, required=true}}', x: 100, y: 300, splitAt: [1, 6, 13] }] }]);
});

void test('tags on rotated pages are placed as the page is displayed', async () => {
  for (const rotate of [90, 180, 270] as const)
    await check([{ rotate, tags: [{ text: '{{signature, r1}}', x: 120, y: 200 }] }]);
});

void test('tags in a Type0 (CID) font are read through its ToUnicode map', async () => {
  await check(
    [
      { tags: [{ text: '{{initials, r1}}', x: 80, y: 500 }] },
      { tags: [{ text: '{{name, r2}}', x: 80, y: 500, splitAt: [4] }] },
    ],
    'noto',
  );
});

void test('a page without braces yields nothing', async () => {
  const { bytes } = await taggedPdf([{ prose: [{ text: 'Nothing to see', x: 50, y: 50 }], tags: [] }]);
  assert.deepEqual(await findTags(bytes), []);
});
