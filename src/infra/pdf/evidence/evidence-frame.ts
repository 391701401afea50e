import { deflateSync } from 'node:zlib';

import { PDFArray, PDFContentStream, PDFDocument, PDFName, PDFRawStream, PDFRef, type PDFPage } from 'pdf-lib';

import { cjkFamilyFor } from '../fonts.js';
import { timeFormatter } from './evidence-format.js';
import { translator } from './evidence-i18n.js';
import { drawFacts, styles, timeRuns, type Ctx, type Fact } from './evidence-sections.js';
import type { EvidenceData } from './evidence-types.js';
import { Flow, Typesetter, drawFooter, lineHeight, marginsFor, palette, type TextStyle } from './pdf-layout.js';

/**
 * What both evidence documents share around their content: the PDF document with its fonts and
 * metadata, the running header, the footer ("Page n of m", envelope, generation time) and the
 * document summary.
 */

export interface Evidence {
  doc: PDFDocument;
  flow: Flow;
  ctx: Ctx;
}

/**
 * Starts the evidence pages in a new document, or at the end of `into` (the final document the
 * audit pages belong to, whose own metadata is left as it is).
 */
export async function startEvidence(
  data: EvidenceData,
  pageSize: { width: number; height: number },
  title: string,
  runningHeader: (flow: Flow) => boolean,
  into?: PDFDocument,
  raise: Raise | null = null,
): Promise<Evidence> {
  const doc = into ?? (await PDFDocument.create());
  const ts = await Typesetter.embed(doc, cjkFamilyFor(data.language, evidenceText(data)));
  const ctx: Ctx = { data, tr: translator(data.language), time: timeFormatter(data.language, data.envelope.timezone) };
  if (!into) {
    // Metadata is fixed from the data (not "now") so that the same data gives the same document.
    doc.setTitle(title, { showInWindowTitleBar: true });
    doc.setAuthor(data.serviceName);
    doc.setSubject(`${data.envelope.title} (${data.envelope.envelopeId})`);
    doc.setCreator(`${data.serviceName} — ${data.platformName}`);
    doc.setProducer(data.serviceName);
    doc.setLanguage(ctx.tr.language);
    if (isValidDate(data.generatedAt)) {
      doc.setCreationDate(data.generatedAt);
      doc.setModificationDate(data.generatedAt);
    }
  }
  const flow = new Flow(doc, ts, pageSize, marginsFor(pageSize), (f) => {
    if (runningHeader(f)) drawRunningHeader(f, title);
  });
  if (raise) flow.raiseBottom(raise.page, raise.by);
  flow.newPage();
  return { doc, flow, ctx };
}

/** Where a second drawing ends a page early: page index (0-based) and points. */
export interface Raise {
  page: number;
  by: number;
}

/** Content height (points, about six lines of body text) below which a last page counts as near-empty. */
export const MIN_LAST_PAGE = 90;

/** How to draw again so the last page carries at least MIN_LAST_PAGE: the page before it ends that much earlier. */
export function lastPageRaise(flow: Flow): Raise | null {
  const n = flow.pages.length;
  const used = flow.usedOnPage;
  return n < 2 || used >= MIN_LAST_PAGE ? null : { page: n - 2, by: MIN_LAST_PAGE - used };
}

/**
 * Draws the evidence so that it never ends with a page holding a few words: a first drawing
 * measures the last page; when it is near-empty the drawing is redone with the page before it
 * ending earlier, which moves its last lines over (the layout before that page is unchanged, so
 * the result is predictable). Into an existing document the first drawing goes to a scratch
 * document, since pages added to a document cannot be taken back without leaving their objects.
 */
export async function drawBalanced(
  draw: (into: PDFDocument | undefined, raise: Raise | null) => Promise<Evidence>,
  into?: PDFDocument,
): Promise<Evidence> {
  const first = await draw(undefined, null);
  const raise = lastPageRaise(first.flow);
  return raise || into ? draw(into, raise) : first;
}

export async function finishEvidence(evidence: Evidence): Promise<Uint8Array> {
  finishEvidencePages(evidence);
  // No yielding between objects: rendering is CPU-bound and every yield waits for a macrotask.
  return evidence.doc.save({ objectsPerTick: Number.POSITIVE_INFINITY });
}

/** Footers on the evidence pages and their contents compressed; the document is not saved. */
export function finishEvidencePages({ doc, flow, ctx }: Evidence): void {
  const { data, tr, time } = ctx;
  const left = `${tr.t('envelope')} ${data.envelope.envelopeId}   ·   ${tr.t('generated')} ${time.utc(data.generatedAt)}`;
  flow.finish((page, n, m) => drawFooter(flow, page, left, tr.t('page', { n, m })));
  compressPageContents(doc, flow.pages);
}

/**
 * Page content streams, Flate-compressed with node's native zlib. pdf-lib would compress them at
 * save time with its JavaScript deflate, which was a third of the time of a 70-page certificate.
 * Level 3, not the default 6: on these repetitive text operators level 6 took 1.7 ms for a
 * 3-page certificate's 56 kB against 0.4 ms, for 8.9 kB against 10.4 kB of output.
 */
const CONTENT_DEFLATE_LEVEL = 3;

function compressPageContents(doc: PDFDocument, pages: PDFPage[]): void {
  const { context } = doc;
  for (const page of pages) {
    const contents = page.node.get(PDFName.of('Contents'));
    const refs = contents instanceof PDFArray ? contents.asArray() : [contents];
    for (const ref of refs) {
      if (!(ref instanceof PDFRef)) continue;
      const stream = context.lookup(ref);
      if (!(stream instanceof PDFContentStream)) continue;
      const packed = deflateSync(stream.getUnencodedContents(), { level: CONTENT_DEFLATE_LEVEL });
      context.assign(ref, PDFRawStream.of(context.obj({ Filter: 'FlateDecode', Length: packed.length }), packed));
    }
  }
}

const runningStyle: TextStyle = { font: 'bold', size: 8.5, color: palette.accent };

/**
 * The title repeated at the top of the page, over a hairline. At most two lines: an absurdly long
 * title is given in full in the document summary, not re-printed as half a page on every page.
 */
export function drawRunningHeader(flow: Flow, text: string): void {
  const lines = flow.ts.wrap(text, runningStyle, flow.width);
  if (lines.length > 2) {
    let last = lines[1] ?? '';
    while (last.length > 1 && flow.ts.width(`${last} …`, runningStyle) > flow.width) last = last.slice(0, -1);
    lines.splice(1, lines.length - 1, `${last.trimEnd()} …`);
  }
  for (const line of lines) {
    flow.drawLine(line, flow.left, flow.y, runningStyle);
    flow.y -= lineHeight(runningStyle);
  }
  flow.y -= 2;
  flow.rule(flow.y, palette.rule, 0.6);
  flow.y -= 12;
}

/** The document summary: identity, status and the lifecycle times of the envelope. */
export function documentFacts(ctx: Ctx): Fact[] {
  const { tr, time, data } = ctx;
  const env = data.envelope;
  const v = (text: string): Fact['value'] => [{ text, style: styles.value }];
  const statusColor =
    env.status === 'REJECTED' || env.status === 'CANCELLED'
      ? palette.danger
      : env.status === 'COMPLETED'
        ? palette.ok
        : palette.muted;
  const statusStyle = { ...styles.valueBold, color: statusColor };
  return [
    { label: tr.t('title'), value: [{ text: env.title, style: styles.valueBold }] },
    { label: tr.t('envelopeId'), value: v(env.envelopeId) },
    { label: tr.t('documentId'), value: v(String(env.documentId)) },
    { label: tr.t('status'), value: [{ text: tr.envelopeStatus(env.status), style: statusStyle }] },
    { label: tr.t('created'), value: timeRuns(ctx, env.createdAt) },
    { label: tr.t('sent'), value: timeRuns(ctx, env.sentAt) },
    { label: tr.t(env.status === 'REJECTED' ? 'rejected' : 'completed'), value: timeRuns(ctx, env.completedAt) },
    { label: tr.t('timezone'), value: v(time.zoneValid ? time.zone : tr.t('timezoneInvalid', { tz: env.timezone })) },
    { label: tr.t('platform'), value: v(`${data.platformName} (${data.serviceName})`) },
    { label: tr.t('verifyAt'), value: v(data.publicUrl) },
  ];
}

export function drawDocumentFacts(flow: Flow, ctx: Ctx): void {
  drawFacts(flow, documentFacts(ctx));
}

/** Caller-provided page sizes too small to hold the layout (or nonsense) fall back to A4. */
export function usablePageSize(
  size: { width: number; height: number } | undefined,
  fallback: { width: number; height: number },
): { width: number; height: number } {
  if (!size) return fallback;
  const { width, height } = size;
  if (!Number.isFinite(width) || !Number.isFinite(height) || width < 280 || height < 360) return fallback;
  return { width, height };
}

function isValidDate(date: Date): boolean {
  return date instanceof Date && !Number.isNaN(date.getTime());
}

/** Every text of the evidence data (not the signature images), to see which scripts it needs. */
function evidenceText(data: EvidenceData): string {
  return JSON.stringify(data, (_key, value: unknown) => (value instanceof Uint8Array ? undefined : value));
}
