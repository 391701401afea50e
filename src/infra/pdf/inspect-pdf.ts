import { ParseSpeeds, PDFArray, PDFDict, PDFDocument, PDFName, PDFStream } from 'pdf-lib';
import type { PDFContext, PDFObject } from 'pdf-lib';
import { MAX_OBJECT_NESTING } from './pdf-limits.js';
import { readFormFields, type FormFieldInfo } from './forms/form-fields.js';
import { findAndCoverTags, type TaggedPdf } from './tags/cover-tags.js';
import { tagCandidatePages } from './tags/may-hold-tags.js';
import { readPageInfo, walkPageTree, PageTreeError } from './page-info.js';
import type { PdfPageInfo } from './page-info.js';

export type { PdfPageInfo, PageRotation } from './page-info.js';

export interface PdfInfo {
  pageCount: number;
  pages: PdfPageInfo[];
  /** Header version, or the catalog's /Version when that is later (e.g. "1.7"). */
  pdfVersion: string;
  /** The fields of the PDF's own AcroForm (what `formValues` may fill); absent or [] when it has none. */
  formFields?: FormFieldInfo[];
  /** The 1-based pages that may show a placeholder tag (may-hold-tags.ts); only they are scanned. */
  tagPages?: number[];
  /** With `findTags`: the tags of those pages, and the PDF with them hidden (cover-tags.ts). */
  tagged?: TaggedPdf;
}

export type PdfRejectReason = 'NOT_A_PDF' | 'PDF_DAMAGED' | 'PDF_ENCRYPTED' | 'PDF_NO_PAGES' | 'PDF_TOO_COMPLEX';

const MESSAGES: Record<PdfRejectReason, string> = {
  NOT_A_PDF: 'The file is not a PDF document.',
  PDF_DAMAGED: 'The PDF document is damaged or incomplete.',
  PDF_ENCRYPTED: 'The PDF document is encrypted or password-protected.',
  PDF_NO_PAGES: 'The PDF document has no pages.',
  PDF_TOO_COMPLEX: 'The PDF document exceeds what Firma can process (decompressed size, nesting or processing time).',
};

export class PdfRejectedError extends Error {
  override readonly name = 'PdfRejectedError';
  readonly reason: PdfRejectReason;
  /** Technical detail for logs; `message` is safe to show to a user. */
  readonly detail: string | undefined;

  constructor(reason: PdfRejectReason, detail?: string, options?: { cause?: unknown }) {
    super(MESSAGES[reason], options);
    this.reason = reason;
    this.detail = detail;
  }
}

const HEADER_WINDOW = 1024;
const TAIL_WINDOW = 1024;

function latin1(bytes: Uint8Array, start: number, end: number): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset + start, Math.max(0, end - start)).toString('latin1');
}

/** Returns the header version ("1.7") or undefined when there is no %PDF- header near the start. */
export function headerVersion(bytes: Uint8Array): string | undefined {
  const head = latin1(bytes, 0, Math.min(bytes.length, HEADER_WINDOW));
  const at = head.indexOf('%PDF-');
  if (at < 0) return undefined;
  return /^%PDF-(\d+\.\d+)/.exec(head.slice(at))?.[1] ?? '';
}

/** A complete file ends with "startxref <offset> %%EOF"; a truncated one does not. */
function hasIntactTail(bytes: Uint8Array): boolean {
  const tail = latin1(bytes, Math.max(0, bytes.length - TAIL_WINDOW), bytes.length);
  const eof = tail.lastIndexOf('%%EOF');
  return eof >= 0 && /startxref\s+\d+\s*$/.test(tail.slice(0, eof));
}

/** Raw scan for an /Encrypt entry, used when pdf-lib cannot even parse the (encrypted) file. */
function mentionsEncrypt(bytes: Uint8Array): boolean {
  return /\/Encrypt\s*(\d+\s+\d+\s+R|<<)/.test(
    Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString('latin1'),
  );
}

function compareVersions(a: string, b: string): number {
  const [am = 0, an = 0] = a.split('.').map(Number);
  const [bm = 0, bn = 0] = b.split('.').map(Number);
  return am - bm || an - bn;
}

export interface LoadedPdf {
  doc: PDFDocument;
  info: PdfInfo;
}

/**
 * Loads and validates a PDF, throwing PdfRejectedError when it cannot be used for signing.
 * Shared by inspectPdf and the renderer so both see the same pages.
 */
export async function loadCheckedPdf(bytes: Uint8Array): Promise<LoadedPdf> {
  const version = headerVersion(bytes);
  if (version === undefined) throw new PdfRejectedError('NOT_A_PDF', 'no %PDF- header in the first 1024 bytes');
  if (!hasIntactTail(bytes)) throw new PdfRejectedError('PDF_DAMAGED', 'no startxref/%%EOF at the end of the file');

  let doc: PDFDocument;
  try {
    doc = await PDFDocument.load(bytes, {
      updateMetadata: false,
      ignoreEncryption: true,
      parseSpeed: ParseSpeeds.Fastest,
    });
  } catch (error) {
    if (mentionsEncrypt(bytes))
      throw new PdfRejectedError('PDF_ENCRYPTED', 'unparsable file with an /Encrypt entry', { cause: error });
    throw new PdfRejectedError('PDF_DAMAGED', `pdf-lib could not parse the file: ${String(error)}`, { cause: error });
  }
  // Owner-password-only files open without a password, but their strings and streams are still
  // encrypted: rewriting them would corrupt the document, so they are refused like any other.
  if (doc.isEncrypted || doc.context.trailerInfo.Encrypt !== undefined) {
    throw new PdfRejectedError('PDF_ENCRYPTED', 'the trailer has an /Encrypt entry');
  }

  const deepest = deepestNesting(doc.context);
  if (deepest > MAX_OBJECT_NESTING)
    throw new PdfRejectedError('PDF_TOO_COMPLEX', `objects nested ${deepest} deep; the limit is ${MAX_OBJECT_NESTING}`);

  const catalog = doc.context.lookup(doc.context.trailerInfo.Root);
  if (!(catalog instanceof PDFDict)) throw new PdfRejectedError('PDF_DAMAGED', 'the trailer has no /Root catalog');

  let leaves: PDFDict[];
  try {
    leaves = walkPageTree(doc.context, catalog.get(PDFName.of('Pages')));
  } catch (error) {
    if (error instanceof PageTreeError) throw new PdfRejectedError('PDF_DAMAGED', error.message, { cause: error });
    throw error;
  }
  // The renderer addresses pages through pdf-lib: it must see exactly the pages we walked.
  let libraryPages;
  try {
    libraryPages = doc.getPages();
  } catch (error) {
    throw new PdfRejectedError('PDF_DAMAGED', `pdf-lib could not walk the page tree: ${String(error)}`, {
      cause: error,
    });
  }
  if (libraryPages.length !== leaves.length || libraryPages.some((page, i) => page.node !== leaves[i])) {
    throw new PdfRejectedError('PDF_DAMAGED', 'the page tree holds nodes pdf-lib does not recognise as pages');
  }
  if (leaves.length === 0) throw new PdfRejectedError('PDF_NO_PAGES');

  const catalogVersion = doc.context.lookup(catalog.get(PDFName.of('Version')));
  let pdfVersion = version;
  if (catalogVersion instanceof PDFName) {
    const declared = catalogVersion.decodeText();
    if (/^\d+\.\d+$/.test(declared) && compareVersions(declared, pdfVersion || '0.0') > 0) pdfVersion = declared;
  }

  const pages = leaves.map((leaf) => readPageInfo(doc.context, leaf));
  return { doc, info: { pageCount: pages.length, pages, pdfVersion } };
}

/** The deepest nesting of arrays and dictionaries inside any one object (references not followed). */
function deepestNesting(context: PDFContext): number {
  let deepest = 0;
  const stack: [PDFObject, number][] = context.enumerateIndirectObjects().map(([, object]) => [object, 1]);
  while (stack.length > 0) {
    const [object, depth] = stack.pop()!;
    const container = object instanceof PDFStream ? object.dict : object;
    if (container instanceof PDFArray) {
      deepest = Math.max(deepest, depth);
      if (depth > MAX_OBJECT_NESTING) return depth;
      for (const child of container.asArray()) stack.push([child, depth + 1]);
    } else if (container instanceof PDFDict) {
      deepest = Math.max(deepest, depth);
      if (depth > MAX_OBJECT_NESTING) return depth;
      for (const child of container.values()) stack.push([child, depth + 1]);
    }
  }
  return deepest;
}

/**
 * Validates an uploaded PDF and describes its pages as a viewer displays them. With `findTags`,
 * also finds its placeholder tags in the same pass, reusing the parsed document to hide them
 * (one task, one parse, instead of a second task that parses the PDF again).
 */
export async function inspectPdf(bytes: Uint8Array, options: { findTags?: boolean } = {}): Promise<PdfInfo> {
  const { doc, info } = await loadCheckedPdf(bytes);
  const formFields = readFormFields(doc);
  const tagPages = tagCandidatePages(doc);
  // Reading a form may change the document (pdf-lib drops XFA): such a PDF is parsed again to hide tags.
  const hasForm = doc.catalog.has(PDFName.of('AcroForm'));
  const tagged =
    options.findTags && tagPages.length > 0
      ? await findAndCoverTags(bytes, tagPages, hasForm ? undefined : doc, { doc, pages: info.pages })
      : undefined;
  const withTags = { ...info, tagPages, ...(tagged ? { tagged } : {}) };
  return formFields.length > 0 ? { ...withTags, formFields } : withTags;
}
