/**
 * Fills a PDF's own AcroForm (`formValues`), then flattens the whole form into the page content, so every viewer
 * (the signing page's pdf.js, pdftotext, a printer) shows the same values and nobody can edit them
 * after signing. Runs inside the PDF worker threads, like every parse of a PDF.
 */
import {
  concatTransformationMatrix,
  drawObject,
  PDFArray,
  PDFCheckBox,
  PDFDict,
  PDFDropdown,
  PDFName,
  PDFNumber,
  PDFOptionList,
  PDFRadioGroup,
  PDFRef,
  PDFStream,
  PDFTextField,
  popGraphicsState,
  pushGraphicsState,
} from 'pdf-lib';
import type { PDFDocument, PDFField, PDFFont, PDFForm, PDFPage } from 'pdf-lib';
import { ACRO_FORM, type FormValue } from './form-fields.js';
import { subsettableFontBytes } from '../fonts.js';
import { loadCheckedPdf } from '../inspect-pdf.js';
import { sharedFontkit } from '../render/shared-fontkit.js';

/** A value the field refused while filling (what the check before could not foresee). */
export class FormFillError extends Error {
  override readonly name = 'FormFillError';
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

/** Sets one field; the caller has checked the value's type against the field's kind. */
function setValue(field: PDFField, value: FormValue): void {
  if (field instanceof PDFTextField) field.setText(String(value));
  else if (field instanceof PDFCheckBox) {
    if (value === true) field.check();
    else field.uncheck();
  } else if (field instanceof PDFRadioGroup || field instanceof PDFDropdown || field instanceof PDFOptionList)
    field.select(String(value));
  else throw new Error('this kind of field holds no value');
}

/**
 * Fills the named fields with `values` and flattens the form: each widget's appearance is drawn
 * into its page and the widgets and the AcroForm are removed. Text gets Noto Sans (the font the
 * renderer uses), so any value a client sends can be shown.
 * @throws FormFillError naming the field pdf-lib would not take the value for
 */
export async function fillForm(bytes: Uint8Array, values: Record<string, FormValue>): Promise<Uint8Array> {
  const { doc } = await loadCheckedPdf(bytes);
  if (!doc.catalog.has(ACRO_FORM)) throw new FormFillError(Object.keys(values)[0] ?? '', 'the PDF has no form');
  const form = doc.getForm();
  const byName = new Map(form.getFields().map((f) => [f.getName(), f]));
  for (const [name, value] of Object.entries(values)) {
    const field = byName.get(name);
    if (!field) throw new FormFillError(name, 'no such field in the PDF form');
    try {
      setValue(field, value);
    } catch (error) {
      throw new FormFillError(name, error instanceof Error ? error.message : String(error));
    }
  }
  doc.registerFontkit(sharedFontkit);
  const font = await doc.embedFont(subsettableFontBytes('regular'), { subset: true });
  flatten(doc, form, font, new Set(Object.keys(values)));
  return doc.save({ useObjectStreams: true, addDefaultPage: false, updateFieldAppearances: false });
}

/**
 * pdf-lib's own `flatten` throws on any widget without an appearance (an unsigned signature
 * field, a button drawn by the viewer) and leaves dangling annotations; this draws what has an
 * appearance, drops the rest, and removes the AcroForm itself.
 */
function flatten(doc: PDFDocument, form: PDFForm, font: PDFFont, filled: Set<string>): void {
  const pageOf = new Map<PDFRef, PDFPage>();
  for (const page of doc.getPages()) {
    const annots = page.node.Annots();
    for (const ref of annots?.asArray() ?? []) if (ref instanceof PDFRef) pageOf.set(ref, page);
  }
  for (const field of form.getFields()) {
    try {
      if (field.needsAppearancesUpdate()) field.defaultUpdateAppearances(font);
    } catch (error) {
      // A field nobody filled keeps whatever appearance it had; one we filled must show its value.
      if (filled.has(field.getName()))
        throw new FormFillError(field.getName(), error instanceof Error ? error.message : String(error));
    }
    for (const ref of widgetRefs(field)) {
      const page = pageOf.get(ref);
      const widget = doc.context.lookup(ref);
      if (!page || !(widget instanceof PDFDict)) continue;
      const appearance = hidden(widget) ? undefined : appearanceOf(doc, widget);
      if (appearance) drawAppearance(page, widget, appearance);
      page.node.removeAnnot(ref);
    }
  }
  doc.catalog.delete(ACRO_FORM);
}

/** A terminal field's widgets: its /Kids, or the field itself when field and widget are merged. */
function widgetRefs(field: PDFField): PDFRef[] {
  const kids = field.acroField.dict.lookup(PDFName.of('Kids'));
  if (kids instanceof PDFArray) return kids.asArray().filter((k): k is PDFRef => k instanceof PDFRef);
  return [field.ref];
}

/** Annotation flags Hidden (2) and NoView (32): such a widget shows nothing. */
function hidden(widget: PDFDict): boolean {
  const flags = widget.lookup(PDFName.of('F'));
  return flags instanceof PDFNumber && (flags.asNumber() & (2 | 32)) !== 0;
}

/** The normal appearance the widget shows now (for a state dictionary, the one its /AS names). */
function appearanceOf(doc: PDFDocument, widget: PDFDict): { ref: PDFRef; stream: PDFStream } | undefined {
  const ap = widget.lookup(PDFName.of('AP'));
  if (!(ap instanceof PDFDict)) return undefined;
  let normal = ap.get(PDFName.of('N'));
  let resolved = normal instanceof PDFRef ? doc.context.lookup(normal) : normal;
  if (resolved instanceof PDFDict && !(resolved instanceof PDFStream)) {
    const state = widget.lookup(PDFName.of('AS'));
    normal = state instanceof PDFName ? resolved.get(state) : undefined;
    resolved = normal instanceof PDFRef ? doc.context.lookup(normal) : normal;
  }
  if (!(resolved instanceof PDFStream)) return undefined;
  const ref = normal instanceof PDFRef ? normal : doc.context.register(resolved);
  return { ref, stream: resolved };
}

function numbers(value: unknown, count: number): number[] | undefined {
  if (!(value instanceof PDFArray) || value.size() !== count) return undefined;
  const out = value.asArray().map((n) => (n instanceof PDFNumber ? n.asNumber() : NaN));
  return out.every(Number.isFinite) ? out : undefined;
}

/** Draws the appearance as the viewer would: its BBox, through its Matrix, fitted to the widget's Rect. */
function drawAppearance(page: PDFPage, widget: PDFDict, appearance: { ref: PDFRef; stream: PDFStream }): void {
  const rect = numbers(widget.lookup(PDFName.of('Rect')), 4);
  const bbox = numbers(appearance.stream.dict.lookup(PDFName.of('BBox')), 4);
  if (!rect || !bbox) return;
  const [a, b, c, d, e, f] = numbers(appearance.stream.dict.lookup(PDFName.of('Matrix')), 6) ?? [1, 0, 0, 1, 0, 0];
  const corners = [
    [bbox[0]!, bbox[1]!],
    [bbox[2]!, bbox[1]!],
    [bbox[0]!, bbox[3]!],
    [bbox[2]!, bbox[3]!],
  ].map(([x, y]) => [a! * x! + c! * y! + e!, b! * x! + d! * y! + f!] as const);
  const xs = corners.map((p) => p[0]);
  const ys = corners.map((p) => p[1]);
  const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  if (maxX - minX <= 0 || maxY - minY <= 0) return;
  const [x1, y1, x2, y2] = [
    Math.min(rect[0]!, rect[2]!),
    Math.min(rect[1]!, rect[3]!),
    Math.max(rect[0]!, rect[2]!),
    Math.max(rect[1]!, rect[3]!),
  ];
  const sx = (x2 - x1) / (maxX - minX);
  const sy = (y2 - y1) / (maxY - minY);
  const name = page.node.newXObject('FlatWidget', appearance.ref);
  page.pushOperators(
    pushGraphicsState(),
    concatTransformationMatrix(sx, 0, 0, sy, x1 - minX * sx, y1 - minY * sy),
    drawObject(name),
    popGraphicsState(),
  );
}
