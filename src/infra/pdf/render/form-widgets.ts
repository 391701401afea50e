/**
 * Fields drawn as AcroForm widgets instead of page content (issue #34). Once a document carries a
 * signer's signature, a validator accepts later revisions only if they fill form fields, add
 * signature fields, the DSS or document timestamps: a page's content stream must never change. So
 * a document with DIGITAL signers gets every recipient's field as a read-only form field whose
 * widget shows the value through its own appearance stream (a Form XObject with its own resources),
 * and a later revision only sets a field's /V and /AP.
 */
import type { PDFRef } from 'pdf-lib';
import {
  PDFArray,
  PDFDict,
  PDFHexString,
  PDFName,
  PDFNumber,
  PDFString,
  type PDFDocument,
  type PDFPage,
} from 'pdf-lib';
import type { PdfPageInfo } from '../page-info.js';
import { BaseCanvas, type ResourceKind } from './page-canvas.js';
import { displayRectToUserRect, displayToUser, type Rect } from './page-geometry.js';

/** Annotation flag Print: the widget is printed. */
const PRINT = 4;
/** Field flag ReadOnly: a viewer must not let anyone change the value. */
const READ_ONLY = 1;
/** Resource names in an appearance's own /Resources: F1, Im1, GS1… */
const PREFIX: Record<ResourceKind, string> = { Font: 'F', XObject: 'Im', ExtGState: 'GS' };

/** Collects one field's drawing in display space, with its own resources, for its appearance stream. */
export class AppearanceCanvas extends BaseCanvas {
  private readonly resources = new Map<ResourceKind, Map<string, PDFRef>>([
    ['Font', new Map()],
    ['XObject', new Map()],
    ['ExtGState', new Map()],
  ]);

  protected register(kind: ResourceKind, ref: PDFRef): PDFName {
    const into = this.resources.get(kind)!;
    const text = `${PREFIX[kind]}${into.size + 1}`;
    into.set(text, ref);
    return PDFName.of(text);
  }

  /**
   * The Form XObject: its /BBox is the field's box in display space and its /Matrix the page's
   * display-to-user matrix, so the box it maps to is exactly the widget's /Rect in user space and
   * what was drawn upright in display space shows upright on a rotated page too.
   */
  toAppearance(doc: PDFDocument, rect: Rect): PDFRef {
    const resources = doc.context.obj({});
    for (const [kind, map] of this.resources) {
      if (map.size === 0) continue;
      const dict = doc.context.obj({});
      for (const [name, ref] of map) dict.set(PDFName.of(name), ref);
      resources.set(PDFName.of(kind), dict);
    }
    const stream = doc.context.formXObject(this.ops, {
      BBox: [rect.x, rect.y, rect.x + rect.width, rect.y + rect.height],
      Matrix: [...displayToUser(this.frame)],
      Resources: resources,
    });
    return doc.context.register(stream);
  }
}

/** A field as a form field: its name, and a signature field (FT Sig, unsigned until the signature's revision). */
export interface FormFieldIdentity {
  name: string;
  signature?: boolean;
}

/** The document's AcroForm fields by name (/T), top level and their /Kids. */
export function formFieldsByName(doc: PDFDocument): Map<string, PDFDict> {
  const found = new Map<string, PDFDict>();
  const form = doc.context.lookup(doc.catalog.get(PDFName.of('AcroForm')));
  if (!(form instanceof PDFDict)) return found;
  const fields = doc.context.lookup(form.get(PDFName.of('Fields')));
  if (!(fields instanceof PDFArray)) return found;
  const pending = [...fields.asArray()];
  const seen = new Set<PDFDict>();
  while (pending.length > 0) {
    const field = doc.context.lookup(pending.pop());
    if (!(field instanceof PDFDict) || seen.has(field)) continue;
    seen.add(field);
    const title = field.get(PDFName.of('T'));
    if (title instanceof PDFString || title instanceof PDFHexString) found.set(title.decodeText(), field);
    const kids = doc.context.lookup(field.get(PDFName.of('Kids')));
    if (kids instanceof PDFArray) pending.push(...kids.asArray());
  }
  return found;
}

/** Sets an existing, still empty field's value and appearance: the one change form filling makes. */
export function fillFormField(field: PDFDict, appearance: PDFRef, text: string | undefined): void {
  const doc = field.context;
  field.set(PDFName.of('AP'), doc.obj({ N: appearance }));
  if (text !== undefined) field.set(PDFName.of('V'), PDFHexString.fromText(text));
}

/**
 * A new field merged with its widget on `page`, read-only, with its appearance when it has one
 * (a field created empty, for a recipient who has not signed yet, has none until filled).
 */
export function addFormField(
  doc: PDFDocument,
  page: PDFPage,
  frame: PdfPageInfo,
  rect: Rect,
  identity: FormFieldIdentity,
  appearance?: { ref: PDFRef; text: string | undefined },
): void {
  const user = displayRectToUserRect(rect, frame);
  const field = doc.context.obj({
    Type: 'Annot',
    Subtype: 'Widget',
    FT: identity.signature ? 'Sig' : 'Tx',
    T: PDFHexString.fromText(identity.name),
    Rect: [user.x, user.y, user.x + user.width, user.y + user.height],
    F: PRINT,
    P: page.ref,
  });
  if (!identity.signature) {
    field.set(PDFName.of('Ff'), PDFNumber.of(READ_ONLY));
    field.set(PDFName.of('DA'), PDFString.of('/Helv 0 Tf 0 g'));
  }
  if (appearance) fillFormField(field, appearance.ref, identity.signature ? undefined : appearance.text);
  const ref = doc.context.register(field);
  addAnnotation(page, ref);
  acroFormFields(doc).push(ref);
}

/**
 * Appends the widget to the page's /Annots without pdf-lib's page normalisation, which would also
 * rewrite /Contents and /Resources: the only change a new widget may make to a signed page.
 */
function addAnnotation(page: PDFPage, ref: PDFRef): void {
  const annots = page.node.context.lookup(page.node.get(PDFName.of('Annots')));
  if (annots instanceof PDFArray) annots.push(ref);
  else page.node.set(PDFName.of('Annots'), page.node.context.obj([ref]));
}

/** The AcroForm's /Fields array, the AcroForm created when the document has none. */
function acroFormFields(doc: PDFDocument): PDFArray {
  let form = doc.context.lookup(doc.catalog.get(PDFName.of('AcroForm')));
  if (!(form instanceof PDFDict)) {
    form = doc.context.obj({ Fields: [] });
    doc.catalog.set(PDFName.of('AcroForm'), doc.context.register(form));
  }
  const dict = form as PDFDict;
  let fields = doc.context.lookup(dict.get(PDFName.of('Fields')));
  if (!(fields instanceof PDFArray)) {
    fields = doc.context.obj([]);
    dict.set(PDFName.of('Fields'), fields);
  }
  return fields as PDFArray;
}
