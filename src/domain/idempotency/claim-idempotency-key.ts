import {
  deleteExpiredKey,
  findKey,
  insertRunningKey,
  renewKeyLease,
  takeOverLapsedKey,
} from '../../db/repositories/idempotency-key.repo.js';
import { AppError } from '../../errors.js';
import type { Ctx } from '../context.js';

const TTL_MS = 24 * 60 * 60 * 1000;
/** A running key's lease, renewed while its request runs; a dead owner's key is free after it. */
export const IDEMPOTENCY_LEASE_MS = 30_000;

/** The first answer given under a key, opened, to be sent again. */
export interface StoredIdempotentAnswer {
  status: number;
  body: string;
  contentType: string;
}

/**
 * Claims an Idempotency-Key for a request (the row keyed by platform and key decides between
 * concurrent requests, on any number of nodes). Null when this request now holds the key (its
 * lease must then be renewed while it runs); the stored first answer when the same request was
 * already answered.
 * @throws IDEMPOTENCY_KEY_REUSED (another request under this key), IDEMPOTENCY_IN_PROGRESS (the first still runs)
 */
export async function claimIdempotencyKey(
  ctx: Ctx,
  input: { platformId: number; key: string; requestHash: string },
  now: Date,
): Promise<StoredIdempotentAnswer | null> {
  const { platformId, key, requestHash } = input;
  const leaseUntil = new Date(now.getTime() + IDEMPOTENCY_LEASE_MS).toISOString();
  // A stored answer older than the TTL no longer counts: the key is free again.
  await deleteExpiredKey(ctx.db, platformId, key, now.toISOString());
  const row = {
    platformId,
    key,
    requestHash,
    state: 'running' as const,
    status: null,
    body: null,
    contentType: null,
    createdAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + TTL_MS).toISOString(),
    leaseUntil,
  };
  if (await insertRunningKey(ctx.db, row)) return null;
  const existing = await findKey(ctx.db, platformId, key);
  if (!existing)
    throw new AppError(
      'IDEMPOTENCY_IN_PROGRESS',
      'A request with this Idempotency-Key is being processed; retry shortly',
    );
  if (existing.requestHash !== requestHash)
    throw new AppError(
      'IDEMPOTENCY_KEY_REUSED',
      'This Idempotency-Key was used for a different request; use a new key for a new request',
    );
  if (existing.state !== 'done') {
    // The first request's process died without an answer (its creation, if any, rolled back with
    // it, since creating routes store the answer in the creating transaction): take the key over.
    if (await takeOverLapsedKey(ctx.db, { platformId, key, requestHash, now: now.toISOString(), leaseUntil }))
      return null;
    throw new AppError(
      'IDEMPOTENCY_IN_PROGRESS',
      'The first request with this Idempotency-Key is still running; retry shortly',
      { headers: { 'Retry-After': '2' } },
    );
  }
  return {
    status: existing.status ?? 200,
    body: existing.body ? ctx.secrets.open(existing.body) : '',
    contentType: existing.contentType ?? 'application/json',
  };
}

/** Extends the lease of a key this request holds, from `now`. */
export async function renewIdempotencyLease(
  ctx: Ctx,
  claim: { platformId: number; key: string },
  now: number,
): Promise<void> {
  await renewKeyLease(ctx.db, claim.platformId, claim.key, new Date(now + IDEMPOTENCY_LEASE_MS).toISOString());
}
