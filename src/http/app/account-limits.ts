import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { normalizeEmail } from '../../domain/accounts/account-rules.js';
import type { Ctx } from '../../domain/context.js';
import { AppError } from '../../errors.js';
import type { OperationHooks } from '../operation.js';

/**
 * Limits on the account routes a stranger can call (sign-in, password reset, links), counted by
 * the same limiter as every request (Redis, the database or memory): per IP address across all of
 * them (FIRMA_SIGN_IN_RATE_LIMIT_PER_MINUTE) and, where the body names an address, per address
 * (FIRMA_SIGN_IN_ACCOUNT_RATE_LIMIT_PER_MINUTE), so neither one address nor one client can try
 * passwords fast. Counted in preValidation, before the body's shape is checked: a malformed
 * attempt counts too.
 */
export function accountAttemptLimits(ctx: Ctx, options: { perAddress: boolean }): OperationHooks {
  return {
    preValidation: async (request: FastifyRequest) => {
      const { signInPerMinute, signInPerAccountPerMinute } = ctx.config.accounts;
      await count(ctx, request, `ip:account:${request.ip}`, signInPerMinute, 'from this address');
      const email = options.perAddress ? emailOf(request.body) : null;
      if (email === null) return;
      const key = `account:${createHash('sha256').update(email).digest('hex').slice(0, 32)}`;
      await count(ctx, request, key, signInPerAccountPerMinute, 'for this e-mail address');
    },
  };
}

async function count(ctx: Ctx, request: FastifyRequest, key: string, limit: number, what: string): Promise<void> {
  const now = Date.now();
  const { count: seen, resetAt } = await request.server.rateLimiter.hit(key, now);
  if (seen <= limit) return;
  ctx.metrics.rateLimitRefusal('sign-in');
  const retry = Math.max(1, Math.ceil((resetAt - now) / 1000));
  throw new AppError('TOO_MANY_REQUESTS', `Too many attempts ${what}: at most ${limit} a minute`, {
    headers: { 'Retry-After': String(retry) },
  });
}

function emailOf(body: unknown): string | null {
  if (typeof body !== 'object' || body === null || !('email' in body)) return null;
  const email = body.email;
  return typeof email === 'string' && email.length <= 254 ? normalizeEmail(email) : null;
}
