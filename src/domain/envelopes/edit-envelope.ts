import { lockCallerEnvelope } from './lock-caller-envelope.js';
import type { Db } from '../../db/database.js';
import {
  loadEnvelopeParts,
  type EnvelopeGraph,
  type FieldRow,
  type RecipientRow,
} from '../../db/repositories/envelope.repo.js';
import { envelopeOfField } from '../../db/repositories/field.repo.js';
import { envelopeOfRecipient } from '../../db/repositories/recipient.repo.js';
import { AppError, notFound } from '../../errors.js';
import { appendAuditEvent } from '../audit/append-audit-event.js';
import { apiActor, type ApiCaller } from '../auth/principal.js';
import type { Ctx } from '../context.js';
import { assertNotFinal } from './envelope-state.js';

/**
 * The frame every edit of an envelope's parts runs in: lock the envelope of the platform, refuse
 * final states, hand the graph to the edit, then audit it, all in one transaction. Edits check
 * every entry before writing any, so a batch is all or nothing. The edit's `data` is one audit
 * entry, or a list of them (one per recipient, field or item a batch touched, as Documenso logs
 * them), or null when the edit wrote its own entries.
 */
export async function editEnvelope<T>(
  ctx: Ctx,
  caller: ApiCaller,
  envelopeId: string | number,
  audit: string,
  edit: (
    trx: Db,
    graph: EnvelopeGraph,
    now: Date,
  ) => Promise<{ result: T; data: Record<string, unknown> | Record<string, unknown>[] | null }>,
): Promise<T> {
  return ctx.db.transaction().execute(async (trx) => {
    const envelope = await lockCallerEnvelope(
      trx,
      caller,
      typeof envelopeId === 'number' ? { documentId: envelopeId } : { publicId: envelopeId },
    );
    if (!envelope) throw notFound('Envelope');
    assertNotFinal(envelope.status);
    const graph = await loadEnvelopeParts(trx, envelope);
    const now = ctx.clock();
    const { result, data } = await edit(trx, graph, now);
    for (const entry of data === null ? [] : Array.isArray(data) ? data : [data])
      await appendAuditEvent(ctx, trx, {
        envelopeId: envelope.id,
        type: audit,
        data: entry,
        actor: apiActor(caller),
        request: caller.request,
        at: now,
      });
    return result;
  });
}

/** The envelope a recipient or field belongs to, scoped to the platform (another's is NOT_FOUND). */
export async function envelopeOfPart(
  db: Db,
  platformId: number,
  part: { recipientId: number } | { fieldId: number },
): Promise<number> {
  const id =
    'recipientId' in part
      ? await envelopeOfRecipient(db, platformId, part.recipientId)
      : await envelopeOfField(db, platformId, part.fieldId);
  if (id === undefined) throw notFound('recipientId' in part ? 'Recipient' : 'Field');
  return id;
}

/**
 * A recipient who has acted or filled fields can no longer be changed. Values the sender
 * prefilled (from a template; no recipient inserted them) do not lock the recipient.
 */
export function assertRecipientEditable(r: RecipientRow, fields: FieldRow[]): void {
  const filledByRecipient = (f: FieldRow) => f.inserted === 1 && f.insertedByRecipientId !== null;
  if (r.signingStatus !== 'NOT_SIGNED' || fields.some((f) => f.recipientId === r.id && filledByRecipient(f))) {
    throw new AppError(
      'RECIPIENT_LOCKED',
      `Recipient ${r.id} has ${r.signingStatus === 'NOT_SIGNED' ? 'filled fields' : r.signingStatus === 'SIGNED' ? 'signed' : 'rejected'} and can no longer be changed`,
    );
  }
}
