import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Ctx } from '../../domain/context.js';
import { brandStylesheet, readBrandLogo } from '../../domain/team-branding/team-brand.js';
import { isReadableBrandColor } from '../../lib/brand-color.js';
import { defineHiddenRoute, type Operation } from '../operation.js';

const STYLESHEET = /^([0-9a-f]{6})\.css$/;
const LOGO = /^([0-9a-f]{64})\.png$/;

/**
 * A team's brand files for its signing pages, public and named by their content so each is cached
 * for good: `/sign-assets/brand/{rrggbb}.css` (the colour is the whole of the sheet, so the name
 * says nothing the sheet does not; a colour the settings would refuse is 404) and
 * `/sign-assets/brand/{sha256}.png`, served only while some team's logo is that blob: any other
 * hash, a PDF's included, is the same 404, and the answer is the re-encoded image and nothing else.
 */
export function brandAssetRoutes(ctx: Ctx): Operation[] {
  return [
    defineHiddenRoute({
      method: 'GET',
      url: '/sign-assets/brand/:name',
      handle: async (_ctx, request, reply) => {
        const name = (request.params as { name: string }).name;
        const color = STYLESHEET.exec(name)?.[1];
        if (color && isReadableBrandColor(`#${color}`))
          return sendForGood(request, reply, 'text/css; charset=utf-8', Buffer.from(brandStylesheet(`#${color}`)));
        const sha256 = LOGO.exec(name)?.[1];
        const png = sha256 ? await readBrandLogo(ctx, sha256) : null;
        if (png) return sendForGood(request, reply, 'image/png', png, sha256);
        return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
      },
    }),
  ];
}

function sendForGood(request: FastifyRequest, reply: FastifyReply, type: string, body: Buffer, sha256?: string) {
  const etag = `"${(sha256 ?? createHash('sha256').update(body).digest('hex')).slice(0, 22)}"`;
  void reply
    .header('ETag', etag)
    .header('Cache-Control', 'public, max-age=31536000, immutable')
    // The mails load the logo as an attachment, never from here; other sites' pages need it not.
    .header('Cross-Origin-Resource-Policy', 'same-origin')
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Security-Policy', "default-src 'none'; sandbox");
  if (request.headers['if-none-match'] === etag) return reply.status(304).send();
  return reply.type(type).send(body);
}
