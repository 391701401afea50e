import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRef, PDFStream, type PDFContext, type PDFObject } from 'pdf-lib';
import { listPdfSignatures } from '../../src/infra/pdf/seal/index.js';

/**
 * The test suite's own modification analysis (issue #34): what a later revision changed in the
 * objects a signature covers. A validator such as Adobe Reader or pyHanko accepts, after a signer's
 * signature, only form filling (field dictionaries, widgets and their appearance streams, the
 * AcroForm's /Fields, /DR, /NeedAppearances, a page's /Annots growing), new signature fields, the
 * DSS and document timestamps. Anything else — a page's /Contents or /Resources, a content stream,
 * the page tree, an unrelated object — is "modified after signing" and is reported here.
 *
 * Both states are read with pdf-lib: the file cut at the end of the signed revision, and the whole
 * file. An existing object counts as changed when its serialisation differs.
 */

/** Keys of the catalog a form-filling or LTA update may set. */
const CATALOG_KEYS = new Set(['AcroForm', 'DSS']);
/** Keys of the AcroForm dictionary that filling fields or adding signature fields touches. */
const ACROFORM_KEYS = new Set(['Fields', 'DR', 'NeedAppearances', 'SigFlags', 'DA']);
/** The only key of a page a new widget touches. */
const PAGE_KEYS = new Set(['Annots']);

export interface SignatureRevisionDiff {
  /** 0-based index of the signature in revision order (listPdfSignatures). */
  signature: number;
  type: string;
  /** Offset just past the signed revision. */
  revisionEnd: number;
  /** Empty when every later change is form filling, a signature field, the DSS or a document timestamp. */
  problems: string[];
}

/** For each /Sig signature of the document: what the revisions after it changed that they may not. */
export async function diffAfterSignatures(pdf: Uint8Array): Promise<SignatureRevisionDiff[]> {
  const final = await load(pdf);
  const out: SignatureRevisionDiff[] = [];
  const signatures = listPdfSignatures(Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength));
  for (const [index, signature] of signatures.entries()) {
    if (signature.type !== 'Sig' || !signature.byteRange) continue;
    const end = signature.byteRange[2] + signature.byteRange[3];
    const signed = await load(pdf.subarray(0, end));
    out.push({ signature: index, type: signature.type, revisionEnd: end, problems: changesNotAllowed(signed, final) });
  }
  return out;
}

/** What `after` changed in `before`'s objects beyond form filling, signature fields, DSS and timestamps. */
export function changesNotAllowed(before: PDFDocument, after: PDFDocument): string[] {
  const problems: string[] = [];
  const allowed = formObjects(after.context);
  const keyRules = new Map<string, Set<string>>();
  const catalogRef = before.context.trailerInfo.Root;
  if (catalogRef instanceof PDFRef) keyRules.set(catalogRef.tag, CATALOG_KEYS);
  const acroForm = before.catalog.get(PDFName.of('AcroForm'));
  if (acroForm instanceof PDFRef) keyRules.set(acroForm.tag, ACROFORM_KEYS);
  const pages = pageRefs(before);
  for (const ref of pages) keyRules.set(ref.tag, PAGE_KEYS);

  if (!sameRefs(pages, pageRefs(after))) problems.push('the page tree changed (pages added, removed or moved)');
  for (const [ref, old] of before.context.enumerateIndirectObjects()) {
    const now = after.context.lookup(ref);
    if (!now) {
      problems.push(`${ref.tag}: removed`);
      continue;
    }
    if (serialised(old).equals(serialised(now))) continue;
    if (allowed.has(ref.tag)) continue;
    const keys = keyRules.get(ref.tag);
    if (keys && old instanceof PDFDict && now instanceof PDFDict && !(old instanceof PDFStream)) {
      const changed = changedKeys(old, now).filter((k) => !keys.has(k));
      if (changed.length === 0) {
        if (pages.some((p) => p.tag === ref.tag)) problems.push(...annotsKept(ref, old, now, before, after));
        continue;
      }
      problems.push(`${ref.tag} (${describe(old)}): changed ${changed.map((k) => `/${k}`).join(', ')}`);
      continue;
    }
    problems.push(`${ref.tag} (${describe(old)}): rewritten`);
  }
  return problems;
}

async function load(bytes: Uint8Array): Promise<PDFDocument> {
  return PDFDocument.load(bytes, { updateMetadata: false, ignoreEncryption: true });
}

/**
 * Objects a form-filling or LTA update may rewrite, by ref tag: every field and widget reachable
 * from the AcroForm's /Fields (and their /Kids arrays), their appearance streams (and appearance
 * sub-dictionaries), the /Fields array itself, and the DSS with everything under it.
 */
function formObjects(context: PDFContext): Set<string> {
  const allowed = new Set<string>();
  const catalog = context.lookup(context.trailerInfo.Root);
  if (!(catalog instanceof PDFDict)) return allowed;
  const acroForm = catalog.get(PDFName.of('AcroForm'));
  const form = context.lookup(acroForm);
  if (form instanceof PDFDict) {
    const fields = form.get(PDFName.of('Fields'));
    if (fields instanceof PDFRef) allowed.add(fields.tag);
    const pending: PDFObject[] = [];
    const list = context.lookup(fields);
    if (list instanceof PDFArray) pending.push(...list.asArray());
    while (pending.length > 0) {
      const entry = pending.pop()!;
      if (entry instanceof PDFRef) {
        if (allowed.has(entry.tag)) continue;
        allowed.add(entry.tag);
      }
      const field = context.lookup(entry);
      if (!(field instanceof PDFDict)) continue;
      const kids = field.get(PDFName.of('Kids'));
      if (kids instanceof PDFRef) allowed.add(kids.tag);
      const kidList = context.lookup(kids);
      if (kidList instanceof PDFArray) pending.push(...kidList.asArray());
      addAppearances(context, field.get(PDFName.of('AP')), allowed);
    }
  }
  // A page's /Annots array, when it is an object of its own, grows by the new widgets.
  const pages = context.lookup(catalog.get(PDFName.of('Pages')));
  if (pages instanceof PDFDict) addAnnotArrays(context, pages, allowed, new Set());
  const dss = catalog.get(PDFName.of('DSS'));
  if (dss) addReachable(context, dss, allowed);
  return allowed;
}

function addAppearances(context: PDFContext, ap: PDFObject | undefined, allowed: Set<string>): void {
  if (ap instanceof PDFRef) allowed.add(ap.tag);
  const dict = context.lookup(ap);
  if (!(dict instanceof PDFDict)) return;
  for (const key of ['N', 'R', 'D']) {
    const entry = dict.get(PDFName.of(key));
    if (entry instanceof PDFRef) allowed.add(entry.tag);
    const states = context.lookup(entry);
    // An appearance sub-dictionary (checkbox states): its streams are appearances too.
    if (states instanceof PDFDict && !(states instanceof PDFStream))
      for (const value of states.values()) if (value instanceof PDFRef) allowed.add(value.tag);
  }
}

function addAnnotArrays(context: PDFContext, node: PDFDict, allowed: Set<string>, seen: Set<PDFDict>): void {
  if (seen.has(node)) return;
  seen.add(node);
  const annots = node.get(PDFName.of('Annots'));
  if (annots instanceof PDFRef && context.lookup(annots) instanceof PDFArray) allowed.add(annots.tag);
  const kids = context.lookup(node.get(PDFName.of('Kids')));
  if (!(kids instanceof PDFArray)) return;
  for (const kid of kids.asArray()) {
    const dict = context.lookup(kid);
    if (dict instanceof PDFDict) addAnnotArrays(context, dict, allowed, seen);
  }
}

function addReachable(context: PDFContext, root: PDFObject, allowed: Set<string>): void {
  const pending = [root];
  while (pending.length > 0) {
    const value = pending.pop()!;
    if (value instanceof PDFRef) {
      if (allowed.has(value.tag)) continue;
      allowed.add(value.tag);
      const target = context.lookup(value);
      if (target) pending.push(target);
    } else if (value instanceof PDFArray) pending.push(...value.asArray());
    else if (value instanceof PDFStream) pending.push(value.dict);
    else if (value instanceof PDFDict) pending.push(...value.values());
  }
}

/** A page's existing annotations must all still be there: a form update only adds widgets. */
function annotsKept(ref: PDFRef, old: PDFDict, now: PDFDict, before: PDFDocument, after: PDFDocument): string[] {
  const was = before.context.lookup(old.get(PDFName.of('Annots')));
  if (!(was instanceof PDFArray)) return [];
  const is = after.context.lookup(now.get(PDFName.of('Annots')));
  const kept = new Set(is instanceof PDFArray ? is.asArray().map((a) => String(a)) : []);
  const lost = was.asArray().filter((a) => !kept.has(String(a)));
  return lost.length > 0 ? [`${ref.tag} (page): annotations removed`] : [];
}

function pageRefs(doc: PDFDocument): PDFRef[] {
  return doc.getPages().map((p) => p.ref);
}

function sameRefs(a: PDFRef[], b: PDFRef[]): boolean {
  return a.length === b.length && a.every((ref, i) => ref.tag === b[i]!.tag);
}

function changedKeys(old: PDFDict, now: PDFDict): string[] {
  const keys = new Set([...old.keys(), ...now.keys()].map((k) => k.decodeText()));
  return [...keys].filter((key) => {
    const a = old.get(PDFName.of(key));
    const b = now.get(PDFName.of(key));
    if (!a || !b) return a !== b;
    return !serialised(a).equals(serialised(b));
  });
}

function describe(object: PDFObject): string {
  if (object instanceof PDFStream) return 'stream';
  if (object instanceof PDFDict) {
    const type = object.get(PDFName.of('Type'));
    return type instanceof PDFName ? type.decodeText() : 'dictionary';
  }
  return object.constructor.name;
}

function serialised(object: PDFObject): Buffer {
  const bytes = Buffer.alloc(object.sizeInBytes());
  object.copyBytesInto(bytes, 0);
  return bytes;
}

/**
 * What the update from `before` to `after` changed besides adding the DSS: a DIGITAL signer's own
 * validation-data update (issue #34) may only add objects and set the catalog's /DSS, so a
 * validator counts it as an LTA update, not form filling.
 */
export function changesBesidesDss(before: PDFDocument, after: PDFDocument): string[] {
  const problems: string[] = [];
  const catalogRef = before.context.trailerInfo.Root;
  for (const [ref, old] of before.context.enumerateIndirectObjects()) {
    const now = after.context.lookup(ref);
    if (!now) problems.push(`${ref.tag}: removed`);
    else if (serialised(old).equals(serialised(now))) continue;
    else if (
      catalogRef instanceof PDFRef &&
      ref.tag === catalogRef.tag &&
      old instanceof PDFDict &&
      now instanceof PDFDict
    ) {
      const changed = changedKeys(old, now).filter((k) => k !== 'DSS');
      if (changed.length > 0) problems.push(`catalog: changed ${changed.map((k) => `/${k}`).join(', ')}`);
    } else problems.push(`${ref.tag} (${describe(old)}): rewritten`);
  }
  if (!(after.catalog.get(PDFName.of('DSS')) instanceof PDFRef)) problems.push('no /DSS in the catalog');
  return problems;
}

/** The end of the incremental update that follows offset `from` (just past its %%EOF line). */
export function nextRevisionEnd(pdf: Uint8Array, from: number): number {
  const text = Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
  const at = text.indexOf('%%EOF', from, 'latin1');
  if (at < 0) return pdf.length;
  let end = at + 5;
  while (end < text.length && (text[end] === 0x0a || text[end] === 0x0d)) end++;
  return end;
}

export async function loadRevision(pdf: Uint8Array, end: number): Promise<PDFDocument> {
  return load(pdf.subarray(0, end));
}
