import type { FastifyReply } from 'fastify';
import type { SigningPageBrand } from '../../domain/signing/signing-page-brand.js';
import { modulePreloadsOf } from './page-assets.js';
import { SHELL_TEXT, type PageLanguage, type ShellText } from './page-shell-text.js';

/**
 * The HTML every signing page is served as (`/sign/*`, `/d/*`, `/embed/*`): a shell whose script
 * reads its token from the address and talks to the signing API, so no token is ever in the
 * markup, in an asset URL or in a Referer header (no-referrer). No inline script or style: the CSP
 * allows only Firma's own files, and what a script needs to know comes in <meta> elements.
 */
export function pageCsp(frameAncestors: string): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "worker-src 'self' blob:",
    "base-uri 'none'",
    "form-action 'none'",
    `frame-ancestors ${frameAncestors}`,
  ].join('; ');
}

/** The headers of a page: its CSP, no referrer, never cached, never indexed. */
export function pageHeaders(reply: FastifyReply, csp: string): FastifyReply {
  return reply
    .header('Content-Security-Policy', csp)
    .header('Referrer-Policy', 'no-referrer')
    .header('Cache-Control', 'no-store')
    .header('X-Robots-Tag', 'noindex, nofollow')
    .type('text/html; charset=utf-8');
}

const PAGE_LANGUAGES = Object.keys(SHELL_TEXT) as PageLanguage[];

/** The sender's choice (every document language is a page language); otherwise the browser's. */
export function pageLanguage(chosen: string | null, asked: PageLanguage): PageLanguage {
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

/** How a page is framed and what its script is told: `chromeless` is `?embed=1`'s look. */
export interface ShellOptions {
  chromeless: boolean;
  /** <meta name content> pairs, in order; a null content leaves the element out. */
  meta: [name: string, content: string | null][];
  /** The document's team's brand: its stylesheet after signing.css, its logo above the page. */
  brand?: SigningPageBrand;
}

const NO_EMBED: ShellOptions = { chromeless: false, meta: [] };

function metaTags(meta: ShellOptions['meta']): string {
  return meta
    .filter((m): m is [string, string] => m[1] !== null)
    .map(([name, content]) => `<meta name="${escapeHtml(name)}" content="${escapeHtml(content)}">\n`)
    .join('');
}

/** The entry's static imports and the page language's words, fetched at once (page-assets.ts). */
function preloads(script: string, lang: PageLanguage): string {
  return [...modulePreloadsOf(script), `i18n/${lang}.js`]
    .map((name) => `<link rel="modulepreload" href="/sign-assets/${name}">\n`)
    .join('');
}

/** The page shell: loading text until `script` (a module under /sign-assets/) draws the page. */
export function shellPage(lang: PageLanguage, script = 'signing.js', options: ShellOptions = NO_EMBED): string {
  const t = SHELL_TEXT[lang];
  const { stylesheet, logo } = options.brand ?? { stylesheet: null, logo: null };
  return `<!doctype html>
<html lang="${lang}"${options.chromeless ? ' class="embed"' : ''}>
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
${metaTags(options.meta)}<title>${t.title} · Firma</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/sign-assets/signing.css">
${stylesheet ? `<link rel="stylesheet" href="${escapeHtml(stylesheet)}">\n` : ''}<script type="module" src="/sign-assets/${script}"></script>
${preloads(script, lang)}</head>
<body>
${logo ? `<header class="team-brand"><img src="${escapeHtml(logo.src)}" alt="${escapeHtml(logo.alt)}"></header>\n` : ''}<main id="app"><p class="status" role="status">${t.loading}</p></main>
<noscript><p class="status">${t.noscript}</p></noscript>
</body>
</html>
`;
}

export type NoticeKey = Exclude<keyof ShellText, 'title' | 'loading' | 'noscript'>;

/**
 * A page that only says something (a wrong link, a disabled one, what is not available yet), in
 * SHELL_TEXT's words or given ones. Framed, it keeps the embedded look, and its optional script
 * may tell the embedding app (the script reads what it needs from the <meta> elements).
 */
export function noticePage(
  lang: PageLanguage,
  text: { title: string; body: string } | [NoticeKey, NoticeKey] = ['invalidTitle', 'invalidBody'],
  options: ShellOptions & { script?: string } = NO_EMBED,
): string {
  const { title, body } = Array.isArray(text)
    ? { title: SHELL_TEXT[lang][text[0]], body: SHELL_TEXT[lang][text[1]] }
    : text;
  const script = options.script ? `<script type="module" src="/sign-assets/${options.script}"></script>\n` : '';
  return `<!doctype html>
<html lang="${lang}"${options.chromeless ? ' class="embed"' : ''}>
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
${metaTags(options.meta)}<title>${escapeHtml(title)} · Firma</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/sign-assets/signing.css">
${script}</head>
<body>
<main id="app"><section class="notice notice-error"><h1>${escapeHtml(title)}</h1><p>${escapeHtml(body)}</p></section></main>
</body>
</html>
`;
}

/** Text for an element's content or a double-quoted attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
