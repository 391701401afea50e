// Events for an app that embeds the signing page in a frame (docs/embedding-example.html). They go
// to the parent window and only to the origins FIRMA_FRAME_ANCESTORS names exactly, which the
// server writes into the page's <meta> (the CSP allows no inline script); never to '*'. They name
// the envelope, never the signing token. Without allowed origins, or outside a frame, nothing is sent.
// Documenso's embed pages (/embed/*) speak that library's protocol instead: documenso-embed.js
// registers it here with `useEmbedProtocol`, and the page's modules keep calling `postEmbedEvent`.
export const pageMeta = (name) => document.querySelector(`meta[name="${name}"]`)?.getAttribute('content') || '';
const allowed = pageMeta('firma-embed-origins')
  .split(/\s+/)
  .filter(Boolean)
  .map((origin) => (origin === 'self' ? location.origin : origin));
const envelopeId = pageMeta('firma-envelope-id') || null;

/** The origins a message to the parent may go to now: none outside a frame or without allowed origins. */
export function embedTargets() {
  if (window.parent === window || allowed.length === 0) return [];
  // Chromium and Safari tell the parent's origin ("null" when the frame hides it): post to it alone
  // when it is allowed. Elsewhere each allowed origin is tried and the browser delivers only the
  // message whose origin is the parent's.
  const parent = location.ancestorOrigins?.[0];
  if (parent && parent !== 'null') return allowed.includes(parent) ? [parent] : [];
  return allowed;
}

/** Firma's own events: what `?embed=1` has always posted (another type is some protocol's only). */
const FIRMA_TYPES = new Set([
  'document-ready',
  'field-signed',
  'document-completed',
  'document-rejected',
  'document-error',
]);
let protocol = null;
let readySent = false;

/**
 * Another protocol for this page: `{post(type, data, detail), viewLoaded?(view), token?(), direct?}`
 * (documenso-embed.js). Set before the page's own modules run.
 */
export function useEmbedProtocol(handler) {
  protocol = handler;
}

/**
 * Posts `{source: 'firma', type, envelopeId, ...data}` to the embedding parent. Types:
 * document-ready (once), field-signed, document-completed, document-rejected, document-error.
 * `detail` is what only another protocol carries (a rejection's reason).
 */
export function postEmbedEvent(type, data = {}, detail = {}) {
  if (protocol) return protocol.post(type, data, detail);
  if (!FIRMA_TYPES.has(type)) return;
  if (type === 'document-ready') {
    if (readySent) return;
    readySent = true;
  }
  for (const origin of embedTargets())
    window.parent.postMessage({ ...data, source: 'firma', type, envelopeId }, origin);
}

/** The signing view as loaded (each time): a protocol may adjust it and report the state. */
export function embedViewLoaded(view) {
  protocol?.viewLoaded?.(view);
}

/** The token the page signs with: the address's last segment, or the one a protocol chooses (multisign). */
export function pageToken() {
  return protocol?.token?.() ?? decodeURIComponent(location.pathname.split('/').filter(Boolean).pop() || '');
}

/**
 * What a protocol asks of a direct link's form: `{name, lockName, email, lockEmail, body, signingUrl(token)}`,
 * or null (Firma's own page).
 */
export function directLinkEmbedding() {
  return protocol?.direct ?? null;
}
