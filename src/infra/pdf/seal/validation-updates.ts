import { MemorySource } from './byte-source.js';
import { PdfDict, PdfName, PdfRef, PdfString, type PdfValue } from './pdf-objects.js';
import { PdfReader } from './pdf-reader.js';

/** Entries a later update may change in an existing object: validation data, timestamp fields. */
const CHANGEABLE = new Set(['DSS', 'SigFlags', 'AcroForm', 'Fields', 'Annots']);
const EXTENSIBLE = new Set(['Fields', 'Annots']);

/**
 * Null when everything written after `revisionEnd` only adds long-term validation material: new
 * objects, a /DSS in the catalog, and document timestamp fields appended to /Fields and a page's
 * /Annots (PAdES B-LT and B-LTA). Otherwise what else changed. No other existing object may be
 * rewritten or freed, so nothing a reader shows can differ from what was signed.
 */
export function onlyValidationUpdatesAfter(pdf: Buffer, revisionEnd: number): string | null {
  let before: PdfReader;
  let after: PdfReader;
  try {
    before = PdfReader.open(new MemorySource(pdf.subarray(0, revisionEnd)));
    after = PdfReader.open(new MemorySource(pdf));
  } catch (error) {
    return `the revision ending at byte ${revisionEnd} is not readable (${(error as Error).message})`;
  }
  // Bytes after the revision that no cross-reference section accounts for are not an update.
  const end = pdf.subarray(Math.max(revisionEnd, pdf.length - 1024)).toString('latin1');
  const eof = end.lastIndexOf('%%EOF');
  if (after.xref.startxref < revisionEnd || eof < 0 || end.slice(eof + 5).trim() !== '')
    return 'bytes were appended that are not an incremental update';
  for (const num of before.xref.entries.keys())
    if (!after.xref.entries.has(num)) return `object ${num} is no longer in the cross-reference chain`;
  const ctx = { before, after };
  for (const [num, entry] of after.xref.entries) {
    const old = before.xref.entries.get(num);
    if (old && JSON.stringify(old) === JSON.stringify(entry)) continue;
    if (!old || old.kind === 'free') {
      if (num >= before.xref.size || !old) continue; // a new object
    }
    if (entry.kind === 'free') return `object ${num} was removed after the signature`;
    if (isStream(after, num)) return `stream ${num} was rewritten after the signature`;
    const problem = sameUpToValidation(
      ctx,
      before.getObject(new PdfRef(num, 0))?.value,
      after.getObject(new PdfRef(num, 0))?.value,
      null,
    );
    if (problem) return `object ${num} was changed after the signature (${problem})`;
  }
  return null;
}

interface Readers {
  before: PdfReader;
  after: PdfReader;
}

function sameUpToValidation(
  r: Readers,
  old: PdfValue | undefined,
  now: PdfValue | undefined,
  key: string | null,
): string | null {
  if (old instanceof PdfDict && now instanceof PdfDict) {
    for (const k of new Set([...old.keys(), ...now.keys()])) {
      if (sameValue(old.get(k), now.get(k))) continue;
      if (!CHANGEABLE.has(k)) return `/${k}`;
      if (k === 'DSS' || k === 'SigFlags') continue;
      const problem = sameUpToValidation(r, old.get(k), now.get(k), k);
      if (problem) return problem;
    }
    return null;
  }
  if (Array.isArray(old) && Array.isArray(now) && (key === null || EXTENSIBLE.has(key))) {
    if (now.length < old.length || old.some((value, i) => !sameValue(value, now[i]))) return 'an array lost entries';
    for (const added of now.slice(old.length)) if (!isTimestampField(r.after, added)) return 'a new annotation';
    return null;
  }
  return sameValue(old, now) ? null : `/${key ?? '?'}`;
}

/** Stream data is not compared: a rewritten stream object (content, image, font) is refused outright. */
function isStream(reader: PdfReader, num: number): boolean {
  try {
    return reader.getStreamData(new PdfRef(num, 0)) !== null;
  } catch {
    return true;
  }
}

/** A field-widget whose value is a document timestamp. */
function isTimestampField(reader: PdfReader, value: PdfValue): boolean {
  const field = reader.resolveDict(value);
  if (!field || field.nameOf('FT') !== 'Sig') return false;
  return reader.resolveDict(field.get('V'))?.nameOf('Type') === 'DocTimeStamp';
}

function sameValue(a: PdfValue | undefined, b: PdfValue | undefined): boolean {
  if (a instanceof PdfRef && b instanceof PdfRef) return a.num === b.num && a.gen === b.gen;
  if (a instanceof PdfName && b instanceof PdfName) return a.name === b.name;
  if (a instanceof PdfString && b instanceof PdfString) return a.bytes.equals(b.bytes);
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((v, i) => sameValue(v, b[i]));
  if (a instanceof PdfDict && b instanceof PdfDict) {
    const keys = new Set([...a.keys(), ...b.keys()]);
    return [...keys].every((k) => sameValue(a.get(k), b.get(k)));
  }
  return a === b;
}
