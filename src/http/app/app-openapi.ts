import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

type Transform = NonNullable<FastifyDynamicSwaggerOptions['transform']>;

export const APP_API_PREFIX = '/api/app';
export const APP_API_VERSION = '0.1.0';

/**
 * The web app's own OpenAPI document (`/api/app/openapi.json`), apart from the public API's: its
 * routes authenticate with the session cookie and CSRF header, not API tokens, and the public
 * documents stay as they were. Named schemas live in Zod's one global registry, which holds the
 * public API's too: this document keeps only the components its own operations reference.
 */
export function appOpenApiOptions(publicUrl: string): FastifyDynamicSwaggerOptions {
  const transform: Transform = (input) => {
    const { url } = input;
    if (!url.startsWith(`${APP_API_PREFIX}/`)) return { schema: { hide: true }, url };
    const result = jsonSchemaTransform(input);
    return { schema: result.schema, url: url.slice(APP_API_PREFIX.length) };
  };
  return {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Firma web app API',
        version: APP_API_VERSION,
        description:
          'What Firma’s web app calls: accounts, sessions and teams. Authenticated by the session cookie that signing in sets, and on every state-changing request the session’s CSRF token in X-CSRF-Token (and an Origin, when sent, of FIRMA_PUBLIC_URL). Not for programs: they use the API (/api/v2) with an API token.',
      },
      servers: [{ url: `${publicUrl}${APP_API_PREFIX}` }],
      components: {
        securitySchemes: {
          sessionCookie: {
            type: 'apiKey',
            in: 'cookie',
            name: 'firma_session',
            description:
              'Set by signing in (`__Host-firma_session` when FIRMA_PUBLIC_URL is https); HttpOnly, SameSite=Lax.',
          },
          csrfToken: {
            type: 'apiKey',
            in: 'header',
            name: 'X-CSRF-Token',
            description: 'The session’s `csrfToken` (from signing in or GET /session), on every POST and DELETE.',
          },
        },
      },
      security: [{ sessionCookie: [], csrfToken: [] }],
    },
    transform,
    transformObject: (input) => keepReferencedSchemas(jsonSchemaTransformObject(input)),
  };
}

type Document = ReturnType<typeof jsonSchemaTransformObject>;
const REF = /"#\/components\/schemas\/([^"]+)"/g;

/** The document with only the component schemas its paths reach, directly or through each other. */
export function keepReferencedSchemas(document: Document): Document {
  const doc = document as { components?: { schemas?: Record<string, unknown> }; paths?: unknown };
  const all = doc.components?.schemas ?? {};
  const kept = new Set<string>();
  const pending = [JSON.stringify(doc.paths ?? {})];
  while (pending.length > 0) {
    for (const [, name] of pending.pop()!.matchAll(REF)) {
      const key = decodeURIComponent(name!);
      if (kept.has(key) || !(key in all)) continue;
      kept.add(key);
      pending.push(JSON.stringify(all[key]));
    }
  }
  const schemas = Object.fromEntries(Object.entries(all).filter(([name]) => kept.has(name)));
  return { ...document, components: { ...doc.components, schemas } } as Document;
}
