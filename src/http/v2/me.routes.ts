import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../plugins/authenticate.js';
import { errorResponses } from '../schemas/common.schema.js';

export const ZMeResponse = z.object({
  platform: z.object({ id: z.number().int(), name: z.string() }),
  token: z.object({ id: z.string(), scope: z.enum(['read', 'full']), environment: z.enum(['sandbox', 'production']) }),
});

/** Lets an integrator check which platform and environment a token belongs to. */
export function registerMeRoutes(app: FastifyInstance): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/me',
    {
      schema: {
        operationId: 'me-get',
        summary: 'The platform and token behind the Authorization header',
        tags: ['Platform'],
        response: { 200: ZMeResponse, ...errorResponses(401, 403) },
      },
    },
    (request) => {
      const p = principalOf(request);
      return {
        platform: { id: p.platformId, name: p.platformName },
        token: { id: p.tokenId, scope: p.scope, environment: p.environment },
      };
    },
  );
}
