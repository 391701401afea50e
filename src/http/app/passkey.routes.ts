import { listPasskeys } from '../../domain/accounts/list-passkeys.js';
import { registerPasskey } from '../../domain/accounts/register-passkey.js';
import { removePasskey } from '../../domain/accounts/remove-passkey.js';
import { renamePasskey } from '../../domain/accounts/rename-passkey.js';
import { signInWithPasskey } from '../../domain/accounts/sign-in-with-passkey.js';
import { startPasskeyRegistration } from '../../domain/accounts/start-passkey-registration.js';
import { startPasskeySignIn } from '../../domain/accounts/start-passkey-sign-in.js';
import { defineOperation } from '../operation.js';
import { requestMeta } from '../plugins/caller.js';
import { accountAttemptLimits } from './account-limits.js';
import { ZSessionAnswer } from './app.schema.js';
import {
  ZPasskey,
  ZPasskeyList,
  ZPasskeyOptions,
  ZPasskeyParams,
  ZPasskeyRegistrationBody,
  ZPasskeyRegistrationOptionsBody,
  ZPasskeyRemoveBody,
  ZPasskeyRemoved,
  ZPasskeyRenameBody,
  ZPasskeySignInBody,
} from './passkey.schema.js';
import { answerNewSession } from './session-cookie.js';
import { accountOf } from './session-auth.js';

const tags = ['Passkeys'];

/** The user's passkeys (WebAuthn): add, list, rename, remove, and signing in with one. */
export const passkeyOperations = [
  defineOperation({
    method: 'POST',
    url: '/passkey-sign-in/options',
    operationId: 'app-startPasskeySignIn',
    summary: 'Options to sign in with a passkey, no address needed (the challenge works once, 5 minutes)',
    tags,
    public: true,
    response: ZPasskeyOptions,
    hooks: (ctx) => accountAttemptLimits(ctx, { perAddress: false }),
    handle: (ctx) => startPasskeySignIn(ctx),
  }),

  defineOperation({
    method: 'POST',
    url: '/passkey-sign-in',
    operationId: 'app-signInWithPasskey',
    summary: 'Sign in with the browser’s passkey answer; sets the session cookie',
    description:
      'Every refusal of a credential (unknown, another user’s, bad signature or origin, counter gone back) is the same 401 PASSKEY_SIGN_IN_FAILED; a challenge not handed out, spent or expired is 400 PASSKEY_CHALLENGE_INVALID.',
    tags,
    public: true,
    body: ZPasskeySignInBody,
    response: ZSessionAnswer,
    hooks: (ctx) => accountAttemptLimits(ctx, { perAddress: false }),
    handle: async (ctx, request, reply) =>
      answerNewSession(ctx, reply, await signInWithPasskey(ctx, request.body, requestMeta(request))),
  }),

  defineOperation({
    method: 'POST',
    url: '/me/passkeys/options',
    operationId: 'app-startPasskeyRegistration',
    summary: 'Options to add a passkey (password again, unless signed in the last ten minutes)',
    tags,
    body: ZPasskeyRegistrationOptionsBody,
    response: ZPasskeyOptions,
    handle: (ctx, request) => startPasskeyRegistration(ctx, accountOf(request), request.body),
  }),

  defineOperation({
    method: 'POST',
    url: '/me/passkeys',
    operationId: 'app-addPasskey',
    summary: 'Add the passkey the browser created from the options',
    tags,
    body: ZPasskeyRegistrationBody,
    response: ZPasskey,
    errors: [409],
    handle: (ctx, request) => registerPasskey(ctx, accountOf(request), request.body, requestMeta(request)),
  }),

  defineOperation({
    method: 'GET',
    url: '/me/passkeys',
    operationId: 'app-listPasskeys',
    summary: 'The user’s passkeys, oldest first',
    tags,
    response: ZPasskeyList,
    handle: async (ctx, request) => ({ data: await listPasskeys(ctx, accountOf(request)) }),
  }),

  defineOperation({
    method: 'PATCH',
    url: '/me/passkeys/:passkeyId',
    operationId: 'app-renamePasskey',
    summary: 'Rename one of the user’s passkeys',
    tags,
    params: ZPasskeyParams,
    body: ZPasskeyRenameBody,
    response: ZPasskey,
    errors: [404],
    handle: (ctx, request) =>
      renamePasskey(ctx, accountOf(request), { ...request.params, ...request.body }, requestMeta(request)),
  }),

  defineOperation({
    method: 'DELETE',
    url: '/me/passkeys/:passkeyId',
    operationId: 'app-removePasskey',
    summary: 'Remove one of the user’s passkeys, given the password again',
    tags,
    params: ZPasskeyParams,
    body: ZPasskeyRemoveBody,
    response: ZPasskeyRemoved,
    errors: [404],
    handle: async (ctx, request) => {
      await removePasskey(ctx, accountOf(request), { ...request.params, ...request.body }, requestMeta(request));
      return { removed: true as const };
    },
  }),
];
