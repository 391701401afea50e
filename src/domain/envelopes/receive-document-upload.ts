import { insertFields, insertItem, loadEnvelopeParts, lockEnvelope } from '../../db/repositories/envelope.repo.js';
import type { EnvelopeGraph } from '../../db/repositories/envelope.repo.js';
import { AppError, isAppError } from '../../errors.js';
import type { StagedBlob } from '../../infra/storage/blob-store.js';
import { appendAuditEvent } from '../audit/append-audit-event.js';
import type { Ctx } from '../context.js';
import { type StoredPendingField } from '../../lib/stored/pending-field.js';
import { inspectUpload } from '../uploads/inspect-upload.js';
import { placeTagsOnNewItems, planTagFields, readPlaceholderTags } from './placeholder-fields.js';
import { openUploadUrl, spendUploadUrl } from '../uploads/upload-url.js';
import { newFieldRow, newItemRow } from './envelope-rows.js';
import { forgetEnvelopeCounts } from './find-envelopes.js';
import { getEnvelopeGraph } from './get-envelope.js';
import { placeFields, type PlacedField } from './place-fields.js';
import { fillFormValues, hasFormValues, refuseUnfitFormValues } from './form-values.js';
import { IssueCollector } from './validation-issues.js';

export interface ReceivedUpload {
  documentId: number;
  envelopeId: string;
  envelopeItemId: string;
  pageCount: number;
  fieldCount: number;
}

/**
 * Receives the PDF of a document created without one (v1 `documents`, v2 `document/create/beta`)
 * at its upload URL: the same checks and limits as every upload; then the fields the creation
 * asked for are placed on it, all or nothing (a PDF with too few pages for them is refused, the
 * URL stays unused and the document stays without a PDF), and the creation's `formValues` are
 * checked against its form and filled in (a PDF whose form does not fit them is refused the same
 * way); its placeholder tags become fields (placeholder-fields.ts); then the item, its fields, the
 * use of the capability and the audit entry in one transaction.
 * @throws NOT_FOUND (unknown URL), UPLOAD_ALREADY_USED, UPLOAD_EXPIRED, ENVELOPE_NOT_DRAFT,
 *   NOT_A_PDF, PDF_*, PAYLOAD_TOO_LARGE, FIELD_OUT_OF_BOUNDS, FIELD_ROLE_NOT_ALLOWED, LIMIT_EXCEEDED,
 *   PDF_HAS_NO_FORM, FORM_FIELD_NOT_FOUND, FORM_VALUE_INVALID, PLACEHOLDER_TAG_INVALID
 */
export async function receiveDocumentUpload(ctx: Ctx, token: string, staged: StagedBlob): Promise<ReceivedUpload> {
  try {
    const upload = await openUploadUrl(ctx, token, ctx.clock());
    const info = await inspectUpload(ctx, staged, 'file', { findTags: true });
    const pending = upload.pendingFields;
    const key = { documentId: upload.envelopeId };
    // Checked before the blob is stored, so a refused PDF leaves nothing behind; checked again
    // under the lock below, where recipients cannot change any more.
    // A document deleted since is refused under the lock too.
    const before = await getEnvelopeGraph(ctx.db, upload.platformId, key).catch((error: unknown) => {
      if (isAppError(error) && error.code === 'NOT_FOUND') return null;
      throw error;
    });
    if (before) placePending(ctx, before, pending, info.pageCount);
    // Its placeholder tags: bad ones refused before anything is stored; placed under the lock.
    const files = [{ identifier: 'file' }];
    const tagged = await readPlaceholderTags(ctx, [{ staged }], [info]);
    planTagFields(files, tagged, 0);
    const covered = tagged[0]!.covered;
    // The creation's formValues fill this PDF's form: checked and filled before anything is stored.
    const formValues = before ? before.envelope.formValues : null;
    let stored: { sha256: string; size: number } = staged;
    if (hasFormValues(formValues)) {
      refuseUnfitFormValues(formValues, [info.formFields], ['formValues']);
      const filled = await fillFormValues(ctx, covered ?? (await staged.read()), formValues, ['formValues']);
      stored = await ctx.storage.putBytes(filled);
    } else if (covered) stored = await ctx.storage.putBytes(covered);
    else await staged.commit();
    const result = await ctx.db.transaction().execute(async (trx) => {
      const envelope = await lockEnvelope(trx, upload.platformId, key);
      if (!envelope) throw new AppError('NOT_FOUND', 'This upload URL is not valid');
      const now = ctx.clock();
      await spendUploadUrl(trx, upload, now);
      if (envelope.status !== 'DRAFT') throw new AppError('ENVELOPE_NOT_DRAFT', 'The document has already been sent');
      const graph = await loadEnvelopeParts(trx, envelope);
      const placed = placePending(ctx, graph, pending, info.pageCount);
      const order = Math.max(0, ...graph.items.map((i) => i.order)) + 1;
      const item = newItemRow(envelope.id, envelope.title, stored, info, order, now.toISOString());
      await insertItem(trx, item);
      await insertFields(
        trx,
        placed.map(({ recipientId, field }) => newFieldRow(envelope.id, item.id, recipientId, field)),
      );
      const [tagFields = 0] = await placeTagsOnNewItems(
        ctx,
        trx,
        { actor: { kind: 'system' } },
        graph,
        files,
        tagged,
        [item],
        now,
      );
      await appendAuditEvent(ctx, trx, {
        envelopeId: envelope.id,
        type: 'ENVELOPE_ITEM_CREATED',
        data: {
          id: item.id,
          title: item.title,
          sha256: item.originalSha256,
          pages: item.pageCount,
          fields: placed.length + tagFields,
          via: 'upload URL',
          ...(stored.sha256 !== staged.sha256 ? { uploadedSha256: staged.sha256 } : {}),
          ...(hasFormValues(formValues) ? { formValues } : {}),
        },
        actor: { kind: 'system' },
        at: now,
      });
      return {
        documentId: envelope.id,
        envelopeId: envelope.publicId,
        envelopeItemId: item.id,
        pageCount: info.pageCount,
        fieldCount: placed.length + tagFields,
      };
    });
    forgetEnvelopeCounts(upload.platformId);
    return result;
  } finally {
    await staged.discard();
  }
}

/**
 * The waiting fields on a PDF of `pageCount` pages, checked like any field (page exists, box
 * inside it, the recipient's role may hold fields). Fields of a recipient removed since the
 * creation went with it, as removing a recipient removes its fields.
 */
function placePending(
  ctx: Ctx,
  graph: EnvelopeGraph,
  pending: StoredPendingField[],
  pageCount: number,
): { recipientId: number; field: PlacedField }[] {
  const issues = new IssueCollector();
  const placed: { recipientId: number; field: PlacedField }[] = [];
  for (const recipient of graph.recipients) {
    const fields = pending.filter((f) => f.recipientId === recipient.id);
    if (fields.length === 0) continue;
    const onPdf = placeFields(recipient.role, fields, [{ identifier: 'file', pageCount }], issues);
    placed.push(...onPdf.map((field) => ({ recipientId: recipient.id, field })));
  }
  issues.throwIfAny(`The PDF does not fit the fields the document was created with: it has ${pageCount} page(s)`);
  if (graph.fields.length + placed.length > ctx.config.limits.fieldsPerEnvelope)
    throw new AppError('LIMIT_EXCEEDED', `At most ${ctx.config.limits.fieldsPerEnvelope} fields per envelope`);
  return placed;
}
