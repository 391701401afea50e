import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Ctx } from '../../domain/context.js';
import { checkSigningLink } from '../../domain/signing/check-signing-link.js';
import { signingPageBrand } from '../../domain/signing/signing-page-brand.js';
import { checkDirectLink } from '../../domain/templates/use-direct-link.js';
import { defineHiddenRoute, type Operation } from '../operation.js';
import { brandAssetRoutes } from './brand-assets.routes.js';
import { embedOrigins } from './embed-origins.js';
import { loadPageAssets } from './page-assets.js';
import {
  noticePage,
  pageCsp,
  pageHeaders as withPageHeaders,
  pageLanguage,
  pickLanguage,
  shellPage,
} from './page-shell.js';

/**
 * The recipient's signing page and a template's direct link, as shells (page-shell.ts), and the
 * pages' static files.
 */
export function signingPageRoutes(ctx: Ctx): Operation[] {
  const assets = loadPageAssets();
  const eventOrigins = embedOrigins(ctx.config.http.frameAncestors);
  const csp = pageCsp(ctx.config.http.frameAncestors);
  const pageHeaders = (reply: FastifyReply) => withPageHeaders(reply, csp);

  const serveAsset = (name: string, request: FastifyRequest, reply: FastifyReply) => {
    const asset = assets.get(name);
    if (!asset) return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
    void reply
      .header('ETag', asset.etag)
      .header('Cache-Control', 'public, max-age=300, must-revalidate')
      .header('Cross-Origin-Resource-Policy', 'same-origin');
    if (request.headers['if-none-match'] === asset.etag) return reply.status(304).send();
    return reply.type(asset.contentType).send(asset.body);
  };

  return [
    // `?embed=1`: the page inside an embedding app's frame, without its own header (see embedding docs).
    defineHiddenRoute({
      method: 'GET',
      url: '/sign/:token',
      handle: async (_ctx, request, reply) => {
        const { params, query } = request as FastifyRequest<PageRequest>;
        const link = await checkSigningLink(ctx, params.token);
        const asked = pickLanguage(request.headers['accept-language']);
        pageHeaders(reply);
        if (!link) return reply.status(404).send(noticePage(asked));
        // The envelope is named only to the origins its events may go to, so only when there are some.
        const events = eventOrigins.length > 0;
        const chromeless = query.embed === '1';
        const embed = {
          chromeless,
          meta: [
            ['firma-embed-origins', events ? eventOrigins.join(' ') : null],
            ['firma-envelope-id', events ? link.envelopeId : null],
          ] satisfies [string, string | null][],
          brand: await signingPageBrand(ctx, link.platformId, chromeless),
        };
        return reply.send(shellPage(pageLanguage(link.language, asked), 'signing.js', embed));
      },
    }),

    // A template's direct link: the same shell with its own script, which asks who the visitor is,
    // has the document made (POST /api/v2/direct/{token}) and continues on the signing page.
    // `?embed=1` here too: the form without the header, and direct.js carries it on to the signing page.
    defineHiddenRoute({
      method: 'GET',
      url: '/d/:token',
      handle: async (_ctx, request, reply) => {
        const { params, query } = request as FastifyRequest<PageRequest>;
        const link = await checkDirectLink(ctx, params.token);
        pageHeaders(reply);
        const asked = pickLanguage(request.headers['accept-language']);
        if (!link) return reply.status(404).send(noticePage(asked, ['invalidTitle', 'directInvalidBody']));
        if (link.disabled)
          return reply.status(410).send(noticePage(asked, ['directDisabledTitle', 'directDisabledBody']));
        // The template's team's brand, as on its signing pages: the visitor is about to sign for that team.
        const chromeless = query.embed === '1';
        const brand = link.platformId === null ? undefined : await signingPageBrand(ctx, link.platformId, chromeless);
        const embed = { chromeless, meta: [], ...(brand ? { brand } : {}) };
        return reply.send(shellPage(pageLanguage(link.language, asked), 'direct.js', embed));
      },
    }),

    ...brandAssetRoutes(ctx),
    defineHiddenRoute({
      method: 'GET',
      url: '/sign-assets/:name',
      handle: (_ctx, request, reply) => serveAsset((request.params as { name: string }).name, request, reply),
    }),
    // The page's dictionaries, one module per language, imported as `./i18n/<lang>.js`.
    defineHiddenRoute({
      method: 'GET',
      url: '/sign-assets/i18n/:name',
      handle: (_ctx, request, reply) => serveAsset(`i18n/${(request.params as { name: string }).name}`, request, reply),
    }),
  ];
}

/** What the page routes read of a request: the link's token and whether the page is embedded. */
interface PageRequest {
  Params: { token: string };
  Querystring: { embed?: string };
}
