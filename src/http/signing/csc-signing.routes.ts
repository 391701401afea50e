import type { FastifyReply } from 'fastify';
import type { Ctx } from '../../domain/context.js';
import { authorizeCscCredential } from '../../domain/signing/authorize-csc-credential.js';
import { CSC_CALLBACK_PATH, CSC_COOKIE } from '../../domain/signing/csc-remote.js';
import { listCscCredentialChoices } from '../../domain/signing/list-csc-credentials.js';
import { startCscAuthorization } from '../../domain/signing/start-csc-authorization.js';
import { defineOperation } from '../operation.js';
import { onSigningToken, signingRequest } from './signing-request.js';
import {
  ZCscAuthorizeResponse,
  ZCscCredentialAuthorizationBody,
  ZCscCredentialAuthorizationResponse,
  ZCscCredentialsBody,
  ZCscCredentialsResponse,
} from './csc-signing.schema.js';
import { ZSigningParams } from './signing.schema.js';

const tags = ['Signing'];

/**
 * Remote signing through the platform's CSC v2 provider (issue #22): the calls the signing page
 * makes between its trips to the provider. The provider sends the browser back to
 * `/sign/csc/callback` (http/page/csc-callback.routes.ts), which exchanges codes and signs.
 */
export const cscSigningOperations = [
  defineOperation({
    method: 'POST',
    url: '/signing/:token/csc/authorize',
    operationId: 'signing-csc-authorize',
    summary: 'DIGITAL recipient, remote signing: where to authorise Firma at the signing provider',
    description:
      'Answers the provider’s OAuth2 address (scope service, PKCE S256) and sets the cookie its callback needs. 400 CSC_NOT_CONFIGURED when the sender’s platform has no CSC provider. Changes nothing.',
    tags,
    ...onSigningToken,
    params: ZSigningParams,
    response: ZCscAuthorizeResponse,
    errors: [400, 404, 409],
    handle: async (ctx, request, reply) => {
      const { token } = request.params;
      const started = await startCscAuthorization(ctx, token, await signingRequest(ctx, request, token));
      setFlowCookie(reply, started.cookie, ctx);
      return { authorizeUrl: started.authorizeUrl };
    },
  }),

  defineOperation({
    method: 'POST',
    url: '/signing/:token/csc/credentials',
    operationId: 'signing-csc-credentials',
    summary: 'DIGITAL recipient, remote signing: the signer’s credentials at the provider',
    description:
      'credentials/list and credentials/info at the provider under the session the callback gave. 403 CSC_AUTHORIZATION_FAILED (session expired, not this link’s, or refused by the provider), 502 CSC_PROVIDER_ERROR.',
    tags,
    ...onSigningToken,
    params: ZSigningParams,
    body: ZCscCredentialsBody,
    response: ZCscCredentialsResponse,
    errors: [400, 404, 409, 502],
    handle: async (ctx, request) =>
      listCscCredentialChoices(
        ctx,
        request.params.token,
        request.body,
        await signingRequest(ctx, request, request.params.token),
      ),
  }),

  defineOperation({
    method: 'POST',
    url: '/signing/:token/csc/credential-authorization',
    operationId: 'signing-csc-credential-authorization',
    summary: 'DIGITAL recipient, remote signing: prepare with the chosen credential and authorise its hashes',
    description:
      'The credential’s certificate passes the same checks as signature/prepare (CERT_* 400, nothing changed); the preparation is kept and the answer is the provider’s address to authorise exactly its hashes (scope credential). After that authorisation the callback signs and submits.',
    tags,
    ...onSigningToken,
    params: ZSigningParams,
    body: ZCscCredentialAuthorizationBody,
    response: ZCscCredentialAuthorizationResponse,
    errors: [400, 404, 409, 502, 503],
    handle: async (ctx, request, reply) => {
      const { token } = request.params;
      const authorized = await authorizeCscCredential(
        ctx,
        token,
        request.body,
        await signingRequest(ctx, request, token),
      );
      setFlowCookie(reply, authorized.cookie, ctx);
      return { authorizeUrl: authorized.authorizeUrl, certificate: authorized.certificate };
    },
  }),
];

/** The PKCE verifier, sealed, for the callback only: HttpOnly, and sent on the provider's top-level redirect (Lax). */
function setFlowCookie(reply: FastifyReply, value: string, ctx: Ctx): void {
  const secure = ctx.config.publicUrl.startsWith('https:') ? '; Secure' : '';
  void reply.header(
    'Set-Cookie',
    `${CSC_COOKIE}=${value}; Path=${CSC_CALLBACK_PATH}; Max-Age=900; HttpOnly; SameSite=Lax${secure}`,
  );
}
