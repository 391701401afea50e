import { getSession } from '../../domain/accounts/get-session.js';
import { listSessions } from '../../domain/accounts/list-sessions.js';
import { revokeOtherSessions } from '../../domain/accounts/revoke-other-sessions.js';
import { revokeSession } from '../../domain/accounts/revoke-session.js';
import { signIn } from '../../domain/accounts/sign-in.js';
import { defineOperation } from '../operation.js';
import { requestMeta } from '../plugins/caller.js';
import { accountAttemptLimits } from './account-limits.js';
import { ZRevoked, ZSessionAnswer, ZSessionList, ZSessionParams, ZSignedOut, ZSignInBody } from './app.schema.js';
import { answerNewSession, clearSessionCookie } from './session-cookie.js';
import { accountOf } from './session-auth.js';

const tags = ['Sessions'];

/** Signing in and out, and the user's sessions: list, revoke one, revoke all others. */
export const sessionOperations = [
  defineOperation({
    method: 'POST',
    url: '/session',
    operationId: 'app-signIn',
    summary: 'Sign in with e-mail and password (and a TOTP code when the account uses one); sets the session cookie',
    description:
      'An unknown address and a wrong password get the same 401 SIGN_IN_FAILED. After FIRMA_SIGN_IN_LOCKOUT_AFTER consecutive failures the address is locked (429 SIGN_IN_LOCKED, Retry-After), longer at each further failure.',
    tags,
    public: true,
    body: ZSignInBody,
    response: ZSessionAnswer,
    errors: [429],
    hooks: (ctx) => accountAttemptLimits(ctx, { perAddress: true }),
    handle: async (ctx, request, reply) => {
      return answerNewSession(ctx, reply, await signIn(ctx, request.body, requestMeta(request)));
    },
  }),

  defineOperation({
    method: 'GET',
    url: '/session',
    operationId: 'app-getSession',
    summary: 'The signed-in user, this session and its CSRF token',
    tags,
    response: ZSessionAnswer,
    handle: (ctx, request) => getSession(ctx, accountOf(request)),
  }),

  defineOperation({
    method: 'DELETE',
    url: '/session',
    operationId: 'app-signOut',
    summary: 'Sign out: this session ends and its cookie is cleared',
    tags,
    response: ZSignedOut,
    handle: async (ctx, request, reply) => {
      const account = accountOf(request);
      await revokeSession(ctx, account, account.sessionId, requestMeta(request));
      clearSessionCookie(ctx, reply);
      return { signedOut: true as const };
    },
  }),

  defineOperation({
    method: 'GET',
    url: '/sessions',
    operationId: 'app-listSessions',
    summary: 'The user’s open sessions, newest first, with where they came from',
    tags,
    response: ZSessionList,
    handle: async (ctx, request) => ({ data: await listSessions(ctx, accountOf(request)) }),
  }),

  defineOperation({
    method: 'DELETE',
    url: '/sessions/:sessionId',
    operationId: 'app-revokeSession',
    summary: 'End one of the user’s sessions (this one too: then the cookie is cleared)',
    tags,
    params: ZSessionParams,
    response: ZRevoked,
    errors: [404],
    handle: async (ctx, request, reply) => {
      const { current } = await revokeSession(ctx, accountOf(request), request.params.sessionId, requestMeta(request));
      if (current) clearSessionCookie(ctx, reply);
      return { revoked: 1 };
    },
  }),

  defineOperation({
    method: 'POST',
    url: '/sessions/revoke-others',
    operationId: 'app-revokeOtherSessions',
    summary: 'End every session of the user but this one',
    tags,
    response: ZRevoked,
    handle: (ctx, request) => revokeOtherSessions(ctx, accountOf(request), requestMeta(request)),
  }),
];
