import { embedSignatures, drawRecipients } from './evidence-recipients.js';
import type { PDFDocument } from 'pdf-lib';
import {
  drawBalanced,
  drawDocumentFacts,
  finishEvidence,
  finishEvidencePages,
  startEvidence,
  usablePageSize,
  type Evidence,
  type Raise,
} from './evidence-frame.js';
import { translator } from './evidence-i18n.js';
import {
  drawEvents,
  drawIntegrity,
  drawItems,
  drawRejectionNotice,
  sectionHeading,
  styles,
} from './evidence-sections.js';
import type { EvidenceData } from './evidence-types.js';
import { A4 } from './pdf-layout.js';

/**
 * The audit pages appended to the final PDF: the same recipient summary and event timeline as
 * the certificate, every page headed "Audit trail — <title>". The final file's own hash cannot
 * appear inside it, so only the originals' hashes are listed. `pageSize` is the size of the
 * document's last page so the appended pages match it; sizes too small to lay out fall back to A4.
 */
export async function renderAuditPagesPdf(
  data: EvidenceData,
  pageSize: { width: number; height: number } = A4,
): Promise<Uint8Array> {
  return finishEvidence(await drawBalanced((into, raise) => drawAuditPages(data, pageSize, into, raise)));
}

/**
 * The same audit pages drawn at the end of `doc`, the final document itself: rendering them as a
 * PDF of their own, then parsing and copying its pages into the final document cost about as
 * much again as drawing them.
 */
export async function appendAuditPages(
  doc: PDFDocument,
  data: EvidenceData,
  pageSize: { width: number; height: number } = A4,
): Promise<void> {
  finishEvidencePages(await drawBalanced((into, raise) => drawAuditPages(data, pageSize, into, raise), doc));
}

async function drawAuditPages(
  data: EvidenceData,
  pageSize: { width: number; height: number },
  into: PDFDocument | undefined,
  raise: Raise | null,
): Promise<Evidence> {
  const title = `${translator(data.language).t('auditTrailTitle')} — ${data.envelope.title}`;
  const evidence = await startEvidence(data, usablePageSize(pageSize, A4), title, () => true, into, raise);
  const { doc, flow, ctx } = evidence;
  const images = await embedSignatures(doc, data.recipients);
  const { tr } = ctx;

  if (data.envelope.status === 'REJECTED') drawRejectionNotice(flow, ctx);

  sectionHeading(flow, tr.t('sectionDocument'));
  drawDocumentFacts(flow, ctx);

  sectionHeading(flow, `${tr.t('sectionItems')} (${data.items.length})`);
  drawItems(flow, ctx, data.items, false);
  flow.y -= 4;
  flow.paragraph(tr.t('itemsAuditNote'), styles.note);

  drawRecipients(flow, ctx, images, `${tr.t('sectionRecipients')} (${data.recipients.length})`);

  sectionHeading(flow, `${tr.t('sectionEvents')} (${data.events.length})`);
  drawEvents(flow, ctx, data.events);

  sectionHeading(flow, tr.t('sectionIntegrity'));
  drawIntegrity(flow, ctx);

  return evidence;
}
