import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Ctx } from '../../domain/context.js';
import { ZInsertFieldBody } from '../../domain/fields/validate-field-value.js';
import { completeRecipient } from '../../domain/signing/complete-recipient.js';
import { downloadRecipientFile } from '../../domain/signing/download-recipient-file.js';
import { getSignatureImage } from '../../domain/signing/get-signature-image.js';
import { insertField, removeField } from '../../domain/signing/insert-field.js';
import { openSigningSession } from '../../domain/signing/open-signing-session.js';
import { rejectRecipient } from '../../domain/signing/reject-recipient.js';
import { signerItemPdf } from '../../domain/signing/signer-item-pdf.js';
import { requestMeta } from '../plugins/caller.js';
import { errorResponses } from '../schemas/common.schema.js';
import { sendPdf } from '../v2/document.routes.js';
import {
  ZCompleteBody,
  ZCodeRequested,
  ZCompleteResponse,
  ZSigningDownloadParams,
  ZRejectBody,
  ZRejectResponse,
  ZSigningField,
  ZSigningFieldParams,
  ZSigningItemParams,
  ZSigningParams,
  ZSigningView,
  ZVerificationStatus,
  ZVerifyAccessCodeBody,
  ZVerifyCodeBody,
  ZVerifyCuilBody,
} from './signing.schema.js';
import { getVerificationStatus } from '../../domain/signing/get-verification-status.js';
import { requestVerificationCode } from '../../domain/signing/request-verification-code.js';
import { verifyAccessCode } from '../../domain/signing/verify-access-code.js';
import { verifyCuil } from '../../domain/signing/verify-cuil.js';
import { verifyVerificationCode } from '../../domain/signing/verify-verification-code.js';

const tags = ['Signing'];
const security: { [k: string]: string[] }[] = [];
const config = { public: true };

/**
 * The recipient's API, authenticated by the signing token in the path instead of an API token.
 * The signing page uses it, and so can embedders building their own signing UI.
 */
export function registerSigningRoutes(app: FastifyInstance, ctx: Ctx): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/signing/:token',
    {
      config,
      schema: {
        operationId: 'signing-get',
        summary: 'What the recipient sees: the envelope, its own state and the fields it may fill',
        description:
          'The first call marks the recipient OPENED (and SENT when distribution was NONE). While access verification is pending: 403 VERIFICATION_REQUIRED with `stage` and `pending` (as on every route below).',
        tags,
        security,
        params: ZSigningParams,
        response: { 200: ZSigningView, ...errorResponses(404) },
      },
    },
    async (request) => openSigningSession(ctx, request.params.token, requestMeta(request)),
  );

  r.get(
    '/signing/:token/item/:envelopeItemId',
    {
      config,
      schema: {
        operationId: 'signing-item-pdf',
        summary: 'A PDF of the envelope, with what earlier recipients filled in',
        tags,
        security,
        params: ZSigningItemParams,
        response: {
          200: {
            description: 'The PDF',
            content: { 'application/pdf': { schema: z.string().meta({ format: 'binary' }) } },
          },
          ...errorResponses(404),
        },
      },
    },
    async (request, reply) =>
      sendPdf(reply, await signerItemPdf(ctx, request.params.token, request.params.envelopeItemId)),
  );

  r.post(
    '/signing/:token/field/:fieldId',
    {
      config,
      schema: {
        operationId: 'signing-field-insert',
        summary: 'Fill a field',
        description:
          '`{value}` for TEXT, NUMBER, RADIO, DROPDOWN (and to override NAME), `{values}` for CHECKBOX, `{}` for NAME, EMAIL and DATE (filled by Firma), `{signature: {type: "typed", text} | {type: "drawn", image: "data:image/png;base64,…"}}` for SIGNATURE, FREE_SIGNATURE and INITIALS.',
        tags,
        security,
        params: ZSigningFieldParams,
        body: ZInsertFieldBody,
        response: { 200: ZSigningField, ...errorResponses(404, 409) },
      },
    },
    async (request) =>
      insertField(ctx, request.params.token, request.params.fieldId, request.body, requestMeta(request)),
  );

  r.get(
    '/signing/:token/field/:fieldId/signature',
    {
      config,
      schema: {
        operationId: 'signing-field-signature',
        summary: 'The PNG of a drawn signature in a field this recipient filled',
        tags,
        security,
        params: ZSigningFieldParams,
        response: {
          200: { description: 'The PNG', content: { 'image/png': { schema: z.string().meta({ format: 'binary' }) } } },
          ...errorResponses(404),
        },
      },
    },
    async (request, reply) =>
      (reply as FastifyReply)
        .type('image/png')
        .header('Cache-Control', 'no-store')
        .send(await getSignatureImage(ctx, request.params.token, request.params.fieldId)),
  );

  r.delete(
    '/signing/:token/field/:fieldId',
    {
      config,
      schema: {
        operationId: 'signing-field-remove',
        summary: 'Empty a field again',
        tags,
        security,
        params: ZSigningFieldParams,
        response: { 200: ZSigningField, ...errorResponses(404, 409) },
      },
    },
    async (request) => removeField(ctx, request.params.token, request.params.fieldId, requestMeta(request)),
  );

  r.post(
    '/signing/:token/complete',
    {
      config,
      schema: {
        operationId: 'signing-complete',
        summary: 'Finish: sign (SIGNER), approve (APPROVER) or confirm viewing (VIEWER); repeating it is harmless',
        description:
          'The body carries the acceptance of the statement in the signing view\'s `consent`: `{"consent": {"accepted": true, "version": "…", "language": "es"}}`; it is recorded in the audit log and the certificate.',
        tags,
        security,
        params: ZSigningParams,
        body: ZCompleteBody,
        response: { 200: ZCompleteResponse, ...errorResponses(400, 404, 409) },
      },
    },
    async (request) =>
      completeRecipient(ctx, request.params.token, { consent: request.body?.consent }, requestMeta(request)),
  );

  const pdfResponse = {
    description: 'The PDF',
    content: { 'application/pdf': { schema: z.string().meta({ format: 'binary' }) } },
  };

  r.get(
    '/signing/:token/download/:envelopeItemId',
    {
      config,
      schema: {
        operationId: 'signing-download-signed',
        summary: 'After completion: the sealed PDF of an item, for FIRMA_RECIPIENT_DOWNLOAD_DAYS; audited',
        tags,
        security,
        params: ZSigningDownloadParams,
        response: { 200: pdfResponse, ...errorResponses(404, 409, 410) },
      },
    },
    async (request, reply) =>
      sendPdf(
        reply,
        await downloadRecipientFile(
          ctx,
          request.params.token,
          { kind: 'signed', envelopeItemId: request.params.envelopeItemId },
          requestMeta(request),
        ),
      ),
  );

  r.get(
    '/signing/:token/certificate',
    {
      config,
      schema: {
        operationId: 'signing-download-certificate',
        summary: 'After completion: the completion certificate, for FIRMA_RECIPIENT_DOWNLOAD_DAYS; audited',
        tags,
        security,
        params: ZSigningParams,
        response: { 200: pdfResponse, ...errorResponses(404, 409, 410) },
      },
    },
    async (request, reply) =>
      sendPdf(
        reply,
        await downloadRecipientFile(ctx, request.params.token, { kind: 'certificate' }, requestMeta(request)),
      ),
  );

  r.post(
    '/signing/:token/reject',
    {
      config,
      schema: {
        operationId: 'signing-reject',
        summary: 'Refuse to sign, with a reason; the document becomes REJECTED',
        tags,
        security,
        params: ZSigningParams,
        body: ZRejectBody,
        response: { 200: ZRejectResponse, ...errorResponses(404, 409) },
      },
    },
    async (request) => rejectRecipient(ctx, request.params.token, request.body.reason, requestMeta(request)),
  );
  registerVerificationRoutes(app, ctx);
}

/**
 * Verification (recipient `accessAuth`/`actionAuth`, `requireCuil`): what is pending, a one-time
 * code mailed and checked, the sender's access code, the CUIL. Rate limited per IP like every
 * signing route; tries and resends are limited per recipient in the domain.
 */
function registerVerificationRoutes(fastify: FastifyInstance, ctx: Ctx): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const vtags = ['Signing verification'];
  app.get(
    '/signing/:token/verification',
    {
      config,
      schema: {
        operationId: 'signing-verification-status',
        summary: 'Which verification is asked of the recipient and which is still pending',
        tags: vtags,
        security,
        params: ZSigningParams,
        response: { 200: ZVerificationStatus, ...errorResponses(404) },
      },
    },
    async (request) => getVerificationStatus(ctx, request.params.token),
  );
  app.post(
    '/signing/:token/verification/code',
    {
      config,
      schema: {
        operationId: 'signing-verification-code-request',
        summary: 'Mail the recipient a 6-digit code (TWO_FACTOR_AUTH), valid 10 minutes',
        description:
          'For access while access is pending, else before completing. A new code replaces the previous one; at most 1 a minute and 5 an hour (429 VERIFICATION_RESEND_LIMIT with Retry-After).',
        tags: vtags,
        security,
        params: ZSigningParams,
        response: { 200: ZCodeRequested, ...errorResponses(404, 409) },
      },
    },
    async (request) => requestVerificationCode(ctx, request.params.token, requestMeta(request)),
  );
  app.post(
    '/signing/:token/verification/code/verify',
    {
      config,
      schema: {
        operationId: 'signing-verification-code-verify',
        summary: 'Check the 6-digit code; 5 wrong tries spend it (VERIFICATION_CODE_LOCKED: ask for a new one)',
        tags: vtags,
        security,
        params: ZSigningParams,
        body: ZVerifyCodeBody,
        response: { 200: ZVerificationStatus, ...errorResponses(404, 409) },
      },
    },
    async (request) => verifyVerificationCode(ctx, request.params.token, request.body.code, requestMeta(request)),
  );
  app.post(
    '/signing/:token/verification/access-code',
    {
      config,
      schema: {
        operationId: 'signing-verification-access-code',
        summary: 'Check the access code the sender handed over (PASSWORD); 5 wrong tries lock for 15 minutes',
        tags: vtags,
        security,
        params: ZSigningParams,
        body: ZVerifyAccessCodeBody,
        response: { 200: ZVerificationStatus, ...errorResponses(404, 409) },
      },
    },
    async (request) => verifyAccessCode(ctx, request.params.token, request.body.accessCode, requestMeta(request)),
  );
  app.post(
    '/signing/:token/verification/cuil',
    {
      config,
      schema: {
        operationId: 'signing-verification-cuil',
        summary: 'Confirm the signer’s CUIL (requireCuil); 5 wrong tries lock for 15 minutes',
        tags: vtags,
        security,
        params: ZSigningParams,
        body: ZVerifyCuilBody,
        response: { 200: ZVerificationStatus, ...errorResponses(404, 409) },
      },
    },
    async (request) => verifyCuil(ctx, request.params.token, request.body.cuil, requestMeta(request)),
  );
}
