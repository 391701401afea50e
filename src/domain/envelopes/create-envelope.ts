import type { EnvelopeGraph, FieldRow, RecipientRow } from '../../db/repositories/envelope.repo.js';
import {
  insertAttachments,
  insertEnvelope,
  insertFields,
  insertItem,
  insertRecipient,
} from '../../db/repositories/envelope.repo.js';
import type { NewFieldRow } from '../../db/repositories/stored-json.js';
import { assertSignatureLevelAllowed } from '../recipients/signature-level.js';
import { AppError } from '../../errors.js';
import type { PdfInfo } from '../../infra/pdf/inspect-pdf.js';
import { appendAuditEvent } from '../audit/append-audit-event.js';
import { apiActor, type ApiCaller } from '../auth/principal.js';
import type { Ctx } from '../context.js';
import { envelopeEventPayload } from '../events/envelope-event-payload.js';
import { creationEventOf, recordEvent } from '../events/record-event.js';
import { newId } from '../ids.js';
import type { RecipientCreateInput } from '../recipients/recipient-input.js';
import { inspectUpload } from '../uploads/inspect-upload.js';
import type { UploadedPdf } from '../uploads/uploaded-pdf.js';
import { queueOwnerNotice } from '../mail/owner-notice.js';
import { assertEmailSenderUsable } from '../mail/mail-sender.js';
import { planTagFields, readPlaceholderTags } from './placeholder-fields.js';
import { placeFields, type FieldRequest } from './place-fields.js';
import {
  hashAccessCodes,
  newEnvelopeRow,
  newFieldRow,
  newItemRow,
  newRecipientRow,
  type NewEnvelopeInput,
} from './envelope-rows.js';
import { IssueCollector } from './validation-issues.js';
import { collectUnsupportedMeta, refuseUnsupported } from './unsupported-members.js';
import type { Db } from '../../db/database.js';
import { resolveDocumentOwner } from './document-owner.js';
import { forgetEnvelopeCounts } from './find-envelopes.js';
import { fillFormValues, formValuesFor, hasFormValues, refuseUnfitFormValues } from './form-values.js';
import { lockFolderFor } from '../folders/folder-rules.js';

/** The new envelope's own members (`NewEnvelopeInput`), and what it holds. */
export interface CreateEnvelopeInput extends NewEnvelopeInput {
  folderId?: string | null | undefined;
  delegatedDocumentOwner?: string | null | undefined;
  /** Where the envelope's members sit in the request, for issue paths: ['payload'] (multipart) or [] (v1 JSON). */
  requestPath?: (string | number)[] | undefined;
  attachments?: { label: string; data: string }[] | undefined;
  files: UploadedPdf[];
  recipients: (RecipientCreateInput & { fields?: FieldRequest[]; path: (string | number)[] })[];
  /** More rows that belong to the creation (e.g. v1's upload capability), in its transaction. */
  withinTransaction?: ((trx: Db, graph: EnvelopeGraph) => Promise<void>) | undefined;
}

/**
 * Creates a DRAFT envelope with its items, recipients, fields and attachments. Every problem is
 * found before anything is stored; then the blobs are committed and one transaction writes the
 * rows, the DOCUMENT_CREATED audit entry and the outbox event.
 * `formValues` fill the PDFs' own forms (see form-values.ts).
 * @throws LIMIT_EXCEEDED, NOT_A_PDF, PDF_DAMAGED, PDF_ENCRYPTED, PDF_NO_PAGES, PDF_TOO_MANY_PAGES,
 *   PDF_HAS_NO_FORM, FORM_FIELD_NOT_FOUND, FORM_VALUE_INVALID, FIELD_OUT_OF_BOUNDS, FIELD_ROLE_NOT_ALLOWED,
 *   FIELD_ITEM_REQUIRED, FIELD_INVALID_REFERENCE, VALIDATION_ERROR, PLACEHOLDER_TAG_INVALID
 */
export async function createEnvelope(ctx: Ctx, caller: ApiCaller, input: CreateEnvelopeInput): Promise<EnvelopeGraph> {
  try {
    const { graph, queuedJobs } = await create(ctx, caller, input);
    forgetEnvelopeCounts(caller.principal.platformId);
    // Webhooks pick the DOCUMENT_CREATED event up on their own tick; the job loop only needs a
    // nudge when a notice was queued.
    if (queuedJobs) ctx.wakeWorker();
    return graph;
  } finally {
    await Promise.all(input.files.map((f) => f.staged.discard()));
  }
}

async function create(
  ctx: Ctx,
  caller: ApiCaller,
  input: CreateEnvelopeInput,
): Promise<{ graph: EnvelopeGraph; queuedJobs: boolean }> {
  for (const r of input.recipients)
    assertSignatureLevelAllowed(r.role, r.signatureLevel, [...r.path, 'signatureLevel']);
  const base = input.requestPath ?? ['payload'];
  refuseUnsupported((issues) => collectUnsupportedMeta(issues, [...base, 'meta'], input.meta));
  const ownerUserId = await resolveDocumentOwner(ctx.db, caller, input.delegatedDocumentOwner, [
    ...base,
    'delegatedDocumentOwner',
  ]);
  await assertEmailSenderUsable(ctx.db, caller.principal.platformId, input.meta?.emailId, [...base, 'meta', 'emailId']);
  // '' is the SDK's "no folder", like null.
  const folderId = input.folderId ? input.folderId : null;
  const folderPath = [...base, 'folderId'];
  // Checked before the PDFs are inspected (a wrong folder fails fast), and again, locked, when writing.
  if (folderId)
    await lockFolderFor(ctx.db, caller.principal.platformId, folderId, input.type, folderPath, caller.principal.member);
  const limits = ctx.config.limits;
  const fieldCount = input.recipients.reduce((n, r) => n + (r.fields?.length ?? 0), 0);
  if (input.files.length > limits.itemsPerEnvelope)
    throw new AppError('LIMIT_EXCEEDED', `At most ${limits.itemsPerEnvelope} documents per envelope`);
  if (input.recipients.length > limits.recipientsPerEnvelope)
    throw new AppError('LIMIT_EXCEEDED', `At most ${limits.recipientsPerEnvelope} recipients per envelope`);
  if (fieldCount > limits.fieldsPerEnvelope)
    throw new AppError('LIMIT_EXCEEDED', `At most ${limits.fieldsPerEnvelope} fields per envelope`);

  const infos: PdfInfo[] = [];
  for (const file of input.files)
    infos.push(await inspectUpload(ctx, file.staged, file.identifier, { findTags: true }));

  const tagged = await readPlaceholderTags(ctx, input.files, infos);
  const plan = planTagFields(input.files, tagged, input.recipients.length);
  const recipients: CreateEnvelopeInput['recipients'] = [...input.recipients, ...plan.extraRecipients];
  const tagFieldCount = [...plan.fields.values()].reduce((n, f) => n + f.length, 0);
  if (recipients.length > limits.recipientsPerEnvelope)
    throw new AppError('LIMIT_EXCEEDED', `At most ${limits.recipientsPerEnvelope} recipients per envelope`);
  if (fieldCount + tagFieldCount > limits.fieldsPerEnvelope)
    throw new AppError('LIMIT_EXCEEDED', `At most ${limits.fieldsPerEnvelope} fields per envelope`);

  const issues = new IssueCollector();
  const items = input.files.map((f, i) => ({ identifier: f.identifier, pageCount: infos[i]!.pageCount }));
  const placed = recipients.map((r, i) =>
    placeFields(r.role, [...(r.fields ?? []), ...(plan.fields.get(i) ?? [])], items, issues),
  );
  issues.throwIfAny('Some fields cannot be placed on the document');

  const covered = tagged.map((t) => t.covered);
  const blobs = await storeFilledFiles(ctx, input, infos, covered, [...base, 'formValues']);

  const accessCodeHashes = await hashAccessCodes(input.recipients);
  const now = ctx.clock();
  const iso = now.toISOString();
  const envelopeRow = newEnvelopeRow(caller.principal.platformId, input, folderId, iso, ownerUserId);

  return ctx.db.transaction().execute(async (trx) => {
    if (folderId)
      await lockFolderFor(trx, caller.principal.platformId, folderId, input.type, folderPath, caller.principal.member);
    const envelopeId = await insertEnvelope(trx, envelopeRow);
    const itemRows = input.files.map((f, i) => newItemRow(envelopeId, f.title, blobs[i]!, infos[i]!, i + 1, iso));
    for (const item of itemRows) await insertItem(trx, item);

    const recipientRows: RecipientRow[] = [];
    const fieldRows: NewFieldRow[] = [];
    for (const [index, r] of recipients.entries()) {
      const row = newRecipientRow(envelopeId, r, iso, accessCodeHashes[index] ?? null);
      const id = await insertRecipient(trx, row);
      recipientRows.push({ ...row, id });
      for (const f of placed[index]!) fieldRows.push(newFieldRow(envelopeId, itemRows[f.itemIndex]!.id, id, f));
    }
    const fieldIds = await insertFields(trx, fieldRows);
    await insertAttachments(
      trx,
      (input.attachments ?? []).map((a) => ({
        id: newId('attachment'),
        envelopeId,
        type: 'link' as const,
        label: a.label,
        data: a.data,
        createdAt: iso,
      })),
    );

    const graph: EnvelopeGraph = {
      envelope: { ...envelopeRow, id: envelopeId, version: 1 },
      items: itemRows,
      recipients: recipientRows,
      fields: fieldRows.map((f) => ({ ...f, id: fieldIds.get(f.secondaryId)! }) as FieldRow),
      attachments: [],
    };
    await appendAuditEvent(ctx, trx, {
      envelopeId,
      first: true,
      type: 'DOCUMENT_CREATED',
      data: {
        title: input.title,
        items: itemRows.map((i, n) => ({
          id: i.id,
          title: i.title,
          sha256: i.originalSha256,
          pages: i.pageCount,
          ...(blobs[n]!.uploadedSha256 ? { uploadedSha256: blobs[n]!.uploadedSha256 } : {}),
        })),
        ...(hasFormValues(input.formValues) ? { formValues: input.formValues } : {}),
      },
      actor: apiActor(caller),
      request: caller.request,
      at: now,
    });
    await recordEvent(trx, {
      platformId: caller.principal.platformId,
      envelopeId,
      type: creationEventOf(input.type),
      payload: envelopeEventPayload(graph),
      at: now,
    });
    const queuedJobs = await queueOwnerNotice(
      trx,
      {
        platformId: caller.principal.platformId,
        envelopeId,
        meta: envelopeRow.meta,
        notice: 'ownerCreated',
      },
      now,
    );
    await input.withinTransaction?.(trx, graph);
    return { graph, queuedJobs };
  });
}

/**
 * Stores each upload: as it came, with its placeholder tags covered, or, when `formValues` name fields of its form, filled and
 * flattened (the upload's own hash is kept for the audit entry). Every value is checked against
 * the forms and every PDF filled before anything is stored.
 * @throws PDF_HAS_NO_FORM, FORM_FIELD_NOT_FOUND, FORM_VALUE_INVALID
 */
async function storeFilledFiles(
  ctx: Ctx,
  input: CreateEnvelopeInput,
  infos: PdfInfo[],
  covered: (Uint8Array | undefined)[],
  path: (string | number)[],
): Promise<{ sha256: string; size: number; uploadedSha256?: string }[]> {
  const values = input.formValues;
  // Without files (create/beta, v1) the values wait for the upload, which fills them.
  if (!hasFormValues(values) || input.files.length === 0) {
    const blobs = [];
    for (const [i, file] of input.files.entries()) {
      const bytes = covered[i];
      if (!bytes) {
        await file.staged.commit();
        blobs.push({ sha256: file.staged.sha256, size: file.staged.size });
      } else blobs.push({ ...(await ctx.storage.putBytes(bytes)), uploadedSha256: file.staged.sha256 });
    }
    return blobs;
  }
  refuseUnfitFormValues(
    values,
    infos.map((i) => i.formFields),
    path,
  );
  const filled: (Uint8Array | undefined)[] = [];
  for (const [i, file] of input.files.entries()) {
    const mine = formValuesFor(values, infos[i]!.formFields);
    filled.push(mine ? await fillFormValues(ctx, covered[i] ?? (await file.staged.read()), mine, path) : undefined);
  }
  const blobs = [];
  for (const [i, file] of input.files.entries()) {
    const bytes = filled[i] ?? covered[i];
    if (!bytes) {
      await file.staged.commit();
      blobs.push({ sha256: file.staged.sha256, size: file.staged.size });
    } else blobs.push({ ...(await ctx.storage.putBytes(bytes)), uploadedSha256: file.staged.sha256 });
  }
  return blobs;
}
