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
import { signingRequest, signingRouteOptions, ZSigningHeaders } from './signing-request.js';
import { errorResponses } from '../schemas/common.schema.js';
import { registerSigningVerificationRoutes } from './signing-verification.routes.js';
import { sendPdf } from '../views/send-pdf.js';
import {
  ZCompleteBody,
  ZCompleteResponse,
  ZSigningDownloadParams,
  ZRejectBody,
  ZRejectResponse,
  ZSigningField,
  ZSigningFieldParams,
  ZSigningItemParams,
  ZSigningParams,
  ZSigningView,
} from './signing.schema.js';

const tags = ['Signing'];
const security: { [k: string]: string[] }[] = [];

/**
 * The recipient's API, authenticated by the signing token in the path instead of an API token.
 * The signing page uses it, and so can embedders building their own signing UI.
 */
export function registerSigningRoutes(app: FastifyInstance, ctx: Ctx): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const opts = signingRouteOptions(ctx);

  r.get(
    '/signing/:token',
    {
      ...opts,
      schema: {
        operationId: 'signing-get',
        summary: 'What the recipient sees: the envelope, its own state and the fields it may fill',
        description:
          'The first call marks the recipient OPENED (and SENT when distribution was NONE). While access verification is pending: 403 VERIFICATION_REQUIRED with `stage` and `pending` (as on every route below).',
        tags,
        security,
        params: ZSigningParams,
        headers: ZSigningHeaders,
        response: { 200: ZSigningView, ...errorResponses(404) },
      },
    },
    async (request) => openSigningSession(ctx, request.params.token, signingRequest(request, request.params.token)),
  );

  r.get(
    '/signing/:token/item/:envelopeItemId',
    {
      ...opts,
      schema: {
        operationId: 'signing-item-pdf',
        summary: 'A PDF of the envelope, with what earlier recipients filled in',
        tags,
        security,
        params: ZSigningItemParams,
        headers: ZSigningHeaders,
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
      sendPdf(
        reply,
        await signerItemPdf(
          ctx,
          request.params.token,
          request.params.envelopeItemId,
          signingRequest(request, request.params.token),
        ),
      ),
  );

  r.post(
    '/signing/:token/field/:fieldId',
    {
      ...opts,
      schema: {
        operationId: 'signing-field-insert',
        summary: 'Fill a field',
        description:
          '`{value}` for TEXT, NUMBER, RADIO, DROPDOWN (and to override NAME), `{values}` for CHECKBOX, `{}` for NAME, EMAIL and DATE (filled by Firma), `{signature: {type: "typed", text} | {type: "drawn", image: "data:image/png;base64,…"}}` for SIGNATURE, FREE_SIGNATURE and INITIALS.',
        tags,
        security,
        params: ZSigningFieldParams,
        headers: ZSigningHeaders,
        body: ZInsertFieldBody,
        response: { 200: ZSigningField, ...errorResponses(404, 409) },
      },
    },
    async (request) =>
      insertField(
        ctx,
        request.params.token,
        request.params.fieldId,
        request.body,
        signingRequest(request, request.params.token),
      ),
  );

  r.get(
    '/signing/:token/field/:fieldId/signature',
    {
      ...opts,
      schema: {
        operationId: 'signing-field-signature',
        summary: 'The PNG of a drawn signature in a field this recipient filled',
        tags,
        security,
        params: ZSigningFieldParams,
        headers: ZSigningHeaders,
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
        .send(
          await getSignatureImage(
            ctx,
            request.params.token,
            request.params.fieldId,
            signingRequest(request, request.params.token),
          ),
        ),
  );

  r.delete(
    '/signing/:token/field/:fieldId',
    {
      ...opts,
      schema: {
        operationId: 'signing-field-remove',
        summary: 'Empty a field again',
        tags,
        security,
        params: ZSigningFieldParams,
        headers: ZSigningHeaders,
        response: { 200: ZSigningField, ...errorResponses(404, 409) },
      },
    },
    async (request) =>
      removeField(ctx, request.params.token, request.params.fieldId, signingRequest(request, request.params.token)),
  );

  r.post(
    '/signing/:token/complete',
    {
      ...opts,
      schema: {
        operationId: 'signing-complete',
        summary: 'Finish: sign (SIGNER), approve (APPROVER) or confirm viewing (VIEWER); repeating it is harmless',
        description:
          'The body carries the acceptance of the statement in the signing view\'s `consent`: `{"consent": {"accepted": true, "version": "…", "language": "es"}}`; it is recorded in the audit log and the certificate.',
        tags,
        security,
        params: ZSigningParams,
        headers: ZSigningHeaders,
        body: ZCompleteBody,
        response: { 200: ZCompleteResponse, ...errorResponses(400, 404, 409) },
      },
    },
    async (request) =>
      completeRecipient(
        ctx,
        request.params.token,
        { consent: request.body?.consent },
        signingRequest(request, request.params.token),
      ),
  );

  const pdfResponse = {
    description: 'The PDF',
    content: { 'application/pdf': { schema: z.string().meta({ format: 'binary' }) } },
  };

  r.get(
    '/signing/:token/download/:envelopeItemId',
    {
      ...opts,
      schema: {
        operationId: 'signing-download-signed',
        summary: 'After completion: the sealed PDF of an item, for FIRMA_RECIPIENT_DOWNLOAD_DAYS; audited',
        tags,
        security,
        params: ZSigningDownloadParams,
        headers: ZSigningHeaders,
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
          signingRequest(request, request.params.token),
        ),
      ),
  );

  r.get(
    '/signing/:token/certificate',
    {
      ...opts,
      schema: {
        operationId: 'signing-download-certificate',
        summary: 'After completion: the completion certificate, for FIRMA_RECIPIENT_DOWNLOAD_DAYS; audited',
        tags,
        security,
        params: ZSigningParams,
        headers: ZSigningHeaders,
        response: { 200: pdfResponse, ...errorResponses(404, 409, 410) },
      },
    },
    async (request, reply) =>
      sendPdf(
        reply,
        await downloadRecipientFile(
          ctx,
          request.params.token,
          { kind: 'certificate' },
          signingRequest(request, request.params.token),
        ),
      ),
  );

  r.post(
    '/signing/:token/reject',
    {
      ...opts,
      schema: {
        operationId: 'signing-reject',
        summary: 'Refuse to sign, with a reason; the document becomes REJECTED',
        tags,
        security,
        params: ZSigningParams,
        headers: ZSigningHeaders,
        body: ZRejectBody,
        response: { 200: ZRejectResponse, ...errorResponses(404, 409) },
      },
    },
    async (request) =>
      rejectRecipient(ctx, request.params.token, request.body.reason, signingRequest(request, request.params.token)),
  );
  registerSigningVerificationRoutes(app, ctx);
}
