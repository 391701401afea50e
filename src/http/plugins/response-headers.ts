import type { FastifyInstance } from 'fastify';

/**
 * Headers on every response: the request id (to quote in a support request), no MIME sniffing,
 * and `no-store` on API responses, which carry private data and must not sit in shared caches.
 * Names are written in lower case, as Fastify stores and sends them: a mixed-case literal would be
 * lower-cased into a new string on every request (measurably slower on the hot read path).
 */
export function registerResponseHeaders(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    void reply.header('x-request-id', request.id);
    void reply.header('x-content-type-options', 'nosniff');
    if (request.url.startsWith('/api/')) void reply.header('cache-control', 'no-store');
    done();
  });
}
