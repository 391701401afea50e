import type { PDFDocument, PDFImage, RGB } from 'pdf-lib';

import { sectionHeading, styles, timeRuns, type Ctx } from './evidence-sections.js';
import { formatCuil } from './evidence-format.js';
import type { EvidenceRecipient } from './evidence-types.js';
import { lineHeight, palette, type Flow, type TextStyle } from './pdf-layout.js';
import type { Run } from './pdf-table.js';

/**
 * One framed card per recipient: identity and status in a header strip, the facts of their
 * participation on the left, the signature they applied in a framed box on the right. A card
 * stays on one page when it fits on one; otherwise its frame is closed and reopened per page.
 */

/** Drawn signatures decoded up front (embedding is async, drawing is not); null = unreadable. */
export type SignatureImages = Map<number, PDFImage | null>;

export async function embedSignatures(doc: PDFDocument, recipients: EvidenceRecipient[]): Promise<SignatureImages> {
  const images: SignatureImages = new Map();
  for (const r of recipients) {
    if (r.signature?.kind !== 'drawn') continue;
    try {
      images.set(r.id, await doc.embedPng(r.signature.png));
    } catch {
      // A corrupt image must not prevent the evidence; the card says the image was unreadable.
      images.set(r.id, null);
    }
  }
  return images;
}

const PAD = 9;
const ROW_GAP = 2.5;
const SIG_HEIGHT = 62;
const nameStyle: TextStyle = { font: 'bold', size: 10 };
const emailStyle: TextStyle = { font: 'regular', size: 8, color: palette.muted };
const statusStyle: TextStyle = { font: 'bold', size: 7.5 };
const captionStyle: TextStyle = { font: 'regular', size: 6.5, color: palette.muted };
const labelStyle: TextStyle = { font: 'regular', size: 7, color: palette.muted };
const valueStyle: TextStyle = { font: 'regular', size: 7.8 };

interface CardRow {
  labels: string[];
  labelStyle: TextStyle;
  values: { text: string; style: TextStyle }[];
  height: number;
}

/** The recipients section, its heading kept on the same page as the first card. */
export function drawRecipients(flow: Flow, ctx: Ctx, images: SignatureImages, heading: string): void {
  const cards = ctx.data.recipients.map((r) => layoutCard(flow, ctx, r));
  sectionHeading(flow, heading, cards[0]?.height ?? 40);
  if (cards.length === 0) {
    flow.paragraph(ctx.tr.t('recipientsNone'), styles.note);
    return;
  }
  ctx.data.recipients.forEach((recipient, i) => {
    const card = cards[i];
    if (card) drawCard(flow, ctx, recipient, card, images);
    flow.y -= 10;
  });
}

/** The recipient's national ID under the document's identity rule; under none, that no ID was asked. */
function nationalIdFact(ctx: Ctx, r: EvidenceRecipient): { label: string; value: Run[] } {
  const label = ctx.data.nationalIdLabel;
  const v = (text: string): Run[] => [{ text, style: valueStyle }];
  if (label === null) return { label: ctx.tr.t('nationalId'), value: v(ctx.tr.t('nationalIdNone')) };
  if (label === undefined || label === 'CUIL') return { label: ctx.tr.t('cuil'), value: v(formatCuil(r.cuil)) };
  return { label, value: v(r.cuil?.trim() || '—') };
}

function facts(ctx: Ctx, r: EvidenceRecipient): { label: string; value: Run[]; danger?: boolean }[] {
  const { tr } = ctx;
  const v = (text: string): Run[] => [{ text, style: valueStyle }];
  const list: { label: string; value: Run[]; danger?: boolean }[] = [
    { label: tr.t('role'), value: v(tr.role(r.role)) },
    nationalIdFact(ctx, r),
    { label: tr.t('signingOrder'), value: v(r.signingOrder === null ? '—' : String(r.signingOrder)) },
    { label: tr.t('sent'), value: timeRuns(ctx, r.sentAt, valueStyle) },
    { label: tr.t('opened'), value: timeRuns(ctx, r.openedAt, valueStyle) },
    { label: tr.doneLabel(r.role, r.signingStatus), value: timeRuns(ctx, r.signedAt, valueStyle) },
    { label: tr.t('ip'), value: v(r.ip ?? '—') },
    { label: tr.t('userAgent'), value: v(r.userAgent ?? '—') },
  ];
  // The handwriting face is decorative; the exact typed characters are also given in plain text.
  if (r.signature?.kind === 'typed') list.push({ label: tr.t('signatureText'), value: v(r.signature.text) });
  if (r.signingStatus === 'REJECTED') {
    list.push({
      label: tr.t('reason'),
      value: v(r.rejectionReason?.trim() ? r.rejectionReason : tr.t('noReason')),
      danger: true,
    });
  }
  return list;
}

interface CardLayout {
  height: number;
  headerHeight: number;
  sigWidth: number;
  sigBlock: number;
  labelWidth: number;
  names: string[];
  emails: string[];
  statusLine: string;
  statusWidth: number;
  statusColor: RGB;
  rows: CardRow[];
}

/** Everything about a card that can be measured before drawing it. */
function layoutCard(flow: Flow, ctx: Ctx, r: EvidenceRecipient): CardLayout {
  const ts = flow.ts;
  const inner = flow.width - 2 * PAD;
  const sigWidth = Math.min(190, Math.max(100, inner * 0.36));
  const leftWidth = inner - sigWidth - 14;
  const labelWidth = Math.min(84, leftWidth * 0.36);
  const valueWidth = leftWidth - labelWidth - 6;

  const status = ctx.tr.recipientStatus(r.role, r.signingStatus);
  const statusColor =
    r.signingStatus === 'SIGNED' ? palette.ok : r.signingStatus === 'REJECTED' ? palette.danger : palette.muted;
  const statusLine = ts.wrap(status, statusStyle, inner / 3)[0] ?? '';
  const statusWidth = ts.width(statusLine, statusStyle) + 9;
  const names = ts.wrap(r.name.trim() || '—', nameStyle, inner - statusWidth - 12);
  const emails = ts.wrap(r.email, emailStyle, inner - statusWidth - 12);
  const headerHeight = 2 * (PAD * 0.75) + names.length * lineHeight(nameStyle) + emails.length * lineHeight(emailStyle);

  const rows: CardRow[] = facts(ctx, r).map((f) => {
    const ls = f.danger ? { ...labelStyle, font: 'bold' as const, color: palette.danger } : labelStyle;
    const labels = ts.wrap(f.label, ls, labelWidth);
    const values = f.value.flatMap((run) =>
      ts.wrap(run.text, run.style, valueWidth).map((text) => ({ text, style: run.style })),
    );
    const height =
      Math.max(
        labels.length * lineHeight(ls),
        values.reduce((s, x) => s + lineHeight(x.style), 0),
      ) + ROW_GAP;
    return { labels, labelStyle: ls, values, height };
  });
  const sigBlock = SIG_HEIGHT + 4 + lineHeight(captionStyle);
  const rowsHeight = rows.reduce((s, row) => s + row.height, 0);
  const height = headerHeight + 2 * PAD + Math.max(rowsHeight, sigBlock);
  return {
    height,
    headerHeight,
    sigWidth,
    sigBlock,
    labelWidth,
    names,
    emails,
    statusLine,
    statusWidth,
    statusColor,
    rows,
  };
}

function drawCard(flow: Flow, ctx: Ctx, r: EvidenceRecipient, card: CardLayout, images: SignatureImages): void {
  const {
    height: cardHeight,
    headerHeight,
    sigWidth,
    sigBlock,
    labelWidth,
    names,
    emails,
    statusLine,
    statusWidth,
    statusColor,
    rows,
  } = card;

  // Whole card on a fresh page when it fits on one; in any case the header and signature together.
  if (
    !flow.fits(cardHeight) &&
    (cardHeight <= flow.pageBody || !flow.fits(headerHeight + sigBlock + 2 * PAD)) &&
    !flow.atTop
  )
    flow.newPage();

  let segmentTop = flow.y;
  const x = flow.left;
  flow.page.drawRectangle({
    x,
    y: flow.y - headerHeight,
    width: flow.width,
    height: headerHeight,
    color: palette.fill,
  });
  let y = flow.y - PAD * 0.75;
  for (const line of names) {
    flow.drawLine(line, x + PAD, y, nameStyle);
    y -= lineHeight(nameStyle);
  }
  for (const line of emails) {
    flow.drawLine(line, x + PAD, y, emailStyle);
    y -= lineHeight(emailStyle);
  }
  const statusX = flow.right - PAD - statusWidth;
  const statusTop = flow.y - PAD * 0.75 + (nameStyle.size - statusStyle.size);
  flow.page.drawCircle({ x: statusX + 2.6, y: statusTop - statusStyle.size * 0.36, size: 2.6, color: statusColor });
  flow.drawLine(statusLine, statusX + 9, statusTop, { ...statusStyle, color: statusColor });
  flow.y -= headerHeight;

  const sigPage = flow.page;
  const sigTop = flow.y - PAD;
  drawSignatureBox(flow, ctx, r, images, { x: flow.right - PAD - sigWidth, yTop: sigTop, width: sigWidth });
  const sigBottom = sigTop - sigBlock;

  const closeSegment = (): void => {
    const bottom = flow.page === sigPage ? Math.min(flow.y, sigBottom - PAD) : flow.y;
    flow.page.drawRectangle({
      x,
      y: bottom,
      width: flow.width,
      height: segmentTop - bottom,
      borderColor: palette.rule,
      borderWidth: 0.8,
    });
    flow.y = bottom;
  };
  const continueOnNewPage = (): void => {
    closeSegment();
    flow.newPage();
    segmentTop = flow.y;
    flow.y -= PAD;
  };

  flow.y = sigTop;
  const rowX = x + PAD;
  for (const row of rows) {
    if (!flow.fits(row.height + PAD) && row.height + 2 * PAD <= flow.pageBody) continueOnNewPage();
    const page = flow.page;
    const rowTop = flow.y;
    const labelTop = rowTop - ((row.values[0]?.style.size ?? valueStyle.size) - row.labelStyle.size);
    row.labels.forEach((line, i) =>
      flow.drawLine(line, rowX, labelTop - i * lineHeight(row.labelStyle), row.labelStyle),
    );
    for (const value of row.values) {
      if (!flow.fits(lineHeight(value.style) + PAD)) continueOnNewPage();
      flow.drawLine(value.text, rowX + labelWidth + 6, flow.y, value.style);
      flow.y -= lineHeight(value.style);
    }
    if (flow.page === page) flow.y = Math.min(flow.y, labelTop - row.labels.length * lineHeight(row.labelStyle));
    flow.y -= ROW_GAP;
  }
  flow.y -= PAD - ROW_GAP;
  closeSegment();
}

function drawSignatureBox(
  flow: Flow,
  ctx: Ctx,
  r: EvidenceRecipient,
  images: SignatureImages,
  box: { x: number; yTop: number; width: number },
): void {
  const { page } = flow;
  const { x, yTop, width } = box;
  const height = SIG_HEIGHT;
  page.drawRectangle({
    x,
    y: yTop - height,
    width,
    height,
    color: palette.fill,
    borderColor: palette.rule,
    borderWidth: 0.8,
  });
  // A signing line, as on paper, so the box reads as "the signature" at a glance.
  page.drawLine({
    start: { x: x + 8, y: yTop - height + 11 },
    end: { x: x + width - 8, y: yTop - height + 11 },
    thickness: 0.4,
    color: palette.rule,
  });

  let caption = ctx.tr.t('signatureNone');
  const sig = r.signature;
  if (sig?.kind === 'drawn') {
    const image = images.get(r.id) ?? null;
    caption = ctx.tr.t(image ? 'signatureDrawn' : 'signatureUnreadable');
    if (image) {
      const scale = Math.min((width - 12) / image.width, (height - 10) / image.height);
      const w = image.width * scale;
      const h = image.height * scale;
      page.drawImage(image, { x: x + (width - w) / 2, y: yTop - height + (height - h) / 2, width: w, height: h });
    }
  } else if (sig?.kind === 'typed') {
    caption = ctx.tr.t('signatureTyped');
    drawTyped(flow, sig.text, { x, yTop, width, height });
  }
  if (!sig || (sig.kind === 'drawn' && !images.get(r.id))) {
    const style: TextStyle = { font: 'regular', size: 7, color: palette.muted };
    const line = flow.ts.wrap('—', style, width)[0] ?? '';
    flow.drawLine(line, x + (width - flow.ts.width(line, style)) / 2, yTop - height / 2 + style.size / 2, style);
  }
  const captions = flow.ts.wrap(caption, captionStyle, width);
  captions
    .slice(0, 1)
    .forEach((line) =>
      flow.drawLine(line, x + width - flow.ts.width(line, captionStyle), yTop - height - 4, captionStyle),
    );
}

/** The typed signature in the handwriting face, as large as fits the box (text shown in full elsewhere). */
function drawTyped(flow: Flow, text: string, box: { x: number; yTop: number; width: number; height: number }): void {
  const maxWidth = box.width - 14;
  let style: TextStyle = { font: 'handwriting', size: 26 };
  let lines = flow.ts.wrap(text.trim(), style, maxWidth);
  while (style.size > 9 && lines.length * style.size * 1.05 > box.height - 12) {
    style = { ...style, size: style.size - 1 };
    lines = flow.ts.wrap(text.trim(), style, maxWidth);
  }
  const lh = style.size * 1.05;
  const shown = lines.slice(0, Math.max(1, Math.floor((box.height - 12) / lh)));
  let y = box.yTop - (box.height - shown.length * lh) / 2 - 2;
  for (const line of shown) {
    flow.drawLine(line, box.x + (box.width - flow.ts.width(line, style)) / 2, y, { ...style, color: palette.accent });
    y -= lh;
  }
}
