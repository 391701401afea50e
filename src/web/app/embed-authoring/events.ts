/*
 * Documenso's authoring events, flat `{type, …ids, externalId}`, posted to the parent window only
 * at an origin FIRMA_FRAME_ANCESTORS names exactly (the server writes them in a <meta>), never '*':
 * embed-react checks the message's source, not its origin, so '*' would hand the ids to any page
 * that frames Firma. Outside a frame, or with no exact origin allowed, nothing is posted.
 */

const meta = (name: string) => document.querySelector(`meta[name="${name}"]`)?.getAttribute('content') ?? '';

function targets(): string[] {
  if (window.parent === window) return [];
  const allowed = meta('firma-embed-origins')
    .split(/\s+/)
    .filter(Boolean)
    .map((origin) => (origin === 'self' ? location.origin : origin));
  // Chromium and Safari name the parent's origin: post to it alone when allowed; elsewhere each
  // allowed origin is tried and the browser delivers only the one that is the parent's.
  const parent = location.ancestorOrigins?.[0];
  if (parent && parent !== 'null') return allowed.includes(parent) ? [parent] : [];
  return allowed;
}

export type AuthoringEvent =
  | { type: 'document-created' | 'document-updated'; documentId: number; externalId: string | null }
  | { type: 'template-created' | 'template-updated'; templateId: number; externalId: string | null }
  | { type: 'envelope-created' | 'envelope-updated'; envelopeId: string; externalId: string | null };

export function postAuthoringEvent(event: AuthoringEvent): void {
  for (const origin of targets()) window.parent.postMessage(event, origin);
}
