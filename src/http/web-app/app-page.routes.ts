import type { FastifyReply, FastifyRequest } from 'fastify';
import { checkSetupLink } from '../../domain/accounts/check-setup-link.js';
import { isProfilePublished } from '../../domain/team-profile/is-profile-published.js';
import { defineHiddenRoute, type Operation } from '../operation.js';
import { appBundleLoader } from './app-assets.js';
import { APP_ASSETS, appLanguage, appPageHeaders, appShell, NOT_BUILT_PAGE } from './app-shell.js';

/**
 * Every path the web app draws (src/web/app/app.tsx's route table): each answers the same shell,
 * whose script draws the page for the path. The setup link is checked here first, so a dead one
 * answers 404 (and the page says why); so is a public profile (`/p/{slug}`).
 */
export const APP_PAGE_PATHS = [
  '/',
  '/sign-in',
  '/forgot-password',
  '/reset-password/:token',
  '/verify-email/:token',
  '/invitations/:token',
  // The path invitation mails carry (domain/accounts/account-links.ts): the same page.
  '/invitation/:token',
  // A signing recipient's sign-up link (domain/accounts/sign-up-with-link.ts).
  '/sign-up/:token',
  '/documents',
  '/documents/new',
  '/documents/:id',
  '/documents/:id/edit',
  '/templates',
  '/templates/:id',
  '/templates/:id/edit',
  '/settings/account',
  '/settings/members',
  '/settings/profile',
  '/settings/tokens',
  '/settings/webhooks',
  '/settings/senders',
  '/settings/branding',
] as const;

const LINK_TOKEN = /^[A-Za-z0-9_-]{1,100}$/;

/** The web app's pages and its built files (dist/web/app, from scripts/build-web.mjs). */
export function appPageRoutes(): Operation[] {
  const bundleOf = appBundleLoader();

  const page = (request: FastifyRequest, reply: FastifyReply, status = 200, meta: Record<string, string> = {}) => {
    const bundle = bundleOf();
    appPageHeaders(reply);
    if (!bundle) return reply.status(503).send(NOT_BUILT_PAGE);
    const lang = appLanguage(request.headers.cookie, request.headers['accept-language']);
    return reply.status(status).send(appShell(lang, bundle, meta));
  };

  return [
    ...APP_PAGE_PATHS.map((url) =>
      defineHiddenRoute({ method: 'GET', url, handle: (_ctx, request, reply) => page(request, reply) }),
    ),
    defineHiddenRoute({
      method: 'GET',
      url: '/setup/:token',
      handle: async (ctx, request, reply) => {
        const { token } = (request as FastifyRequest<{ Params: { token: string } }>).params;
        const live = LINK_TOKEN.test(token) && (await checkSetupLink(ctx, token));
        return page(request, reply, live ? 200 : 404, live ? {} : { 'firma-link': 'invalid' });
      },
    }),
    // A team's public profile: an unknown or unpublished one is a 404 page that says nothing more.
    defineHiddenRoute({
      method: 'GET',
      url: '/p/:slug',
      handle: async (ctx, request, reply) => {
        const { slug } = (request as FastifyRequest<{ Params: { slug: string } }>).params;
        return page(request, reply, (await isProfilePublished(ctx, slug)) ? 200 : 404);
      },
    }),
    // Content-hashed names: a changed file is a new name, so each may be cached for good.
    defineHiddenRoute({
      method: 'GET',
      url: `${APP_ASSETS}/:name`,
      handle: (_ctx, request, reply) => {
        const asset = bundleOf()?.assets.get((request.params as { name: string }).name);
        if (!asset) return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
        void reply
          .header('ETag', asset.etag)
          .header('Cache-Control', 'public, max-age=31536000, immutable')
          .header('Cross-Origin-Resource-Policy', 'same-origin')
          .header('X-Content-Type-Options', 'nosniff');
        if (request.headers['if-none-match'] === asset.etag) return reply.status(304).send();
        return reply.type(asset.contentType).send(asset.body);
      },
    }),
  ];
}
