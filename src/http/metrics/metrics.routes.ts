import type { Ctx } from '../../domain/context.js';
import { AppError } from '../../errors.js';
import { defineHiddenRoute, type Operation } from '../operation.js';
import { hasMetricsToken } from './metrics-access.js';

/**
 * `GET /metrics` on the main port, only when FIRMA_METRICS_TOKEN is set (otherwise no route: 404),
 * and only with `Authorization: Bearer <that token>` (401 otherwise, the same for a missing and a
 * wrong one). Prometheus text format; in a cluster node, the aggregate of every node. Not an API
 * operation, so not in the OpenAPI documents (like /health and /ready).
 */
export function metricsRoutes(ctx: Ctx): Operation[] {
  const token = ctx.config.metrics.token;
  if (!token) return [];
  return [
    defineHiddenRoute({
      method: 'GET',
      url: '/metrics',
      handle: async (_ctx, request, reply) => {
        if (!hasMetricsToken(request.headers.authorization, token))
          throw new AppError('UNAUTHORIZED', 'The metrics need the metrics token', {
            headers: { 'WWW-Authenticate': 'Bearer realm="metrics"' },
          });
        const text = await ctx.metrics.render();
        return reply.header('content-type', ctx.metrics.contentType).header('cache-control', 'no-store').send(text);
      },
    }),
  ];
}
