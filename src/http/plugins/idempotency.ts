import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest, onSendAsyncHookHandler, preHandlerAsyncHookHandler } from 'fastify';
import type { Ctx } from '../../domain/context.js';
import type { Db } from '../../db/database.js';
import { deleteExpiredKey, findKey, insertRunningKey, releaseKey, renewKeyLease, storeKeyAnswer, takeOverLapsedKey } from '../../db/repositories/idempotency-key.repo.js';
import { AppError } from '../../errors.js';
import { canonicalJson } from '../../lib/canonical-json.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route creates or distributes something: an `Idempotency-Key` header makes a repeat safe.
     * `json`: checked before the handler from the parsed body; `multipart`: the handler calls
     * `idempotencyGate` once the payload and the files' SHA-256 are known.
     */
    idempotent?: 'json' | 'multipart';
  }
  interface FastifyRequest {
    idempotencyClaim: { platformId: number; key: string; renewal: NodeJS.Timeout; storedInTransaction: boolean } | null;
  }
}

const TTL_MS = 24 * 60 * 60 * 1000;
const MAX_KEY_LENGTH = 255;
/** A running key's lease, renewed while its request runs; a dead owner's key is free after it. */
const LEASE_MS = 30_000;
const RENEW_EVERY_MS = 10_000;

/**
 * Idempotency-Key on creating and distributing POSTs. The first request with a key claims it
 * (a row keyed by platform and key: on PostgreSQL the primary key decides between nodes); its
 * answer is stored for 24 h. A repeat with the same request gets that answer again with
 * `Idempotent-Replayed: true` and changes nothing; the same key with another request is 422; a
 * repeat while the first is still running is 409. A first attempt that fails with a 5xx releases
 * the key so the client can retry.
 */
export function registerIdempotency(app: FastifyInstance, ctx: Ctx): void {
  if (!app.hasRequestDecorator('idempotencyClaim')) app.decorateRequest('idempotencyClaim', null);

  const gateJsonBody: preHandlerAsyncHookHandler = async (request, reply) => {
    if (await idempotencyGate(ctx, request, reply, { body: request.body ?? null, params: request.params ?? null })) return reply;
  };

  const storeAnswer: onSendAsyncHookHandler = async (request, reply, payload) => {
    const claim = request.idempotencyClaim;
    if (!claim) return payload;
    request.idempotencyClaim = null;
    clearInterval(claim.renewal);
    // Stored with the creation; any other status means that transaction rolled back.
    if (claim.storedInTransaction && reply.statusCode === 200) return payload;
    if (reply.statusCode >= 500) {
      await releaseKey(ctx.db, claim.platformId, claim.key);
      return payload;
    }
    // Sealed at rest: first answers carry signing URLs and webhook secrets.
    const body = typeof payload === 'string' ? ctx.secrets.seal(payload) : null;
    await storeKeyAnswer(ctx.db, claim.platformId, claim.key, { status: reply.statusCode, body, contentType: String(reply.getHeader('content-type') ?? 'application/json') });
    return payload;
  };

  // A request that ends without a reply being sent (the client went away) stops renewing.
  app.addHook('onResponse', (request, _reply, done) => {
    if (request.idempotencyClaim) clearInterval(request.idempotencyClaim.renewal);
    done();
  });

  // Only the routes that opted in carry these hooks: reads pay nothing for idempotency.
  app.addHook('onRoute', (route) => {
    const mode = route.config?.idempotent;
    if (!mode) return;
    if (mode === 'json') route.preHandler = [...asArray(route.preHandler), gateJsonBody];
    route.onSend = [...asArray(route.onSend), storeAnswer];
  });
}

function asArray<T>(value: T | T[] | undefined): T[] {
  return value === undefined ? [] : Array.isArray(value) ? value : [value];
}

/**
 * Claims the request's Idempotency-Key, or answers it from the stored first answer. Returns true
 * when it answered (the handler must stop).
 * @throws VALIDATION_ERROR (key too long), IDEMPOTENCY_KEY_REUSED (422), IDEMPOTENCY_IN_PROGRESS (409)
 */
export async function idempotencyGate(ctx: Ctx, request: FastifyRequest, reply: FastifyReply, fingerprint: unknown): Promise<boolean> {
  const header = request.headers['idempotency-key'];
  if (header === undefined || !request.principal) return false;
  const key = Array.isArray(header) ? header[0]! : header;
  if (key.length === 0 || key.length > MAX_KEY_LENGTH) throw new AppError('VALIDATION_ERROR', `Idempotency-Key must be 1 to ${MAX_KEY_LENGTH} characters`, { issues: [{ message: 'Idempotency-Key: 1 to 255 characters', path: ['Idempotency-Key'] }] });
  const route = (request.routeOptions.url ?? '').replace(/^\/api\/v2-beta\//, '/api/v2/');
  const requestHash = createHash('sha256').update(`${request.method} ${route}\n${canonicalJson(fingerprint)}`).digest('hex');
  const platformId = request.principal.platformId;
  const now = new Date();
  const leaseUntil = new Date(now.getTime() + LEASE_MS).toISOString();
  // A stored answer older than the TTL no longer counts: the key is free again.
  await deleteExpiredKey(ctx.db, platformId, key, now.toISOString());
  const row = { platformId, key, requestHash, state: 'running' as const, status: null, body: null, contentType: null, createdAt: now.toISOString(), expiresAt: new Date(now.getTime() + TTL_MS).toISOString(), leaseUntil };
  if (await insertRunningKey(ctx.db, row)) {
    holdClaim(ctx, request, platformId, key);
    return false;
  }
  const existing = await findKey(ctx.db, platformId, key);
  if (!existing) throw new AppError('IDEMPOTENCY_IN_PROGRESS', 'A request with this Idempotency-Key is being processed; retry shortly');
  if (existing.requestHash !== requestHash) throw new AppError('IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was used for a different request; use a new key for a new request');
  if (existing.state !== 'done') {
    // The first request's process died without an answer (its creation, if any, rolled back with
    // it, since creating routes store the answer in the creating transaction): take the key over.
    if (await takeOverLapsedKey(ctx.db, { platformId, key, requestHash, now: now.toISOString(), leaseUntil })) {
      holdClaim(ctx, request, platformId, key);
      return false;
    }
    throw new AppError('IDEMPOTENCY_IN_PROGRESS', 'The first request with this Idempotency-Key is still running; retry shortly', { headers: { 'Retry-After': '2' } });
  }
  await reply
    .status(existing.status ?? 200)
    .header('Idempotent-Replayed', 'true')
    .type(existing.contentType ?? 'application/json')
    .send(existing.body ? ctx.secrets.open(existing.body) : '');
  return true;
}

function holdClaim(ctx: Ctx, request: FastifyRequest, platformId: number, key: string): void {
  const renewal = setInterval(() => {
    renewKeyLease(ctx.db, platformId, key, new Date(Date.now() + LEASE_MS).toISOString()).catch((error: unknown) => request.log.warn({ err: error }, 'idempotency lease not renewed'));
  }, RENEW_EVERY_MS);
  renewal.unref();
  request.idempotencyClaim = { platformId, key, renewal, storedInTransaction: false };
}

/**
 * For creating routes: stores the answer inside the creating transaction, so a crash after the
 * commit still replays it (and a crash before leaves neither the creation nor the answer).
 * Undefined when the request holds no Idempotency-Key. `body` must be what the route then
 * answers, with status 200.
 */
export function answerInTransaction(ctx: Ctx, request: FastifyRequest): ((trx: Db, body: unknown) => Promise<void>) | undefined {
  const claim = request.idempotencyClaim;
  if (!claim) return undefined;
  return async (trx, body) => {
    await storeKeyAnswer(trx, claim.platformId, claim.key, { status: 200, body: ctx.secrets.seal(JSON.stringify(body)), contentType: 'application/json; charset=utf-8' });
    // Only once the statement ran; a later rollback reaches onSend as an error, which releases the key.
    claim.storedInTransaction = true;
  };
}
