import type { FastifyReply } from 'fastify';
import type { Ctx } from '../../domain/context.js';
import { getVerificationStatus } from '../../domain/signing/get-verification-status.js';
import { requestVerificationCode } from '../../domain/signing/request-verification-code.js';
import type { VerificationGranted } from '../../domain/signing/verification-status.js';
import { verifyAccessCode } from '../../domain/signing/verify-access-code.js';
import { verifyCuil } from '../../domain/signing/verify-cuil.js';
import { verifyVerificationCode } from '../../domain/signing/verify-verification-code.js';
import { defineOperation } from '../operation.js';
import { onSigningToken, setVerificationCookie, signingRequest } from './signing-request.js';
import {
  ZCodeRequested,
  ZSigningParams,
  ZVerificationGranted,
  ZVerificationStatusView,
  ZVerifyAccessCodeBody,
  ZVerifyCodeBody,
  ZVerifyCuilBody,
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
    handle: (ctx, request) =>
      getVerificationStatus(ctx, request.params.token, signingRequest(request, request.params.token)),
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
    handle: (ctx, request) =>
      requestVerificationCode(ctx, request.params.token, signingRequest(request, request.params.token)),
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
        await verifyVerificationCode(ctx, token, request.body.code, signingRequest(request, token)),
      );
    },
  }),

  defineOperation({
    method: 'POST',
    url: '/signing/:token/verification/access-code',
    operationId: 'signing-verification-access-code',
    summary: 'Check the access code the sender handed over (PASSWORD); 5 wrong tries lock for 15 minutes',
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
        await verifyAccessCode(ctx, token, request.body.accessCode, signingRequest(request, token)),
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
        await verifyCuil(ctx, token, request.body.cuil, signingRequest(request, token)),
      );
    },
  }),
];
