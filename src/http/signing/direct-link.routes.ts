import type { FastifyRequest } from 'fastify';
import type { Ctx } from '../../domain/context.js';
import { requestDirectLinkCode } from '../../domain/templates/request-direct-link-code.js';
import { openDirectLink, useDirectLink } from '../../domain/templates/use-direct-link.js';
import { AppError } from '../../errors.js';
import { defineOperation, type OperationHooks } from '../operation.js';
import { requestMeta } from '../plugins/caller.js';
import {
  ZDirectLinkCodeBody,
  ZDirectLinkCodeResponse,
  ZDirectLinkParams,
  ZDirectLinkUseBody,
  ZDirectLinkUseResponse,
  ZDirectLinkView,
} from './direct-link.schema.js';

const tags = ['Signing'];
const perIpLimits = new WeakMap<Ctx, OperationHooks>();

/**
 * The per-IP limit both steps of a direct link share (`FIRMA_DIRECT_LINK_RATE_LIMIT_PER_MINUTE`),
 * counted on every attempt, refused or not, in the process's one limiter
 * (http/plugins/rate-limit.ts) under a key of its own.
 */
function perIpLimit(ctx: Ctx): OperationHooks {
  let hooks = perIpLimits.get(ctx);
  if (!hooks) {
    const limit = ctx.config.rateLimit.directLinkUsesPerMinute;
    hooks = {
      preHandler: async (request: FastifyRequest) => {
        const now = Date.now();
        const { count, resetAt } = await request.server.rateLimiter.hit(`ip:direct:${request.ip}`, now);
        if (count <= limit) return;
        ctx.metrics.rateLimitRefusal('direct-link');
        const retry = Math.max(1, Math.ceil((resetAt - now) / 1000));
        throw new AppError('TOO_MANY_REQUESTS', `Too many requests from this address: at most ${limit} a minute`, {
          headers: { 'Retry-After': String(retry) },
        });
      },
    };
    perIpLimits.set(ctx, hooks);
  }
  return hooks;
}

/**
 * A template's direct link, for its public page (`/d/{token}`): authenticated by the link's token
 * in the path, like the signing API. Using it mails a code to the visitor's address, then makes a
 * document with that code, so both steps share a per-IP limit of their own (`perIpLimit`); the
 * codes are also limited per link and per address (`requestDirectLinkCode`).
 */
export const directLinkOperations = [
  defineOperation({
    method: 'GET',
    url: '/direct/:token',
    operationId: 'direct-link-get',
    summary: "What a direct link's page shows first: the template's title and what the visitor will be asked",
    tags,
    public: true,
    params: ZDirectLinkParams,
    response: ZDirectLinkView,
    errors: [404, 410],
    handle: (ctx, request) => openDirectLink(ctx, request.params.token),
  }),

  defineOperation({
    method: 'POST',
    url: '/direct/:token/code',
    operationId: 'direct-link-code',
    summary: "Mail a 6-digit code to the visitor's e-mail, to confirm it before the document is made",
    description:
      'Step one of a direct link. Nothing is made and nobody else is mailed. Limits: FIRMA_DIRECT_LINK_USES_PER_HOUR codes per link per hour (429 DIRECT_LINK_LIMIT_REACHED), 5 per address per hour (429 VERIFICATION_RESEND_LIMIT), both with Retry-After. A new code replaces the previous one for that address.',
    tags,
    public: true,
    hooks: perIpLimit,
    params: ZDirectLinkParams,
    body: ZDirectLinkCodeBody,
    response: ZDirectLinkCodeResponse,
    errors: [404, 410, 429],
    handle: (ctx, request) => requestDirectLinkCode(ctx, request.params.token, request.body.email),
  }),

  defineOperation({
    method: 'POST',
    url: '/direct/:token',
    operationId: 'direct-link-use',
    summary: 'Make a document from the template for the visitor, send it, and answer their signing token',
    description:
      'Step two: with the code mailed by /direct/{token}/code to this e-mail, the visitor becomes the link’s recipient with this name, e-mail and (for a SIGNER) CUIL. The document (source TEMPLATE_DIRECT_LINK) is created and distributed in one transaction; the visitor then signs through /signing/{token}. Without the right code nothing is made and nobody is mailed (VERIFICATION_CODE_INVALID, _EXPIRED, _LOCKED after 5 tries).',
    tags,
    public: true,
    hooks: perIpLimit,
    params: ZDirectLinkParams,
    body: ZDirectLinkUseBody,
    response: ZDirectLinkUseResponse,
    errors: [404, 410, 429],
    handle: (ctx, request) => useDirectLink(ctx, request.params.token, request.body, requestMeta(request)),
  }),
];
