import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** The newest modification time of any file under `dir` (0 when it does not exist). */
function newestChange(dir: string): number {
  let newest = 0;
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return 0;
  }
  for (const entry of entries) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestChange(path) : statSync(path).mtimeMs);
  }
  return newest;
}

/**
 * The command line that starts the CLI. The compiled `dist/` (which `npm install` builds) starts
 * about twice as fast as compiling the sources on the fly, and the CLI tests start the CLI a few
 * hundred times; when a source file changed after the last build, the sources run through tsx, so
 * a test never exercises stale code. When the tests themselves run compiled (scripts/run-tests.mjs
 * compiles src/ with test/ for each run), the CLI compiled with them is the current one.
 */
const CLI_COMMAND: string[] = (() => {
  if (import.meta.url.endsWith('.js')) return [join(REPO_ROOT, 'src/cli/main.js')];
  const compiled = join(REPO_ROOT, 'dist/cli/main.js');
  let builtAt = 0;
  try {
    builtAt = statSync(compiled).mtimeMs;
  } catch {
    builtAt = 0;
  }
  if (builtAt > 0 && newestChange(join(REPO_ROOT, 'src')) <= builtAt) return [compiled];
  return ['--import', import.meta.resolve('tsx'), join(REPO_ROOT, 'src/cli/main.ts')];
})();

/** Runs `firma <args>` in a child process; resolves with its exit code and output. */
export function runFirma(
  args: string[],
  env: Record<string, string>,
  options: SpawnOptions = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawnFirma(args, env, options);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

export interface SpawnOptions {
  /** The working directory (where `.env` is read from); the repository by default. */
  cwd?: string;
}

export function spawnFirma(
  args: string[],
  env: Record<string, string>,
  options: SpawnOptions = {},
): ChildProcessWithoutNullStreams {
  // Absolute paths, so the command runs from any working directory.
  return spawn(process.execPath, [...CLI_COMMAND, ...args], {
    cwd: options.cwd ?? REPO_ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      LOG_LEVEL: 'warn',
      FIRMA_RATE_LIMIT_PER_MINUTE: '1000000',
      FIRMA_SIGNING_RATE_LIMIT_PER_MINUTE: '1000000',
      // See test-server.ts: no fsync per commit for data that dies with the test.
      FIRMA_SQLITE_SYNC: 'normal',
      ...env,
    },
  });
}

/**
 * Collects a child's stdout from the moment it is called, so a pattern printed in the same chunk
 * as an earlier one is still found.
 */
export function watchOutput(child: ChildProcessWithoutNullStreams) {
  let seen = '';
  const waiters = new Set<() => void>();
  // The start banner goes to stderr when the logs on stdout are JSON lines: watch both.
  const onData = (d: Buffer) => {
    seen += d.toString();
    for (const w of waiters) w();
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  return {
    text: () => seen,
    // Generous: a process that fails to start rejects at once (it exits); only a hang waits this long,
    // and a busy machine starts a process through tsx in 5–20 s.
    waitFor(pattern: RegExp, timeoutMs = 120_000): Promise<RegExpMatchArray> {
      return new Promise((resolve, reject) => {
        const check = () => {
          const match = seen.match(pattern);
          if (!match) return false;
          cleanup();
          resolve(match);
          return true;
        };
        const onExit = (code: number | null) => {
          cleanup();
          reject(new Error(`exited with ${code} before ${pattern}; got:\n${seen}`));
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`timed out waiting for ${pattern}; got:\n${seen}`));
        }, timeoutMs);
        const listener = () => void check();
        const cleanup = () => {
          clearTimeout(timer);
          waiters.delete(listener);
          child.off('exit', onExit);
        };
        if (check()) return;
        waiters.add(listener);
        child.once('exit', onExit);
      });
    },
  };
}
