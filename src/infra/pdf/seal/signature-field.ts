import type { UpdateObject } from './incremental-update.js';
import {
  appendToArrayText,
  PdfDict,
  PdfRef,
  PdfString,
  rewriteDict,
  textString,
  type PdfValue,
} from './pdf-objects.js';
import type { PdfReader } from './pdf-reader.js';
import { unsupportedPdf } from './seal-error.js';

export interface SignatureFieldPlan {
  /** Existing objects to write again, changed, in the update. */
  rewrites: UpdateObject[];
  /** The new field-and-widget object. */
  widget: UpdateObject;
  fieldName: string;
}

const MAX_PAGE_TREE_NODES = 100_000;

/**
 * Decides which objects the update must rewrite to hook an invisible signature field, merged
 * with its widget, into the document: the AcroForm gets the field, the first page gets the
 * widget. Whatever sits behind an indirect reference (an AcroForm, a /Fields or /Annots array)
 * is rewritten in place of its owner, so the owner stays untouched.
 */
export function planSignatureField(reader: PdfReader, widgetRef: PdfRef, signatureRef: PdfRef): SignatureFieldPlan {
  const rootRef = reader.trailerValue('Root');
  if (!(rootRef instanceof PdfRef)) throw unsupportedPdf('the trailer /Root is not an indirect reference');
  const catalogObject = reader.getObject(rootRef);
  if (!catalogObject || !(catalogObject.value instanceof PdfDict))
    throw unsupportedPdf('the document catalog is missing');
  const catalog = catalogObject.value;
  const widget = widgetRef.toString();
  const rewrites = new Map<number, UpdateObject>();
  const rewrite = (num: number, gen: number, body: Buffer): void => {
    // An array shared by two owners (say /Fields and /Annots) needs the widget only once.
    if (!rewrites.has(num)) rewrites.set(num, { num, gen, body });
  };

  const pageRef = findFirstPage(reader, catalog);
  const pageObject = reader.getObject(pageRef)!;
  const page = pageObject.value as PdfDict;

  const catalogChanges = new Map<string, string | Buffer>();
  const takenNames = new Set<string>();
  const acroFormValue = catalog.get('AcroForm');
  const acroForm = reader.resolveDict(acroFormValue);
  if (!acroForm) {
    catalogChanges.set('AcroForm', `<< /Fields [${widget}] /SigFlags 3 >>`);
  } else {
    const acroFormChanges = new Map<string, string | Buffer>();
    const fieldsValue = acroForm.get('Fields');
    const fieldsObject = fieldsValue instanceof PdfRef ? reader.getObject(fieldsValue) : null;
    if (fieldsObject && Array.isArray(fieldsObject.value)) {
      collectFieldNames(reader, fieldsObject.value, takenNames);
      rewrite(fieldsObject.num, fieldsObject.gen, appendToArrayText(fieldsObject.raw, widget));
    } else if (Array.isArray(fieldsValue)) {
      collectFieldNames(reader, fieldsValue, takenNames);
      acroFormChanges.set('Fields', appendToArrayText(acroForm.raw('Fields')!, widget));
    } else {
      acroFormChanges.set('Fields', `[${widget}]`);
    }
    // SignaturesExist | AppendOnly: viewers must not rewrite the file, or the signature breaks.
    const sigFlags = reader.resolve(acroForm.get('SigFlags'));
    acroFormChanges.set('SigFlags', String((typeof sigFlags === 'number' ? sigFlags : 0) | 3));
    const acroFormBody = rewriteDict(acroForm, acroFormChanges);
    const acroFormObject = acroFormValue instanceof PdfRef ? reader.getObject(acroFormValue) : null;
    if (acroFormObject) rewrite(acroFormObject.num, acroFormObject.gen, acroFormBody);
    else catalogChanges.set('AcroForm', acroFormBody);
  }
  if (catalogChanges.size > 0) rewrite(catalogObject.num, catalogObject.gen, rewriteDict(catalog, catalogChanges));

  const annotsValue = page.get('Annots');
  const annotsObject = annotsValue instanceof PdfRef ? reader.getObject(annotsValue) : null;
  if (annotsObject && Array.isArray(annotsObject.value)) {
    rewrite(annotsObject.num, annotsObject.gen, appendToArrayText(annotsObject.raw, widget));
  } else {
    const annots = Array.isArray(annotsValue) ? appendToArrayText(page.raw('Annots')!, widget) : `[${widget}]`;
    rewrite(pageObject.num, pageObject.gen, rewriteDict(page, new Map([['Annots', annots]])));
  }

  const fieldName = uniqueFieldName(takenNames);
  const widgetBody =
    `<< /Type /Annot /Subtype /Widget /FT /Sig /Rect [0 0 0 0] /F 132 /P ${pageRef.toString()} ` +
    `/T ${textString(fieldName)} /V ${signatureRef.toString()} >>`;
  return {
    rewrites: [...rewrites.values()],
    widget: { num: widgetRef.num, gen: widgetRef.gen, body: Buffer.from(widgetBody, 'latin1') },
    fieldName,
  };
}

/**
 * The plan for signing into an existing, still unsigned signature field named `name` (its widget
 * and appearance written in an earlier revision, issue #34): the field gets /V, the AcroForm its
 * SigFlags; nothing else changes. Null when there is no such field.
 */
export function planExistingSignatureField(
  reader: PdfReader,
  name: string,
  signatureRef: PdfRef,
): SignatureFieldPlan | null {
  const catalog = reader.resolveDict(reader.trailerValue('Root'));
  const acroFormValue = catalog?.get('AcroForm');
  const acroForm = reader.resolveDict(acroFormValue);
  const fields = reader.resolve(acroForm?.get('Fields'));
  if (!acroForm || !Array.isArray(fields)) return null;
  for (const entry of fields) {
    if (!(entry instanceof PdfRef)) continue;
    const object = reader.getObject(entry);
    const field = object?.value;
    if (!object || !(field instanceof PdfDict)) continue;
    const title = field.get('T');
    if (!(title instanceof PdfString) || decodeTextString(title.bytes) !== name) continue;
    if (field.nameOf('FT') !== 'Sig' || field.get('V') !== undefined) return null;
    const rewrites: UpdateObject[] = [];
    const sigFlags = reader.resolve(acroForm.get('SigFlags'));
    const flags = typeof sigFlags === 'number' ? sigFlags : 0;
    const acroFormObject = acroFormValue instanceof PdfRef ? reader.getObject(acroFormValue) : null;
    // SignaturesExist | AppendOnly, as for a new field.
    if ((flags & 3) !== 3 && acroFormObject) {
      const body = rewriteDict(acroForm, new Map([['SigFlags', String(flags | 3)]]));
      rewrites.push({ num: acroFormObject.num, gen: acroFormObject.gen, body });
    }
    const body = rewriteDict(field, new Map([['V', signatureRef.toString()]]));
    return { rewrites, widget: { num: object.num, gen: object.gen, body }, fieldName: name };
  }
  return null;
}

/** Depth-first down /Kids to the first leaf: the page that carries the seal's widget. */
function findFirstPage(reader: PdfReader, catalog: PdfDict): PdfRef {
  const visited = new Set<number>();
  const search = (node: PdfValue | undefined): PdfRef | undefined => {
    if (!(node instanceof PdfRef)) return undefined;
    if (visited.has(node.num) || visited.size >= MAX_PAGE_TREE_NODES) return undefined;
    visited.add(node.num);
    const dict = reader.getObject(node)?.value;
    if (!(dict instanceof PdfDict)) return undefined;
    const kids = reader.resolve(dict.get('Kids'));
    if (dict.nameOf('Type') === 'Page' || (dict.nameOf('Type') !== 'Pages' && !Array.isArray(kids))) return node;
    if (!Array.isArray(kids)) return undefined;
    for (const kid of kids) {
      const page = search(kid);
      if (page) return page;
    }
    return undefined;
  };
  const page = search(catalog.get('Pages'));
  if (!page) throw unsupportedPdf('the document has no page to attach the signature to');
  return page;
}

function collectFieldNames(reader: PdfReader, fields: PdfValue[], names: Set<string>): void {
  for (const field of fields) {
    const title = reader.resolveDict(field)?.get('T');
    if (title instanceof PdfString) names.add(decodeTextString(title.bytes));
  }
}

function decodeTextString(bytes: Buffer): string {
  if (bytes[0] === 0xfe && bytes[1] === 0xff)
    return Buffer.from(bytes.subarray(2, bytes.length - (bytes.length % 2)))
      .swap16()
      .toString('utf16le');
  return bytes.toString('latin1');
}

function uniqueFieldName(taken: Set<string>): string {
  for (let counter = 1; ; counter++) {
    const name = `FirmaSeal${counter}`;
    if (!taken.has(name)) return name;
  }
}
