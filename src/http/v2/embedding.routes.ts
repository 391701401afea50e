import { createPresignToken } from '../../domain/auth/create-presign-token.js';
import { verifyPresignToken } from '../../domain/auth/verify-presign-token.js';
import { defineOperation } from '../operation.js';
import { principalOf } from '../plugins/authenticate.js';
import { ZSuccess } from '../schemas/common.schema.js';
import { ZPresignCreateBody, ZPresignCreateResponse, ZPresignVerifyBody } from './embedding.schema.js';

const tags = ['Embedding'];

/** Presign tokens: short-lived stand-ins for the API token, optionally limited to one document. */
export const embeddingOperations = [
  defineOperation({
    method: 'POST',
    url: '/embedding/create-presign-token',
    operationId: 'embeddingPresign-createEmbeddingPresignToken',
    summary: 'Issue a presign token (full-scope API token only); a scope limits it to one document',
    tags,
    body: ZPresignCreateBody,
    response: ZPresignCreateResponse,
    errors: [404],
    handle: (ctx, request) => createPresignToken(ctx, principalOf(request), request.body),
  }),

  defineOperation({
    method: 'POST',
    url: '/embedding/verify-presign-token',
    operationId: 'embeddingPresign-verifyEmbeddingPresignToken',
    summary: "Whether a presign token of this platform works now (and for the scope's document)",
    tags,
    // Checking a token changes nothing: a read token may ask.
    scope: 'read',
    body: ZPresignVerifyBody,
    response: ZSuccess,
    handle: async (ctx, request) => ({ success: await verifyPresignToken(ctx, principalOf(request), request.body) }),
  }),
];
