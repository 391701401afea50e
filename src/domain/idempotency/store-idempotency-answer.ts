import type { Db } from '../../db/database.js';
import { releaseKey, storeKeyAnswer } from '../../db/repositories/idempotency-key.repo.js';
import type { Ctx } from '../context.js';

/** Stores the answer inside a creating use case's transaction (see `withinTransaction`). */
export type StoreAnswerInTransaction = (trx: Db, body: unknown) => Promise<void>;

/**
 * Records the first answer given under a key, sealed at rest: first answers carry signing URLs
 * and webhook secrets. Given the creating transaction (`trx`), it commits (or not) with the
 * creation. A null body stores none.
 */
export async function storeIdempotencyAnswer(
  ctx: Ctx,
  claim: { platformId: number; key: string },
  answer: { status: number; body: string | null; contentType: string },
  trx: Db = ctx.db,
): Promise<void> {
  await storeKeyAnswer(trx, claim.platformId, claim.key, {
    status: answer.status,
    body: answer.body === null ? null : ctx.secrets.seal(answer.body),
    contentType: answer.contentType,
  });
}

/** Frees a key whose request failed (5xx), so the client may retry it. */
export async function releaseIdempotencyKey(ctx: Ctx, claim: { platformId: number; key: string }): Promise<void> {
  await releaseKey(ctx.db, claim.platformId, claim.key);
}
