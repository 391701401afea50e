import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { addOpenApiExamples } from './docs/openapi-examples.js';

type Transform = NonNullable<FastifyDynamicSwaggerOptions['transform']>;

/**
 * OpenAPI document options for one API version. Paths are written relative to the version prefix
 * (the spec's {base_url} already ends in it); routes of the alias prefix (v2-beta) are the same
 * operations and are left out of the document.
 */
export function openApiOptions(opts: {
  prefix: string;
  hiddenPrefixes: string[];
  title: string;
  version: string;
  description: string;
  publicUrl: string;
}): FastifyDynamicSwaggerOptions {
  const transform: Transform = (input) => {
    const { url } = input;
    if (opts.hiddenPrefixes.some((p) => url.startsWith(p)) || !url.startsWith(opts.prefix)) {
      return { schema: { hide: true }, url };
    }
    const result = jsonSchemaTransform(input);
    return { schema: result.schema, url: url.slice(opts.prefix.length) || '/' };
  };
  return {
    openapi: {
      openapi: '3.1.0',
      info: { title: opts.title, version: opts.version, description: opts.description },
      servers: [{ url: `${opts.publicUrl}${opts.prefix}` }],
      components: {
        securitySchemes: {
          apiToken: {
            type: 'http',
            scheme: 'bearer',
            description:
              'An API token (`api_…`), sent as `Authorization: Bearer api_…` (the bare `Authorization: api_…` is accepted too).',
          },
        },
      },
      security: [{ apiToken: [] }],
    },
    transform,
    // Every operation with examples of its parameters, body and JSON answers (docs/openapi-examples.ts).
    transformObject: (input) => addOpenApiExamples(jsonSchemaTransformObject(input)),
  };
}
