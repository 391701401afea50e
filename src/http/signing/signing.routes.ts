import { ZInsertFieldBody } from '../../domain/fields/validate-field-value.js';
import { completeRecipient } from '../../domain/signing/complete-recipient.js';
import { downloadRecipientFile } from '../../domain/signing/download-recipient-file.js';
import { getSignatureImage } from '../../domain/signing/get-signature-image.js';
import { insertField, removeField } from '../../domain/signing/insert-field.js';
import { openSigningSession } from '../../domain/signing/open-signing-session.js';
import { rejectRecipient } from '../../domain/signing/reject-recipient.js';
import { signerItemPdf } from '../../domain/signing/signer-item-pdf.js';
import { defineOperation, pdfAnswer, pngAnswer } from '../operation.js';
import { onSigningToken, signingRequest } from './signing-request.js';
import { signingVerificationOperations } from './signing-verification.routes.js';
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

/**
 * The recipient's API, authenticated by the signing token in the path instead of an API token.
 * The signing page uses it, and so can embedders building their own signing UI.
 */
export const signingOperations = [
  defineOperation({
    method: 'GET',
    url: '/signing/:token',
    operationId: 'signing-get',
    summary: 'What the recipient sees: the envelope, its own state and the fields it may fill',
    description:
      'The first call marks the recipient OPENED (and SENT when distribution was NONE). While access verification is pending: 403 VERIFICATION_REQUIRED with `stage` and `pending` (as on every route below).',
    tags,
    ...onSigningToken,
    params: ZSigningParams,
    response: ZSigningView,
    errors: [404],
    handle: async (ctx, request) =>
      openSigningSession(ctx, request.params.token, await signingRequest(ctx, request, request.params.token)),
  }),

  defineOperation({
    method: 'GET',
    url: '/signing/:token/item/:envelopeItemId',
    operationId: 'signing-item-pdf',
    summary: 'A PDF of the envelope, with what earlier recipients filled in',
    tags,
    ...onSigningToken,
    params: ZSigningItemParams,
    response: pdfAnswer(),
    errors: [404],
    handle: async (ctx, request, reply) => {
      const { token, envelopeItemId } = request.params;
      return sendPdf(reply, await signerItemPdf(ctx, token, envelopeItemId, await signingRequest(ctx, request, token)));
    },
  }),

  defineOperation({
    method: 'POST',
    url: '/signing/:token/field/:fieldId',
    operationId: 'signing-field-insert',
    summary: 'Fill a field',
    description:
      '`{value}` for TEXT, NUMBER, RADIO, DROPDOWN (and to override NAME), `{values}` for CHECKBOX, `{}` for NAME, EMAIL and DATE (filled by Firma), `{signature: {type: "typed", text} | {type: "drawn", image: "data:image/png;base64,…"} | {type: "uploaded", image: "data:image/png;base64,…" or "data:image/jpeg;base64,…"}}` for SIGNATURE, FREE_SIGNATURE and INITIALS, each only when the document\'s meta enables it (`typedSignatureEnabled`, `drawSignatureEnabled`, `uploadSignatureEnabled`; an upload when disabled: 400 SIGNATURE_UPLOAD_DISABLED). An image is decoded off the event loop within 4000 pixels a side and 8 million in all, 512 KB drawn, 700 KB uploaded; an upload is re-encoded as a PNG of its pixels alone (its metadata dropped). A bad image: 400 INVALID_FIELD_VALUE.',
    tags,
    ...onSigningToken,
    params: ZSigningFieldParams,
    body: ZInsertFieldBody,
    response: ZSigningField,
    errors: [404, 409],
    handle: async (ctx, request) => {
      const { token, fieldId } = request.params;
      return insertField(ctx, token, fieldId, request.body, await signingRequest(ctx, request, token));
    },
  }),

  defineOperation({
    method: 'GET',
    url: '/signing/:token/field/:fieldId/signature',
    operationId: 'signing-field-signature',
    summary: 'The PNG of a drawn or uploaded signature in a field this recipient filled',
    tags,
    ...onSigningToken,
    params: ZSigningFieldParams,
    response: pngAnswer(),
    errors: [404],
    handle: async (ctx, request, reply) => {
      const { token, fieldId } = request.params;
      const png = await getSignatureImage(ctx, token, fieldId, await signingRequest(ctx, request, token));
      return reply.type('image/png').header('Cache-Control', 'no-store').send(png);
    },
  }),

  defineOperation({
    method: 'DELETE',
    url: '/signing/:token/field/:fieldId',
    operationId: 'signing-field-remove',
    summary: 'Empty a field again',
    tags,
    ...onSigningToken,
    params: ZSigningFieldParams,
    response: ZSigningField,
    errors: [404, 409],
    handle: async (ctx, request) => {
      const { token, fieldId } = request.params;
      return removeField(ctx, token, fieldId, await signingRequest(ctx, request, token));
    },
  }),

  defineOperation({
    method: 'POST',
    url: '/signing/:token/complete',
    operationId: 'signing-complete',
    summary: 'Finish: sign (SIGNER), approve (APPROVER) or confirm viewing (VIEWER); repeating it is harmless',
    description:
      'The body carries the acceptance of the statement in the signing view\'s `consent`: `{"consent": {"accepted": true, "version": "…", "language": "es"}}`; it is recorded in the audit log and the certificate.',
    tags,
    ...onSigningToken,
    params: ZSigningParams,
    body: ZCompleteBody,
    response: ZCompleteResponse,
    errors: [400, 404, 409],
    handle: async (ctx, request) => {
      const { token } = request.params;
      return completeRecipient(
        ctx,
        token,
        { consent: request.body?.consent, nextSigner: request.body?.nextSigner },
        await signingRequest(ctx, request, token),
      );
    },
  }),

  defineOperation({
    method: 'GET',
    url: '/signing/:token/download/:envelopeItemId',
    operationId: 'signing-download-signed',
    summary: 'After completion: the sealed PDF of an item, for FIRMA_RECIPIENT_DOWNLOAD_DAYS; audited',
    tags,
    ...onSigningToken,
    params: ZSigningDownloadParams,
    response: pdfAnswer(),
    errors: [404, 409, 410],
    handle: async (ctx, request, reply) => {
      const { token, envelopeItemId } = request.params;
      const file = { kind: 'signed', envelopeItemId } as const;
      return sendPdf(reply, await downloadRecipientFile(ctx, token, file, await signingRequest(ctx, request, token)));
    },
  }),

  defineOperation({
    method: 'GET',
    url: '/signing/:token/certificate',
    operationId: 'signing-download-certificate',
    summary: 'After completion: the completion certificate, for FIRMA_RECIPIENT_DOWNLOAD_DAYS; audited',
    tags,
    ...onSigningToken,
    params: ZSigningParams,
    response: pdfAnswer(),
    errors: [404, 409, 410],
    handle: async (ctx, request, reply) => {
      const { token } = request.params;
      const file = { kind: 'certificate' } as const;
      return sendPdf(reply, await downloadRecipientFile(ctx, token, file, await signingRequest(ctx, request, token)));
    },
  }),

  defineOperation({
    method: 'POST',
    url: '/signing/:token/reject',
    operationId: 'signing-reject',
    summary: 'Refuse to sign, with a reason; the document becomes REJECTED',
    tags,
    ...onSigningToken,
    params: ZSigningParams,
    body: ZRejectBody,
    response: ZRejectResponse,
    errors: [404, 409],
    handle: async (ctx, request) => {
      const { token } = request.params;
      return rejectRecipient(ctx, token, request.body.reason, await signingRequest(ctx, request, token));
    },
  }),

  ...signingVerificationOperations,
];
