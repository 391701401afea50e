import { createHash } from 'node:crypto';
import { insertItem, lockEnvelope } from '../../db/repositories/envelope.repo.js';
import { findV1UploadByTokenHash, insertV1Upload, markV1UploadUsed } from '../../db/repositories/v1-upload.repo.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import type { StagedBlob } from '../../infra/storage/blob-store.js';
import { appendAuditEvent } from '../audit/append-audit-event.js';
import type { Ctx } from '../context.js';
import { forgetEnvelopeCounts } from '../envelopes/find-envelopes.js';
import { newId, randomToken } from '../ids.js';
import { inspectUpload } from '../uploads/inspect-upload.js';

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * v1 creates a document first and takes its PDF afterwards at an upload URL. Firma's URL is a
 * capability of its own (no object store needed): 256 random bits, stored hashed, single use,
 * short-lived, bound to one document. Written in the creation's transaction.
 */
export async function issueUploadUrl(
  ctx: Ctx,
  trx: Db,
  envelopeId: number,
  platformId: number,
  now: Date,
): Promise<string> {
  const token = randomToken(32);
  await insertV1Upload(trx, {
    tokenHash: hashOf(token),
    envelopeId,
    platformId,
    expiresAt: new Date(now.getTime() + ctx.config.v1.uploadTtlMinutes * 60_000).toISOString(),
    usedAt: null,
    createdAt: now.toISOString(),
  });
  return `${ctx.config.publicUrl}/api/v1/uploads/${token}`;
}

/**
 * Receives the PDF of a v1 document at its upload URL: the same checks and limits as every upload,
 * then the item, the use of the capability and the audit entry in one transaction.
 * @throws NOT_FOUND (unknown URL), UPLOAD_ALREADY_USED, UPLOAD_EXPIRED, NOT_A_PDF, PDF_* , PAYLOAD_TOO_LARGE
 */
export async function receiveUpload(
  ctx: Ctx,
  token: string,
  staged: StagedBlob,
): Promise<{ documentId: number; pageCount: number }> {
  try {
    const upload = await findV1UploadByTokenHash(ctx.db, hashOf(token));
    if (!upload) throw new AppError('NOT_FOUND', 'This upload URL is not valid');
    const now = ctx.clock();
    if (upload.usedAt)
      throw new AppError('UPLOAD_ALREADY_USED', 'This upload URL has already been used: a document takes its PDF once');
    if (upload.expiresAt <= now.toISOString())
      throw new AppError('UPLOAD_EXPIRED', 'This upload URL has expired; create the document again');
    const info = await inspectUpload(ctx, staged, 'file');
    await staged.commit();
    const result = await ctx.db.transaction().execute(async (trx) => {
      const envelope = await lockEnvelope(trx, upload.platformId, { documentId: upload.envelopeId });
      if (!envelope) throw new AppError('NOT_FOUND', 'This upload URL is not valid');
      if (!(await markV1UploadUsed(trx, upload.platformId, upload.tokenHash, now.toISOString())))
        throw new AppError(
          'UPLOAD_ALREADY_USED',
          'This upload URL has already been used: a document takes its PDF once',
        );
      if (envelope.status !== 'DRAFT') throw new AppError('ENVELOPE_NOT_DRAFT', 'The document has already been sent');
      const item = {
        id: newId('envelope_item'),
        envelopeId: envelope.id,
        documentDataId: newId('document_data'),
        title: envelope.title,
        order: 1,
        originalSha256: staged.sha256,
        originalSize: staged.size,
        pageCount: info.pageCount,
        pages: JSON.stringify(info.pages.map((p) => ({ width: p.width, height: p.height, rotation: p.rotation }))),
        finalSha256: null,
        createdAt: now.toISOString(),
      };
      await insertItem(trx, item);
      await appendAuditEvent(ctx, trx, {
        envelopeId: envelope.id,
        type: 'ENVELOPE_ITEM_CREATED',
        data: {
          id: item.id,
          title: item.title,
          sha256: item.originalSha256,
          pages: item.pageCount,
          via: 'v1 upload URL',
        },
        actor: { kind: 'system' },
        at: now,
      });
      return { documentId: envelope.id, pageCount: info.pageCount };
    });
    forgetEnvelopeCounts(upload.platformId);
    return result;
  } finally {
    await staged.discard();
  }
}
