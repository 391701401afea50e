import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { hashApiToken } from '../../domain/auth/api-token-format.js';
import { tokenFromAuthorization } from '../../domain/auth/authenticate-api-token.js';
import type { Ctx } from '../../domain/context.js';
import { AppError } from '../../errors.js';
import type { RateLimitScope } from '../../infra/metrics/metrics.js';
import { createRateLimiter, type RateLimiter, type RateLimitHit } from '../../infra/rate-limit/rate-limiter.js';

declare module 'fastify' {
  interface FastifyInstance {
    rateLimiter: RateLimiter;
  }
}

const EXEMPT = new Set(['/health', '/ready']);

/**
 * Rate limits, checked before anything else runs: per API token on the API (keyed by a hash of
 * the Authorization header, so counting costs no token lookup and an attacker's garbage tokens
 * are counted too), per IP for the signing API, the signing page, direct links and unauthenticated calls.
 * Every answer carries RateLimit-Limit, RateLimit-Remaining and RateLimit-Reset (and Documenso's
 * X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset); a refusal is
 * 429 TOO_MANY_REQUESTS with Retry-After.
 */
export function registerRateLimit(app: FastifyInstance, ctx: Ctx): void {
  const limiter = createRateLimiter(ctx.db, {
    redisUrl: ctx.config.redis.url,
    redisPrefix: ctx.config.redis.prefix,
    flushMs: ctx.config.rateLimit.flushMs,
    log: ctx.log,
  });
  app.addHook('onClose', async () => limiter.close());
  // One counter per process: routes with limits of their own (direct links) count here too, so
  // /api/v2 and /api/v2-beta share them and no second Redis connection or flush timer exists.
  app.decorate('rateLimiter', limiter);
  // Callback style: with the in-memory counters the request goes on without a promise.
  app.addHook('onRequest', (request, reply, done) => {
    const query = request.url.indexOf('?');
    const path = query < 0 ? request.url : request.url.slice(0, query);
    if (EXEMPT.has(path)) return done();
    const signing = isSigningRoute(request.routeOptions.url ?? path);
    const limit = signing ? ctx.config.rateLimit.signingPerMinute : ctx.config.rateLimit.perMinute;
    const byToken = signing ? null : tokenKey(request.headers.authorization);
    const key = signing ? `ip:s:${request.ip}` : (byToken ?? `ip:a:${request.ip}`);
    const scope: RateLimitScope = signing ? 'signing' : byToken ? 'token' : 'ip';
    const now = Date.now();
    let hit: RateLimitHit | Promise<RateLimitHit>;
    try {
      hit = limiter.hit(key, now);
    } catch (error) {
      return done(error as Error);
    }
    const judge = (h: RateLimitHit) => {
      const refusal = count(reply, limit, h, now);
      if (refusal) ctx.metrics.rateLimitRefusal(scope);
      return refusal;
    };
    if (hit instanceof Promise)
      hit.then(
        (h) => done(judge(h)),
        (error: Error) => done(error),
      );
    else done(judge(hit));
  });
}

/**
 * Signing routes are counted per IP. Classified by the route Fastify matched (its pattern), not by
 * the raw path: `/api/v2/%73igning/{token}` is routed as the signing API and must be counted as it.
 * Unmatched paths fall back to their decoded spelling.
 */
function isSigningRoute(routeOrPath: string): boolean {
  let path = routeOrPath;
  if (path.includes('%')) {
    try {
      path = decodeURIComponent(path);
    } catch {
      // not decodable: not a route either; counted by its raw spelling
    }
  }
  return (
    path.startsWith('/api/v2/signing/') ||
    path.startsWith('/api/v2-beta/signing/') ||
    path.startsWith('/api/v2/direct/') ||
    path.startsWith('/api/v2-beta/direct/') ||
    path.startsWith('/sign/') ||
    path.startsWith('/d/') ||
    path.startsWith('/sign-assets/')
  );
}

/** Per token: the same hash the authentication computes (so counting costs no extra work); garbage is counted per value. */
function tokenKey(authorization: string | undefined): string | null {
  if (!authorization) return null;
  const token = tokenFromAuthorization(authorization);
  return `tok:${(token ? hashApiToken(token) : createHash('sha256').update(authorization).digest('hex')).slice(0, 32)}`;
}

function count(
  reply: FastifyReply,
  limit: number,
  { count, resetAt }: RateLimitHit,
  now: number,
): AppError | undefined {
  const resetSeconds = Math.max(1, Math.ceil((resetAt - now) / 1000));
  const remaining = Math.max(0, limit - count);
  // Lower-case names, as Fastify sends them anyway (see response-headers.ts). The X- trio is
  // Documenso's, for clients written against it: its reset is a UTC epoch second, the standard
  // one a number of seconds from now.
  void reply
    .header('ratelimit-limit', limit)
    .header('ratelimit-remaining', remaining)
    .header('ratelimit-reset', resetSeconds)
    .header('x-ratelimit-limit', limit)
    .header('x-ratelimit-remaining', remaining)
    .header('x-ratelimit-reset', Math.ceil(resetAt / 1000));
  if (count <= limit) return undefined;
  return new AppError('TOO_MANY_REQUESTS', `Too many requests: at most ${limit} a minute; retry in ${resetSeconds} s`, {
    headers: { 'Retry-After': String(resetSeconds) },
  });
}
