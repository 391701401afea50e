import type { FastifyRequest } from 'fastify';
import { checkSetupLink } from '../../domain/accounts/check-setup-link.js';
import { escapeHtml } from '../../domain/mail/mail-templates.js';
import { defineHiddenRoute, type Operation } from '../operation.js';
import { pickLanguage } from '../page/page-shell.js';
import { APP_API_PREFIX } from './app-openapi.js';
import { SETUP_PAGE_TEXT } from './setup-page-text.js';

const CSP = [
  "default-src 'none'",
  "style-src 'self'",
  "img-src 'self' data:",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * The page behind the first start's link, `/setup/{token}`, until the web app brings its own: in
 * the browser's language, it says how to POST the administrator to /api/app/setup/{token} (or that
 * the link no longer works). No script; the token stays out of Referer headers and caches.
 */
export const setupPageRoutes: Operation[] = [
  defineHiddenRoute({
    method: 'GET',
    url: '/setup/:token',
    handle: async (ctx, request, reply) => {
      const { token } = (request as FastifyRequest<{ Params: { token: string } }>).params;
      const lang = pickLanguage(request.headers['accept-language']);
      const t = SETUP_PAGE_TEXT[lang];
      const live = /^[A-Za-z0-9_-]{1,100}$/.test(token) && (await checkSetupLink(ctx, token));
      const command =
        `curl -X POST '${ctx.config.publicUrl}${APP_API_PREFIX}/setup/${token}' \\\n` +
        `  -H 'Content-Type: application/json' \\\n` +
        `  -d '{"email": "you@example.com", "name": "Your Name", "password": "…"}'`;
      const body = live
        ? `<h1>${escapeHtml(t.title)}</h1><p>${escapeHtml(t.intro)}</p><pre><code>${escapeHtml(command)}</code></pre><p>${escapeHtml(t.after)}</p>`
        : `<h1>${escapeHtml(t.invalidTitle)}</h1><p>${escapeHtml(t.invalidBody)}</p>`;
      return reply
        .status(live ? 200 : 404)
        .header('Content-Security-Policy', CSP)
        .header('Referrer-Policy', 'no-referrer')
        .header('Cache-Control', 'no-store')
        .header('X-Robots-Tag', 'noindex, nofollow')
        .type('text/html; charset=utf-8')
        .send(
          `<!doctype html>\n<html lang="${lang}">\n<head>\n<meta charset="utf-8">\n` +
            `<meta name="viewport" content="width=device-width, initial-scale=1">\n<meta name="referrer" content="no-referrer">\n` +
            `<title>${escapeHtml(live ? t.title : t.invalidTitle)} · Firma</title>\n<link rel="icon" href="data:,">\n` +
            `<link rel="stylesheet" href="/sign-assets/signing.css">\n</head>\n<body>\n` +
            `<main id="app"><section class="notice">${body}</section></main>\n</body>\n</html>\n`,
        );
    },
  }),
];
