import type { FastifyReply } from 'fastify';
import type { Ctx } from '../../domain/context.js';
import { getVerificationStatus } from '../../domain/signing/get-verification-status.js';
import { requestVerificationCode } from '../../domain/signing/request-verification-code.js';
import type { VerificationGranted } from '../../domain/signing/verification-status.js';
import { requestRecipientSignUp } from '../../domain/signing/request-recipient-sign-up.js';
import { startRecipientPasskey } from '../../domain/signing/start-recipient-passkey.js';
import { verifyAccessCode } from '../../domain/signing/verify-access-code.js';
import { verifyAccountPassword } from '../../domain/signing/verify-account-password.js';
import { verifyRecipientAccount } from '../../domain/signing/verify-recipient-account.js';
import { verifyRecipientPasskey } from '../../domain/signing/verify-recipient-passkey.js';
import { verifyCuil } from '../../domain/signing/verify-cuil.js';
import { verifyVerificationCode } from '../../domain/signing/verify-verification-code.js';
import { defineOperation } from '../operation.js';
import { ZPasskeyOptions, ZPasskeySignInBody } from '../app/passkey.schema.js';
import { onSigningToken, setVerificationCookie, signingAccount, signingRequest } from './signing-request.js';
import {
  ZCodeRequested,
  ZSigningParams,
  ZVerificationGranted,
  ZVerificationStatusView,
  ZVerifyAccessCodeBody,
  ZVerifyCodeBody,
  ZVerifyCuilBody,
  ZSignUpLinkSent,
  ZVerifyPasswordBody,
} from './signing.schema.js';

const tags = ['Signing verification'];

/** A pass: the browser keeps the grant in its cookie, an API caller reads it from the answer. */
function granted(reply: FastifyReply, ctx: Ctx, token: string, answer: VerificationGranted): VerificationGranted {
  setVerificationCookie(reply, ctx, token, answer);
  return answer;
}

/**
 * Verification (recipient `accessAuth`/`actionAuth`, `requireCuil`): what is pending, a one-time
 * code mailed and checked, the sender's access code, the CUIL. Rate limited per IP like every
 * signing route; tries and resends are limited per recipient in the domain. A pass holds only
 * for the caller that passed it: the answer's `verificationToken` (and the browser's cookie).
 */
export const signingVerificationOperations = [
  defineOperation({
    method: 'GET',
    url: '/signing/:token/verification',
    operationId: 'signing-verification-status',
    summary: 'Which verification is asked of the recipient and which is still pending',
    tags,
    ...onSigningToken,
    params: ZSigningParams,
    response: ZVerificationStatusView,
    errors: [404],
    handle: async (ctx, request) =>
      getVerificationStatus(ctx, request.params.token, await signingRequest(ctx, request, request.params.token)),
  }),

  defineOperation({
    method: 'POST',
    url: '/signing/:token/verification/code',
    operationId: 'signing-verification-code-request',
    summary: 'Mail the recipient a 6-digit code (TWO_FACTOR_AUTH), valid 10 minutes',
    description:
      'For access while access is pending, else before completing. A new code replaces the previous one; at most 1 a minute and 5 an hour (429 VERIFICATION_RESEND_LIMIT with Retry-After).',
    tags,
    ...onSigningToken,
    params: ZSigningParams,
    response: ZCodeRequested,
    errors: [404, 409],
    handle: async (ctx, request) =>
      requestVerificationCode(ctx, request.params.token, await signingRequest(ctx, request, request.params.token)),
  }),

  defineOperation({
    method: 'POST',
    url: '/signing/:token/verification/code/verify',
    operationId: 'signing-verification-code-verify',
    summary: 'Check the 6-digit code; 5 wrong tries spend it (VERIFICATION_CODE_LOCKED: ask for a new one)',
    tags,
    ...onSigningToken,
    params: ZSigningParams,
    body: ZVerifyCodeBody,
    response: ZVerificationGranted,
    errors: [404, 409],
    handle: async (ctx, request, reply) => {
      const { token } = request.params;
      return granted(
        reply,
        ctx,
        token,
        await verifyVerificationCode(ctx, token, request.body.code, await signingRequest(ctx, request, token)),
      );
    },
  }),

  defineOperation({
    method: 'POST',
    url: '/signing/:token/verification/access-code',
    operationId: 'signing-verification-access-code',
    summary:
      'Check the access code the sender handed over (PASSWORD, recipient without a Firma account); 5 wrong tries lock for 15 minutes',
    description:
      'Firma’s extension for recipients whose e-mail has no Firma account; one that has an account gives its password (`/verification/password`) and is answered 409 VERIFICATION_NOT_PENDING here.',
    tags,
    ...onSigningToken,
    params: ZSigningParams,
    body: ZVerifyAccessCodeBody,
    response: ZVerificationGranted,
    errors: [404, 409],
    handle: async (ctx, request, reply) => {
      const { token } = request.params;
      return granted(
        reply,
        ctx,
        token,
        await verifyAccessCode(ctx, token, request.body.accessCode, await signingRequest(ctx, request, token)),
      );
    },
  }),

  defineOperation({
    method: 'POST',
    url: '/signing/:token/verification/password',
    operationId: 'signing-verification-password',
    summary: 'Check the recipient’s Firma account password (PASSWORD, as in Documenso); throttled like sign-in',
    description:
      'For a recipient whose e-mail has a Firma account (the status answers `password: ACCOUNT_PASSWORD`). Wrong passwords count towards the account’s sign-in lockout (429 SIGN_IN_LOCKED with Retry-After) and the recipient’s 5 tries.',
    tags,
    ...onSigningToken,
    params: ZSigningParams,
    body: ZVerifyPasswordBody,
    response: ZVerificationGranted,
    errors: [404, 409, 429],
    handle: async (ctx, request, reply) => {
      const { token } = request.params;
      return granted(
        reply,
        ctx,
        token,
        await verifyAccountPassword(ctx, token, request.body.password, await signingRequest(ctx, request, token)),
      );
    },
  }),

  defineOperation({
    method: 'POST',
    url: '/signing/:token/verification/account',
    operationId: 'signing-verification-account',
    summary: 'Pass ACCOUNT: the caller is signed in to the Firma account with the recipient’s e-mail',
    description:
      'Reads the web app’s session cookie. 401 RECIPIENT_SIGN_IN_REQUIRED without a session (sign in at /sign-in, or ask for a sign-up link), 403 RECIPIENT_ACCOUNT_MISMATCH when the account is another e-mail’s or its e-mail is not verified.',
    tags,
    ...onSigningToken,
    params: ZSigningParams,
    response: ZVerificationGranted,
    errors: [401, 403, 404, 409],
    handle: async (ctx, request, reply) => {
      const { token } = request.params;
      const principal = await signingAccount(ctx, request);
      return granted(
        reply,
        ctx,
        token,
        await verifyRecipientAccount(ctx, token, principal, await signingRequest(ctx, request, token)),
      );
    },
  }),

  defineOperation({
    method: 'POST',
    url: '/signing/:token/verification/sign-up-link',
    operationId: 'signing-verification-sign-up-link',
    summary: 'Mail the recipient a one-time link to create their Firma account (ACCOUNT, PASSKEY; no account yet)',
    description:
      'The link (7 days, once) creates an account for exactly the recipient’s e-mail, verified by the mailbox, member of no team. 409 ACCOUNT_EXISTS when the e-mail has an account: sign in instead.',
    tags,
    ...onSigningToken,
    params: ZSigningParams,
    response: ZSignUpLinkSent,
    errors: [404, 409],
    handle: async (ctx, request) =>
      requestRecipientSignUp(ctx, request.params.token, await signingRequest(ctx, request, request.params.token)),
  }),

  defineOperation({
    method: 'POST',
    url: '/signing/:token/verification/passkey/options',
    operationId: 'signing-verification-passkey-options',
    summary: 'WebAuthn options to confirm signing with a passkey of the recipient’s account (PASSKEY)',
    description:
      'Signed in as for ACCOUNT. The challenge works once, for five minutes, for this recipient only. 409 RECIPIENT_NO_PASSKEY when the account has none.',
    tags,
    ...onSigningToken,
    params: ZSigningParams,
    response: ZPasskeyOptions,
    errors: [401, 403, 404, 409],
    handle: async (ctx, request) => {
      const { token } = request.params;
      return startRecipientPasskey(
        ctx,
        token,
        await signingAccount(ctx, request),
        await signingRequest(ctx, request, token),
      );
    },
  }),

  defineOperation({
    method: 'POST',
    url: '/signing/:token/verification/passkey',
    operationId: 'signing-verification-passkey',
    summary: 'Check the passkey’s answer (PASSKEY): allows completing for 15 minutes',
    tags,
    ...onSigningToken,
    params: ZSigningParams,
    body: ZPasskeySignInBody,
    response: ZVerificationGranted,
    errors: [401, 403, 404, 409],
    handle: async (ctx, request, reply) => {
      const { token } = request.params;
      const principal = await signingAccount(ctx, request);
      return granted(
        reply,
        ctx,
        token,
        await verifyRecipientPasskey(
          ctx,
          token,
          principal,
          request.body.response,
          await signingRequest(ctx, request, token),
        ),
      );
    },
  }),

  defineOperation({
    method: 'POST',
    url: '/signing/:token/verification/cuil',
    operationId: 'signing-verification-cuil',
    summary: 'Confirm the signer’s CUIL (requireCuil); 5 wrong tries lock for 15 minutes',
    tags,
    ...onSigningToken,
    params: ZSigningParams,
    body: ZVerifyCuilBody,
    response: ZVerificationGranted,
    errors: [404, 409],
    handle: async (ctx, request, reply) => {
      const { token } = request.params;
      return granted(
        reply,
        ctx,
        token,
        await verifyCuil(ctx, token, request.body.cuil, await signingRequest(ctx, request, token)),
      );
    },
  }),
];
