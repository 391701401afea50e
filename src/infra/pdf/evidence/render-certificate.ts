import { embedSignatures, drawRecipients } from './evidence-recipients.js';
import { translator } from './evidence-i18n.js';
import {
  drawBalanced,
  drawDocumentFacts,
  finishEvidence,
  startEvidence,
  type Evidence,
  type Raise,
} from './evidence-frame.js';
import {
  drawDigitalSignatures,
  drawEvents,
  drawIntegrity,
  drawItems,
  drawRejectionNotice,
  sectionHeading,
  type Ctx,
} from './evidence-sections.js';
import { writeEvidenceRecord } from './evidence-record.js';
import type { EvidenceData } from './evidence-types.js';
import { A4, lineHeight, palette, roundedBox, type Flow, type TextStyle } from './pdf-layout.js';

/**
 * The completion certificate: a standalone A4 PDF stating what was signed (file hashes before
 * and after), by whom (recipient cards with their signatures), how (event timeline with IPs and
 * user agents) and how to check it (audit chain head, seal certificate). Pure: data in, bytes out.
 */
export async function renderCertificatePdf(data: EvidenceData): Promise<Uint8Array> {
  const title = `${translator(data.language).t('certificateTitle')} — ${data.envelope.title}`;
  // Page 1 carries the big title block; later pages repeat the title as a running header.
  return finishEvidence(await drawBalanced((_into, raise) => drawCertificate(data, title, raise)));
}

async function drawCertificate(data: EvidenceData, title: string, raise: Raise | null): Promise<Evidence> {
  const evidence = await startEvidence(data, A4, title, (flow) => flow.pages.length > 1, undefined, raise);
  const { doc, flow, ctx } = evidence;
  const images = await embedSignatures(doc, data.recipients);
  const { tr } = ctx;
  writeEvidenceRecord(doc, data);

  drawTitleBlock(flow, ctx);
  if (data.envelope.status === 'REJECTED') drawRejectionNotice(flow, ctx);

  sectionHeading(flow, tr.t('sectionDocument'));
  drawDocumentFacts(flow, ctx);

  sectionHeading(flow, `${tr.t('sectionItems')} (${data.items.length})`);
  drawItems(flow, ctx, data.items, true);

  drawRecipients(flow, ctx, images, `${tr.t('sectionRecipients')} (${data.recipients.length})`);
  drawDigitalSignatures(flow, ctx);

  sectionHeading(flow, `${tr.t('sectionEvents')} (${data.events.length})`);
  drawEvents(flow, ctx, data.events);

  sectionHeading(flow, tr.t('sectionIntegrity'));
  drawIntegrity(flow, ctx);
  return evidence;
}

const brandStyle: TextStyle = { font: 'bold', size: 9, color: palette.accent };
const platformStyle: TextStyle = { font: 'regular', size: 8, color: palette.muted };
const titleStyle: TextStyle = { font: 'bold', size: 21 };
const docTitleStyle: TextStyle = { font: 'regular', size: 12, color: palette.muted };
const pillStyle: TextStyle = { font: 'bold', size: 8 };

/** Brand line, title, document title and a coloured status pill. */
function drawTitleBlock(flow: Flow, ctx: Ctx): void {
  const { data, tr } = ctx;
  const { page, ts } = flow;
  // A thin accent band along the top edge: recognisable at a glance, carries no text.
  page.drawRectangle({ x: 0, y: flow.size.height - 5, width: flow.size.width, height: 5, color: palette.accent });

  const pill =
    ts.wrap(tr.envelopeStatus(data.envelope.status).toLocaleUpperCase(tr.language), pillStyle, flow.width / 3)[0] ?? '';
  const pillWidth = ts.width(pill, pillStyle) + 16;
  const pillHeight = pillStyle.size + 9;
  const rejected = data.envelope.status === 'REJECTED';
  const top = flow.y;
  roundedBox(
    page,
    { x: flow.right - pillWidth, yTop: top + 1, width: pillWidth, height: pillHeight },
    {
      fill: rejected ? palette.dangerFill : palette.okFill,
      border: rejected ? palette.danger : palette.ok,
      radius: pillHeight / 2,
    },
  );
  flow.drawLine(pill, flow.right - pillWidth + 8, top + 1 - 4.2, {
    ...pillStyle,
    color: rejected ? palette.danger : palette.ok,
  });

  const textWidth = flow.width - pillWidth - 12;
  const brand = ts.wrap(data.serviceName, brandStyle, textWidth)[0] ?? '';
  flow.drawLine(brand, flow.left, flow.y, brandStyle);
  const platform = ts.wrap(data.platformName, platformStyle, textWidth - ts.width(brand, brandStyle) - 10);
  if (platform.length === 1) {
    flow.drawLine(platform[0] ?? '', flow.left + ts.width(brand, brandStyle) + 8, flow.y - 0.6, platformStyle);
    flow.y -= lineHeight(brandStyle) + 8;
  } else {
    flow.y -= lineHeight(brandStyle);
    flow.paragraph(data.platformName, platformStyle, flow.left, textWidth);
    flow.y -= 8;
  }
  flow.paragraph(tr.t('certificateTitle'), titleStyle, flow.left, textWidth);
  flow.y -= 2;
  flow.paragraph(data.envelope.title, docTitleStyle);
  flow.y -= 6;
  flow.rule(flow.y, palette.ink, 1.2);
  flow.y -= 4;
}
