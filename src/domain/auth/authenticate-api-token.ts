import { readChangeStampAtOnce, type ChangeStamp } from '../../db/change-stamp.js';
import type { Db } from '../../db/database.js';
import { whenReady, type MaybePromise } from '../../db/point-read.js';
import {
  findApiTokenByHashReader,
  findApiTokenByIdReader,
  type ApiTokenAuthRow,
} from '../../db/repositories/api-token.repo.js';
import { AppError } from '../../errors.js';
import type { Ctx } from '../context.js';
import { hashApiToken, hashesEqual, isApiTokenShaped } from './api-token-format.js';
import { isPresignShaped, openPresignToken, targetOf } from './presign-token.js';
import type { Principal } from './principal.js';
import { recordTokenUse } from './record-token-use.js';

/** Token rows seen lately, trusted only while nothing was committed since they were read. */
interface TokenCache {
  rows: Map<string, { row: ApiTokenAuthRow; stamp: string }>;
  read: ReturnType<typeof findApiTokenByHashReader>;
  /** Issuers of presign tokens, by token id, under the same rule. */
  issuers: Map<string, { row: ApiTokenAuthRow; stamp: string }>;
  readById: ReturnType<typeof findApiTokenByIdReader>;
}

const MAX_CACHED_TOKENS = 10_000;
const caches = new WeakMap<Db, TokenCache>();

/**
 * Resolves an Authorization header to a principal. Accepts `Bearer api_…` (the spec) and a bare
 * `api_…` (what Documenso's SDK sends). Every failure answers the same 401, so a caller cannot
 * tell a revoked token from an unknown one.
 *
 * The token row is read by its hash (one index probe, synchronous on SQLite). A row already read
 * is reused only while the database's change stamp has not moved since, so a revocation by this
 * process, another node or the CLI holds for the very next request; expiry is checked against
 * the clock every time. Only rows that exist are kept: unknown tokens cost a read, not memory.
 * `stamp`: the change stamp the caller read for this request (when not given: read here on SQLite,
 * null on PostgreSQL, whose stamp is exact only after a turn of the event loop).
 * @throws UNAUTHORIZED
 */
export function authenticateApiToken(
  ctx: Ctx,
  authorization: string | undefined,
  stamp: ChangeStamp = readChangeStampAtOnce(ctx.db),
): MaybePromise<Principal> {
  const token = tokenFromAuthorization(authorization);
  if (!token)
    throw new AppError('UNAUTHORIZED', 'Authorization not provided: send the header "Authorization: Bearer api_…"');
  if (isPresignShaped(token)) return authenticatePresignToken(ctx, token, stamp);
  if (!isApiTokenShaped(token)) throw invalidToken();
  const hash = hashApiToken(token);
  const cache = cacheOf(ctx.db);
  const seen = cache.rows.get(hash);
  if (seen && stamp !== null && seen.stamp === stamp) return principalOf(ctx, seen.row);
  return whenReady(cache.read(hash), (row) => {
    cache.rows.delete(hash);
    if (!row || !hashesEqual(row.tokenHash, hash)) throw invalidToken();
    if (stamp !== null) {
      if (cache.rows.size >= MAX_CACHED_TOKENS) cache.rows.delete(cache.rows.keys().next().value as string);
      cache.rows.set(hash, { row, stamp });
    }
    return principalOf(ctx, row);
  });
}

/**
 * A presign token: its sealed claims (no read), then its issuer's row, kept like the token rows,
 * so the issuer's revocation or expiry ends it on the next request. It acts with the issuer's
 * platform and scope, never wider, and expires on its own clock too.
 * @throws UNAUTHORIZED
 */
export function authenticatePresignToken(
  ctx: Ctx,
  token: string,
  stamp: ChangeStamp = readChangeStampAtOnce(ctx.db),
): MaybePromise<Principal> {
  const claims = openPresignToken(ctx, token);
  if (!claims || claims.e <= ctx.clock().getTime()) throw invalidToken();
  const presign = { target: targetOf(claims) };
  const cache = cacheOf(ctx.db);
  const seen = cache.issuers.get(claims.t);
  const admit = (row: ApiTokenAuthRow): Principal => {
    if (row.platformId !== claims.p) throw invalidToken();
    return { ...principalOf(ctx, row), presign };
  };
  if (seen && stamp !== null && seen.stamp === stamp) return admit(seen.row);
  return whenReady(cache.readById(claims.t), (row) => {
    cache.issuers.delete(claims.t);
    if (!row) throw invalidToken();
    if (stamp !== null) {
      if (cache.issuers.size >= MAX_CACHED_TOKENS) cache.issuers.delete(cache.issuers.keys().next().value as string);
      cache.issuers.set(claims.t, { row, stamp });
    }
    return admit(row);
  });
}

function principalOf(ctx: Ctx, row: ApiTokenAuthRow): Principal {
  if (
    row.revokedAt !== null ||
    (row.expiresAt !== null && row.expiresAt <= ctx.clock().toISOString()) ||
    row.environment !== ctx.config.environment
  ) {
    throw invalidToken();
  }
  recordTokenUse(ctx, row.id);
  return {
    platformId: row.platformId,
    platformName: row.platformName,
    tokenId: row.id,
    scope: row.scope,
    environment: row.environment,
  };
}

function invalidToken(): AppError {
  return new AppError(
    'UNAUTHORIZED',
    'The API or presign token is invalid, expired, revoked or for another environment',
  );
}

/** The token of an Authorization header (`Bearer api_…` or a bare token), or null. */
export function tokenFromAuthorization(header: string | undefined): string | null {
  if (!header) return null;
  const value = header.trim();
  const match = /^Bearer\s+(\S+)$/i.exec(value);
  if (match) return match[1] ?? null;
  return /^\S+$/.test(value) ? value : null;
}

function cacheOf(db: Db): TokenCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = {
      rows: new Map(),
      read: findApiTokenByHashReader(db),
      issuers: new Map(),
      readById: findApiTokenByIdReader(db),
    };
    caches.set(db, cache);
  }
  return cache;
}
