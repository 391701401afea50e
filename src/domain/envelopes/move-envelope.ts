import { lockCallerEnvelope } from './lock-caller-envelope.js';
import { loadEnvelopeParts, updateEnvelope } from '../../db/repositories/envelope.repo.js';
import { recordTemplateUpdated } from '../events/template-events.js';
import { notFound } from '../../errors.js';
import { appendAuditEvent } from '../audit/append-audit-event.js';
import { apiActor, type ApiCaller } from '../auth/principal.js';
import type { Ctx } from '../context.js';
import { lockFolderFor } from '../folders/folder-rules.js';
import { envelopeLiteView } from '../model/envelope-views.js';
import { forgetEnvelopeCounts } from './find-envelopes.js';

/**
 * Files an envelope in a folder (null: the root), in any state: a completed or cancelled document
 * is filed away too, and where it is filed is no part of what was signed. Still one transaction
 * with its audit entry (DOCUMENT_META_UPDATED naming `folderId`, like any other update), written
 * only when the folder changes.
 * @throws NOT_FOUND (envelope or folder), FOLDER_TYPE_MISMATCH
 */
export async function moveEnvelopeToFolder(
  ctx: Ctx,
  caller: ApiCaller,
  envelopeId: string | number,
  folderId: string | null,
) {
  const platformId = caller.principal.platformId;
  const view = await ctx.db.transaction().execute(async (trx) => {
    const envelope = await lockCallerEnvelope(
      trx,
      caller,
      typeof envelopeId === 'number' ? { documentId: envelopeId } : { publicId: envelopeId },
    );
    if (!envelope) throw notFound('Envelope');
    if (folderId)
      await lockFolderFor(trx, platformId, folderId, envelope.type, ['data', 'folderId'], caller.principal.member);
    if (envelope.folderId !== folderId) {
      const now = ctx.clock();
      await updateEnvelope(trx, envelope.id, { folderId }, now);
      await appendAuditEvent(ctx, trx, {
        envelopeId: envelope.id,
        type: 'DOCUMENT_META_UPDATED',
        data: { changed: ['folderId'] },
        actor: apiActor(caller),
        request: caller.request,
        at: now,
      });
      Object.assign(envelope, { folderId, updatedAt: now.toISOString() });
      if (envelope.type === 'TEMPLATE') await recordTemplateUpdated(trx, await loadEnvelopeParts(trx, envelope), now);
    }
    return envelopeLiteView(envelope);
  });
  forgetEnvelopeCounts(platformId);
  return view;
}
