import {
  deleteAttachmentOfEnvelope,
  envelopeOfAttachment,
  listAttachmentsOfEnvelope,
  updateAttachmentOfEnvelope,
} from '../../db/repositories/attachment.repo.js';
import { findEnvelope, findEnvelopeOwner, insertAttachments } from '../../db/repositories/envelope.repo.js';
import { findRecipientByTokenHash } from '../../db/repositories/recipient.repo.js';
import { notFound } from '../../errors.js';
import type { ApiCaller, Principal } from '../auth/principal.js';
import type { Ctx } from '../context.js';
import { newId } from '../ids.js';
import { hashSigningToken } from '../model/signing-links.js';
import { editEnvelope } from './edit-envelope.js';
import { attachmentView } from '../model/envelope-views.js';

export interface AttachmentInput {
  label: string;
  data: string;
}

/**
 * An envelope's attachments (links), for the platform's token or, instead, for a recipient who
 * holds a signing token of that envelope (the `token` query): both see the same list.
 * @throws NOT_FOUND (unknown, other platform, or a token of another envelope)
 */
export async function listAttachments(
  ctx: Ctx,
  envelopeId: string,
  who: { principal: Principal } | { signingToken: string },
) {
  let envelope;
  if ('principal' in who) {
    envelope = await findEnvelope(ctx.db, who.principal.platformId, { publicId: envelopeId });
  } else {
    const recipient = await findRecipientByTokenHash(ctx.db, hashSigningToken(who.signingToken));
    const owner = recipient ? await findEnvelopeOwner(ctx.db, recipient.envelopeId) : undefined;
    envelope =
      owner && owner.publicId === envelopeId
        ? await findEnvelope(ctx.db, owner.platformId, { publicId: envelopeId })
        : undefined;
  }
  if (!envelope) throw notFound('Envelope');
  const rows = await listAttachmentsOfEnvelope(ctx.db, envelope.id);
  return { data: rows.map(attachmentView) };
}

export async function createAttachment(ctx: Ctx, caller: ApiCaller, envelopeId: string, input: AttachmentInput) {
  return editEnvelope(ctx, caller, envelopeId, 'ENVELOPE_ATTACHMENT_CREATED', async (trx, graph, now) => {
    const id = newId('attachment');
    await insertAttachments(trx, [
      {
        id,
        envelopeId: graph.envelope.id,
        type: 'link',
        label: input.label,
        data: input.data,
        createdAt: now.toISOString(),
      },
    ]);
    return { result: { id }, data: { id, label: input.label } };
  });
}

/** @throws NOT_FOUND (another platform's attachment too), ENVELOPE_* */
export async function updateAttachment(
  ctx: Ctx,
  caller: ApiCaller,
  attachmentId: string,
  input: AttachmentInput,
): Promise<void> {
  const envelopeId = await attachmentEnvelopeId(ctx, caller.principal.platformId, attachmentId);
  await editEnvelope(ctx, caller, envelopeId, 'ENVELOPE_ATTACHMENT_UPDATED', async (trx, graph) => {
    await updateAttachmentOfEnvelope(trx, graph.envelope.id, attachmentId, { label: input.label, data: input.data });
    return { result: undefined, data: { id: attachmentId, label: input.label } };
  });
}

export async function deleteAttachment(ctx: Ctx, caller: ApiCaller, attachmentId: string): Promise<void> {
  const envelopeId = await attachmentEnvelopeId(ctx, caller.principal.platformId, attachmentId);
  await editEnvelope(ctx, caller, envelopeId, 'ENVELOPE_ATTACHMENT_DELETED', async (trx, graph) => {
    await deleteAttachmentOfEnvelope(trx, graph.envelope.id, attachmentId);
    return { result: undefined, data: { id: attachmentId } };
  });
}

async function attachmentEnvelopeId(ctx: Ctx, platformId: number, attachmentId: string): Promise<number> {
  const id = await envelopeOfAttachment(ctx.db, platformId, attachmentId);
  if (id === undefined) throw notFound('Attachment');
  return id;
}
