import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
// The build script is plain JavaScript (run by `npm run build`); its path is a value so TypeScript
// does not look for its types.
const BUILD_SCRIPT = '../../scripts/build-web.mjs';

/**
 * Builds the web app's bundle (dist/web/app) when a source is newer than it, so a page test run
 * alone never sees a stale bundle (scripts/run-tests.mjs builds once per run). ~100 ms when it builds.
 */
export async function ensureWebApp(): Promise<void> {
  const { ensureWebBuild } = (await import(BUILD_SCRIPT)) as { ensureWebBuild: (root: string) => Promise<boolean> };
  await ensureWebBuild(ROOT);
}

export const WEB_APP_ROOT = ROOT;
