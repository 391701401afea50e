import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../../domain/context.js';

/**
 * Counts every answered request with its latency, labelled by the route pattern Fastify matched
 * (`/api/v2/envelope/:envelopeId`, never the raw URL, which holds ids and signing tokens) and
 * `unmatched` for paths no route serves. Synchronous, once per request after the answer is sent,
 * with Fastify's own start time: it costs a map lookup and a histogram update. Only registered when
 * the metrics are served (FIRMA_METRICS_PORT or FIRMA_METRICS_TOKEN): otherwise nobody could read them.
 */
export function registerRequestMetrics(app: FastifyInstance, ctx: Ctx): void {
  if (ctx.config.metrics.port === null && ctx.config.metrics.token === null) return;
  const metrics = ctx.metrics;
  app.addHook('onResponse', (request, reply, done) => {
    metrics.httpRequest(
      request.method,
      request.routeOptions.url ?? 'unmatched',
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
    done();
  });
}
