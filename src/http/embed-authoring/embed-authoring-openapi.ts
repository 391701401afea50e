import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { keepReferencedSchemas } from '../app/app-openapi.js';
import { openApiOptions } from '../openapi.js';
import { EMBED_AUTHORING_API } from './embed-authoring.routes.js';

/**
 * The OpenAPI document of the embedded editor's routes (`/api/embed-authoring/openapi.json`): what
 * Documenso's authoring components, framed from an integrator's app, call through Firma's editor
 * with the presign token the integrator minted. Kept apart from API v2's, whose documents stay as
 * they were; like the web app's, it keeps only the named schemas its operations reference.
 */
export function embedAuthoringOpenApiOptions(publicUrl: string): FastifyDynamicSwaggerOptions {
  const options = openApiOptions({
    prefix: EMBED_AUTHORING_API,
    hiddenPrefixes: [],
    title: 'Firma embedded authoring API',
    version: '0.1.0',
    description:
      'What the embedded editor (/embed/v1/authoring/…, /embed/v2/authoring/…) calls, authenticated by the presign token (`Authorization: Bearer presign_…`) its page was opened with: a token scoped to one envelope reaches that envelope only. Not for programs: they use the API (/api/v2).',
    publicUrl,
  });
  return { ...options, transformObject: (input) => keepReferencedSchemas(jsonSchemaTransformObject(input)) };
}
