import type { EnvelopeType } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import type { ApiCaller } from '../auth/principal.js';
import type { Ctx } from '../context.js';
import { cancelEnvelope } from '../envelopes/cancel-envelope.js';
import { deleteEnvelope } from '../envelopes/delete-envelope.js';
import { distributeEnvelope } from '../envelopes/distribute-envelope.js';
import { duplicateEnvelope } from '../envelopes/duplicate-envelope.js';
import { moveEnvelopeToFolder } from '../envelopes/move-envelope.js';
import { redistributeEnvelope } from '../envelopes/redistribute-envelope.js';
import { mustAct } from '../model/signing-turn.js';
import { findVisibleEnvelope } from './visible-envelope.js';

/** What a member may do to a document (or, for delete, duplicate and move, a template) from the app. */
export type MemberAction =
  | { kind: 'distribute' }
  | { kind: 'resend'; recipientIds?: number[] | undefined }
  | { kind: 'cancel' }
  | { kind: 'duplicate' }
  | { kind: 'delete' }
  | { kind: 'move'; folderId: string | null };

/**
 * One action on an envelope the member may see, through the very use case the API runs for it (one
 * transaction, audited in the member's name, webhooks as usual): the app and the API do the same
 * thing. An envelope hidden by visibility, another platform's or unknown is NOT_FOUND and nothing
 * changes. `move` files it in a folder the member may see (null: out of any folder). `resend` without recipients sends the link again to everyone who still has to act.
 * @throws NOT_FOUND, and what each use case throws (ENVELOPE_NOT_PENDING, ENVELOPE_CANCELLED, …)
 */
export async function runMemberAction(
  ctx: Ctx,
  caller: ApiCaller,
  publicId: string,
  type: EnvelopeType,
  action: MemberAction,
): Promise<{ id: string }> {
  const graph = await findVisibleEnvelope(ctx, caller, publicId, type);
  const key = { publicId };
  if (type === 'TEMPLATE' && action.kind !== 'delete' && action.kind !== 'duplicate' && action.kind !== 'move')
    throw new AppError('TEMPLATE_NOT_DISTRIBUTABLE', 'A template is not sent: use it to make a document');
  switch (action.kind) {
    case 'distribute':
      await distributeEnvelope(ctx, caller, { key });
      return { id: publicId };
    case 'resend': {
      const waiting = graph.recipients
        .filter((r) => mustAct(r) && r.signingStatus === 'NOT_SIGNED' && r.tokenSealed !== null)
        .map((r) => r.id);
      const recipientIds = action.recipientIds ?? waiting;
      if (recipientIds.length === 0 && graph.envelope.status === 'PENDING')
        throw new AppError('VALIDATION_ERROR', 'Nobody is waiting to sign: there is no one to remind', {
          issues: [{ path: ['recipientIds'], message: 'no recipient still has to act' }],
        });
      await redistributeEnvelope(ctx, caller, { key, recipientIds });
      return { id: publicId };
    }
    case 'cancel':
      await cancelEnvelope(ctx, caller, key);
      return { id: publicId };
    case 'duplicate':
      return { id: (await duplicateEnvelope(ctx, caller, key)).publicId };
    case 'delete':
      await deleteEnvelope(ctx, caller, key);
      return { id: publicId };
    case 'move':
      await moveEnvelopeToFolder(ctx, caller, publicId, action.folderId);
      return { id: publicId };
  }
}
