import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { userInfo, tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './free-port.js';

const run = promisify(execFile);

/**
 * A PostgreSQL cluster of the test's own (initdb into a temp dir, trust auth, a free port), which
 * the test may stop and start at will, unlike the shared one. Run as the `postgres` OS user when
 * the tests run as root (initdb refuses root).
 */
export interface PgCluster {
  url: string;
  port: number;
  start(): Promise<void>;
  /** `pg_ctl stop -m immediate`: every connection drops at once, as in a crash. */
  stop(): Promise<void>;
  destroy(): Promise<void>;
}

/** The directory of initdb and pg_ctl, or null when PostgreSQL's server binaries are not installed. */
export function findPgBin(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, 'bin', 'initdb')) && existsSync(join(root, v, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(root, versions[0], 'bin') : null;
}

/** Why the cluster tests cannot run here, or false. */
export function pgClusterUnavailable(): string | false {
  if (!findPgBin()) return 'no PostgreSQL server binaries under /usr/lib/postgresql';
  // As root, initdb and pg_ctl run as the `postgres` user through runuser.
  if (userInfo().uid === 0 && !['/usr/sbin/runuser', '/sbin/runuser', '/usr/bin/runuser'].some((p) => existsSync(p)))
    return 'runuser is missing';
  if (userInfo().uid === 0 && !/^postgres:/m.test(readFileSync('/etc/passwd', 'utf8')))
    return 'no postgres user to run PostgreSQL as';
  return false;
}

export async function createPgCluster(): Promise<PgCluster> {
  const bin = findPgBin();
  if (!bin) throw new Error('no PostgreSQL binaries');
  const dir = mkdtempSync(join(tmpdir(), 'firma-pg-'));
  const asRoot = userInfo().uid === 0;
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    chownSync(dir, Number(stdout.trim()), Number(gid.trim()));
  }
  const pg = (tool: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', join(bin, tool), ...args]) : run(join(bin, tool), args);
  const data = join(dir, 'data');
  await pg('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  const port = await freePort();
  // No durability needed; a small max_connections keeps it light.
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off -c max_connections=40`;
  const cluster: PgCluster = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    async start() {
      await pg('pg_ctl', ['-D', data, '-o', options, '-l', join(dir, 'log'), '-w', '-t', '30', 'start']);
    },
    async stop() {
      await pg('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
    },
    async destroy() {
      await cluster.stop().catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return cluster;
}
