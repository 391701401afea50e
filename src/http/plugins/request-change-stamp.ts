import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Ctx } from '../../domain/context.js';
import { readChangeStamp, type ChangeStamp } from '../../domain/hot-path.js';

declare module 'fastify' {
  interface FastifyRequest {
    changeStampValue: ChangeStamp;
    changeStampRead: boolean;
  }
}

export function decorateChangeStamp(app: FastifyInstance): void {
  if (app.hasRequestDecorator('changeStampValue')) return;
  app.decorateRequest('changeStampValue', null);
  app.decorateRequest('changeStampRead', false);
}

/**
 * The database's change stamp as this request first saw it, read once per request and shared by
 * the token check and the view cache. Read after the request arrived, so whatever it validates
 * is at least as new as the request.
 */
export function changeStampOf(ctx: Ctx, request: FastifyRequest): ChangeStamp {
  if (!request.changeStampRead) {
    request.changeStampValue = readChangeStamp(ctx.db);
    request.changeStampRead = true;
  }
  return request.changeStampValue;
}
