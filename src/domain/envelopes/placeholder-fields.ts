import type { Db } from '../../db/database.js';
import {
  insertFields,
  insertRecipient,
  type EnvelopeGraph,
  type RecipientRow,
} from '../../db/repositories/envelope.repo.js';
import { AppError } from '../../errors.js';
import type { PdfInfo } from '../../infra/pdf/inspect-pdf.js';
import type { TaggedPdf } from '../../infra/pdf/tags/cover-tags.js';
import type { StagedBlob } from '../../infra/storage/blob-store.js';
import { appendAuditEvent, type AuditInput } from '../audit/append-audit-event.js';
import type { Ctx } from '../context.js';
import { parsePlaceholderTag } from '../fields/placeholder-tags.js';
import { tagFieldBox } from '../fields/tag-field-box.js';
import type { RecipientCreateInput } from '../recipients/recipient-input.js';
import { newFieldRow, newRecipientRow } from './envelope-rows.js';
import { placeFields, type FieldRequest } from './place-fields.js';
import { IssueCollector } from './validation-issues.js';

/**
 * Turns the placeholder tags of uploaded PDFs into fields, as Documenso does on upload: `rN` is
 * the N-th recipient of the request, and recipients the request lacks are created as placeholders
 * (to be completed before distribution, where Firma's own rules for signers apply). A tag without
 * `rN` is an anchor for a field created later with `placeholder` (`place-placeholder-fields.ts`):
 * checked like the others, it becomes no field and stays in the PDF. Every tag naming a recipient
 * is removed and covered in the stored PDF; the audit entry keeps the upload's own hash. A field
 * starts at its tag's top-left corner, sized by `tag-field-box.ts` (its type's minimum, or the
 * tag's `width=`/`height=`), never the tag text's few points.
 */

export interface TagFieldPlan {
  /** Fields from tags, by 0-based recipient index. */
  fields: Map<number, FieldRequest[]>;
  /** Placeholder recipients to append after the request's own. */
  extraRecipients: (RecipientCreateInput & { path: (string | number)[] })[];
}

/** The tags of each upload: found by inspection (`findTags`), or in a task of their own; none where inspection saw that none can be. */
export async function readPlaceholderTags(
  ctx: Ctx,
  files: { staged: StagedBlob }[],
  infos: PdfInfo[],
): Promise<TaggedPdf[]> {
  const out: TaggedPdf[] = [];
  for (const [i, file] of files.entries()) {
    const { tagPages: pages, tagged } = infos[i]!;
    if (tagged) out.push(tagged);
    else if (pages && pages.length === 0) out.push({ tags: [] });
    else
      out.push(await ctx.pdf.run({ kind: 'find-tags', bytes: await file.staged.read(), ...(pages ? { pages } : {}) }));
  }
  return out;
}

/** The placeholder recipient Documenso creates for `rN`. */
export function placeholderRecipient(n: number): RecipientCreateInput & { path: (string | number)[] } {
  return {
    email: `recipient.${n}@placeholder.invalid`,
    name: `Recipient ${n}`,
    role: 'SIGNER',
    accessAuth: [],
    actionAuth: [],
    path: ['placeholder', `r${n}`],
  };
}

/** @throws PLACEHOLDER_TAG_INVALID (400) naming each bad tag's file, page and text */
export function planTagFields(
  files: { identifier: string }[],
  tagged: TaggedPdf[],
  recipientCount: number,
): TagFieldPlan {
  const fields = new Map<number, FieldRequest[]>();
  const problems: { message: string; path: (string | number)[] }[] = [];
  let highest = 0;
  for (const [itemIndex, pdf] of tagged.entries()) {
    const identifier = files[itemIndex]!.identifier;
    for (const found of pdf.tags) {
      const path = [identifier, `page ${found.page}`, found.text];
      const parsed = parsePlaceholderTag(found.text);
      if (!parsed.ok) {
        problems.push({ path, message: `${identifier}, page ${found.page}, tag ${found.text}: ${parsed.problem}` });
        continue;
      }
      const { recipient, type, fieldMeta, size } = parsed.tag;
      const fontSize = typeof fieldMeta.fontSize === 'number' ? fieldMeta.fontSize : undefined;
      const placed = tagFieldBox(type, fontSize, found, size);
      if (!placed.ok) {
        problems.push({ path, message: `${identifier}, page ${found.page}, tag ${found.text}: ${placed.problem}` });
        continue;
      }
      // A tag without rN anchors a field created later with `placeholder` (field create-many):
      // Documenso creates nothing for it on upload and leaves it in the PDF, and so does Firma.
      if (recipient === null) continue;
      highest = Math.max(highest, recipient);
      const list = fields.get(recipient - 1) ?? [];
      list.push({
        type,
        fieldMeta,
        item: itemIndex,
        page: found.page,
        ...placed.box,
        path,
      });
      fields.set(recipient - 1, list);
    }
  }
  if (problems.length > 0) throw new AppError('PLACEHOLDER_TAG_INVALID', problems[0]!.message, { issues: problems });
  const extraRecipients = [];
  for (let n = recipientCount + 1; n <= highest; n++) extraRecipients.push(placeholderRecipient(n));
  return { fields, extraRecipients };
}

/**
 * Places the tags of PDFs added to an existing envelope (item create-many): `rN` is the N-th of
 * its recipients by creation, placeholder recipients are added for the rest, each with its
 * RECIPIENT_CREATED audit entry; fields are checked like any other and written with the items.
 * Runs inside the edit's transaction. Returns how many fields each new item got.
 * @throws PLACEHOLDER_TAG_INVALID, FIELD_ROLE_NOT_ALLOWED, FIELD_OUT_OF_BOUNDS, LIMIT_EXCEEDED
 */
export async function placeTagsOnNewItems(
  ctx: Ctx,
  trx: Db,
  who: Pick<AuditInput, 'actor' | 'request'>,
  graph: EnvelopeGraph,
  files: { identifier: string }[],
  tagged: TaggedPdf[],
  items: { id: string; pageCount: number }[],
  now: Date,
): Promise<number[]> {
  const plan = planTagFields(files, tagged, graph.recipients.length);
  const limits = ctx.config.limits;
  const newFields = [...plan.fields.values()].reduce((n, f) => n + f.length, 0);
  if (graph.recipients.length + plan.extraRecipients.length > limits.recipientsPerEnvelope)
    throw new AppError('LIMIT_EXCEEDED', `At most ${limits.recipientsPerEnvelope} recipients per envelope`);
  if (graph.fields.length + newFields > limits.fieldsPerEnvelope)
    throw new AppError('LIMIT_EXCEEDED', `At most ${limits.fieldsPerEnvelope} fields per envelope`);
  const recipients: { id: number; role: RecipientRow['role'] }[] = [...graph.recipients];
  const iso = now.toISOString();
  for (const extra of plan.extraRecipients) {
    const row = newRecipientRow(graph.envelope.id, extra, iso);
    const id = await insertRecipient(trx, row);
    recipients.push({ id, role: row.role });
    graph.recipients.push({ ...row, id });
    await appendAuditEvent(ctx, trx, {
      envelopeId: graph.envelope.id,
      type: 'RECIPIENT_CREATED',
      data: { recipientId: id, recipientEmail: row.email, recipientName: row.name, recipientRole: row.role },
      ...who,
      at: now,
    });
  }
  const issues = new IssueCollector();
  const forPlacement = items.map((item, i) => ({ identifier: files[i]!.identifier, pageCount: item.pageCount }));
  const rows = [];
  const counts = items.map(() => 0);
  for (const [index, requests] of plan.fields) {
    const recipient = recipients[index]!;
    for (const f of placeFields(recipient.role, requests, forPlacement, issues)) {
      rows.push(newFieldRow(graph.envelope.id, items[f.itemIndex]!.id, recipient.id, f));
      counts[f.itemIndex]!++;
    }
  }
  issues.throwIfAny('Some placeholder tags cannot become fields');
  await insertFields(trx, rows);
  return counts;
}
