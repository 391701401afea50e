import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Ctx } from '../../domain/context.js';
import { openDirectLink, useDirectLink } from '../../domain/templates/use-direct-link.js';
import { AppError } from '../../errors.js';
import { requestMeta } from '../plugins/caller.js';
import { errorResponses } from '../schemas/common.schema.js';
import {
  ZDirectLinkParams,
  ZDirectLinkUseBody,
  ZDirectLinkUseResponse,
  ZDirectLinkView,
} from './direct-link.schema.js';

const tags = ['Signing'];
const security: { [k: string]: string[] }[] = [];
const config = { public: true };

/**
 * A template's direct link, for its public page (`/d/{token}`): authenticated by the link's token
 * in the path, like the signing API. Using it makes a document, so it has its own per-IP limit
 * (`FIRMA_DIRECT_LINK_RATE_LIMIT_PER_MINUTE`), counted on every attempt, refused or not.
 */
export function registerDirectLinkRoutes(app: FastifyInstance, ctx: Ctx): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // The process's one limiter (http/plugins/rate-limit.ts), under a key of its own.
  const limiter = app.rateLimiter;
  const limit = ctx.config.rateLimit.directLinkUsesPerMinute;

  r.get(
    '/direct/:token',
    {
      config,
      schema: {
        operationId: 'direct-link-get',
        summary: "What a direct link's page shows first: the template's title and what the visitor will be asked",
        tags,
        security,
        params: ZDirectLinkParams,
        response: { 200: ZDirectLinkView, ...errorResponses(404, 410) },
      },
    },
    async (request) => openDirectLink(ctx, request.params.token),
  );

  r.post(
    '/direct/:token',
    {
      config,
      preHandler: async (request) => {
        const now = Date.now();
        const { count, resetAt } = await limiter.hit(`ip:direct:${request.ip}`, now);
        if (count <= limit) return;
        ctx.metrics.rateLimitRefusal('direct-link');
        const retry = Math.max(1, Math.ceil((resetAt - now) / 1000));
        throw new AppError('TOO_MANY_REQUESTS', `Too many documents from this address: at most ${limit} a minute`, {
          headers: { 'Retry-After': String(retry) },
        });
      },
      schema: {
        operationId: 'direct-link-use',
        summary: 'Make a document from the template for the visitor, send it, and answer their signing token',
        description:
          'The visitor becomes the link’s recipient with this name, e-mail and (for a SIGNER) CUIL. The document (source TEMPLATE_DIRECT_LINK) is created and distributed in one transaction; the visitor then signs through /signing/{token}.',
        tags,
        security,
        params: ZDirectLinkParams,
        body: ZDirectLinkUseBody,
        response: { 200: ZDirectLinkUseResponse, ...errorResponses(404, 410) },
      },
    },
    async (request) => useDirectLink(ctx, request.params.token, request.body, requestMeta(request)),
  );
}
