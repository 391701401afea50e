/**
 * Burns recipients' field values into the PDF: loads it once, embeds each font and image once,
 * draws only on pages that have fields (one new content stream per page), saves once.
 */
import { PDFName, type PDFDocument, type PDFObject } from 'pdf-lib';
import { appendObjects, crossReferenceSize, type UpdateObject } from '../seal/index.js';
import { loadCheckedPdf } from '../inspect-pdf.js';
import type { PdfPageInfo } from '../page-info.js';
import { readPageInfo } from '../page-info.js';
import { drawChoices } from './draw-choices.js';
import { drawImage } from './draw-image.js';
import { drawStamp, STAMP_OPACITY } from './draw-stamp.js';
import { drawText, drawTypedSignature } from './draw-text.js';
import { addFormField, AppearanceCanvas, fillFormField, formFieldsByName } from './form-widgets.js';
import { PageCanvas, type Canvas } from './page-canvas.js';
import { percentToDisplayRect, type Rect } from './page-geometry.js';
import { RenderContext } from './render-context.js';
import { OVERFLOWS, RenderError } from './types.js';
import type { FormPlaceholder, RenderField, RenderOptions } from './types.js';

/** Each indirect object's serialisation, to tell afterwards which ones drawing changed or added. */
function objectSnapshot(doc: PDFDocument): Map<string, Buffer> {
  const snapshot = new Map<string, Buffer>();
  for (const [ref, object] of doc.context.enumerateIndirectObjects()) snapshot.set(ref.tag, serialised(object));
  return snapshot;
}

function serialised(object: PDFObject): Buffer {
  const bytes = Buffer.alloc(object.sizeInBytes());
  object.copyBytesInto(bytes, 0);
  return bytes;
}

/** The original followed by an update holding the objects that are new or differ from the snapshot. */
async function incrementalBytes(
  original: Uint8Array,
  doc: PDFDocument,
  before: Map<string, Buffer>,
): Promise<Uint8Array> {
  await doc.flush();
  const objects: UpdateObject[] = [];
  for (const [ref, object] of doc.context.enumerateIndirectObjects()) {
    const bytes = serialised(object);
    const old = before.get(ref.tag);
    if (old && old.equals(bytes)) continue;
    objects.push({ num: ref.objectNumber, gen: ref.generationNumber, body: bytes });
  }
  const base = Buffer.from(original.buffer, original.byteOffset, original.byteLength);
  if (objects.length === 0) return base;
  return appendObjects(base, objects, doc.context.largestObjectNumber + 1);
}

/** Objects serialised between yields to the event loop while saving. */
const OBJECTS_PER_TICK = 2000;

function checkField(field: RenderField, index: number, pageCount: number): void {
  if (!Number.isInteger(field.page) || field.page < 1 || field.page > pageCount) {
    throw new RenderError(`page ${String(field.page)} does not exist (the document has ${pageCount})`, index);
  }
  for (const key of ['positionX', 'positionY', 'width', 'height'] as const) {
    if (!Number.isFinite(field[key])) throw new RenderError(`${key} is not a finite number`, index);
  }
  for (const key of ['fontSize', 'lineHeight', 'letterSpacing'] as const) {
    const v = field[key];
    if (v !== undefined && !Number.isFinite(v)) throw new RenderError(`${key} is not a finite number`, index);
  }
  if (field.overflow !== undefined && !OVERFLOWS.includes(field.overflow))
    throw new RenderError(`overflow must be one of ${OVERFLOWS.join(', ')}`, index);
}

async function drawField(ctx: RenderContext, canvas: Canvas, field: RenderField, index: number): Promise<void> {
  const rect = percentToDisplayRect(field, canvas.frame);
  if (rect.width <= 0 || rect.height <= 0) return;
  const value = field.value;
  switch (value.kind) {
    case 'text':
      drawText(canvas, rect, value.text, await ctx.fontFor('regular', value.text), field);
      return;
    case 'typed-signature':
      drawTypedSignature(canvas, rect, value.text, await ctx.fontFor('handwriting', value.text), field.textAlign);
      return;
    case 'image':
      drawImage(canvas, rect, await ctx.png(value.png, index));
      return;
    case 'choices':
      drawChoices(canvas, rect, value, await ctx.font('regular'), field.fontSize, field.verticalAlign);
      return;
  }
}

async function appendPages(doc: PDFDocument, pdfs: Uint8Array[]): Promise<void> {
  for (const [i, bytes] of pdfs.entries()) {
    let source: PDFDocument;
    try {
      source = (await loadCheckedPdf(bytes)).doc;
    } catch (error) {
      throw new RenderError(`appended PDF #${i} cannot be used: ${String(error)}`, undefined, { cause: error });
    }
    const pages = await doc.copyPages(source, source.getPageIndices());
    for (const page of pages) doc.addPage(page);
  }
}

/**
 * Form mode: each field becomes (or fills) a read-only form field whose widget shows the value
 * through its own appearance stream; a field already holding a value is left as it is, so a later
 * revision never rewrites what an earlier signer's signature covers. `empty` fields are created
 * without a value (recipients who sign later fill them).
 */
async function drawFormFields(
  ctx: RenderContext,
  fields: RenderField[],
  empty: FormPlaceholder[],
  frames: PdfPageInfo[],
): Promise<void> {
  const { doc } = ctx;
  const pages = doc.getPages();
  const existing = formFieldsByName(doc);
  const drawn = new Set<string>();
  for (const [index, field] of fields.entries()) {
    if (!field.form) throw new RenderError('a field drawn as a form field needs its form name', index);
    const found = existing.get(field.form.name);
    if (drawn.has(field.form.name) || (found && (found.has(PDFName.of('AP')) || found.has(PDFName.of('V'))))) continue;
    const frame = frames[field.page - 1]!;
    const rect = percentToDisplayRect(field, frame);
    if (rect.width <= 0 || rect.height <= 0) continue;
    const canvas = new AppearanceCanvas(frame);
    // A field laid out empty earlier has a fixed /Rect (changing it is not form filling): its value
    // shrinks to fit instead of growing; only `crop` keeps its clipping.
    await drawField(ctx, canvas, found ? { ...field, overflow: fixedBoxOverflow(field.overflow) } : field, index);
    // A new field's widget grows, within the page, to hold text that grew past the box.
    const box = found ? rect : grownBox(rect, canvas.extent, canvas);
    const appearance = { ref: canvas.toAppearance(doc, box), text: valueText(field) };
    if (found) fillFormField(found, appearance.ref, field.form.signature ? undefined : appearance.text);
    else addFormField(doc, pages[field.page - 1]!, frame, box, field.form, appearance);
    drawn.add(field.form.name);
  }
  for (const placeholder of empty) {
    if (existing.has(placeholder.form.name) || drawn.has(placeholder.form.name)) continue;
    const frame = frames[placeholder.page - 1];
    if (!frame) continue;
    const rect = percentToDisplayRect(placeholder, frame);
    if (rect.width <= 0 || rect.height <= 0) continue;
    addFormField(doc, pages[placeholder.page - 1]!, frame, rect, placeholder.form);
  }
}

/** In a box that cannot grow, the grow modes become `auto` (shrink to fit); `crop` stays. */
function fixedBoxOverflow(overflow: RenderField['overflow']): RenderField['overflow'] {
  return overflow === 'crop' ? 'crop' : 'auto';
}

/** `rect` widened to `extent` (what the text took), cut to the page. */
function grownBox(rect: Rect, extent: Rect | undefined, page: { width: number; height: number }): Rect {
  if (!extent) return rect;
  const x = Math.max(0, Math.min(rect.x, extent.x));
  const y = Math.max(0, Math.min(rect.y, extent.y));
  const right = Math.min(page.width, Math.max(rect.x + rect.width, extent.x + extent.width));
  const top = Math.min(page.height, Math.max(rect.y + rect.height, extent.y + extent.height));
  return { x, y, width: right - x, height: top - y };
}

/** The field's /V: its text, when it is text. */
function valueText(field: RenderField): string | undefined {
  return field.value.kind === 'text' || field.value.kind === 'typed-signature' ? field.value.text : undefined;
}

/**
 * `drawAppended`, when given, draws pages at the end of the document (after `appendPdfs`, before
 * the stamp) within this thread: the audit pages of a final document, drawn in place.
 */
export async function renderFields(
  original: Uint8Array,
  fields: RenderField[],
  options: RenderOptions = {},
  drawAppended?: (doc: PDFDocument) => Promise<void>,
): Promise<Uint8Array> {
  const { doc, info } = await loadCheckedPdf(original);
  const before = options.incremental ? objectSnapshot(doc) : null;
  if (before) {
    // New objects must not reuse the numbers of object or xref streams pdf-lib did not register.
    const size = crossReferenceSize(Buffer.from(original.buffer, original.byteOffset, original.byteLength));
    doc.context.largestObjectNumber = Math.max(doc.context.largestObjectNumber, size - 1);
  }
  fields.forEach((field, i) => checkField(field, i, info.pageCount));
  const ctx = new RenderContext(doc);
  const pages = doc.getPages();
  if (options.form) {
    await drawFormFields(ctx, fields, options.form.empty, info.pages);
    return before ? incrementalBytes(original, doc, before) : doc.save({ addDefaultPage: false });
  }

  const byPage = new Map<number, { field: RenderField; index: number }[]>();
  fields.forEach((field, index) => {
    const list = byPage.get(field.page - 1) ?? [];
    list.push({ field, index });
    byPage.set(field.page - 1, list);
  });
  for (const [pageIndex, list] of [...byPage.entries()].sort((a, b) => a[0] - b[0])) {
    const canvas = new PageCanvas(pages[pageIndex]!, info.pages[pageIndex]!);
    for (const { field, index } of list) await drawField(ctx, canvas, field, index);
    canvas.finish();
  }

  if (options.appendPdfs?.length) await appendPages(doc, options.appendPdfs);
  if (drawAppended) await drawAppended(doc);

  if (options.stamp?.text.trim()) {
    const font = await ctx.fontFor('bold', options.stamp.text);
    const opacity = ctx.opacityState(STAMP_OPACITY);
    for (const page of doc.getPages()) {
      const frame: PdfPageInfo = readPageInfo(doc.context, page.node);
      const canvas = new PageCanvas(page, frame);
      drawStamp(canvas, options.stamp.text, font, opacity);
      canvas.finish();
    }
  }

  if (before) return incrementalBytes(original, doc, before);
  return doc.save({
    useObjectStreams: true,
    addDefaultPage: false,
    updateFieldAppearances: false,
    objectsPerTick: OBJECTS_PER_TICK,
  });
}
