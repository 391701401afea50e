import type { Db } from '../../db/database.js';
import { recordApiTokenUse } from '../../db/repositories/api-token.repo.js';
import type { Ctx } from '../context.js';

/** How fine "last used" is: a token's use is written at most once in this long. */
export const TOKEN_USE_RECORDED_EVERY_MS = 3_600_000;

const MAX_REMEMBERED_TOKENS = 10_000;
/** Per database: when this process last recorded (or found recorded) each token's use. */
const recordedAt = new WeakMap<Db, Map<string, number>>();

/**
 * Notes that a token authenticated a request, without a write per request: this process skips
 * the token while its last recording is under an hour old (a map lookup, no statement), and the
 * one statement it then sends is a conditional UPDATE by primary key that changes nothing when
 * another process recorded the use within the hour. Not awaited: the request never waits for it,
 * and a failed recording is logged and retried at the token's next use.
 */
export function recordTokenUse(ctx: Ctx, tokenId: string): void {
  let seen = recordedAt.get(ctx.db);
  if (!seen) recordedAt.set(ctx.db, (seen = new Map<string, number>()));
  const now = ctx.clock().getTime();
  const last = seen.get(tokenId);
  if (last !== undefined && now - last < TOKEN_USE_RECORDED_EVERY_MS) return;
  seen.delete(tokenId);
  if (seen.size >= MAX_REMEMBERED_TOKENS) seen.delete(seen.keys().next().value as string);
  seen.set(tokenId, now);
  const since = new Date(now - TOKEN_USE_RECORDED_EVERY_MS).toISOString();
  recordApiTokenUse(ctx.db, tokenId, new Date(now).toISOString(), since).catch((error: unknown) => {
    seen.delete(tokenId);
    ctx.log.warn({ err: error, tokenId }, 'recording an API token’s last use failed');
  });
}
