import assert from 'node:assert/strict';
import { test } from 'node:test';

import { PDFDocument } from 'pdf-lib';

import {
  assertContainsAll,
  assertStructurallyValid,
  assertTextInsidePages,
  flat,
  measure,
  previewPage,
} from '../../../../test/support/evidence-checks.js';
import { largeData, realisticData, rejectedData } from '../../../../test/support/evidence-fixtures.js';
import { pageCount, pageSizes, pdfImagesList, pdfText } from '../../../../test/support/poppler.js';
import { renderFields } from '../render/index.js';
import { appendAuditPages, renderAuditPagesPdf } from './render-audit-pages.js';

const HEADER = { en: 'Audit trail — ', es: 'Registro de auditoría — ' } as const;

for (const language of ['en', 'es'] as const) {
  void test(`audit pages (${language}): recipients, timeline and chain, every page headed, no final hashes`, async () => {
    const data = realisticData({ language });
    const pdf = await renderAuditPagesPdf(data);
    const pages = pageCount(pdf);
    assert.ok(pages >= 1);
    for (let page = 1; page <= pages; page++) {
      const text = pdfText(pdf, page);
      assert.ok(
        flat(text).startsWith(flat(`${HEADER[language]}${data.envelope.title}`)),
        `page ${page} header: ${text.slice(0, 80)}`,
      );
      assertContainsAll(text, [language === 'en' ? `Page ${page} of ${pages}` : `Página ${page} de ${pages}`]);
    }
    const text = pdfText(pdf);
    assertContainsAll(text, [
      ...data.recipients.flatMap((r) => [r.name, r.email]),
      '20-12345678-6',
      ...data.items.map((i) => i.originalSha256),
      ...data.events.map((e) => e.hash),
      data.auditChain.head,
      data.sealCertificate.fingerprintSha256,
      language === 'en' ? 'Event timeline (8)' : 'Cronología de eventos (8)',
      language === 'en' ? 'Recipients (3)' : 'Destinatarios (3)',
    ]);
    for (const item of data.items)
      assert.ok(!flat(text).includes(item.finalSha256 ?? '-'), 'final hash printed inside the final file');
    assert.match(pdfImagesList(pdf), /^\s*\d+\s+\d+\s+image\s+360\s+120\s/m);
    assertStructurallyValid(pdf);
    assertTextInsidePages(pdf);
    previewPage(pdf, 1, `audit-${language}`);
  });
}

void test('audit pages take the size of the document’s last page; unusable sizes fall back to A4', async () => {
  const letterLandscape = await renderAuditPagesPdf(realisticData(), { width: 792, height: 612 });
  assert.match(pageSizes(letterLandscape), /Page\s+1 size:\s+792 x 612 pts/);
  assertTextInsidePages(letterLandscape);
  previewPage(letterLandscape, 1, 'audit-letter-landscape');

  const tiny = await renderAuditPagesPdf(realisticData(), { width: 100, height: 100 });
  assert.match(pageSizes(tiny), /Page\s+1 size:\s+595\.28 x 841\.89 pts/);
  const nonsense = await renderAuditPagesPdf(realisticData(), { width: Number.NaN, height: 800 });
  assert.match(pageSizes(nonsense), /Page\s+1 size:\s+595\.28 x 841\.89 pts/);
});

void test('audit pages of a rejected document show the rejection and its reason', async () => {
  const data = rejectedData('en');
  const pdf = await renderAuditPagesPdf(data);
  assertContainsAll(pdfText(pdf, 1), [
    'This document was rejected',
    'Rejected by María José Ibáñez',
    data.recipients[1]?.rejectionReason ?? '',
  ]);
});

void test('audit pages with 50 recipients and 500 events: paginated, inside the page', async (t) => {
  await renderAuditPagesPdf(realisticData()); // warm-up, as a long-running server would be
  const data = largeData(50, 500);
  const { result: pdf, cpuMs, wallMs } = await measure(() => renderAuditPagesPdf(data, { width: 612, height: 792 }));
  t.diagnostic(`rendering: ${Math.round(cpuMs)} ms CPU, ${Math.round(wallMs)} ms wall`);
  // The 2 s bound is a figure of bench/evidence-large.bench.ts, not an assertion a busy machine can fail.
  const pages = pageCount(pdf);
  assert.ok(pages > 1);
  assertContainsAll(pdfText(pdf, 1), [`Page 1 of ${pages}`]);
  assertContainsAll(pdfText(pdf), [...data.recipients.map((r) => r.email), ...data.events.map((e) => e.hash)]);
  assertTextInsidePages(pdf);
  assertStructurallyValid(pdf);
  previewPage(pdf, pages, 'audit-large-last');
});

void test('audit pages drawn into the final document: the same text after its own pages, its metadata kept', async () => {
  const data = realisticData();
  const original = await PDFDocument.create();
  original.setTitle('The contract');
  original.addPage([612, 792]).drawRectangle({ x: 50, y: 700, width: 100, height: 20 });
  const originalBytes = await original.save();
  const standalone = await renderAuditPagesPdf(data, { width: 612, height: 792 });

  for (const incremental of [false, true]) {
    const pdf = await renderFields(originalBytes, [], incremental ? { incremental: true } : {}, (doc) =>
      appendAuditPages(doc, data, { width: 612, height: 792 }),
    );
    if (incremental)
      assert.ok(Buffer.from(originalBytes).equals(pdf.subarray(0, originalBytes.length)), 'an update only appends');
    const auditPages = pageCount(standalone);
    assert.equal(pageCount(pdf), 1 + auditPages);
    assert.equal(flat(pdfText(pdf, 1)), '', 'the original page stays as it was');
    for (let page = 1; page <= auditPages; page++)
      assert.equal(flat(pdfText(pdf, page + 1)), flat(pdfText(standalone, page)), `audit page ${page}`);
    assert.equal((await PDFDocument.load(pdf)).getTitle(), 'The contract');
    assertStructurallyValid(pdf);
    assertTextInsidePages(pdf);
  }
});

/** Lines of content on a page: its text without the running header (first line) and the footer. */
const contentLines = (text: string) =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '' && !/^(Envelope envelope_|Page \d+ of \d+)/.test(l))
    .slice(1);

void test('the audit pages never end with a near-empty page: the page before gives up lines', async () => {
  // 50 recipients and 500 events on Letter ended with a page holding one short line of the seal notes.
  const pdf = await renderAuditPagesPdf(largeData(50, 500), { width: 612, height: 792 });
  const pages = pageCount(pdf);
  const last = contentLines(pdfText(pdf, pages));
  assert.ok(last.length >= 5, `the last page holds ${last.length} lines: ${JSON.stringify(last)}`);
  assert.ok(contentLines(pdfText(pdf, pages - 1)).length > 10, 'the page before still carries its share');
  assertTextInsidePages(pdf);
});
