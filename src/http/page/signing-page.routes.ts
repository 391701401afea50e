import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Ctx } from '../../domain/context.js';
import { checkSigningLink } from '../../domain/signing/check-signing-link.js';
import { checkDirectLink } from '../../domain/templates/use-direct-link.js';
import { defineHiddenRoute, type Operation } from '../operation.js';
import { embedOrigins } from './embed-origins.js';
import { loadPageAssets } from './page-assets.js';
import { SHELL_TEXT, type PageLanguage, type ShellText } from './page-shell-text.js';

/**
 * The recipient's signing page. The HTML is a shell: the script reads the token from the address
 * and talks to the signing API, so the token never appears in the markup, in an asset URL or in a
 * Referer header (no-referrer). No inline script or style: the CSP allows only Firma's own files.
 */
export function signingPageRoutes(ctx: Ctx): Operation[] {
  const assets = loadPageAssets();
  const eventOrigins = embedOrigins(ctx.config.http.frameAncestors);
  const csp = [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "worker-src 'self' blob:",
    "base-uri 'none'",
    "form-action 'none'",
    `frame-ancestors ${ctx.config.http.frameAncestors}`,
  ].join('; ');

  const pageHeaders = (reply: FastifyReply) =>
    reply
      .header('Content-Security-Policy', csp)
      .header('Referrer-Policy', 'no-referrer')
      .header('Cache-Control', 'no-store')
      .header('X-Robots-Tag', 'noindex, nofollow')
      .type('text/html; charset=utf-8');

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
        const embed = {
          chromeless: query.embed === '1',
          // The envelope is named only to the origins its events may go to, so only when there are some.
          events: eventOrigins.length ? { origins: eventOrigins, envelopeId: link.envelopeId } : null,
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
        if (!link) return reply.status(404).send(noticePage(asked, 'invalidTitle', 'directInvalidBody'));
        if (link.disabled)
          return reply.status(410).send(noticePage(asked, 'directDisabledTitle', 'directDisabledBody'));
        const embed = { chromeless: query.embed === '1', events: null };
        return reply.send(shellPage(pageLanguage(link.language, asked), 'direct.js', embed));
      },
    }),

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

const PAGE_LANGUAGES = Object.keys(SHELL_TEXT) as PageLanguage[];

/** The sender's choice (every document language is a page language); otherwise the browser's. */
function pageLanguage(chosen: string | null, asked: PageLanguage): PageLanguage {
  return PAGE_LANGUAGES.find((l) => l === chosen) ?? asked;
}

/** The page language a language range names: `es-AR` → es, `pt`/`pt-PT` → pt-BR, `zh-Hans` → zh. */
function languageOfRange(range: string): PageLanguage | null {
  const primary = range.toLowerCase().split('-')[0];
  if (primary === 'pt') return 'pt-BR';
  return PAGE_LANGUAGES.find((l) => l === primary) ?? null;
}

/**
 * The page language the browser prefers among those the page speaks: Accept-Language's ranges by
 * quality (`es-AR`, `es;q=0.8` → es), English when it names none.
 */
export function pickLanguage(acceptLanguage: string | undefined): PageLanguage {
  const ranked = (acceptLanguage ?? '')
    .slice(0, 500)
    .split(',')
    .map((part, index) => {
      const [range = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q\s*=\s*([01](?:\.\d{0,3})?)\s*$/i.exec(p)?.[1]).find(Boolean);
      return { language: languageOfRange(range.trim()), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((r) => r.q > 0 && r.language !== null)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return ranked[0]?.language ?? 'en';
}

interface EmbedOptions {
  chromeless: boolean;
  events: { origins: string[]; envelopeId: string } | null;
}

function shellPage(
  lang: PageLanguage,
  script = 'signing.js',
  embed: EmbedOptions = { chromeless: false, events: null },
): string {
  const t = SHELL_TEXT[lang];
  // What embed-events.js needs, in markup since the CSP allows no inline script.
  const eventMeta = embed.events
    ? `<meta name="firma-embed-origins" content="${escapeAttribute(embed.events.origins.join(' '))}">
<meta name="firma-envelope-id" content="${escapeAttribute(embed.events.envelopeId)}">
`
    : '';
  return `<!doctype html>
<html lang="${lang}"${embed.chromeless ? ' class="embed"' : ''}>
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
${eventMeta}<title>${t.title} · Firma</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/sign-assets/signing.css">
<script type="module" src="/sign-assets/${script}"></script>
</head>
<body>
<main id="app"><p class="status" role="status">${t.loading}</p></main>
<noscript><p class="status">${t.noscript}</p></noscript>
</body>
</html>
`;
}

function escapeAttribute(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

type NoticeKey = Exclude<keyof ShellText, 'title' | 'loading' | 'noscript'>;

function noticePage(
  lang: PageLanguage,
  titleKey: NoticeKey = 'invalidTitle',
  bodyKey: NoticeKey = 'invalidBody',
): string {
  const t = { invalidTitle: SHELL_TEXT[lang][titleKey], invalidBody: SHELL_TEXT[lang][bodyKey] };
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${t.invalidTitle} · Firma</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/sign-assets/signing.css">
</head>
<body>
<main id="app"><section class="notice notice-error"><h1>${t.invalidTitle}</h1><p>${t.invalidBody}</p></section></main>
</body>
</html>
`;
}
