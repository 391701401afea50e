import type { z } from 'zod';
import type { Db } from '../../db/database.js';
import {
  insertAttachments,
  insertEnvelope,
  insertFields,
  insertItem,
  insertRecipient,
  loadEnvelopeParts,
  lockEnvelope,
  type AttachmentRow,
  type EnvelopeGraph,
  type EnvelopeKey,
  type ItemRow,
  type RecipientRow,
} from '../../db/repositories/envelope.repo.js';
import { AppError, notFound } from '../../errors.js';
import { appendAuditEvent } from '../audit/append-audit-event.js';
import { apiActor, type ApiCaller } from '../auth/principal.js';
import type { Ctx } from '../context.js';
import { distributeInTransaction } from '../envelopes/distribute-envelope.js';
import { copiedEnvelopeRow, copiedItemRow, copiedRecipientRow, emptiedFieldRow } from '../envelopes/envelope-rows.js';
import { forgetEnvelopeCounts } from '../envelopes/find-envelopes.js';
import { IssueCollector } from '../envelopes/validation-issues.js';
import { collectUnsupportedMeta } from '../envelopes/unsupported-members.js';
import { hasFormValues, type FormValues } from '../envelopes/form-values.js';
import { envelopeEventPayload } from '../events/envelope-event-payload.js';
import { recordEvent } from '../events/record-event.js';
import { lockFolderFor } from '../folders/folder-rules.js';
import { newId } from '../ids.js';
import { queueOwnerNotice } from '../mail/owner-notice.js';
import { assertEmailSenderUsable } from '../mail/mail-sender.js';
import { mergeMeta, type ZMetaInput } from '../model/envelope-meta.js';
import type { SigningLink } from '../model/signing-links.js';
import { recipientActor } from '../signing/recipient-actor.js';
import { assertDirectLinkUsable } from './direct-link-rules.js';
import { planPrefills, type PrefillField } from './prefill-fields.js';
import { mailDictionary } from '../mail/mail-templates.js';
import { prepareTemplatePdfs, stillPrepared, type CustomDocumentInput, type PreparedItemPdf } from './template-pdfs.js';

type Path = (string | number)[];

/** A real person for one of the template's recipients (by the template recipient's id). */
export interface TemplateRecipientInput {
  id: number;
  email: string;
  name?: string | undefined;
  signingOrder?: number | null | undefined;
  cuil?: string | null | undefined;
}

export interface UseTemplateInput {
  /** The template: `{documentId}` for `/template/use`'s templateId, `{publicId}` for `/envelope/use`. */
  template: EnvelopeKey;
  recipients: TemplateRecipientInput[];
  distributeDocument?: boolean | undefined;
  externalId?: string | undefined;
  folderId?: string | undefined;
  /** The title and meta members Documenso lets `use` override. */
  override?: (z.output<typeof ZMetaInput> & { title?: string | undefined }) | undefined;
  attachments?: { label: string; data: string }[] | undefined;
  prefillFields?: PrefillField[] | undefined;
  /** Values for the PDFs' own form fields: filled and flattened into the new document's PDFs. */
  formValues?: FormValues | undefined;
  /** Replacement PDFs (customDocumentDataId, customDocumentData, `/envelope/use`'s files). */
  customDocuments?: CustomDocumentInput[] | undefined;
  /** Where the members sit in the request, for issue paths: [] (JSON) or ['payload'] (multipart). */
  requestPath: Path;
  /**
   * Set when a visitor uses the template's direct link: the link (re-checked under the template's
   * lock), the template recipient the visitor becomes, who is then the creation's actor.
   */
  directLink?: { linkId: string; directRecipientId: number } | undefined;
  /** More rows that belong to the creation (the idempotent answer), in its transaction. */
  withinTransaction?: ((trx: Db, result: UseTemplateResult) => Promise<void>) | undefined;
}

export interface UseTemplateResult {
  graph: EnvelopeGraph;
  /** Each acting recipient's signing link, when the document was distributed. */
  links: SigningLink[];
  /** The new document's recipient id of each template recipient id. */
  recipientIds: Map<number, number>;
}

/**
 * A new DOCUMENT from a template, in one transaction: the template's items (the same stored
 * PDFs, or the replacements asked for, with `formValues` filled into their forms: that PDF work is
 * done first, outside the transaction, by `template-pdfs.ts`), recipients (those named get their
 * real e-mail, name, signing order and CUIL; the others are kept as the template has them, as
 * Documenso does), fields (prefilled ones filled and
 * read-only), attachments and meta (with the overrides), `source: TEMPLATE` and `templateId`,
 * the DOCUMENT_CREATED audit entry naming the template, a DOCUMENT_FIELD_PREFILLED entry per
 * filled field, and the DOCUMENT_CREATED and TEMPLATE_USED events. With `distributeDocument` the
 * distribution runs in that same transaction: a document that cannot be sent (a signer without a
 * valid CUIL, say) is refused whole and nothing is created. The template is untouched.
 * @throws NOT_FOUND (no such template of this platform, or the id is a document), TEMPLATE_RECIPIENT_NOT_FOUND,
 *   PREFILL_FIELD_NOT_FOUND, PREFILL_FIELD_TYPE_MISMATCH, INVALID_FIELD_VALUE, the unsupported-member codes,
 *   FOLDER_TYPE_MISMATCH, prepareTemplatePdfs's codes, TEMPLATE_CHANGED, and distributeEnvelope's codes
 */
export async function useTemplate(ctx: Ctx, caller: ApiCaller, input: UseTemplateInput): Promise<UseTemplateResult> {
  const platformId = caller.principal.platformId;
  const base = input.requestPath;
  const prepared = await prepareTemplatePdfs(ctx, platformId, input.template, {
    formValues: input.formValues,
    customDocuments: input.customDocuments,
    base,
  });
  const result = await ctx.db.transaction().execute(async (trx) => {
    // Held while it is copied, so an edit of the template lands wholly before or after the copy.
    const locked = await lockEnvelope(trx, platformId, input.template);
    if (!locked || locked.type !== 'TEMPLATE') throw notFound('Template');
    const template = await loadEnvelopeParts(trx, locked);
    if (prepared && !stillPrepared(template, prepared))
      throw new AppError(
        'TEMPLATE_CHANGED',
        'The template changed while its PDFs were prepared; send the request again',
      );
    const t = template.envelope;
    if (input.directLink) assertDirectLinkUsable(template.directLink, input.directLink.linkId);
    const now = ctx.clock();
    const iso = now.toISOString();
    const meta = mergeMeta(t.meta, withoutTitle(input.override));

    const issues = new IssueCollector();
    collectUnsupportedMeta(issues, [...base, 'override'], input.override);
    const people = mapRecipients(template, input.recipients, base, issues);
    const prefills = planPrefills(input.prefillFields ?? [], template.fields, meta, base, issues);
    issues.throwIfAny('The document cannot be made from this template');
    // The template's own emailId too: its sender may have been removed since it was saved.
    await assertEmailSenderUsable(trx, platformId, meta.emailId, [
      ...base,
      ...(input.override?.emailId ? ['override', 'emailId'] : ['templateId']),
    ]);

    const folder = input.folderId
      ? await lockFolderFor(trx, platformId, input.folderId, 'DOCUMENT', [...base, 'folderId'], caller.principal.member)
      : undefined;
    const row = copiedEnvelopeRow(t, iso, {
      type: 'DOCUMENT',
      source: input.directLink ? 'TEMPLATE_DIRECT_LINK' : 'TEMPLATE',
      templateId: t.id,
      title: input.override?.title ?? t.title,
      externalId: input.externalId ?? null,
      formValues: input.formValues ?? null,
      meta,
      folderId: folder?.id ?? null,
      // A member using it in the web app owns the document, as with duplicate; a token keeps the template's owner.
      ownerUserId: caller.principal.member?.userId ?? t.ownerUserId,
      // A document is never listed on a public profile, whatever its template is.
      templateType: 'PRIVATE',
      publicTitle: '',
      publicDescription: '',
    });
    const id = await insertEnvelope(trx, row);
    const items = new Map<string, string>();
    const itemRows: ItemRow[] = [];
    const itemPdfs: (PreparedItemPdf | undefined)[] = [];
    for (const item of template.items) {
      const pdf = prepared?.items.get(item.id);
      const copy = withPreparedPdf(copiedItemRow(item, id, iso), pdf);
      itemPdfs.push(pdf);
      items.set(item.id, copy.id);
      itemRows.push(copy);
      await insertItem(trx, copy);
    }
    const recipients = new Map<number, number>();
    const recipientRows: RecipientRow[] = [];
    for (const r of template.recipients) {
      const person = people.get(r.id);
      const copy = copiedRecipientRow(r, id, iso);
      if (person) {
        copy.email = person.email;
        if (person.name !== undefined) copy.name = person.name;
        if (person.signingOrder !== undefined) copy.signingOrder = person.signingOrder;
        if (person.cuil !== undefined) copy.cuil = person.cuil;
      }
      const copyId = await insertRecipient(trx, copy);
      recipients.set(r.id, copyId);
      recipientRows.push({ ...copy, id: copyId });
    }
    const fieldRows = template.fields.map((f) => {
      const copy = emptiedFieldRow(f, id, items.get(f.envelopeItemId)!, recipients.get(f.recipientId)!);
      const patch = prefills.get(f.id);
      if (!patch) return copy;
      copy.fieldMeta = patch.fieldMeta;
      if (patch.filled) {
        copy.inserted = 1;
        copy.value = patch.filled.value;
        copy.customText = patch.filled.customText;
        copy.insertedAt = iso;
      }
      return copy;
    });
    const fieldIds = await insertFields(trx, fieldRows);
    const attachmentRows: AttachmentRow[] = [
      ...template.attachments.map((a) => ({ ...a, id: newId('attachment'), envelopeId: id, createdAt: iso })),
      ...(input.attachments ?? []).map((a) => ({
        id: newId('attachment'),
        envelopeId: id,
        type: 'link' as const,
        label: a.label,
        data: a.data,
        createdAt: iso,
      })),
    ];
    await insertAttachments(trx, attachmentRows);

    const visitor =
      input.directLink &&
      recipientRows[template.recipients.findIndex((r) => r.id === input.directLink!.directRecipientId)];
    const actor = visitor ? recipientActor(visitor) : apiActor(caller);
    await appendAuditEvent(ctx, trx, {
      envelopeId: id,
      first: true,
      type: 'DOCUMENT_CREATED',
      data: {
        title: row.title,
        source: visitor
          ? { type: 'TEMPLATE_DIRECT_LINK', templateId: t.id, directRecipientEmail: visitor.email }
          : { type: 'TEMPLATE', templateId: t.id },
        ...(input.directLink ? { directLinkId: input.directLink.linkId } : {}),
        templateEnvelopeId: t.publicId,
        items: itemRows.map((i, n) => {
          const pdf = itemPdfs[n];
          return {
            title: i.title,
            sha256: i.originalSha256,
            pages: i.pageCount,
            ...(pdf?.replacedSha256 ? { replacedSha256: pdf.replacedSha256 } : {}),
            ...(pdf?.unfilledSha256 ? { unfilledSha256: pdf.unfilledSha256 } : {}),
          };
        }),
        ...(hasFormValues(input.formValues) ? { formValues: input.formValues } : {}),
      },
      actor,
      request: caller.request,
      at: now,
    });
    for (const f of fieldRows) {
      if (f.inserted !== 1) continue;
      await appendAuditEvent(ctx, trx, {
        envelopeId: id,
        type: 'DOCUMENT_FIELD_PREFILLED',
        data: {
          fieldId: fieldIds.get(f.secondaryId)!,
          fieldType: f.type,
          forRecipientId: f.recipientId,
          value: f.customText,
        },
        actor,
        request: caller.request,
        at: now,
      });
    }
    // Built from the rows just written, as the database would answer them (no second read).
    const graph: EnvelopeGraph = {
      envelope: { ...row, id },
      items: itemRows,
      recipients: recipientRows,
      fields: fieldRows
        .map((f) => ({ ...f, signatureSha256: f.signatureSha256 ?? null, id: fieldIds.get(f.secondaryId)! }))
        .sort((a, b) => a.id - b.id),
      attachments: attachmentRows,
      folder: folder ?? null,
    };
    for (const type of ['DOCUMENT_CREATED', 'TEMPLATE_USED'] as const)
      await recordEvent(trx, { platformId, envelopeId: id, type, payload: envelopeEventPayload(graph), at: now });
    const detail = visitor ? directLinkNotice(meta.language, visitor) : undefined;
    await queueOwnerNotice(trx, { platformId, envelopeId: id, meta, notice: 'ownerCreated', detail }, now);
    const used: UseTemplateResult = input.distributeDocument
      ? {
          ...(await distributeInTransaction(ctx, trx, caller, { key: { publicId: row.publicId }, actor })),
          recipientIds: recipients,
        }
      : { graph, links: [], recipientIds: recipients };
    await input.withinTransaction?.(trx, used);
    return used;
  });
  forgetEnvelopeCounts(platformId);
  ctx.wakeWorker();
  return result;
}

/** The owner's notice names who used the link (the owner's own data: the platform's address only). */
function directLinkNotice(language: string, visitor: RecipientRow): string {
  // The visitor's name is their own words: the owner sees only the address their code confirmed.
  return mailDictionary(language).directLinkUsed(visitor.email);
}

/** The copied item row with the PDF prepared for it (replacement, filled form), if any. */
function withPreparedPdf(copy: ItemRow, pdf: PreparedItemPdf | undefined): ItemRow {
  if (!pdf) return copy;
  return { ...copy, originalSha256: pdf.sha256, originalSize: pdf.size, pageCount: pdf.pageCount, pages: pdf.pages };
}

function withoutTitle(override: UseTemplateInput['override']): z.output<typeof ZMetaInput> | undefined {
  if (!override) return undefined;
  const { title: _title, ...meta } = override;
  return meta;
}

/** The named recipients by template recipient id; an id not in the template, or named twice, is refused. */
function mapRecipients(
  template: EnvelopeGraph,
  recipients: TemplateRecipientInput[],
  base: Path,
  issues: IssueCollector,
): Map<number, TemplateRecipientInput> {
  const people = new Map<number, TemplateRecipientInput>();
  for (const [index, r] of recipients.entries()) {
    const path = [...base, 'recipients', index, 'id'];
    if (!template.recipients.some((t) => t.id === r.id))
      issues.add('TEMPLATE_RECIPIENT_NOT_FOUND', path, `recipient ${r.id} is not a recipient of this template`);
    else if (people.has(r.id)) issues.add('TEMPLATE_RECIPIENT_NOT_FOUND', path, `recipient ${r.id} is named twice`);
    else people.set(r.id, r);
  }
  return people;
}
