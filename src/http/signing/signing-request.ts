import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Ctx } from '../../domain/context.js';
import { authenticateSession } from '../../domain/accounts/authenticate-session.js';
import type { AccountPrincipal } from '../../domain/accounts/session-view.js';
import { hashSigningToken } from '../../domain/model/signing-links.js';
import { assertSigningTokenKnown } from '../../domain/signing/signing-session.js';
import {
  VERIFICATION_HEADER,
  verificationCookieName,
  type SigningRequest,
} from '../../domain/signing/verification-grant.js';
import type { OperationHooks } from '../operation.js';
import { sessionTokenOf } from '../app/session-cookie.js';
import { requestMeta } from '../plugins/caller.js';

/** Documents (and admits) the verification token header on every signing route. */
export const ZSigningHeaders = z.object({
  [VERIFICATION_HEADER]: z
    .string()
    .optional()
    .describe(
      'The `verificationToken` a verification call answered this caller (access code, e-mail code, CUIL). Without it (or the browser’s cookie) the caller has not verified, whoever else holding the link has.',
    ),
});

const tokenChecks = new WeakMap<Ctx, OperationHooks>();

/**
 * The hook every `/signing/:token…` operation shares (they are `public`: the token is the
 * credential): the token resolved before anything else, so an unknown one is the same 404 whatever
 * the body, path parameters or headers (validation runs after preValidation).
 */
export function signingTokenCheck(ctx: Ctx): OperationHooks {
  let hooks = tokenChecks.get(ctx);
  if (!hooks) {
    hooks = {
      preValidation: async (request: FastifyRequest) => {
        const token = (request.params as { token?: unknown }).token;
        await assertSigningTokenKnown(ctx.db, typeof token === 'string' ? token : '');
      },
    };
    tokenChecks.set(ctx, hooks);
  }
  return hooks;
}

/** What every `/signing/:token…` operation shares: public, the token checked first, the verification header. */
export const onSigningToken = { public: true, hooks: signingTokenCheck, headers: ZSigningHeaders };

/**
 * The audit facts of a signing request, the verification grants it presents (header, then cookie)
 * and, when it presents any, the live account session it comes with: a grant's ACCOUNT and PASSKEY
 * passes hold only with that session (one session lookup, only for callers holding both).
 */
export async function signingRequest(ctx: Ctx, request: FastifyRequest, token: string): Promise<SigningRequest> {
  const verification: string[] = [];
  const header = request.headers[VERIFICATION_HEADER];
  if (typeof header === 'string' && header) verification.push(header);
  const cookie = cookieOf(request.headers.cookie, verificationCookieName(hashSigningToken(token)));
  if (cookie) verification.push(cookie);
  const accountSessionId = verification.length > 0 ? ((await signingAccount(ctx, request))?.sessionId ?? null) : null;
  return { ...requestMeta(request), verification, accountSessionId };
}

/**
 * Keeps a link's grant in the browser that passed the verification: HttpOnly (no script reads it),
 * Secure on https, SameSite=Strict (never sent by another site's page or link; the page's own
 * calls and downloads are same-site), on /api/ so /api/v2 and /api/v2-beta both see it, and gone
 * when the grant's longest pass expires.
 */
export function setVerificationCookie(
  reply: FastifyReply,
  ctx: Ctx,
  token: string,
  grant: { verificationToken: string; verificationExpiresAt: string },
): void {
  const seconds = Math.max(0, Math.floor((Date.parse(grant.verificationExpiresAt) - ctx.clock().getTime()) / 1000));
  const secure = ctx.config.publicUrl.startsWith('https:') ? '; Secure' : '';
  void reply.header(
    'Set-Cookie',
    `${verificationCookieName(hashSigningToken(token))}=${grant.verificationToken}; Path=/api/; Max-Age=${seconds}; HttpOnly; SameSite=Strict${secure}`,
  );
}

function cookieOf(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').slice(0, 16_384).split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim() || undefined;
  }
  return undefined;
}

/**
 * The Firma account the caller is signed in to (the web app's session cookie), for ACCOUNT and
 * PASSKEY verification; null without a live session. The cookie is SameSite=Lax, so another
 * site's form or script never brings it to these POSTs; a request whose Origin names another site
 * is treated as signed out all the same.
 */
export async function signingAccount(ctx: Ctx, request: FastifyRequest): Promise<AccountPrincipal | null> {
  const origin = request.headers.origin;
  if (origin !== undefined && origin !== new URL(ctx.config.publicUrl).origin) return null;
  const token = sessionTokenOf(ctx, request.headers.cookie);
  return token ? authenticateSession(ctx, token) : null;
}
