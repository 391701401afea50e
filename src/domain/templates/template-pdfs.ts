import type { PageSize } from '../../db/schema.js';
import { findDocumentData } from '../../db/repositories/item.repo.js';
import type { EnvelopeGraph, EnvelopeKey, ItemRow } from '../../db/repositories/envelope.repo.js';
import { AppError, isAppError, notFound } from '../../errors.js';
import type { FormFieldInfo } from '../../infra/pdf/forms/form-fields.js';
import type { Ctx } from '../context.js';
import type { UploadedPdf } from '../uploads/uploaded-pdf.js';
import {
  fillFormValues,
  formValuesFor,
  hasFormValues,
  refuseUnfitFormValues,
  type FormValues,
} from '../envelopes/form-values.js';
import { getEnvelopeGraph } from '../envelopes/get-envelope.js';
import { IssueCollector } from '../envelopes/validation-issues.js';
import { inspectUpload } from '../uploads/inspect-upload.js';

type Path = (string | number)[];

/**
 * The PDFs of a document made from a template, when they are not simply the template's: a
 * replacement (`customDocumentDataId`, `customDocumentData`, `/envelope/use`'s `files`) and/or the
 * template's own PDF with `formValues` filled in. All the PDF work (inspection, filling, storing)
 * happens here, before the use's transaction, so no lock is held while a worker thread runs;
 * `useTemplate` then checks under its lock that the template's items are still the ones prepared.
 */

/** One replacement PDF for a template item. */
export interface CustomDocumentInput {
  /** The template item it replaces; undefined: the template's first item (`customDocumentDataId`). */
  envelopeItemId?: string | undefined;
  /** A stored PDF: an item's documentDataId of a live document or template of the platform. */
  documentDataId?: string | undefined;
  /** Or a PDF sent with the request (`/envelope/use`), staged and not yet checked. */
  file?: UploadedPdf | undefined;
  /** Where it sits in the request, for issue paths. */
  path: Path;
}

export interface PreparedItemPdf {
  sha256: string;
  size: number;
  pageCount: number;
  /** The page sizes, as the item row holds them. */
  pages: PageSize[];
  /** For the audit entry: the template item's PDF this one replaced. */
  replacedSha256?: string;
  /** For the audit entry: the PDF before `formValues` filled it. */
  unfilledSha256?: string;
}

export interface PreparedPdfs {
  /** By template item id; items absent keep the template's PDF. */
  items: Map<string, PreparedItemPdf>;
  /** The template's items as prepared (id → sha256), checked again under the lock. */
  snapshot: Map<string, string>;
}

interface Source {
  sha256: string;
  size: number;
  pageCount: number;
  pages: PageSize[];
  staged?: UploadedPdf['staged'];
  formFields?: FormFieldInfo[] | undefined;
  inspected: boolean;
}

const pageSizes = (pages: { width: number; height: number; rotation: number }[]): PageSize[] =>
  pages.map((p) => ({ width: p.width, height: p.height, rotation: p.rotation }));

/** The highest page a field of the template sits on, per item. */
function highestPages(template: EnvelopeGraph): Map<string, number> {
  const highest = new Map<string, number>();
  for (const f of template.fields) highest.set(f.envelopeItemId, Math.max(highest.get(f.envelopeItemId) ?? 0, f.page));
  return highest;
}

/**
 * Resolves, checks, fills and stores the PDFs; undefined when the document takes the template's
 * PDFs as they are. Nothing is stored unless every check passed.
 * @throws NOT_FOUND (the template, or a documentDataId of no live envelope of the platform),
 *   CUSTOM_DOCUMENT_INVALID, CUSTOM_DOCUMENT_TOO_FEW_PAGES, NOT_A_PDF and the other upload codes,
 *   PDF_HAS_NO_FORM, FORM_FIELD_NOT_FOUND, FORM_VALUE_INVALID
 */
export async function prepareTemplatePdfs(
  ctx: Ctx,
  platformId: number,
  key: EnvelopeKey,
  input: { formValues?: FormValues | undefined; customDocuments?: CustomDocumentInput[] | undefined; base: Path },
): Promise<PreparedPdfs | undefined> {
  const customDocuments = input.customDocuments ?? [];
  if (!hasFormValues(input.formValues) && customDocuments.length === 0) return undefined;
  const template = await getEnvelopeGraph(ctx.db, platformId, key).catch((error: unknown) => {
    throw isAppError(error) && error.code === 'NOT_FOUND' ? notFound('Template') : error;
  });
  if (template.envelope.type !== 'TEMPLATE') throw notFound('Template');
  const items = [...template.items].sort((a, b) => a.order - b.order);

  const issues = new IssueCollector();
  const targets = new Map<string, CustomDocumentInput>();
  for (const c of customDocuments) {
    const itemId = c.envelopeItemId ?? items[0]?.id;
    const where = c.envelopeItemId !== undefined ? [...c.path, 'envelopeItemId'] : c.path;
    if (!items.some((i) => i.id === itemId))
      issues.add('CUSTOM_DOCUMENT_INVALID', where, `the template has no item ${JSON.stringify(itemId ?? '')}`);
    else if (targets.has(itemId!))
      issues.add('CUSTOM_DOCUMENT_INVALID', where, 'another replacement already replaces this item');
    else targets.set(itemId!, c);
  }
  issues.throwIfAny('The replacement PDFs do not fit the template');

  const sources = new Map<string, Source>();
  for (const [itemId, c] of targets) {
    if (c.file) {
      const info = await inspectUpload(ctx, c.file.staged, c.file.identifier);
      sources.set(itemId, {
        sha256: c.file.staged.sha256,
        size: c.file.staged.size,
        pageCount: info.pageCount,
        pages: pageSizes(info.pages),
        staged: c.file.staged,
        formFields: info.formFields,
        inspected: true,
      });
    } else {
      const data = c.documentDataId ? await findDocumentData(ctx.db, platformId, c.documentDataId) : undefined;
      if (!data)
        throw new AppError('NOT_FOUND', 'Document data not found', {
          issues: [
            { message: 'no such documentDataId', path: [...c.path, ...(c.envelopeItemId ? ['documentDataId'] : [])] },
          ],
        });
      sources.set(itemId, {
        sha256: data.originalSha256,
        size: data.originalSize,
        pageCount: data.pageCount,
        pages: data.pages,
        inspected: false,
      });
    }
  }
  const highest = highestPages(template);
  for (const [itemId, source] of sources) {
    const needed = highest.get(itemId) ?? 0;
    if (source.pageCount < needed)
      issues.add(
        'CUSTOM_DOCUMENT_TOO_FEW_PAGES',
        targets.get(itemId)!.path,
        `the replacement has ${source.pageCount} page(s); the template’s fields on this item reach page ${needed}`,
      );
  }
  issues.throwIfAny('The replacement PDFs do not fit the template');

  const prepared = new Map<string, PreparedItemPdf>();
  const replaced = (item: ItemRow, source: Source): PreparedItemPdf => ({
    sha256: source.sha256,
    size: source.size,
    pageCount: source.pageCount,
    pages: source.pages,
    replacedSha256: item.originalSha256,
  });
  const filled = hasFormValues(input.formValues)
    ? await fillTemplatePdfs(ctx, items, sources, input.formValues, [...input.base, 'formValues'])
    : new Map<string, Uint8Array>();
  for (const item of items) {
    const source = sources.get(item.id);
    const bytes = filled.get(item.id);
    if (bytes) {
      const blob = await ctx.storage.putBytes(bytes);
      prepared.set(item.id, {
        ...(source ? replaced(item, source) : { pageCount: item.pageCount, pages: item.pages }),
        sha256: blob.sha256,
        size: blob.size,
        unfilledSha256: source?.sha256 ?? item.originalSha256,
      });
    } else if (source) {
      if (source.staged) await source.staged.commit();
      prepared.set(item.id, replaced(item, source));
    }
  }
  return { items: prepared, snapshot: new Map(template.items.map((i) => [i.id, i.originalSha256])) };
}

/** Each item's PDF (replacement or the template's) with the values naming its form's fields filled in. */
async function fillTemplatePdfs(
  ctx: Ctx,
  items: ItemRow[],
  sources: Map<string, Source>,
  values: FormValues,
  path: Path,
): Promise<Map<string, Uint8Array>> {
  const pdfs: { itemId: string; bytes: Uint8Array; formFields: FormFieldInfo[] | undefined }[] = [];
  for (const item of items) {
    const source = sources.get(item.id);
    const bytes = source?.staged
      ? await source.staged.read()
      : await ctx.storage.getBytes(source?.sha256 ?? item.originalSha256);
    // A stored PDF passed inspection when it was uploaded; its form is read again here.
    const formFields = source?.inspected
      ? source.formFields
      : (await ctx.pdf.run({ kind: 'inspect', bytes })).formFields;
    pdfs.push({ itemId: item.id, bytes, formFields });
  }
  refuseUnfitFormValues(
    values,
    pdfs.map((p) => p.formFields),
    path,
  );
  const filled = new Map<string, Uint8Array>();
  for (const pdf of pdfs) {
    const mine = formValuesFor(values, pdf.formFields);
    if (mine) filled.set(pdf.itemId, await fillFormValues(ctx, pdf.bytes, mine, path));
  }
  return filled;
}

/**
 * Under the use's lock: the template's items are still those prepared, and the replaced ones
 * still hold every field (a concurrent edit could have moved one beyond a replacement's pages).
 */
export function stillPrepared(template: EnvelopeGraph, prepared: PreparedPdfs): boolean {
  if (template.items.length !== prepared.snapshot.size) return false;
  if (template.items.some((i) => prepared.snapshot.get(i.id) !== i.originalSha256)) return false;
  const highest = highestPages(template);
  return [...prepared.items].every(([itemId, pdf]) => (highest.get(itemId) ?? 0) <= pdf.pageCount);
}
