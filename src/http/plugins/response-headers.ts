import type { FastifyInstance } from 'fastify';

/**
 * Headers on every response: the request id (to quote in a support request), no MIME sniffing,
 * and `no-store` on API responses, which carry private data and must not sit in shared caches.
 */
export function registerResponseHeaders(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    void reply.header('X-Request-Id', request.id);
    void reply.header('X-Content-Type-Options', 'nosniff');
    if (request.url.startsWith('/api/')) void reply.header('Cache-Control', 'no-store');
    done();
  });
}
