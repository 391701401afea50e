import { prepareDigitalSignature } from '../../domain/signing/prepare-digital-signature.js';
import { submitDigitalSignature } from '../../domain/signing/submit-digital-signature.js';
import { defineOperation } from '../operation.js';
import { onSigningToken, signingRequest } from './signing-request.js';
import { ZPrepareSignatureBody, ZPrepareSignatureResponse, ZSubmitSignatureBody } from './digital-signing.schema.js';
import { ZCompleteResponse, ZSigningParams } from './signing.schema.js';

const tags = ['Signing'];

/**
 * Firma digital (issue #22): a DIGITAL recipient signs with their own certificate in two steps, so
 * the private key never reaches Firma (a smart card, a desktop app, the browser's WebCrypto).
 */
export const digitalSigningOperations = [
  defineOperation({
    method: 'POST',
    url: '/signing/:token/signature/prepare',
    operationId: 'signing-signature-prepare',
    summary: 'DIGITAL recipient: validate the certificate and prepare each document’s signed revision',
    description:
      'The certificate must carry the recipient’s CUIL in its subject serialNumber, allow digitalSignature or nonRepudiation, be valid now, chain to the trust anchors and not be revoked (OCSP, else CRL). Answers the CMS signed attributes to sign per document; nothing is signed until submit.',
    tags,
    ...onSigningToken,
    params: ZSigningParams,
    body: ZPrepareSignatureBody,
    response: ZPrepareSignatureResponse,
    errors: [400, 404, 409, 503],
    handle: async (ctx, request) =>
      prepareDigitalSignature(
        ctx,
        request.params.token,
        request.body,
        await signingRequest(ctx, request, request.params.token),
      ),
  }),

  defineOperation({
    method: 'POST',
    url: '/signing/:token/signature/submit',
    operationId: 'signing-signature-submit',
    summary: 'DIGITAL recipient: the signature values; Firma embeds them and the recipient has signed',
    description:
      'Each value must verify against the certificate over the prepared signed attributes (400 SIGNATURE_INVALID). 409 SIGNATURE_PREPARATION_STALE when another signer signed meanwhile: prepare again.',
    tags,
    ...onSigningToken,
    params: ZSigningParams,
    body: ZSubmitSignatureBody,
    response: ZCompleteResponse,
    errors: [400, 404, 409],
    handle: async (ctx, request) =>
      submitDigitalSignature(
        ctx,
        request.params.token,
        request.body,
        await signingRequest(ctx, request, request.params.token),
      ),
  }),
];
