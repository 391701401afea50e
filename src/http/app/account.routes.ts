import { changePassword } from '../../domain/accounts/change-password.js';
import { disableTotp } from '../../domain/accounts/disable-totp.js';
import { enableTotp } from '../../domain/accounts/enable-totp.js';
import { requestPasswordReset } from '../../domain/accounts/request-password-reset.js';
import { resetPassword } from '../../domain/accounts/reset-password.js';
import { sendEmailVerification } from '../../domain/accounts/send-email-verification.js';
import { startTotpSetup } from '../../domain/accounts/start-totp-setup.js';
import { verifyEmail } from '../../domain/accounts/verify-email.js';
import { defineOperation } from '../operation.js';
import { requestMeta } from '../plugins/caller.js';
import { accountAttemptLimits } from './account-limits.js';
import {
  ZAccepted,
  ZChangePasswordBody,
  ZEmailBody,
  ZPasswordBody,
  ZPasswordChanged,
  ZResetAnswer,
  ZResetBody,
  ZTokenBody,
  ZTotpCodeBody,
  ZTotpDisableBody,
  ZTotpDisabled,
  ZTotpEnabled,
  ZTotpSetup,
  ZVerificationSent,
  ZVerified,
} from './app.schema.js';
import { accountOf } from './session-auth.js';

const tags = ['Account'];

/** The user's own account: password reset and change, e-mail verification, TOTP. */
export const accountOperations = [
  defineOperation({
    method: 'POST',
    url: '/password-reset',
    operationId: 'app-requestPasswordReset',
    summary: 'Mail a password-reset link (30 minutes, once) to the account with this address',
    description: 'Always 202 with the same answer, whether or not an account has the address.',
    tags,
    public: true,
    body: ZEmailBody,
    response: ZAccepted,
    status: 202,
    hooks: (ctx) => accountAttemptLimits(ctx, { perAddress: true }),
    handle: async (ctx, request, reply) => {
      await requestPasswordReset(ctx, request.body, requestMeta(request));
      return reply.code(202).send({ accepted: true as const });
    },
  }),

  defineOperation({
    method: 'POST',
    url: '/password-reset/confirm',
    operationId: 'app-resetPassword',
    summary: 'Set a new password with the mailed link’s token; every session of the account ends',
    tags,
    public: true,
    body: ZResetBody,
    response: ZResetAnswer,
    errors: [404],
    hooks: (ctx) => accountAttemptLimits(ctx, { perAddress: false }),
    handle: (ctx, request) => resetPassword(ctx, request.body, requestMeta(request)),
  }),

  defineOperation({
    method: 'POST',
    url: '/email-verification/confirm',
    operationId: 'app-verifyEmail',
    summary: 'Confirm the account’s e-mail address with the mailed link’s token (no session needed)',
    tags,
    public: true,
    body: ZTokenBody,
    response: ZVerified,
    errors: [404],
    hooks: (ctx) => accountAttemptLimits(ctx, { perAddress: false }),
    handle: async (ctx, request) => ({
      ...(await verifyEmail(ctx, request.body, requestMeta(request))),
      emailVerified: true as const,
    }),
  }),

  defineOperation({
    method: 'POST',
    url: '/me/email-verification',
    operationId: 'app-sendEmailVerification',
    summary: 'Mail a new verification link to the user’s address (nothing when already verified)',
    tags,
    response: ZVerificationSent,
    handle: (ctx, request) => sendEmailVerification(ctx, accountOf(request), requestMeta(request)),
  }),

  defineOperation({
    method: 'POST',
    url: '/me/password',
    operationId: 'app-changePassword',
    summary: 'Change the password, given the current one; the user’s other sessions end',
    tags,
    body: ZChangePasswordBody,
    response: ZPasswordChanged,
    handle: (ctx, request) => changePassword(ctx, accountOf(request), request.body, requestMeta(request)),
  }),

  defineOperation({
    method: 'POST',
    url: '/me/totp/setup',
    operationId: 'app-startTotpSetup',
    summary: 'Start TOTP (password again): the secret and its otpauth URI, shown this once',
    tags,
    body: ZPasswordBody,
    response: ZTotpSetup,
    errors: [409],
    handle: (ctx, request) => startTotpSetup(ctx, accountOf(request), request.body, requestMeta(request)),
  }),

  defineOperation({
    method: 'POST',
    url: '/me/totp/enable',
    operationId: 'app-enableTotp',
    summary: 'Turn TOTP on with a first code; answers ten recovery codes, shown this once',
    tags,
    body: ZTotpCodeBody,
    response: ZTotpEnabled,
    errors: [409],
    handle: (ctx, request) => enableTotp(ctx, accountOf(request), request.body, requestMeta(request)),
  }),

  defineOperation({
    method: 'POST',
    url: '/me/totp/disable',
    operationId: 'app-disableTotp',
    summary: 'Turn TOTP off, given the password and a code (or a recovery code)',
    tags,
    body: ZTotpDisableBody,
    response: ZTotpDisabled,
    errors: [409],
    handle: async (ctx, request) => {
      await disableTotp(ctx, accountOf(request), request.body, requestMeta(request));
      return { totpEnabled: false as const };
    },
  }),
];
