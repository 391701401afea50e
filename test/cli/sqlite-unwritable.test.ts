import assert from 'node:assert/strict';
import { execFileSync, spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, chownSync, existsSync, mkdtempSync, realpathSync, rmSync, statSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { dirname, join } from 'node:path';
import { after, test } from 'node:test';
import { describeOrSkip } from '../helpers/describe-or-skip.js';
import { createDocument } from '../helpers/documents.js';
import { HttpClient } from '../helpers/http-client.js';
import { REPO_ROOT, watchOutput } from '../helpers/spawn-firma.js';

/**
 * SQLite on a database file Firma may read but not write (a read-only file, a volume remounted
 * read-only): the node must say so on /ready and answer writes with 503 DATABASE_UNAVAILABLE,
 * never a 500. File modes do not bind root, so as root Firma runs as the `postgres` user.
 */
const asRoot = userInfo().uid === 0;
const runAs = asRoot ? ['postgres'].find((u) => existsSync('/usr/sbin/runuser') && hasUser(u)) : undefined;

function hasUser(name: string): boolean {
  try {
    execFileSync('id', ['-u', name], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/**
 * The other user must be able to read the checkout. A clean clone made with `mktemp -d` (as CI
 * does) is private to root: under the temp directory only, let others traverse (never read) it.
 */
function readableBy(user: string): boolean {
  // The sources and the packages: in a compiled test run the checkout is a mirror whose
  // node_modules is a link into the clone, a second private directory.
  const needed = [join(REPO_ROOT, 'src', 'cli', 'main.ts'), join(REPO_ROOT, 'node_modules', 'tsx', 'package.json')];
  const canRead = () =>
    needed.every((file) => {
      try {
        execFileSync('runuser', ['-u', user, '--', 'test', '-r', file], { stdio: 'ignore' });
        return true;
      } catch {
        return false;
      }
    });
  if (canRead()) return true;
  const temp = realpathSync(tmpdir());
  for (const start of [REPO_ROOT, join(REPO_ROOT, 'node_modules')]) {
    for (let dir = realpathSync(start); dir.startsWith(`${temp}/`); dir = dirname(dir)) {
      const mode = statSync(dir).mode;
      if ((mode & 0o001) === 0) chmodSync(dir, mode | 0o001);
    }
  }
  return canRead();
}

function serve(env: Record<string, string>): ChildProcessWithoutNullStreams {
  const command = [process.execPath, '--import', 'tsx', 'src/cli/main.ts', 'serve'];
  const fullEnv = { PATH: process.env.PATH ?? '', HOME: tmpdir(), LOG_LEVEL: 'warn', PORT: '0', ...env };
  return runAs
    ? spawn('runuser', ['-u', runAs, '--', ...command], { cwd: REPO_ROOT, env: fullEnv })
    : spawn(command[0]!, command.slice(1), { cwd: REPO_ROOT, env: fullEnv });
}

function stop(child: ChildProcessWithoutNullStreams): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

describeOrSkip(
  'SQLite: a database file that cannot be written',
  { skip: asRoot && !runAs ? 'running as root with no other user to run Firma as' : false },
  () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'firma-readonly-'));
    const children: ChildProcessWithoutNullStreams[] = [];
    after(async () => {
      await Promise.all(children.map(stop));
      rmSync(dataDir, { recursive: true, force: true });
    });

    test('/ready answers 503 and writes 503 DATABASE_UNAVAILABLE (not 500); reads and /health still work', async (t) => {
      if (runAs && !readableBy(runAs)) return t.skip(`the ${runAs} user cannot read the repository at ${REPO_ROOT}`);
      if (runAs)
        chownSync(
          dataDir,
          Number(execFileSync('id', ['-u', runAs]).toString()),
          Number(execFileSync('id', ['-g', runAs]).toString()),
        );
      const env = { FIRMA_DATA_DIR: dataDir, FIRMA_SECRET_KEY: randomBytes(32).toString('hex') };

      // First start on a writable file: migrate, bootstrap, one document.
      const first = serve(env);
      children.push(first);
      const out = watchOutput(first);
      const [, url] = await out.waitFor(/listening on (http:\/\/\S+)/, 60_000);
      const [, token] = await out.waitFor(/store it now:\s+(\S+)/);
      const api = new HttpClient(url!, token!);
      const created = await createDocument(api);
      assert.equal(created.status, 200, JSON.stringify(created.body));
      assert.equal((await api.get('/ready')).status, 200);
      await stop(first);

      chmodSync(join(dataDir, 'firma.db'), 0o444);
      const second = serve(env);
      children.push(second);
      let stderr = '';
      second.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
      const [, url2] = await watchOutput(second).waitFor(/listening on (http:\/\/\S+)/, 60_000);
      const api2 = new HttpClient(url2!, token!);

      const ready = await api2.get('/ready');
      assert.equal(ready.status, 503, JSON.stringify(ready.body));
      assert.equal(ready.body.code, 'DATABASE_UNAVAILABLE');
      assert.ok(Number(ready.headers.get('retry-after')) >= 1);

      const write = await createDocument(api2);
      assert.equal(write.status, 503, JSON.stringify(write.body));
      assert.equal(write.body.code, 'DATABASE_UNAVAILABLE');
      assert.ok(Number(write.headers.get('retry-after')) >= 1);
      assert.doesNotMatch(JSON.stringify(write.body), /firma\.db|SQLITE|readonly/i);

      const read = await api2.get(`/api/v2/document/${created.body.id}`);
      assert.equal(read.status, 200, JSON.stringify(read.body));
      assert.equal((await api2.get('/health')).status, 200);
      assert.equal(second.exitCode, null, stderr);
    });
  },
);
