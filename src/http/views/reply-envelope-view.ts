import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Ctx } from '../../domain/context.js';
import type { EnvelopeGraph, EnvelopeKey } from '../../domain/envelopes/get-envelope.js';
import { whenReady } from '../../domain/hot-path.js';
import { changeStampOf } from '../plugins/request-change-stamp.js';
import { readEnvelopeView } from './view-cache.js';

/**
 * Answers a read of one envelope from the view cache. The view is serialised once through the
 * route's own response schema (`reply.serialize`, the same serializer Fastify would use), kept as
 * UTF-8 bytes and sent as is while the envelope does not change. Synchronous on a SQLite hit.
 */
export function replyEnvelopeView(
  ctx: Ctx,
  request: FastifyRequest,
  reply: FastifyReply,
  platformId: number,
  key: EnvelopeKey,
  variant: string,
  view: (graph: EnvelopeGraph) => unknown,
): FastifyReply | Promise<FastifyReply> {
  const body = readEnvelopeView(
    ctx,
    platformId,
    key,
    variant,
    (graph) => Buffer.from(reply.serialize(view(graph)) as string),
    changeStampOf(ctx, request),
  );
  return whenReady(body, (json) => reply.type('application/json; charset=utf-8').send(json));
}
