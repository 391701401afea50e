import { createHash } from 'node:crypto';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onResponseHookHandler,
  onSendAsyncHookHandler,
  preHandlerAsyncHookHandler,
} from 'fastify';
import type { Ctx } from '../../domain/context.js';
import { claimIdempotencyKey, renewIdempotencyLease } from '../../domain/idempotency/claim-idempotency-key.js';
import {
  releaseIdempotencyKey,
  storeIdempotencyAnswer,
  type StoreAnswerInTransaction,
} from '../../domain/idempotency/store-idempotency-answer.js';
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

const MAX_KEY_LENGTH = 255;
/** A third of the key's lease (`IDEMPOTENCY_LEASE_MS`): a late renewal or two does not lose it. */
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
    if (await idempotencyGate(ctx, request, reply, { body: request.body ?? null, params: request.params ?? null }))
      return reply;
  };

  const storeAnswer: onSendAsyncHookHandler = async (request, reply, payload) => {
    const claim = request.idempotencyClaim;
    if (!claim) return payload;
    request.idempotencyClaim = null;
    clearInterval(claim.renewal);
    // Stored with the creation; any other status means that transaction rolled back.
    if (claim.storedInTransaction && reply.statusCode === 200) return payload;
    // Never thrown from here: an onSend failure bypasses our error handler (Fastify's default
    // answers and logs instead), and the answer is already decided. A key left claimed expires
    // with its lease, after which the client's retry runs again.
    try {
      if (reply.statusCode >= 500) await releaseIdempotencyKey(ctx, claim);
      else
        await storeIdempotencyAnswer(ctx, claim, {
          status: reply.statusCode,
          body: typeof payload === 'string' ? payload : null,
          contentType: String(reply.getHeader('content-type') ?? 'application/json'),
        });
    } catch (error) {
      request.log.warn(
        { code: (error as { code?: unknown }).code, status: reply.statusCode },
        'idempotency key not released or answer not stored; it frees itself when its lease ends',
      );
    }
    return payload;
  };

  // A request that ends without a reply being sent (the client went away) stops renewing.
  const stopRenewing: onResponseHookHandler = (request, _reply, done) => {
    if (request.idempotencyClaim) clearInterval(request.idempotencyClaim.renewal);
    done();
  };

  // Only the routes that opted in carry these hooks: reads pay nothing for idempotency.
  app.addHook('onRoute', (route) => {
    const mode = route.config?.idempotent;
    if (!mode) return;
    if (mode === 'json') route.preHandler = [...asArray(route.preHandler), gateJsonBody];
    route.onSend = [...asArray(route.onSend), storeAnswer];
    route.onResponse = [...asArray(route.onResponse), stopRenewing];
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
export async function idempotencyGate(
  ctx: Ctx,
  request: FastifyRequest,
  reply: FastifyReply,
  fingerprint: unknown,
): Promise<boolean> {
  const header = request.headers['idempotency-key'];
  if (header === undefined || !request.principal) return false;
  const key = Array.isArray(header) ? header[0]! : header;
  if (key.length === 0 || key.length > MAX_KEY_LENGTH)
    throw new AppError('VALIDATION_ERROR', `Idempotency-Key must be 1 to ${MAX_KEY_LENGTH} characters`, {
      issues: [{ message: 'Idempotency-Key: 1 to 255 characters', path: ['Idempotency-Key'] }],
    });
  const route = (request.routeOptions.url ?? '').replace(/^\/api\/v2-beta\//, '/api/v2/');
  const requestHash = createHash('sha256')
    .update(`${request.method} ${route}\n${canonicalJson(fingerprint)}`)
    .digest('hex');
  const platformId = request.principal.platformId;
  const stored = await claimIdempotencyKey(ctx, { platformId, key, requestHash }, new Date());
  if (!stored) {
    holdClaim(ctx, request, platformId, key);
    return false;
  }
  await reply.status(stored.status).header('Idempotent-Replayed', 'true').type(stored.contentType).send(stored.body);
  return true;
}

function holdClaim(ctx: Ctx, request: FastifyRequest, platformId: number, key: string): void {
  const renewal = setInterval(() => {
    renewIdempotencyLease(ctx, { platformId, key }, Date.now()).catch((error: unknown) =>
      request.log.warn({ err: error }, 'idempotency lease not renewed'),
    );
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
export function answerInTransaction(ctx: Ctx, request: FastifyRequest): StoreAnswerInTransaction | undefined {
  const claim = request.idempotencyClaim;
  if (!claim) return undefined;
  return async (trx, body) => {
    await storeIdempotencyAnswer(
      ctx,
      claim,
      { status: 200, body: JSON.stringify(body), contentType: 'application/json; charset=utf-8' },
      trx,
    );
    // Only once the statement ran; a later rollback reaches onSend as an error, which releases the key.
    claim.storedInTransaction = true;
  };
}
