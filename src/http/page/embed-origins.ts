/**
 * The origins the signing page may post its embedding events to, read from the page's
 * `frame-ancestors` source list (FIRMA_FRAME_ANCESTORS). `postMessage` needs one exact origin per
 * message, never a pattern, so only sources that name one exact origin count: `'self'` (answered
 * as `self`, which the page turns into its own origin) and `scheme://host[:port]`. A wildcard
 * (`https://*.example.com`, `:*`), a bare scheme (`https:`) or a host without a scheme may frame the
 * page but receives no events: posting to `'*'` would hand them to any page that frames it.
 */
export function embedOrigins(frameAncestors: string): string[] {
  const origins = new Set<string>();
  for (const source of frameAncestors.trim().split(/\s+/)) {
    if (source.toLowerCase() === "'self'") {
      origins.add('self');
      continue;
    }
    const origin = exactOrigin(source);
    if (origin) origins.add(origin);
  }
  return [...origins];
}

const EXACT_SOURCE = /^(https?):\/\/([a-z0-9](?:[a-z0-9.-]*[a-z0-9])?|\[[0-9a-f:.]+\])(?::(\d{1,5}))?\/?$/i;

/** `https://App.Example.com:443/` → `https://app.example.com`, as a browser spells the origin; null when not exact. */
function exactOrigin(source: string): string | null {
  const match = EXACT_SOURCE.exec(source);
  if (!match) return null;
  try {
    const origin = new URL(source).origin;
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}
