import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors.js';
import { jsonNestsDeeperThan, MAX_JSON_DEPTH } from '../../lib/json-nesting.js';

export const jsonTooDeep = (): AppError =>
  new AppError('JSON_TOO_DEEP', `The JSON nests arrays or objects more than ${MAX_JSON_DEPTH} levels deep`);

/**
 * Fastify's JSON parser behind a nesting bound. A body nested hundreds of thousands deep is cheap
 * to send (1 MB of `[`) and costly to handle: JSON.parse alone spends most of a second on it, and
 * every later walk pays per level. So the raw text is scanned first, in one linear pass, and a
 * body past MAX_JSON_DEPTH is refused with 400 JSON_TOO_DEEP before anything else touches it.
 * Everything else is Fastify's own parser with the instance's settings: an empty body, invalid
 * JSON and `__proto__` / `constructor.prototype` members stay refused as before. Registered on the
 * root instance, before any route scope, so every route that takes JSON (v1, v2, signing, public or
 * not) inherits it; authenticated routes still run their token check first, in onRequest, before
 * the body is read.
 */
export function registerJsonBodyParser(app: FastifyInstance): void {
  const { onProtoPoisoning = 'error', onConstructorPoisoning = 'error' } = app.initialConfig;
  const parse = app.getDefaultJsonParser(onProtoPoisoning, onConstructorPoisoning);
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (jsonNestsDeeperThan(body)) {
      done(jsonTooDeep(), undefined);
      return;
    }
    // parseAs 'string': always text. Fastify's parser answers through `done`, nothing to await.
    void parse(request, body as string, done);
  });
}
