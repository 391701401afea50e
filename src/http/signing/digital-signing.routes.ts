import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Ctx } from '../../domain/context.js';
import { prepareDigitalSignature } from '../../domain/signing/prepare-digital-signature.js';
import { submitDigitalSignature } from '../../domain/signing/submit-digital-signature.js';
import { signingRequest, signingRouteOptions, ZSigningHeaders } from './signing-request.js';
import { errorResponses } from '../schemas/common.schema.js';
import { ZPrepareSignatureBody, ZPrepareSignatureResponse, ZSubmitSignatureBody } from './digital-signing.schema.js';
import { ZCompleteResponse, ZSigningParams } from './signing.schema.js';

const tags = ['Signing'];
const security: { [k: string]: string[] }[] = [];

/**
 * Firma digital (issue #22): a DIGITAL recipient signs with their own certificate in two steps, so
 * the private key never reaches Firma (a smart card, a desktop app, the browser's WebCrypto).
 */
export function registerDigitalSigningRoutes(app: FastifyInstance, ctx: Ctx): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const opts = signingRouteOptions(ctx);

  r.post(
    '/signing/:token/signature/prepare',
    {
      ...opts,
      schema: {
        operationId: 'signing-signature-prepare',
        summary: 'DIGITAL recipient: validate the certificate and prepare each document’s signed revision',
        description:
          'The certificate must carry the recipient’s CUIL in its subject serialNumber, allow digitalSignature or nonRepudiation, be valid now, chain to the trust anchors and not be revoked (OCSP, else CRL). Answers the CMS signed attributes to sign per document; nothing is signed until submit.',
        tags,
        security,
        params: ZSigningParams,
        headers: ZSigningHeaders,
        body: ZPrepareSignatureBody,
        response: { 200: ZPrepareSignatureResponse, ...errorResponses(400, 404, 409, 503) },
      },
    },
    async (request) =>
      prepareDigitalSignature(ctx, request.params.token, request.body, signingRequest(request, request.params.token)),
  );

  r.post(
    '/signing/:token/signature/submit',
    {
      ...opts,
      schema: {
        operationId: 'signing-signature-submit',
        summary: 'DIGITAL recipient: the signature values; Firma embeds them and the recipient has signed',
        description:
          'Each value must verify against the certificate over the prepared signed attributes (400 SIGNATURE_INVALID). 409 SIGNATURE_PREPARATION_STALE when another signer signed meanwhile: prepare again.',
        tags,
        security,
        params: ZSigningParams,
        headers: ZSigningHeaders,
        body: ZSubmitSignatureBody,
        response: { 200: ZCompleteResponse, ...errorResponses(400, 404, 409) },
      },
    },
    async (request) =>
      submitDigitalSignature(ctx, request.params.token, request.body, signingRequest(request, request.params.token)),
  );
}
