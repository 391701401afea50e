import { z } from 'zod';
import { signInWithOidc } from '../../domain/accounts/sign-in-with-oidc.js';
import { oidcRedirectUri, startOidcSignIn } from '../../domain/accounts/start-oidc-sign-in.js';
import type { Ctx } from '../../domain/context.js';
import { defineOperation } from '../operation.js';
import { requestMeta } from '../plugins/caller.js';
import { accountAttemptLimits } from './account-limits.js';
import { answerNewSession } from './session-cookie.js';

const tags = ['Sessions'];

const ZRedirect = z.null().describe('A redirect: Location says where the browser goes');
const ZCallbackQuery = z.object({
  code: z.string().max(4096).optional(),
  state: z.string().max(512).optional(),
  iss: z.string().max(2048).optional(),
  error: z.string().max(256).optional(),
  error_description: z.string().max(2048).optional(),
  session_state: z.string().max(512).optional(),
});
export const ZSignInMethods = z.object({
  password: z.literal(true),
  passkey: z.literal(true),
  oidc: z
    .object({ name: z.string().describe('The button’s label (FIRMA_OIDC_NAME)'), startUrl: z.string() })
    .nullable()
    .describe('Single sign-on; null when not configured'),
});

/**
 * The attempt's cookie: only for the callback's path, HttpOnly, SameSite=Lax (the provider sends
 * the browser back with a top-level GET, which Lax lets through; another site's request cannot
 * read or set it), Secure on https, ten minutes.
 */
function attemptCookie(ctx: Pick<Ctx, 'config'>, value: string, maxAgeSeconds: number): string {
  const secure = ctx.config.publicUrl.startsWith('https:');
  return `firma_oidc=${value}; Path=/api/app/oidc; HttpOnly; SameSite=Lax; Max-Age=${maxAgeSeconds}${secure ? '; Secure' : ''}`;
}

function attemptOf(header: string | undefined): string | null {
  for (const part of (header ?? '').split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === 'firma_oidc') return rest.join('=') || null;
  }
  return null;
}

/** Single sign-on with an OpenID Connect provider (FIRMA_OIDC_*), and which sign-in methods are on. */
export const oidcOperations = [
  defineOperation({
    method: 'GET',
    url: '/sign-in-methods',
    operationId: 'app-signInMethods',
    summary: 'How people can sign in here: password, passkey, and single sign-on when configured',
    tags,
    public: true,
    response: ZSignInMethods,
    handle: (ctx) => ({
      password: true as const,
      passkey: true as const,
      oidc: ctx.config.oidc ? { name: ctx.config.oidc.name, startUrl: '/api/app/oidc/start' } : null,
    }),
  }),

  defineOperation({
    method: 'GET',
    url: '/oidc/start',
    operationId: 'app-startOidcSignIn',
    summary: 'Single sign-on: sends the browser to the provider (state, nonce and PKCE S256 bound to this browser)',
    tags,
    public: true,
    response: ZRedirect,
    status: 302,
    errors: [404, 503],
    hooks: (ctx) => accountAttemptLimits(ctx, { perAddress: false }),
    handle: async (ctx, _request, reply) => {
      const { url, cookie } = await startOidcSignIn(ctx);
      void reply.header('set-cookie', attemptCookie(ctx, cookie.sealed, cookie.maxAgeSeconds));
      return reply.redirect(url, 302);
    },
  }),

  defineOperation({
    method: 'GET',
    url: '/oidc/callback',
    operationId: 'app-finishOidcSignIn',
    summary: 'Single sign-on: the provider sends the browser back here; signs in and sends it on to /',
    description:
      'Needs the cookie /oidc/start set in this browser (400 OIDC_STATE_INVALID otherwise), a verified e-mail (403 OIDC_EMAIL_NOT_VERIFIED) and an account with it unless FIRMA_OIDC_ALLOW_SIGN_UP (403 OIDC_NO_ACCOUNT).',
    tags,
    public: true,
    query: ZCallbackQuery,
    response: ZRedirect,
    status: 302,
    errors: [404, 503],
    hooks: (ctx) => accountAttemptLimits(ctx, { perAddress: false }),
    handle: async (ctx, request, reply) => {
      const sealedAttempt = attemptOf(request.headers.cookie);
      // The attempt is over whatever happens: its cookie goes.
      void reply.header('set-cookie', attemptCookie(ctx, '', 0));
      const query = request.url.indexOf('?');
      const callbackUrl = new URL(oidcRedirectUri(ctx) + (query >= 0 ? request.url.slice(query) : ''));
      const started = await signInWithOidc(ctx, { callbackUrl, sealedAttempt }, requestMeta(request));
      answerNewSession(ctx, reply, started);
      return reply.redirect('/', 302);
    },
  }),
];
