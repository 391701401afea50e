import { setTimeout as delay } from 'node:timers/promises';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import pg from 'pg';
import { runFirma, spawnFirma, watchOutput } from '../helpers/spawn-firma.js';
import { testDatabases } from '../helpers/test-server.js';

for (const database of testDatabases()) {
  describe(`firma CLI (${database})`, () => {
    let env: Record<string, string>;
    let dataDir: string;
    let schema: string | null = null;

    before(async () => {
      dataDir = mkdtempSync(join(tmpdir(), 'firma-cli-'));
      env = { FIRMA_DATA_DIR: dataDir, PORT: '0' };
      if (database === 'postgres') {
        schema = `cli_${randomBytes(5).toString('hex')}`;
        const client = new pg.Client({ connectionString: process.env.FIRMA_TEST_DATABASE_URL });
        await client.connect();
        await client.query(`create schema ${schema}`);
        await client.end();
        const url = new URL(process.env.FIRMA_TEST_DATABASE_URL!);
        url.searchParams.set('options', `-c search_path=${schema}`);
        env.DATABASE_URL = url.toString();
      }
    });
    after(async () => {
      rmSync(dataDir, { recursive: true, force: true });
      if (schema) {
        const client = new pg.Client({ connectionString: process.env.FIRMA_TEST_DATABASE_URL });
        await client.connect();
        await client.query(`drop schema ${schema} cascade`);
        await client.end();
      }
    });

    test('first start creates the default platform, prints one token once, and it authenticates', async () => {
      const child = spawnFirma(['serve'], env);
      const output = watchOutput(child);
      try {
        const [, url] = await output.waitFor(/listening on (http:\/\/\S+)/);
        const [, token] = await output.waitFor(/^\s+(api_[A-Za-z0-9_-]{32})\s*$/m);
        const me = await fetch(`${url}/api/v2/me`, { headers: { authorization: `Bearer ${token}` } });
        assert.equal(me.status, 200);
        assert.equal(((await me.json()) as { platform: { name: string } }).platform.name, 'default');
      } finally {
        child.kill('SIGTERM');
      }
      const code = await new Promise((resolve) => child.once('exit', resolve));
      assert.equal(code, 0, 'SIGTERM shuts down cleanly');

      const again = spawnFirma(['serve'], env);
      const againOutput = watchOutput(again);
      await againOutput.waitFor(/OpenAPI document/);
      again.kill('SIGTERM');
      await new Promise((resolve) => again.once('exit', resolve));
      assert.doesNotMatch(againOutput.text(), /api_[A-Za-z0-9_-]{32}/, 'a second start prints no token');
    });

    test('with JSON logs (not a terminal) stdout carries only JSON lines; the banner goes to stderr', async () => {
      const child = spawnFirma(['serve'], { ...env, LOG_FORMAT: 'json', LOG_LEVEL: 'info' });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
      child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
      try {
        await watchOutput(child).waitFor(/listening on/);
        for (let i = 0; i < 100 && !stdout.includes('"msg":"Firma is listening"'); i++) await delay(100);
      } finally {
        child.kill('SIGTERM');
      }
      // 'close', not 'exit': the pipes may still hold output when the process has exited.
      await new Promise((resolve) => child.once('close', resolve));
      assert.match(stderr, /Firma is listening on http:\/\/\S+/);
      const lines = stdout.split('\n').filter((line) => line.trim() !== '');
      assert.ok(lines.length > 0, 'the logs are on stdout');
      for (const line of lines) assert.doesNotThrow(() => JSON.parse(line), `not a JSON line: ${line}`);
      assert.ok(lines.some((line) => (JSON.parse(line) as { msg?: string }).msg === 'Firma is listening'));
    });

    test('platform create, token create/list/revoke, with and without --json', async () => {
      const platform = await runFirma(['platform', 'create', 'acme'], env);
      assert.equal(platform.code, 0, platform.stderr);
      assert.match(platform.stdout.trim(), /^\d+$/);

      const duplicate = await runFirma(['platform', 'create', 'acme'], env);
      assert.equal(duplicate.code, 1);
      assert.match(duplicate.stderr, /already exists/);

      const created = await runFirma(
        ['token', 'create', '--platform', 'acme', '--scope', 'read', '--expires-in-days', '30'],
        env,
      );
      assert.equal(created.code, 0, created.stderr);
      assert.match(created.stdout, /^api_[A-Za-z0-9_-]{32}\n$/, 'stdout carries only the token');

      const json = await runFirma(['token', 'create', '--platform', 'acme', '--json'], env);
      const parsed = JSON.parse(json.stdout) as { id: string; token: string; scope: string };
      assert.equal(parsed.scope, 'full');

      const list = await runFirma(['token', 'list', '--platform', 'acme', '--json'], env);
      const tokens = JSON.parse(list.stdout) as { id: string; scope: string; revokedAt: string | null }[];
      assert.equal(tokens.length, 2);
      assert.ok(!list.stdout.includes(parsed.token), 'listing never shows a token');

      const revoke = await runFirma(['token', 'revoke', parsed.id], env);
      assert.equal(revoke.code, 0);
      assert.match(revoke.stdout, /revoked/);
      const listed = JSON.parse((await runFirma(['token', 'list', '--platform', 'acme', '--json'], env)).stdout) as {
        id: string;
        revokedAt: string | null;
      }[];
      assert.ok(listed.find((t) => t.id === parsed.id)?.revokedAt);

      assert.equal((await runFirma(['token', 'create', '--platform', 'nope'], env)).code, 1);
      assert.equal((await runFirma(['token', 'create', '--platform', 'acme', '--scope', 'admin'], env)).code, 2);
      assert.equal((await runFirma(['migrate'], env)).code, 0);
    });

    test("platform set-sender-name sets the mails' sender as one line, refuses bad input, - removes it", async () => {
      assert.equal((await runFirma(['platform', 'create', 'norte'], env)).code, 0);
      const set = await runFirma(
        ['platform', 'set-sender-name', 'norte', 'Estudio "Norte"\r\nBcc: x@y.z', '--json'],
        env,
      );
      assert.equal(set.code, 0, set.stderr);
      assert.deepEqual(JSON.parse(set.stdout), { platform: 'norte', senderName: 'Estudio "Norte" Bcc: x@y.z' });
      const plain = await runFirma(['platform', 'set-sender-name', 'norte', 'Escribanía Norte'], env);
      assert.match(plain.stdout, /mails of norte name as their sender: Escribanía Norte/);

      const empty = await runFirma(['platform', 'set-sender-name', 'norte', '   '], env);
      assert.equal(empty.code, 2, 'invalid input');
      assert.match(empty.stderr, /empty/);
      assert.equal((await runFirma(['platform', 'set-sender-name', 'nadie', 'X'], env)).code, 1);
      assert.equal((await runFirma(['platform', 'set-sender-name', 'norte'], env)).code, 2);

      const removed = await runFirma(['platform', 'set-sender-name', 'norte', '-', '--json'], env);
      assert.deepEqual(JSON.parse(removed.stdout), { platform: 'norte', senderName: null });
    });

    test('invalid configuration lists every problem and exits non-zero', async () => {
      const res = await runFirma(['migrate'], { ...env, PORT: 'abc', FIRMA_ENVIRONMENT: 'staging' });
      assert.equal(res.code, 2);
      assert.match(res.stderr, /PORT/);
      assert.match(res.stderr, /FIRMA_ENVIRONMENT/);
    });
  });
}
