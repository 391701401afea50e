import assert from 'node:assert/strict';
import { test } from 'node:test';

import {
  assertContainsAll,
  assertStructurallyValid,
  assertTextInsidePages,
  flat,
  measure,
  previewPage,
} from '../../../../test/support/evidence-checks.js';
import { largeData, realisticData, rejectedData } from '../../../../test/support/evidence-fixtures.js';
import { pageCount, pdfImagesList, pdfText } from '../../../../test/support/poppler.js';
import { renderCertificatePdf } from './render-certificate.js';

const HEADINGS = {
  en: [
    'Certificate of completion',
    'Document',
    'Files (2)',
    'Recipients (3)',
    'Event timeline (8)',
    'Integrity',
    'Audit chain',
    'Seal',
    'Page 1 of',
  ],
  es: [
    'Certificado de finalización',
    'Documento',
    'Archivos (2)',
    'Destinatarios (3)',
    'Cronología de eventos (8)',
    'Integridad',
    'Cadena de auditoría',
    'Sello',
    'Página 1 de',
  ],
} as const;

for (const language of ['en', 'es'] as const) {
  void test(`certificate (${language}) states every fact of the realistic envelope`, async () => {
    const data = realisticData({ language });
    const pdf = await renderCertificatePdf(data);
    const text = pdfText(pdf);
    assertContainsAll(text, [
      ...HEADINGS[language],
      data.envelope.title,
      data.envelope.envelopeId,
      String(data.envelope.documentId),
      ...data.recipients.flatMap((r) => [r.name, r.email]),
      '20-12345678-6',
      '27-28765432-1',
      ...data.items.flatMap((i) => [i.title, i.originalSha256, i.finalSha256 ?? '']),
      ...data.events.map((e) => e.hash),
      data.auditChain.head,
      `firma audit verify ${data.envelope.envelopeId}`,
      data.sealCertificate.subject,
      data.sealCertificate.fingerprintSha256,
      '190.210.34.77',
      '2800:810:4a3:1b2c:9d8e:7f6a:5b4c:3d2e',
      '2025-03-14T15:09:26.412Z',
      language === 'en' ? '14 Mar 2025, 12:09:26 UTC-03:00' : '14 mar 2025, 12:09:26 UTC-03:00',
      language === 'en' ? 'Receives a copy (CC)' : 'Recibe copia (CC)',
      language === 'en' ? 'Drawn signature' : 'Firma manuscrita digitalizada',
    ]);
    // Why pdfsig says "not total document signed" of the final, in words (text reflowed: spaces only).
    const words = text.replace(/\s+/g, ' ');
    assert.match(
      words,
      language === 'en'
        ? /report that the seal does not cover the whole file: this is expected/
        : /informan que el sello no cubre todo el archivo: es lo esperado/,
    );
    // The drawn signature (360×120 PNG with alpha) is embedded as an image with its soft mask.
    assert.match(pdfImagesList(pdf), /^\s*\d+\s+\d+\s+image\s+360\s+120\s/m);
    assertStructurallyValid(pdf);
    assertTextInsidePages(pdf);
    for (let page = 1; page <= pageCount(pdf); page++) previewPage(pdf, page, `certificate-${language}`);
  });
}

void test('a rejected document says so prominently, with who, when and why', async () => {
  for (const language of ['en', 'es'] as const) {
    const data = rejectedData(language);
    const pdf = await renderCertificatePdf(data);
    const firstPage = pdfText(pdf, 1);
    const reason = data.recipients[1]?.rejectionReason ?? '';
    if (language === 'en') {
      assertContainsAll(firstPage, [
        'REJECTED',
        'This document was rejected',
        'Rejected by María José Ibáñez <mjibanez@correo.example.com.ar>',
        'Reason:',
        reason,
      ]);
    } else {
      assertContainsAll(firstPage, [
        'RECHAZADO',
        'Este documento fue rechazado',
        'Rechazado por María José Ibáñez',
        'Motivo:',
        reason,
      ]);
    }
    assertStructurallyValid(pdf);
    previewPage(pdf, 1, `certificate-rejected-${language}`);
  }
});

void test('an invalid time zone falls back to UTC and says so', async () => {
  const base = realisticData();
  const pdf = await renderCertificatePdf({ ...base, envelope: { ...base.envelope, timezone: 'Mars/Olympus_Mons' } });
  assertContainsAll(pdfText(pdf), [
    'UTC (the configured time zone "Mars/Olympus_Mons" is not recognised)',
    '14 Mar 2025, 15:09:26 UTC+00:00',
  ]);
});

void test('characters without a glyph, corrupt images and empty lists do not break rendering', async () => {
  const base = realisticData();
  const [first, second] = base.recipients;
  assert.ok(first && second);
  const pdf = await renderCertificatePdf({
    ...base,
    recipients: [
      { ...first, name: '王小明 Ñandú 😀', signature: { kind: 'drawn', png: new Uint8Array([1, 2, 3]) } },
      { ...second, signature: { kind: 'typed', text: '王小明 ✍ María' } },
    ],
    events: [],
  });
  const text = pdfText(pdf);
  // Han characters in an English document are drawn with the CJK fallback face (Simplified Chinese
  // by default); the emoji, which no shipped face has, becomes "?".
  assertContainsAll(text, ['王小明 Ñandú ?', 'The signature image could not be read', 'No events were recorded.']);
  assert.ok(!flat(text).includes('😀'));
  assertStructurallyValid(pdf);
});

void test('50 recipients and 500 events paginate inside the page, completely', async (t) => {
  await renderCertificatePdf(realisticData()); // warm-up: font parsing and JIT are per process, not per document
  const data = largeData(50, 500);
  const { result: pdf, cpuMs, wallMs } = await measure(() => renderCertificatePdf(data));
  t.diagnostic(`rendering: ${Math.round(cpuMs)} ms CPU, ${Math.round(wallMs)} ms wall`);
  // The 2 s bound is a figure of bench/evidence-large.bench.ts, not an assertion a busy machine can fail.
  const pages = pageCount(pdf);
  assert.ok(pages > 1);
  assertContainsAll(pdfText(pdf, 1), [`Page 1 of ${pages}`]);
  assertContainsAll(pdfText(pdf, pages), [`Page ${pages} of ${pages}`, data.auditChain.head]);
  const text = pdfText(pdf);
  assertContainsAll(text, [...data.recipients.map((r) => r.email), ...data.events.map((e) => e.hash)]);
  assertTextInsidePages(pdf);
  assertStructurallyValid(pdf);
  previewPage(pdf, Math.ceil(pages / 2), 'certificate-large');
});

void test('content longer than a page (reason, user agent, title) is split across pages, never cut', async () => {
  const base = rejectedData('en');
  const [first, second, third] = base.recipients;
  assert.ok(first && second && third);
  const reason = Array.from({ length: 400 }, (_, i) => `motivo${i} de rechazo con cláusulas;`).join(' ');
  const userAgent = `Agent/${'0123456789abcdef'.repeat(300)}`;
  const title = `Contrato ${'muy largo '.repeat(60)}fin`;
  const data = {
    ...base,
    envelope: { ...base.envelope, title },
    recipients: [
      first,
      { ...second, rejectionReason: reason, userAgent, name: `Nombre ${'Apellido '.repeat(40)}Final` },
      third,
    ],
    events: base.events.map((e, i) => (i === 2 ? { ...e, userAgent, description: reason } : e)),
  };
  const pdf = await renderCertificatePdf(data);
  const pages = pageCount(pdf);
  // The running header is cut to two lines by design (the full title is in the summary).
  assert.match(flat(pdfText(pdf, 2)), /^Certificateofcompletion—Contratomuylargo[^…]*…/);
  // The reason appears in the notice, the card and the event, each time complete. Text is taken in
  // drawing order (cells stay contiguous) with running headers and footers, which sit between the
  // two halves of anything split by a page break, removed.
  const footer = flat(`Envelope ${data.envelope.envelopeId} · Generated ${data.generatedAt.toISOString()}`);
  let body = '';
  for (let page = 1; page <= pages; page++) {
    let text = flat(pdfText(pdf, page, true))
      .replace(footer, '')
      .replace(`Page${page}of${pages}`, '');
    if (page > 1) text = text.slice(text.indexOf('…') + 1); // drawn first on the page
    body += text;
  }
  assert.ok(body.split(flat(reason)).length - 1 >= 2, 'reason printed in full in the notice and the card');
  // In the timeline the other cells of the split row (and the repeated table header) come between the
  // parts of the description even in drawing order, so there every clause is checked on its own.
  for (let i = 0; i < 400; i++) assert.ok(body.split(`motivo${i}derechazo`).length - 1 >= 3, `clause ${i} missing`);
  assert.ok(body.includes(flat(userAgent)), 'user agent printed in full');
  assertContainsAll(body, [title, 'ApellidoFinal', data.auditChain.head]);
  assertTextInsidePages(pdf);
  assertStructurallyValid(pdf);
  previewPage(pdf, 2, 'certificate-overlong');
});
