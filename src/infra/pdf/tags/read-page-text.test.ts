import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PDFDict, PDFDocument, PDFName, StandardFonts } from 'pdf-lib';
import { inspectPdf } from '../inspect-pdf.js';
import { findTags, type FoundTag } from './find-tags.js';
import { readPageText } from './read-page-text.js';
import { taggedPdf, type PageSpec } from '../../../../test/support/tagged-pdf.js';
import { pdfToText } from '../../../../test/support/pdf-tools.js';

/**
 * Tags read from the content stream (read-page-text.ts) must be what pdf.js finds: the same texts
 * in the same order, at the same boxes within 1 % of the page (the bound). Inside a run
 * pdf.js spaces characters evenly, this reader places each one by its width, so a tag in the
 * middle of prose is where it is drawn rather than where pdf.js estimates it.
 */
function near(actual: FoundTag, expected: Omit<FoundTag, 'text' | 'cover' | 'pageWidth' | 'pageHeight'>, what: string) {
  for (const k of ['positionX', 'positionY', 'width', 'height'] as const)
    assert.ok(Math.abs(actual[k] - expected[k]) <= 1, `${actual.text} ${k}: ${actual[k]} vs ${what} ${expected[k]}`);
}

async function readsDirectly(bytes: Uint8Array): Promise<boolean> {
  const doc = await PDFDocument.load(bytes);
  return doc.getPages().every((page) => readPageText(doc, page, new Map()) !== null);
}

async function check(bytes: Uint8Array, { direct = true, textGone = true } = {}) {
  assert.equal(await readsDirectly(bytes), direct, direct ? 'read without pdf.js' : 'left to pdf.js');
  const info = await inspectPdf(bytes, { findTags: true });
  const tags = info.tagged?.tags ?? [];
  const pdfjs = await findTags(bytes);
  assert.ok(pdfjs.length > 0);
  assert.deepEqual(
    tags.map((t) => [t.page, t.text]),
    pdfjs.map((t) => [t.page, t.text]),
  );
  // The stored PDF shows no tag.
  assert.ok(info.tagged?.covered);
  if (textGone) assert.doesNotMatch(pdfToText(info.tagged.covered), /\{\{|\}\}/);
  return { tags, pdfjs };
}

const PAGES: PageSpec[] = [
  {
    prose: [{ text: 'Firmado por {{signature, r1}} en Salta {not a tag}', x: 50, y: 700 }],
    tags: [
      { text: '{{date, r2}}', x: 60, y: 100, size: 10 },
      { text: '{{text, r1, required=true}}', x: 300, y: 300, splitAt: [1, 6, 13] },
    ],
  },
  { rotate: 90, tags: [{ text: '{{signature, r1}}', x: 120, y: 200 }] },
  { rotate: 180, tags: [{ text: '{{initials, r2}}', x: 120, y: 200, splitAt: [4] }] },
  { rotate: 270, tags: [{ text: '{{name, r1}}', x: 120, y: 200 }] },
];

void test('a standard font (no /Widths) and a Type0 font with ToUnicode are read without pdf.js, as pdf.js reads them', async () => {
  for (const font of ['helvetica', 'noto'] as const) {
    const { bytes, boxes } = await taggedPdf(PAGES, { font });
    const { tags } = await check(bytes);
    // The tags drawn as tags (the one in the prose has no expected box of its own).
    const drawn = tags.filter((t) => t.text !== '{{signature, r1}}' || t.page !== 1);
    drawn.forEach((t, i) => near(t, boxes[i]!, 'drawn at'));
  }
});

/** A one-page PDF whose content stream is written by hand, with Helvetica as /F1. */
async function handWritten(content: string, change?: (font: PDFDict, doc: PDFDocument) => void) {
  const doc = await PDFDocument.create();
  const helvetica = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([600, 800]);
  // Registers the font in the page's resources under a name we then use.
  const name = page.node.newFontDictionary('F1', helvetica.ref).asString();
  if (change) {
    await helvetica.embed();
    change(doc.context.lookup(helvetica.ref, PDFDict), doc);
  }
  page.node.set(PDFName.of('Contents'), doc.context.register(doc.context.stream(content.replaceAll('/F1', name))));
  return doc.save();
}

void test('text state and matrices are followed: TJ gaps, Tc, Tw, Tz, Ts, TL and T*, cm, line ends', async () => {
  const { tags, pdfjs } = await check(
    await handWritten(
      [
        // Words placed by a TJ gap: pdf.js reads a space there.
        'BT /F1 12 Tf 50 700 Td [(\\{\\{signature,) -300 (r1\\}\\})] TJ ET',
        // Kerning inside a tag, character and word spacing, horizontal scaling, rise.
        'BT /F1 11 Tf 1.5 Tc 4 Tw 80 Tz 2 Ts 50 650 Td [(\\{\\{te) 20 (xt, r1, label=A B\\}\\})] TJ ET',
        // Scaled and moved by cm, in a q…Q.
        'q 1.5 0 0 1.5 40 100 cm BT /F1 10 Tf 0 0 Td (\\{\\{date, r2\\}\\}) Tj ET Q',
        // A tag cut by a line end is no tag; the next line holds one.
        "BT /F1 12 Tf 14 TL 50 500 Td (\\{\\{name,) Tj T* (r1\\}\\}) Tj (\\{\\{email, r2\\}\\}) ' ET",
      ].join('\n'),
    ),
    // A tag whose space is a TJ gap is covered by its white box, but its glyphs stay in the text
    // layer (strip-tags.ts matches glyphs, which have no space there), with pdf.js as with this.
    { textGone: false },
  );
  assert.deepEqual(
    tags.map((t) => t.text),
    ['{{signature, r1}}', '{{email, r2}}'],
  );
  tags.forEach((t, i) => near(t, pdfjs[i]!, 'pdf.js'));
  // Text state outlives BT…ET: with 1.5 Tc the later lines are letter-spaced, which pdf.js reads
  // as spaces between the characters ("{ { t ex t ,"), so they hold no tag for either reader.
});

void test('moderate character and word spacing, scaling and rise keep a tag whole, at the box pdf.js gives', async () => {
  const { tags, pdfjs } = await check(
    await handWritten('BT /F1 12 Tf 0.5 Tc 3 Tw 90 Tz 3 Ts 2 0 0 2 50 400 Tm [(\\{\\{te) 30 (xt, r1\\}\\})] TJ ET'),
  );
  assert.deepEqual(
    tags.map((t) => t.text),
    ['{{text, r1}}'],
  );
  near(tags[0]!, pdfjs[0]!, 'pdf.js');
});

void test('a font this reader declines (a /Differences encoding) leaves the page to pdf.js, with the same result', async () => {
  const bytes = await handWritten('BT /F1 12 Tf 50 700 Td (\\{\\{signature, r1\\}\\}) Tj ET', (font, doc) =>
    font.set(
      PDFName.of('Encoding'),
      doc.context.obj({ Type: 'Encoding', BaseEncoding: 'WinAnsiEncoding', Differences: [200, 'Adieresis'] }),
    ),
  );
  await check(bytes, { direct: false });
});
