// Events for an app that embeds the signing page in a frame (docs/embedding-example.html). They go
// to the parent window and only to the origins FIRMA_FRAME_ANCESTORS names exactly, which the
// server writes into the page's <meta> (the CSP allows no inline script); never to '*'. They name
// the envelope, never the signing token. Without allowed origins, or outside a frame, nothing is sent.
const meta = (name) => document.querySelector(`meta[name="${name}"]`)?.getAttribute('content') || '';
const allowed = meta('firma-embed-origins')
  .split(/\s+/)
  .filter(Boolean)
  .map((origin) => (origin === 'self' ? location.origin : origin));
const envelopeId = meta('firma-envelope-id') || null;

function targets() {
  if (window.parent === window || allowed.length === 0) return [];
  // Chromium and Safari tell the parent's origin ("null" when the frame hides it): post to it alone
  // when it is allowed. Elsewhere each allowed origin is tried and the browser delivers only the
  // message whose origin is the parent's.
  const parent = location.ancestorOrigins?.[0];
  if (parent && parent !== 'null') return allowed.includes(parent) ? [parent] : [];
  return allowed;
}

let readySent = false;

/**
 * Posts `{source: 'firma', type, envelopeId, ...data}` to the embedding parent. Types:
 * document-ready (once), field-signed, document-completed, document-rejected, document-error.
 */
export function postEmbedEvent(type, data = {}) {
  if (type === 'document-ready') {
    if (readySent) return;
    readySent = true;
  }
  for (const origin of targets()) window.parent.postMessage({ ...data, source: 'firma', type, envelopeId }, origin);
}
