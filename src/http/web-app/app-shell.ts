import type { FastifyReply } from 'fastify';
import { escapeHtml, pickLanguage } from '../page/page-shell.js';
import type { PageLanguage } from '../page/page-shell-text.js';
import { LANGUAGES } from '../../lib/vocabulary/languages.js';
import type { AppBundle } from './app-assets.js';

/** The path the bundle's files are served under (hashed names: cached for a year). */
export const APP_ASSETS = '/app-assets';

/**
 * The web app's CSP: only Firma's own scripts, styles and API; no inline script or style, no
 * form posting anywhere (the app's forms are sent by script), never framed.
 */
export const APP_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** The language cookie the app's language menu sets: the user's choice, before the browser's. */
const LANGUAGE_COOKIE = 'firma_language';

export function appLanguage(cookieHeader: string | undefined, acceptLanguage: string | undefined): PageLanguage {
  const chosen = (cookieHeader ?? '')
    .split(';')
    .map((pair) => pair.trim().split('='))
    .find(([name]) => name === LANGUAGE_COOKIE)?.[1];
  return LANGUAGES.find((l) => l === chosen) ?? pickLanguage(acceptLanguage);
}

/** What a browser without script sees (the app's dictionaries are in the script). */
const NOSCRIPT: Record<PageLanguage, string> = {
  en: 'Firma’s web app needs JavaScript.',
  es: 'La aplicación web de Firma necesita JavaScript.',
  'pt-BR': 'O aplicativo web do Firma precisa de JavaScript.',
  fr: 'L’application web de Firma a besoin de JavaScript.',
  de: 'Die Web-App von Firma benötigt JavaScript.',
  it: 'L’app web di Firma richiede JavaScript.',
  nl: 'De webapp van Firma heeft JavaScript nodig.',
  pl: 'Aplikacja internetowa Firma wymaga JavaScriptu.',
  ja: 'Firma のウェブアプリには JavaScript が必要です。',
  ko: 'Firma 웹 앱을 사용하려면 JavaScript가 필요합니다.',
  zh: 'Firma 网页应用需要 JavaScript。',
};

/** The headers of every app page: its CSP, no referrer (tokens are in some paths), never cached. */
export function appPageHeaders(reply: FastifyReply): FastifyReply {
  return reply
    .header('Content-Security-Policy', APP_CSP)
    .header('Referrer-Policy', 'no-referrer')
    .header('Cache-Control', 'no-store')
    .header('X-Robots-Tag', 'noindex, nofollow')
    .header('X-Frame-Options', 'DENY')
    .type('text/html; charset=utf-8');
}

/**
 * The HTML shell of every page of the app: the bundle's stylesheet and entry script (which draws
 * the page for the path), and <meta> elements for what the script must know from the server.
 */
export function appShell(lang: PageLanguage, bundle: AppBundle, meta: Record<string, string> = {}): string {
  const metas = Object.entries(meta)
    .map(([name, content]) => `<meta name="${escapeHtml(name)}" content="${escapeHtml(content)}">\n`)
    .join('');
  const style = bundle.style ? `<link rel="stylesheet" href="${APP_ASSETS}/${bundle.style}">\n` : '';
  const preloads = bundle.imports.map((name) => `<link rel="modulepreload" href="${APP_ASSETS}/${name}">\n`).join('');
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
${metas}<title>Firma</title>
<link rel="icon" href="data:,">
${style}<script type="module" src="${APP_ASSETS}/${bundle.script}"></script>
${preloads}</head>
<body>
<div id="app"></div>
<noscript><p>${NOSCRIPT[lang]}</p></noscript>
</body>
</html>
`;
}

/** Said when the bundle was never built (a checkout without `npm install`/`npm run build`). */
export const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Firma</title></head>
<body><main><h1>The web app is not built</h1><p>Run <code>npm run build</code>, then reload.</p></main></body></html>
`;
