import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../../domain/context.js';
import { AppError } from '../../errors.js';
import { createRateLimiter } from '../../infra/rate-limit/rate-limiter.js';

const EXEMPT = new Set(['/health', '/ready']);

/**
 * Rate limits, checked before anything else runs: per API token on the API (keyed by a hash of
 * the Authorization header, so counting costs no token lookup and an attacker's garbage tokens
 * are counted too), per IP for the signing API, the signing page and unauthenticated calls.
 * Every answer carries RateLimit-Limit, RateLimit-Remaining and RateLimit-Reset; a refusal is
 * 429 TOO_MANY_REQUESTS with Retry-After.
 */
export function registerRateLimit(app: FastifyInstance, ctx: Ctx): void {
  const limiter = createRateLimiter(ctx.db);
  app.addHook('onRequest', async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (EXEMPT.has(path)) return;
    const signing = path.startsWith('/api/v2/signing/') || path.startsWith('/api/v2-beta/signing/') || path.startsWith('/sign/') || path.startsWith('/sign-assets/');
    const authorization = request.headers.authorization;
    const limit = signing ? ctx.config.rateLimit.signingPerMinute : ctx.config.rateLimit.perMinute;
    const key = signing || !authorization ? `ip:${signing ? 's' : 'a'}:${request.ip}` : `tok:${createHash('sha256').update(authorization).digest('base64url').slice(0, 32)}`;
    const now = Date.now();
    const { count, resetAt } = await limiter.hit(key, now);
    const resetSeconds = Math.max(1, Math.ceil((resetAt - now) / 1000));
    void reply.header('RateLimit-Limit', limit).header('RateLimit-Remaining', Math.max(0, limit - count)).header('RateLimit-Reset', resetSeconds);
    if (count > limit) {
      throw new AppError('TOO_MANY_REQUESTS', `Too many requests: at most ${limit} a minute; retry in ${resetSeconds} s`, { headers: { 'Retry-After': String(resetSeconds) } });
    }
  });
}
