import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Ctx } from '../../domain/context.js';
import { createPresignToken } from '../../domain/auth/create-presign-token.js';
import { verifyPresignToken } from '../../domain/auth/verify-presign-token.js';
import { principalOf } from '../plugins/authenticate.js';
import { errorResponses, ZSuccess } from '../schemas/common.schema.js';
import { ZPresignCreateBody, ZPresignCreateResponse, ZPresignVerifyBody } from './embedding.schema.js';

const tags = ['Embedding'];

/** Presign tokens: short-lived stand-ins for the API token, optionally limited to one document. */
export function registerEmbeddingRoutes(app: FastifyInstance, ctx: Ctx): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/embedding/create-presign-token',
    {
      schema: {
        operationId: 'embeddingPresign-createEmbeddingPresignToken',
        summary: 'Issue a presign token (full-scope API token only); a scope limits it to one document',
        tags,
        body: ZPresignCreateBody,
        response: { 200: ZPresignCreateResponse, ...errorResponses(404) },
      },
    },
    async (request) => createPresignToken(ctx, principalOf(request), request.body),
  );

  r.post(
    '/embedding/verify-presign-token',
    {
      // Checking a token changes nothing: a read token may ask.
      config: { scope: 'read' },
      schema: {
        operationId: 'embeddingPresign-verifyEmbeddingPresignToken',
        summary: "Whether a presign token of this platform works now (and for the scope's document)",
        tags,
        body: ZPresignVerifyBody,
        response: { 200: ZSuccess, ...errorResponses() },
      },
    },
    async (request) => ({ success: await verifyPresignToken(ctx, principalOf(request), request.body) }),
  );
}
