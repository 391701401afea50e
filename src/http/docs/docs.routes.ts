import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { OpenAPIV3_1 } from 'openapi-types';
import type { Ctx } from '../../domain/context.js';
import { defineHiddenRoute, type Operation } from '../operation.js';
import { postmanCollection } from './postman-collection.js';

const WEB_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'src', 'web', 'docs');
const ASSETS: Record<string, string> = {
  'docs.js': 'text/javascript; charset=utf-8',
  'docs.css': 'text/css; charset=utf-8',
};

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Firma API reference</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/api/docs/assets/docs.css">
<script type="module" src="/api/docs/assets/docs.js"></script>
</head>
<body>
<header class="top"><h1>Firma API reference</h1>
<nav><a href="#v2" data-version="v2">v2</a> <a href="#v1" data-version="v1">v1 (legacy)</a> · <a href="/api/v2/openapi.json">OpenAPI v2</a> · <a href="/api/v1/openapi.json">OpenAPI v1</a> · <a href="/api/docs/postman.json" download="firma.postman_collection.json">Postman collection</a></nav>
<label class="token">API token <input id="token" type="password" autocomplete="off" placeholder="api_…"></label></header>
<main id="docs"><p>Loading the OpenAPI documents…</p></main>
</body>
</html>
`;

/**
 * The API reference, served by Firma itself (no CDN, no third-party request): a small page that
 * reads the OpenAPI documents the API serves and lets a developer try each operation, plus the
 * Postman collection generated from the same documents.
 */
export function docsRoutes(ctx: Ctx): Operation[] {
  const assets = new Map(
    Object.entries(ASSETS).map(([name, type]) => [name, { body: readFileSync(join(WEB_DIR, name)), type }]),
  );
  const csp =
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

  return [
    defineHiddenRoute({
      method: 'GET',
      url: '/api/docs',
      handle: (_ctx, _request, reply) =>
        reply
          .header('Content-Security-Policy', csp)
          .header('Referrer-Policy', 'no-referrer')
          .type('text/html; charset=utf-8')
          .send(PAGE),
    }),

    defineHiddenRoute({
      method: 'GET',
      url: '/api/docs/assets/:name',
      handle: (_ctx, request, reply) => {
        const asset = assets.get((request.params as { name: string }).name);
        if (!asset) return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
        return reply.header('Cache-Control', 'public, max-age=300').type(asset.type).send(asset.body);
      },
    }),

    defineHiddenRoute({
      method: 'GET',
      url: '/api/docs/postman.json',
      handle: async (_ctx, request, reply) => {
        const load = async (url: string) =>
          (await request.server.inject({ method: 'GET', url })).json<OpenAPIV3_1.Document>();
        const [v2, v1] = await Promise.all([load('/api/v2/openapi.json'), load('/api/v1/openapi.json')]);
        return reply.header('Content-Disposition', 'attachment; filename="firma.postman_collection.json"').send(
          postmanCollection(
            [
              { prefix: '/api/v2', doc: v2 },
              { prefix: '/api/v1', doc: v1 },
            ],
            ctx.config.publicUrl,
          ),
        );
      },
    }),
  ];
}
