import { createHash } from 'node:crypto';
import type { Db } from '../../db/database.js';
import {
  findUploadUrlByTokenHash,
  insertUploadUrl,
  markUploadUrlUsed,
  type UploadUrlRow,
} from '../../db/repositories/upload-url.repo.js';
import { AppError } from '../../errors.js';
import type { Ctx } from '../context.js';
import { randomToken } from '../ids.js';
import type { StoredPendingField } from '../../lib/stored/pending-field.js';

export type { UploadUrlRow } from '../../db/repositories/upload-url.repo.js';

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * A document created without its PDF (v1 `documents`, v2 `document/create/beta`) takes it
 * afterwards at an upload URL. Firma's URL is a capability of its own (no object store needed):
 * 256 random bits, stored hashed, single use, short-lived, bound to one document of one platform.
 * Written in the creation's transaction, with the fields that wait for the PDF's page count. The
 * URL sits under the API version that issued it; either version's route receives it.
 */
export async function issueUploadUrl(
  ctx: Ctx,
  trx: Db,
  input: { envelopeId: number; platformId: number; api: 'v1' | 'v2'; pendingFields?: StoredPendingField[] },
  now: Date,
): Promise<string> {
  const token = randomToken(32);
  await insertUploadUrl(trx, {
    tokenHash: hashOf(token),
    envelopeId: input.envelopeId,
    platformId: input.platformId,
    expiresAt: new Date(now.getTime() + ctx.config.v1.uploadTtlMinutes * 60_000).toISOString(),
    usedAt: null,
    createdAt: now.toISOString(),
    pendingFields: input.pendingFields ?? [],
  });
  return `${ctx.config.publicUrl}/api/${input.api}/uploads/${token}`;
}

const ALREADY_USED = 'This upload URL has already been used: a document takes its PDF once';

/**
 * The upload URL behind a token, while it may still be used.
 * @throws NOT_FOUND (unknown URL), UPLOAD_ALREADY_USED, UPLOAD_EXPIRED
 */
export async function openUploadUrl(ctx: Ctx, token: string, now: Date): Promise<UploadUrlRow> {
  const upload = await findUploadUrlByTokenHash(ctx.db, hashOf(token));
  if (!upload) throw new AppError('NOT_FOUND', 'This upload URL is not valid');
  if (upload.usedAt) throw new AppError('UPLOAD_ALREADY_USED', ALREADY_USED);
  if (upload.expiresAt <= now.toISOString())
    throw new AppError('UPLOAD_EXPIRED', 'This upload URL has expired; create the document again');
  return upload;
}

/**
 * Spends the capability inside the transaction that stores the PDF, so of two concurrent uploads
 * exactly one is kept.
 * @throws UPLOAD_ALREADY_USED
 */
export async function spendUploadUrl(trx: Db, upload: UploadUrlRow, now: Date): Promise<void> {
  if (!(await markUploadUrlUsed(trx, upload.platformId, upload.tokenHash, now.toISOString())))
    throw new AppError('UPLOAD_ALREADY_USED', ALREADY_USED);
}
