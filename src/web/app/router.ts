import { useEffect, useState } from 'preact/hooks';

/**
 * Navigation without a router library: the History API and a table of path patterns (app.tsx).
 * `navigate` pushes an address and tells the app; links go through `onLinkClick` so a plain click
 * stays in the page while a middle click or Ctrl+click opens a tab as usual.
 */
const CHANGED = 'firma:navigate';

export function navigate(path: string, replace = false): void {
  if (replace) history.replaceState(null, '', path);
  else history.pushState(null, '', path);
  window.dispatchEvent(new Event(CHANGED));
}

/** The current address (path and query), updated on navigate() and on Back/Forward. */
export function useLocation(): URL {
  const [url, setUrl] = useState(() => new URL(location.href));
  useEffect(() => {
    const update = () => setUrl(new URL(location.href));
    window.addEventListener(CHANGED, update);
    window.addEventListener('popstate', update);
    return () => {
      window.removeEventListener(CHANGED, update);
      window.removeEventListener('popstate', update);
    };
  }, []);
  return url;
}

export function onLinkClick(event: MouseEvent): void {
  const link = (event.currentTarget as HTMLAnchorElement | null) ?? null;
  if (!link || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const target = new URL(link.href);
  if (target.origin !== location.origin) return;
  event.preventDefault();
  navigate(target.pathname + target.search);
}

/** A path inside the app to go back to after signing in: never another site (`//host`, `/\host`). */
export function safeNext(value: string | null): string {
  return value && /^\/(?![/\\])/.test(value) ? value : '/';
}

export interface Match {
  params: Record<string, string>;
}

/** Matches `/reset-password/:token`-style patterns; params are URI-decoded (a malformed one matches nothing). */
export function matchPath(pattern: string, path: string): Match | null {
  const names: string[] = [];
  const source = pattern.replace(/:(\w+)/g, (_whole, name: string) => {
    names.push(name);
    return '([^/]+)';
  });
  const found = new RegExp(`^${source}/?$`).exec(path);
  if (!found) return null;
  const params: Record<string, string> = {};
  try {
    names.forEach((name, i) => {
      params[name] = decodeURIComponent(found[i + 1] ?? '');
    });
  } catch {
    return null; // a malformed escape (`%E0`): no page, rather than a broken one
  }
  return { params };
}
