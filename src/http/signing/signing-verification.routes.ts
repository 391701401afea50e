import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Ctx } from '../../domain/context.js';
import { getVerificationStatus } from '../../domain/signing/get-verification-status.js';
import { requestVerificationCode } from '../../domain/signing/request-verification-code.js';
import type { VerificationGranted } from '../../domain/signing/verification-status.js';
import { verifyAccessCode } from '../../domain/signing/verify-access-code.js';
import { verifyCuil } from '../../domain/signing/verify-cuil.js';
import { verifyVerificationCode } from '../../domain/signing/verify-verification-code.js';
import { errorResponses } from '../schemas/common.schema.js';
import { setVerificationCookie, signingRequest, signingRouteOptions, ZSigningHeaders } from './signing-request.js';
import {
  ZCodeRequested,
  ZSigningParams,
  ZVerificationGranted,
  ZVerificationStatusView,
  ZVerifyAccessCodeBody,
  ZVerifyCodeBody,
  ZVerifyCuilBody,
} from './signing.schema.js';

const security: { [k: string]: string[] }[] = [];

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
export function registerSigningVerificationRoutes(fastify: FastifyInstance, ctx: Ctx): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const opts = signingRouteOptions(ctx);
  const vtags = ['Signing verification'];
  app.get(
    '/signing/:token/verification',
    {
      ...opts,
      schema: {
        operationId: 'signing-verification-status',
        summary: 'Which verification is asked of the recipient and which is still pending',
        tags: vtags,
        security,
        params: ZSigningParams,
        headers: ZSigningHeaders,
        response: { 200: ZVerificationStatusView, ...errorResponses(404) },
      },
    },
    async (request) => getVerificationStatus(ctx, request.params.token, signingRequest(request, request.params.token)),
  );
  app.post(
    '/signing/:token/verification/code',
    {
      ...opts,
      schema: {
        operationId: 'signing-verification-code-request',
        summary: 'Mail the recipient a 6-digit code (TWO_FACTOR_AUTH), valid 10 minutes',
        description:
          'For access while access is pending, else before completing. A new code replaces the previous one; at most 1 a minute and 5 an hour (429 VERIFICATION_RESEND_LIMIT with Retry-After).',
        tags: vtags,
        security,
        params: ZSigningParams,
        headers: ZSigningHeaders,
        response: { 200: ZCodeRequested, ...errorResponses(404, 409) },
      },
    },
    async (request) =>
      requestVerificationCode(ctx, request.params.token, signingRequest(request, request.params.token)),
  );
  app.post(
    '/signing/:token/verification/code/verify',
    {
      ...opts,
      schema: {
        operationId: 'signing-verification-code-verify',
        summary: 'Check the 6-digit code; 5 wrong tries spend it (VERIFICATION_CODE_LOCKED: ask for a new one)',
        tags: vtags,
        security,
        params: ZSigningParams,
        headers: ZSigningHeaders,
        body: ZVerifyCodeBody,
        response: { 200: ZVerificationGranted, ...errorResponses(404, 409) },
      },
    },
    async (request, reply) =>
      granted(
        reply,
        ctx,
        request.params.token,
        await verifyVerificationCode(
          ctx,
          request.params.token,
          request.body.code,
          signingRequest(request, request.params.token),
        ),
      ),
  );
  app.post(
    '/signing/:token/verification/access-code',
    {
      ...opts,
      schema: {
        operationId: 'signing-verification-access-code',
        summary: 'Check the access code the sender handed over (PASSWORD); 5 wrong tries lock for 15 minutes',
        tags: vtags,
        security,
        params: ZSigningParams,
        headers: ZSigningHeaders,
        body: ZVerifyAccessCodeBody,
        response: { 200: ZVerificationGranted, ...errorResponses(404, 409) },
      },
    },
    async (request, reply) =>
      granted(
        reply,
        ctx,
        request.params.token,
        await verifyAccessCode(
          ctx,
          request.params.token,
          request.body.accessCode,
          signingRequest(request, request.params.token),
        ),
      ),
  );
  app.post(
    '/signing/:token/verification/cuil',
    {
      ...opts,
      schema: {
        operationId: 'signing-verification-cuil',
        summary: 'Confirm the signer’s CUIL (requireCuil); 5 wrong tries lock for 15 minutes',
        tags: vtags,
        security,
        params: ZSigningParams,
        headers: ZSigningHeaders,
        body: ZVerifyCuilBody,
        response: { 200: ZVerificationGranted, ...errorResponses(404, 409) },
      },
    },
    async (request, reply) =>
      granted(
        reply,
        ctx,
        request.params.token,
        await verifyCuil(ctx, request.params.token, request.body.cuil, signingRequest(request, request.params.token)),
      ),
  );
}
