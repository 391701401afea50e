import { lockFolder } from '../../db/repositories/folder.repo.js';
import {
  insertAttachments,
  insertEnvelope,
  insertFields,
  insertItem,
  insertRecipient,
  loadEnvelopeParts,
  type ItemRow,
} from '../../db/repositories/envelope.repo.js';
import { notFound } from '../../errors.js';
import { appendAuditEvent } from '../audit/append-audit-event.js';
import { apiActor, type ApiCaller } from '../auth/principal.js';
import type { Ctx } from '../context.js';
import { envelopeEventPayload } from '../events/envelope-event-payload.js';
import { creationEventOf, recordEvent } from '../events/record-event.js';
import { newId } from '../ids.js';
import { copiedEnvelopeRow, copiedItemRow, copiedRecipientRow, emptiedFieldRow } from './envelope-rows.js';
import { forgetEnvelopeCounts } from './find-envelopes.js';
import { getEnvelopeGraph, type EnvelopeKey } from './get-envelope.js';

/**
 * A new DRAFT with the same PDFs (the same stored originals), recipients (none has acted, none has
 * a link yet), empty fields at the same places, attachments and meta. The source is untouched.
 * @throws NOT_FOUND
 */
export async function duplicateEnvelope(
  ctx: Ctx,
  caller: ApiCaller,
  key: EnvelopeKey,
  include: { recipients: boolean; fields: boolean } = { recipients: true, fields: true },
): Promise<{ id: number; publicId: string }> {
  const source = await getEnvelopeGraph(ctx.db, caller.principal.platformId, key);
  const now = ctx.clock();
  const iso = now.toISOString();
  const created = await ctx.db.transaction().execute(async (trx) => {
    const e = source.envelope;
    // The copy lands in the source's folder; locked, so a concurrent delete of the folder waits.
    const folder = e.folderId ? await lockFolder(trx, caller.principal.platformId, e.folderId) : undefined;
    // A member's copy is theirs; the API's keeps the source's owner.
    const ownerUserId = caller.principal.member?.userId ?? e.ownerUserId;
    const row = copiedEnvelopeRow(e, iso, { folderId: folder ? folder.id : null, ownerUserId });
    const id = await insertEnvelope(trx, row);
    const items = new Map<string, string>();
    const copiedItems: ItemRow[] = [];
    for (const item of source.items) {
      const copy = copiedItemRow(item, id, iso);
      items.set(item.id, copy.id);
      copiedItems.push(copy);
      await insertItem(trx, copy);
    }
    const recipients = new Map<number, number>();
    for (const r of include.recipients ? source.recipients : [])
      recipients.set(r.id, await insertRecipient(trx, copiedRecipientRow(r, id, iso)));
    await insertFields(
      trx,
      (include.recipients && include.fields ? source.fields : []).map((f) =>
        emptiedFieldRow(f, id, items.get(f.envelopeItemId)!, recipients.get(f.recipientId)!),
      ),
    );
    await insertAttachments(
      trx,
      source.attachments.map((a) => ({ ...a, id: newId('attachment'), envelopeId: id, createdAt: iso })),
    );
    await appendAuditEvent(ctx, trx, {
      envelopeId: id,
      type: 'DOCUMENT_CREATED',
      // The copy's own chain names the PDFs it starts from, as a creation's does, so its evidence
      // can be checked without the original's.
      data: {
        title: e.title,
        duplicatedFrom: e.publicId,
        items: copiedItems.map((i) => ({ id: i.id, title: i.title, sha256: i.originalSha256, pages: i.pageCount })),
      },
      actor: apiActor(caller),
      request: caller.request,
      at: now,
    });
    const graph = await loadEnvelopeParts(trx, { ...row, id });
    await recordEvent(trx, {
      platformId: e.platformId,
      envelopeId: id,
      type: creationEventOf(e.type),
      payload: envelopeEventPayload(graph),
      at: now,
    });
    return { id, publicId: graph.envelope.publicId };
  });
  forgetEnvelopeCounts(caller.principal.platformId);
  if (!created) throw notFound('Envelope');
  return created;
}
