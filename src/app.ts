import { randomUUID } from 'node:crypto';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Ctx } from './domain/context.js';
import { healthRoutes } from './http/health.routes.js';
import { embedAuthoringPageRoutes } from './http/page/embed-authoring.routes.js';
import { embedPageRoutes } from './http/page/embed-page.routes.js';
import { EMBED_AUTHORING_API, embedAuthoringOperations } from './http/embed-authoring/embed-authoring.routes.js';
import { embedAuthoringOpenApiOptions } from './http/embed-authoring/embed-authoring-openapi.js';
import { signingPageRoutes } from './http/page/signing-page.routes.js';
import { cscCallbackRoutes } from './http/page/csc-callback.routes.js';
import { openApiOptions } from './http/openapi.js';
import { frameworkErrors, registerErrorHandling } from './http/plugins/error-handler.js';
import { registerResponseHeaders } from './http/plugins/response-headers.js';
import { registerRateLimit } from './http/plugins/rate-limit.js';
import { registerCors } from './http/plugins/cors.js';
import { registerIdempotency } from './http/plugins/idempotency.js';
import { registerTextGuard } from './http/plugins/text-guard.js';
import { registerJsonBodyParser } from './http/plugins/json-body.js';
import { v2Routes } from './http/v2/index.js';
import { appRoutes } from './http/app/index.js';
import { appPageRoutes } from './http/web-app/app-page.routes.js';
import { v1Operations } from './http/v1/v1.routes.js';
import { docsRoutes } from './http/docs/docs.routes.js';
import { registerApiTokenAuth } from './http/plugins/authenticate.js';
import { requestLogging } from './http/plugins/lazy-request-logger.js';
import { registerRequestMetrics } from './http/plugins/request-metrics.js';
import { metricsRoutes } from './http/metrics/metrics.routes.js';
import { registerOperations, registerOperationsInPlace } from './http/operation.js';
import { refusingDroppedSecurityMembers } from './http/plugins/security-members.js';

export const API_VERSION_V2 = '2.0.0';
export const API_VERSION_V1 = '1.0.0';

/**
 * Fastify's trustProxy for FIRMA_TRUST_PROXY. A hop count is given as proxy-addr's own rule for
 * one (trust the n addresses nearest the server), since this Fastify ignores a bare number.
 */
function trustProxyOption(trust: Ctx['config']['trustProxy']) {
  if (typeof trust !== 'number') return trust;
  return (_address: string, hop: number) => hop < trust;
}

/** Builds the HTTP application on a context. Does not listen: `server.ts` does. */
export async function buildApp(ctx: Ctx): Promise<FastifyInstance> {
  const app = Fastify({
    ...requestLogging(ctx.log),
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    bodyLimit: ctx.config.limits.jsonBodyBytes,
    // A request that reaches a closing server on a kept-alive connection is still served (with
    // `Connection: close`), never refused with a 503: see `startServer`'s graceful stop.
    return503OnClosing: false,
    forceCloseConnections: 'idle',
    // Path parameters longer than any id or token still reach the routes (which answer 404);
    // anything longer is answered by frameworkErrors without echoing the path.
    routerOptions: { maxParamLength: 512 },
    frameworkErrors,
    // FIRMA_TRUST_PROXY: off, X-Forwarded-For is ignored (any client could name any address); a
    // hop count or the proxies' CIDRs make request.ip (per-IP limits, audit entries) the client's.
    trustProxy: trustProxyOption(ctx.config.trustProxy),
  });
  app.setValidatorCompiler(refusingDroppedSecurityMembers(validatorCompiler));
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app, (kind) => ctx.metrics.storageFailure(kind));
  registerJsonBodyParser(app);
  registerRequestMetrics(app, ctx);
  registerResponseHeaders(app);
  registerCors(app, ctx);
  registerRateLimit(app, ctx);
  registerIdempotency(app, ctx);
  registerTextGuard(app);
  // The routes outside the API documents: probes, metrics, the signing pages (Documenso's embed
  // paths too) and the CSC callback.
  await registerOperations(app, ctx, [
    ...healthRoutes,
    ...metricsRoutes(ctx),
    ...signingPageRoutes(ctx),
    ...embedAuthoringPageRoutes(ctx),
    ...embedPageRoutes(ctx),
    ...cscCallbackRoutes,
  ]);

  await app.register(async (api) => {
    await api.register(
      swagger,
      openApiOptions({
        prefix: '/api/v2',
        hiddenPrefixes: ['/api/v2-beta'],
        title: 'Firma API',
        version: API_VERSION_V2,
        description:
          'Electronic document signing: envelopes, recipients, fields, distribution, signing and sealed results.',
        publicUrl: ctx.config.publicUrl,
      }),
    );
    await api.register(v2Routes(ctx), { prefix: '/api/v2' });
    await api.register(v2Routes(ctx), { prefix: '/api/v2-beta' });
    for (const prefix of ['/api/v2', '/api/v2-beta']) {
      // Served from the live config: the public URL is final only once the server listens.
      api.get(`${prefix}/openapi.json`, { schema: { hide: true } }, () => ({
        ...api.swagger(),
        servers: [{ url: `${ctx.config.publicUrl}/api/v2` }],
      }));
    }
  });

  await app.register(async (legacy) => {
    await legacy.register(
      swagger,
      openApiOptions({
        prefix: '/api/v1',
        hiddenPrefixes: [],
        title: 'Firma API (legacy v1)',
        version: API_VERSION_V1,
        description:
          'The legacy v1 flow: create a document, PUT its PDF to the upload URL, add fields, send, download. Same token as v2.',
        publicUrl: ctx.config.publicUrl,
      }),
    );
    await legacy.register(
      async (scope) => {
        registerApiTokenAuth(scope, ctx);
        await registerOperationsInPlace(scope, ctx, v1Operations);
      },
      { prefix: '/api/v1' },
    );
    legacy.get('/api/v1/openapi.json', { schema: { hide: true } }, () => ({
      ...legacy.swagger(),
      servers: [{ url: `${ctx.config.publicUrl}/api/v1` }],
    }));
  });

  // The embedded editor's own routes (Documenso's authoring embeds), a presign token as the bearer,
  // with an OpenAPI document of their own.
  await app.register(async (embedded) => {
    await embedded.register(swagger, embedAuthoringOpenApiOptions(ctx.config.publicUrl));
    await embedded.register(
      async (scope) => {
        registerApiTokenAuth(scope, ctx);
        await registerOperationsInPlace(scope, ctx, embedAuthoringOperations);
      },
      { prefix: EMBED_AUTHORING_API },
    );
    embedded.get(`${EMBED_AUTHORING_API}/openapi.json`, { schema: { hide: true } }, () => embedded.swagger());
  });

  // The web app's API (accounts, sessions, teams), with its own OpenAPI document, and its pages at `/`.
  await app.register(appRoutes(ctx));
  await registerOperations(app, ctx, [...docsRoutes(ctx), ...appPageRoutes()]);

  return app;
}
