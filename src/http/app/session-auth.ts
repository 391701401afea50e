import type { FastifyInstance, FastifyRequest } from 'fastify';
import { secretsEqual } from '../../domain/accounts/account-secrets.js';
import { authenticateSession } from '../../domain/accounts/authenticate-session.js';
import type { AccountPrincipal } from '../../domain/accounts/session-view.js';
import type { Ctx } from '../../domain/context.js';
import { AppError } from '../../errors.js';
import { clearSessionCookie, sessionTokenOf } from './session-cookie.js';

declare module 'fastify' {
  interface FastifyRequest {
    account: AccountPrincipal | null;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const csrfRefused = (message: string) => new AppError('CSRF_REFUSED', message);
const sessionRequired = () => new AppError('SESSION_REQUIRED', 'Sign in first: no session, or it has ended');

/**
 * Whether a state-changing request says it comes from another site: its Origin (or, without
 * one, its Referer) is not FIRMA_PUBLIC_URL's origin. Browsers send Origin on every cross-site
 * POST; a request naming neither (a program) is judged by its CSRF token alone.
 */
function fromAnotherSite(ctx: Ctx, request: FastifyRequest): boolean {
  const own = new URL(ctx.config.publicUrl).origin;
  const origin = request.headers.origin;
  if (origin !== undefined) return origin !== own;
  const referer = request.headers.referer;
  if (!referer) return false;
  try {
    return new URL(referer).origin !== own;
  } catch {
    return true;
  }
}

function csrfHeaderMatches(request: FastifyRequest, principal: AccountPrincipal): boolean {
  const given = request.headers['x-csrf-token'];
  return typeof given === 'string' && secretsEqual(given, principal.csrfToken);
}

/**
 * The web app's API authentication, for every route of the scope, in onRequest (before the body
 * is read, so a refused request costs no parsing): a state-changing request from another origin
 * is refused (CSRF_REFUSED); a route that is not public needs a live session cookie
 * (SESSION_REQUIRED, the dead cookie cleared) and, to change anything, the session's CSRF token
 * in `X-CSRF-Token` (CSRF_REFUSED). A form on another site can send neither that header nor a
 * matching Origin.
 */
export function registerSessionAuth(app: FastifyInstance, ctx: Ctx): void {
  if (!app.hasRequestDecorator('account')) app.decorateRequest('account', null);
  app.addHook('onRequest', async (request, reply) => {
    const unsafe = !SAFE_METHODS.has(request.method);
    if (unsafe && fromAnotherSite(ctx, request))
      throw csrfRefused('This request comes from another site than Firma’s own pages');
    if (request.routeOptions.config.public) return;
    const token = sessionTokenOf(ctx, request.headers.cookie);
    const principal = token ? await authenticateSession(ctx, token) : null;
    if (!principal) {
      if (token) clearSessionCookie(ctx, reply);
      throw sessionRequired();
    }
    if (unsafe && !csrfHeaderMatches(request, principal))
      throw csrfRefused('Send the session’s csrfToken in the X-CSRF-Token header');
    request.account = principal;
  });
}

/** The signed-in account; routes that are not public always have one. */
export function accountOf(request: FastifyRequest): AccountPrincipal {
  if (!request.account) throw sessionRequired();
  return request.account;
}

/**
 * For a public route that also serves a signed-in user (accepting an invitation as an existing
 * account): the session, when the request carries a live one with its CSRF token; otherwise null,
 * so nothing is done in that session's name.
 */
export async function optionalAccountOf(ctx: Ctx, request: FastifyRequest): Promise<AccountPrincipal | null> {
  const token = sessionTokenOf(ctx, request.headers.cookie);
  const principal = token ? await authenticateSession(ctx, token) : null;
  return principal && csrfHeaderMatches(request, principal) ? principal : null;
}
