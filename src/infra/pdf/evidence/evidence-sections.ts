import type { TimeFormatter } from './evidence-format.js';
import type { Translator } from './evidence-i18n.js';
import type { EvidenceData, EvidenceEvent, EvidenceItem } from './evidence-types.js';
import { lineHeight, palette, type Flow, type TextStyle } from './pdf-layout.js';
import { drawTable, type Column, type Row, type Run } from './pdf-table.js';

/**
 * The blocks both evidence documents are made of: section headings, label/value lists, hashes,
 * the rejection notice, the files table, the event timeline and the integrity section.
 */

export interface Ctx {
  data: EvidenceData;
  tr: Translator;
  time: TimeFormatter;
}

export const styles = {
  body: { font: 'regular', size: 8.5 },
  label: { font: 'regular', size: 7.5, color: palette.muted },
  value: { font: 'regular', size: 8.5 },
  valueBold: { font: 'bold', size: 8.5 },
  note: { font: 'regular', size: 7.2, color: palette.muted },
  hash: { font: 'regular', size: 7.6 },
  cell: { font: 'regular', size: 6.8 },
  cellBold: { font: 'bold', size: 6.8 },
  cellMuted: { font: 'regular', size: 6.3, color: palette.muted },
  cellHash: { font: 'regular', size: 6.6 },
  heading: { font: 'bold', size: 11.5, color: palette.accent },
  subheading: { font: 'bold', size: 9, color: palette.ink },
  spanHash: { font: 'regular', size: 6.2 },
  spanMuted: { font: 'regular', size: 5.8, color: palette.muted },
} as const satisfies Record<string, TextStyle>;

const DASH = '—';

/** UTC first (exact), then the wall-clock time in the envelope's zone. */
export function timeRuns(ctx: Ctx, date: Date | null, style: TextStyle = styles.value): Run[] {
  if (!date) return [{ text: DASH, style }];
  return [
    { text: ctx.time.utc(date), style },
    { text: ctx.time.local(date), style: { ...style, size: style.size * 0.9, color: palette.muted } },
  ];
}

/**
 * A hash as equal-length lines (64 → 1, 2 or 4 lines of 64, 32 or 16 characters) so the
 * characters line up in a grid, like a monospace block, and nothing is ever cut.
 */
export function hashText(flow: Flow, hash: string, style: TextStyle, width: number): string {
  const text = flow.ts.clean(hash.trim(), style.font);
  if (text === '') return DASH;
  const widest = Math.max(...[...new Set(text)].map((ch) => flow.ts.width(ch, style)));
  let perLine = text.length;
  while (perLine > 1 && perLine * widest > width) perLine = Math.ceil(perLine / 2);
  const lines: string[] = [];
  for (let i = 0; i < text.length; i += perLine) lines.push(text.slice(i, i + perLine));
  return lines.join('\n');
}

/** `keepWith`: height of what follows that must share the heading's page (no orphaned headings). */
export function sectionHeading(flow: Flow, title: string, keepWith = 70): void {
  const style = styles.heading;
  flow.ensure(lineHeight(style) + 24 + Math.min(keepWith, flow.pageBody / 2));
  if (!flow.atTop) flow.y -= 14;
  flow.paragraph(title, style);
  flow.y -= 1;
  flow.rule(flow.y, palette.accent, 0.9);
  flow.y -= 8;
}

export function subheading(flow: Flow, title: string): void {
  flow.ensure(lineHeight(styles.subheading) + 40);
  if (!flow.atTop) flow.y -= 6;
  flow.paragraph(title, styles.subheading);
  flow.y -= 3;
}

export interface Fact {
  label: string;
  value: Run[];
}

/** A two-column label/value list; each pair stays on one page when it can. */
export function drawFacts(flow: Flow, facts: Fact[], x = flow.left, width = flow.right - x): void {
  const labelWidth = Math.min(128, width * 0.3);
  const gap = 10;
  for (const fact of facts) {
    const labels = flow.ts.wrap(fact.label, styles.label, labelWidth);
    const values = fact.value.flatMap((run) =>
      flow.ts.wrap(run.text, run.style, width - labelWidth - gap).map((text) => ({ text, style: run.style })),
    );
    const labelHeight = labels.length * lineHeight(styles.label);
    const valueHeight = values.reduce((sum, v) => sum + lineHeight(v.style), 0);
    flow.ensure(Math.max(labelHeight, valueHeight));
    const page = flow.page;
    // Labels are smaller than values: nudge them down so both share a baseline.
    const labelTop = flow.y - ((values[0]?.style.size ?? styles.value.size) - styles.label.size);
    labels.forEach((line, i) => flow.drawLine(line, x, labelTop - i * lineHeight(styles.label), styles.label));
    for (const v of values) {
      flow.ensure(lineHeight(v.style));
      flow.drawLine(v.text, x + labelWidth + gap, flow.y, v.style);
      flow.y -= lineHeight(v.style);
    }
    // A value that flowed onto a new page leaves its label behind; only same-page labels push y.
    if (flow.page === page) flow.y = Math.min(flow.y, labelTop - labelHeight);
    flow.y -= 3;
  }
}

/** The red notice at the top of a rejected document's evidence: who, when, and why. */
export function drawRejectionNotice(flow: Flow, ctx: Ctx): void {
  const { tr } = ctx;
  const rejecters = ctx.data.recipients.filter((r) => r.signingStatus === 'REJECTED');
  const titleStyle: TextStyle = { font: 'bold', size: 11, color: palette.danger };
  const runs: Run[] = [{ text: tr.t('rejectedBanner'), style: titleStyle }];
  if (rejecters.length === 0) runs.push({ text: tr.t('rejectedNoDetail'), style: styles.body });
  for (const r of rejecters) {
    const when = r.signedAt ?? ctx.data.envelope.completedAt;
    const whenText = when ? `${ctx.time.utc(when)} (${ctx.time.local(when)})` : '—';
    runs.push({ text: tr.t('rejectedBy', { who: `${r.name} <${r.email}>`, when: whenText }), style: styles.body });
    runs.push({ text: `${tr.t('reason')}:`, style: { ...styles.valueBold, color: palette.danger } });
    runs.push({ text: r.rejectionReason?.trim() ? r.rejectionReason : tr.t('noReason'), style: styles.body });
  }
  const pad = 10;
  const inner = flow.width - 2 * pad - 4;
  const lines = runs.flatMap((run) =>
    flow.ts.wrap(run.text, run.style, inner).map((text) => ({ text, style: run.style })),
  );
  const height = lines.reduce((sum, l) => sum + lineHeight(l.style), 0) + 2 * pad;
  flow.ensure(height);
  if (flow.fits(height)) {
    const top = flow.y;
    flow.page.drawRectangle({
      x: flow.left,
      y: top - height,
      width: flow.width,
      height,
      color: palette.dangerFill,
      borderColor: palette.danger,
      borderWidth: 0.8,
    });
    flow.page.drawRectangle({ x: flow.left, y: top - height, width: 4, height, color: palette.danger });
    let y = top - pad;
    for (const line of lines) {
      flow.drawLine(line.text, flow.left + pad + 4, y, line.style);
      y -= lineHeight(line.style);
    }
    flow.y = top - height - 10;
    return;
  }
  // Longer than a page (an essay as a reason): no box, but every word, flowing across pages.
  for (const run of runs) flow.paragraph(run.text, run.style);
  flow.y -= 10;
}

/**
 * Files table. Each hash gets a full-width line of its own (stacked, labelled) so it stays on one
 * line and copies as one word; the final hash only exists where it can be known (certificate).
 */
export function drawItems(flow: Flow, ctx: Ctx, items: EvidenceItem[], withFinal: boolean): void {
  const { tr } = ctx;
  const columns: Column[] = [
    { header: tr.t('itemTitle'), weight: 3 },
    { header: tr.t('itemPages'), weight: 0.8 },
    { header: withFinal ? 'SHA-256' : tr.t('itemOriginal'), weight: 6.2 },
  ];
  const hashWidth = (6.2 / 10) * flow.width - 8;
  const hash = (value: string | null): Run => ({
    text: value ? hashText(flow, value, styles.cellHash, hashWidth) : DASH,
    style: styles.cellHash,
  });
  const caption = (text: string): Run => ({ text, style: styles.cellMuted });
  const rows: Row[] = items.map((item) => ({
    cells: [
      [{ text: item.title, style: styles.cellBold }],
      [{ text: String(item.pageCount), style: styles.cell }],
      withFinal
        ? [caption(tr.t('itemOriginal')), hash(item.originalSha256), caption(tr.t('itemFinal')), hash(item.finalSha256)]
        : [hash(item.originalSha256)],
    ],
  }));
  drawTable(flow, columns, rows);
}

/** The timeline, in the order of the audit log (which is the order of the hash chain). */
export function drawEvents(flow: Flow, ctx: Ctx, events: EvidenceEvent[]): void {
  const { tr } = ctx;
  if (events.length === 0) {
    flow.paragraph(tr.t('eventsNone'), styles.note);
    return;
  }
  const columns: Column[] = [
    { header: tr.t('eventTime'), weight: 2.1 },
    { header: tr.t('eventEvent'), weight: 2.7 },
    { header: tr.t('eventActor'), weight: 2.0 },
    { header: tr.t('eventIp'), weight: 1.25 },
    { header: tr.t('eventUserAgent'), weight: 2.3 },
  ];
  const rows: Row[] = events.map((e) => ({
    cells: [
      timeRuns(ctx, e.at, styles.cell),
      [
        { text: tr.eventType(e.type), style: styles.cellBold },
        ...(e.description.trim() ? [{ text: e.description, style: styles.cell }] : []),
      ],
      [{ text: e.actor ?? DASH, style: styles.cell }],
      [{ text: e.ip ?? DASH, style: styles.cell }],
      [{ text: e.userAgent ?? DASH, style: styles.cellMuted }],
    ],
    // Full-width lines, so a hash stays on one line and copies as one word.
    span: [
      ...(e.hashes ?? []).map((h) => ({ text: `${h.label}: ${h.value}`, style: styles.spanHash })),
      { text: `${e.type}   ·   ${tr.t('eventHash')}: ${e.hash}`, style: styles.spanMuted },
    ],
  }));
  drawTable(flow, columns, rows);
}

/** Audit chain head and seal certificate, with what a reader can do to check them. */
export function drawIntegrity(flow: Flow, ctx: Ctx): void {
  const { tr, data } = ctx;
  const valueWidth = flow.width - Math.min(128, flow.width * 0.3) - 10;
  subheading(flow, tr.t('chainTitle'));
  drawFacts(flow, [
    { label: tr.t('chainAlgorithm'), value: [{ text: data.auditChain.algorithm, style: styles.value }] },
    { label: tr.t('chainLength'), value: [{ text: String(data.auditChain.length), style: styles.value }] },
    {
      label: tr.t('chainHead'),
      value: [{ text: hashText(flow, data.auditChain.head, styles.hash, valueWidth), style: styles.hash }],
    },
  ]);
  flow.y -= 2;
  flow.paragraph(tr.t('chainExplanation', { id: data.envelope.envelopeId }), styles.note);
  subheading(flow, tr.t('sealTitle'));
  drawFacts(flow, [
    { label: tr.t('sealSubject'), value: [{ text: data.sealCertificate.subject, style: styles.value }] },
    {
      label: tr.t('sealFingerprint'),
      value: [
        { text: hashText(flow, data.sealCertificate.fingerprintSha256, styles.hash, valueWidth), style: styles.hash },
      ],
    },
  ]);
  flow.y -= 2;
  flow.paragraph(tr.t('sealExplanation'), styles.note);
  // pdfsig and similar tools say "not total document signed" of every final (the DSS follows the
  // seal, as long-term validation requires): said here, in words a reader of the certificate follows.
  flow.y -= 2;
  flow.paragraph(tr.t('sealLaterUpdates', { id: data.envelope.envelopeId }), styles.note);
}

/** Firma digital: one block of facts per signer's own signature, with what was validated. */
export function drawDigitalSignatures(flow: Flow, ctx: Ctx): void {
  const { tr, data, time } = ctx;
  const signatures = data.digitalSignatures ?? [];
  if (signatures.length === 0) return;
  sectionHeading(flow, `${tr.t('sectionDigitalSignatures')} (${signatures.length})`);
  for (const s of signatures) {
    const text = (value: string) => [{ text: value, style: styles.value }];
    drawFacts(flow, [
      { label: tr.t('digitalSigner'), value: text(s.signer) },
      { label: tr.t('digitalSubject'), value: text(s.subject) },
      { label: tr.t('digitalCuil'), value: text(s.cuil) },
      { label: tr.t('digitalIssuer'), value: text(s.issuer) },
      { label: tr.t('digitalSerial'), value: text(s.serial) },
      { label: tr.t('digitalTime'), value: text(time.utc(s.signedAt)) },
      {
        label: tr.t('digitalTimeSource'),
        value: text(tr.t(s.timestamped ? 'digitalTimeStamped' : 'digitalTimeClaimed')),
      },
      { label: tr.t('digitalValidation'), value: text(tr.t('digitalValidated', { source: s.revocationSource })) },
    ]);
    flow.y -= 6;
  }
}
