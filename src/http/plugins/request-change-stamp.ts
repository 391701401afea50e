import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Ctx } from '../../domain/context.js';
import { readChangeStampAfterTurn, readChangeStampAtOnce, type ChangeStamp } from '../../domain/hot-path.js';

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
 * Reads the database's change stamp for this request, once, and then continues: synchronously on
 * SQLite, one turn of the event loop later on PostgreSQL (so change notifications that arrived
 * with the request are counted). Read after the request arrived, so whatever it validates is at
 * least as new as the request. The token check calls it first; later readers share the value.
 */
export function withChangeStamp(ctx: Ctx, request: FastifyRequest, then: () => void): void {
  if (request.changeStampRead) return then();
  readChangeStampAfterTurn(ctx.db, (stamp) => {
    request.changeStampValue = stamp;
    request.changeStampRead = true;
    then();
  });
}

/**
 * The change stamp this request read (`withChangeStamp`), shared by the token check and the view
 * cache. A request that did not read it (a route without API-token authentication) reads it now,
 * and on PostgreSQL gets null (check every entry): it did not wait the turn that makes it exact.
 */
export function changeStampOf(ctx: Ctx, request: FastifyRequest): ChangeStamp {
  if (!request.changeStampRead) {
    request.changeStampValue = readChangeStampAtOnce(ctx.db);
    request.changeStampRead = true;
  }
  return request.changeStampValue;
}
