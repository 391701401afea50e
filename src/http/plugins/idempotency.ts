import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest, onSendAsyncHookHandler, preHandlerAsyncHookHandler } from 'fastify';
import type { Ctx } from '../../domain/context.js';
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
    idempotencyClaim: { platformId: number; key: string } | null;
  }
}

const TTL_MS = 24 * 60 * 60 * 1000;
const MAX_KEY_LENGTH = 255;

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
    if (reply.statusCode >= 500) {
      await ctx.db.deleteFrom('idempotencyKey').where('platformId', '=', claim.platformId).where('key', '=', claim.key).execute();
      return payload;
    }
    await ctx.db
      .updateTable('idempotencyKey')
      // Sealed at rest: first answers carry signing URLs and webhook secrets.
      .set({ state: 'done', status: reply.statusCode, body: typeof payload === 'string' ? ctx.secrets.seal(payload) : null, contentType: String(reply.getHeader('content-type') ?? 'application/json') })
      .where('platformId', '=', claim.platformId)
      .where('key', '=', claim.key)
      .execute();
    return payload;
  };

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
  // A stored answer older than the TTL no longer counts: the key is free again.
  await ctx.db.deleteFrom('idempotencyKey').where('platformId', '=', platformId).where('key', '=', key).where('expiresAt', '<=', now.toISOString()).execute();
  const inserted = await ctx.db
    .insertInto('idempotencyKey')
    .values({ platformId, key, requestHash, state: 'running', status: null, body: null, contentType: null, createdAt: now.toISOString(), expiresAt: new Date(now.getTime() + TTL_MS).toISOString() })
    .onConflict((oc) => oc.columns(['platformId', 'key']).doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1) {
    request.idempotencyClaim = { platformId, key };
    return false;
  }
  const existing = await ctx.db.selectFrom('idempotencyKey').selectAll().where('platformId', '=', platformId).where('key', '=', key).executeTakeFirst();
  if (!existing) throw new AppError('IDEMPOTENCY_IN_PROGRESS', 'A request with this Idempotency-Key is being processed; retry shortly');
  if (existing.requestHash !== requestHash) throw new AppError('IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was used for a different request; use a new key for a new request');
  if (existing.state !== 'done') throw new AppError('IDEMPOTENCY_IN_PROGRESS', 'The first request with this Idempotency-Key is still running; retry shortly');
  await reply
    .status(existing.status ?? 200)
    .header('Idempotent-Replayed', 'true')
    .type(existing.contentType ?? 'application/json')
    .send(existing.body ? ctx.secrets.open(existing.body) : '');
  return true;
}
