import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { runFirma, spawnFirma, watchOutput } from '../helpers/spawn-firma.js';
import { testDatabases } from '../helpers/test-server.js';

const TOKEN = /api_[A-Za-z0-9_-]{32}/g;

function occupyPort(): Promise<{ server: Server; port: number }> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve({ server, port: typeof address === 'object' && address ? address.port : 0 });
    });
  });
}

async function withPgSchema(prefix: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const schema = `${prefix}_${randomBytes(5).toString('hex')}`;
  const run = async (sql: string) => {
    const client = new pg.Client({ connectionString: process.env.FIRMA_TEST_DATABASE_URL });
    await client.connect();
    await client.query(sql);
    await client.end();
  };
  await run(`create schema ${schema}`);
  const url = new URL(process.env.FIRMA_TEST_DATABASE_URL!);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return { url: url.toString(), drop: () => run(`drop schema ${schema} cascade`) };
}

/** The installation's self-signed seal identities (the database's slot row): 0 before the first start, then 1. */
async function installationSeals(env: Record<string, string>, dataDir: string): Promise<number> {
  const query = "select count(*) as n from seal_identity where installation_slot = 'self-signed'";
  if (env.DATABASE_URL) {
    const client = new pg.Client({ connectionString: env.DATABASE_URL });
    await client.connect();
    try {
      return Number((await client.query<{ n: string }>(query)).rows[0]!.n);
    } finally {
      await client.end();
    }
  }
  const db = new SQLite(join(dataDir, 'firma.db'), { readonly: true });
  try {
    return (db.prepare(query).get() as { n: number }).n;
  } finally {
    db.close();
  }
}

for (const database of testDatabases()) {
  describe(`firma serve, the first start (${database})`, () => {
    const cleanups: (() => Promise<void> | void)[] = [];
    /** A fresh data dir (and PostgreSQL schema): an instance that never started. */
    const fresh = async (): Promise<{ env: Record<string, string>; dataDir: string }> => {
      const dataDir = mkdtempSync(join(tmpdir(), 'firma-first-'));
      cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
      const env: Record<string, string> = { FIRMA_DATA_DIR: dataDir, HOST: '127.0.0.1' };
      if (database === 'postgres') {
        const { url, drop } = await withPgSchema('first');
        cleanups.push(drop);
        env.DATABASE_URL = url;
      }
      return { env, dataDir };
    };
    after(async () => {
      for (const cleanup of cleanups) await cleanup();
    });

    let busy: { server: Server; port: number };
    before(async () => {
      busy = await occupyPort();
    });
    after(() => new Promise<void>((resolve) => busy.server.close(() => resolve())));

    test('a busy port: one line naming PORT, exit 2, no token made; the next start prints the token once', async () => {
      const { env, dataDir } = await fresh();
      const failed = await runFirma(['serve'], { ...env, PORT: String(busy.port) });
      assert.equal(failed.code, 2);
      assert.equal(
        failed.stderr,
        `firma: cannot listen on 127.0.0.1:${busy.port}: PORT ${busy.port} is already in use; stop the other process or set PORT to a free port\n`,
      );
      assert.doesNotMatch(failed.stdout, TOKEN, 'no token printed');
      const none = await runFirma(['token', 'list', '--platform', 'default', '--json'], env);
      assert.equal(none.code, 1, 'no platform, so no token, was created');
      assert.match(none.stderr, /Platform "default" not found/);
      assert.equal(await installationSeals(env, dataDir), 1, 'the seal is made at start, before listening');
      assert.ok(!existsSync(join(dataDir, 'seal')), 'in the database, not in the data dir');

      const child = spawnFirma(['serve'], { ...env, PORT: '0' });
      const output = watchOutput(child);
      try {
        const [, url] = await output.waitFor(/listening on (http:\/\/\S+)/, 60_000);
        const [, token] = await output.waitFor(/^\s+(api_[A-Za-z0-9_-]{32})\s*$/m);
        await output.waitFor(/Another token: firma token create --platform default/);
        assert.equal(output.text().match(TOKEN)?.length, 1, 'the token is printed exactly once');
        const me = await fetch(`${url}/api/v2/me`, { headers: { authorization: `Bearer ${token}` } });
        assert.equal(me.status, 200);
        // Beside the token, the one-time link that creates the first administrator.
        const [, setup] = await output.waitFor(/^\s+(http:\/\/\S+\/setup\/[A-Za-z0-9_-]{43})\s*$/m);
        const admin = (email: string) =>
          fetch(`${url}/api/app/setup/${setup!.split('/setup/')[1]}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ email, name: 'Admin', password: 'correct horse battery 42' }),
          });
        assert.equal((await admin('admin@firma.example')).status, 200);
        assert.equal((await admin('again@firma.example')).status, 404, 'the link works once');
        const list = await runFirma(['token', 'list', '--platform', 'default', '--json'], env);
        const tokens = JSON.parse(list.stdout) as { name: string; revokedAt: string | null }[];
        assert.deepEqual(
          tokens.map((t) => [t.name, t.revokedAt]),
          [['first-start token', null]],
          'one token stored: the one printed',
        );
      } finally {
        child.kill('SIGTERM');
      }
      assert.equal(await new Promise((resolve) => child.once('exit', resolve)), 0);
    });

    test('serve --workers 2 on a busy port stops with exit 2 instead of restarting nodes, and makes no token', async () => {
      const { env } = await fresh();
      const failed = await runFirma(['serve', '--workers', '2'], { ...env, PORT: String(busy.port) });
      assert.equal(failed.code, 2);
      assert.match(
        failed.stderr,
        // The cluster's banner may come first (on stderr too, with JSON logs).
        new RegExp(`^firma: cannot listen on 127\\.0\\.0\\.1:${busy.port}: PORT ${busy.port} is`, 'm'),
      );
      assert.doesNotMatch(failed.stderr, /\n\s+at /, 'no stack trace');
      assert.doesNotMatch(failed.stdout, TOKEN);
      assert.equal((await runFirma(['token', 'list', '--platform', 'default'], env)).code, 1, 'no platform made');
    });

    test('serve --workers 2 prints the token once, after a node listens, with the port the nodes share', async () => {
      const { env } = await fresh();
      const child = spawnFirma(['serve', '--workers', '2'], { ...env, PORT: '0' });
      const output = watchOutput(child);
      try {
        const [, url] = await output.waitFor(/listening on (http:\/\/\S+)/, 60_000);
        const [, token] = await output.waitFor(/^\s+(api_[A-Za-z0-9_-]{32})\s*$/m, 60_000);
        await output.waitFor(/listening on[\s\S]*listening on/);
        assert.ok(output.text().includes(`Try: curl -H "Authorization: Bearer <token>" ${url}/api/v2/me`));
        assert.equal(output.text().match(TOKEN)?.length, 1, 'the token is printed exactly once');
        const me = await fetch(`${url}/api/v2/me`, { headers: { authorization: `Bearer ${token}` } });
        assert.equal(me.status, 200);
      } finally {
        child.kill('SIGTERM');
      }
      assert.equal(await new Promise((resolve) => child.once('exit', resolve)), 0);
    });

    test('an unusable FIRMA_SEAL_P12_PATH stops serve and worker at start with one line, exit 2', async () => {
      const { env, dataDir } = await fresh();
      const p12 = join(dataDir, 'not-a.p12');
      writeFileSync(p12, 'not a PKCS#12 file');
      for (const command of ['serve', 'worker']) {
        const res = await runFirma([command], { ...env, PORT: '0', FIRMA_SEAL_P12_PATH: p12 });
        assert.equal(res.code, 2, `${command}: ${res.stderr}`);
        assert.match(res.stderr, /^firma: the seal identity cannot be used \(check FIRMA_SEAL_P12_PATH/);
        assert.equal(res.stderr.trimEnd().split('\n').length, 1, res.stderr);
        assert.doesNotMatch(res.stdout, /listening|is running|api_/);
      }
    });

    test('firma worker makes the self-signed seal at start; a node with another FIRMA_SECRET_KEY refuses to start', async () => {
      const { env, dataDir } = await fresh();
      const child = spawnFirma(['worker'], env);
      const output = watchOutput(child);
      try {
        await output.waitFor(/Firma worker \S+ is running/);
        assert.equal(await installationSeals(env, dataDir), 1);
      } finally {
        child.kill('SIGTERM');
      }
      await new Promise((resolve) => child.once('exit', resolve));

      // Another node of the installation with another secret key (or none: one generated in its
      // own data dir) cannot open the installation's seal key: it says which setting, and stops.
      for (const command of ['serve', 'worker']) {
        const res = await runFirma([command], { ...env, PORT: '0', FIRMA_SECRET_KEY: randomBytes(32).toString('hex') });
        assert.equal(res.code, 2, `${command}: ${res.stderr}`);
        assert.match(
          res.stderr,
          /^firma: the installation's seal key, kept in the database, does not open with this node's secret key: every node sharing the database needs the same FIRMA_SECRET_KEY/,
        );
        assert.equal(res.stderr.trimEnd().split('\n').length, 1, res.stderr);
        assert.doesNotMatch(res.stdout, /listening|is running|api_/);
      }
      assert.equal(await installationSeals(env, dataDir), 1, 'no second identity');
    });
  });
}
