import assert from 'node:assert/strict';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import pg from 'pg';
import { createDocument } from '../helpers/documents.js';
import { freePort } from '../helpers/free-port.js';
import { HttpClient } from '../helpers/http-client.js';
import { startS3Server, type TestS3Server } from '../helpers/s3-server.js';
import { runFirma, spawnFirma, watchOutput } from '../helpers/spawn-firma.js';
import { testDatabases } from '../helpers/test-server.js';

const PG_URL = process.env.FIRMA_TEST_DATABASE_URL;
/** s3rver checks the access key only: a secret of our own shows whether it ever reaches the output. */
const S3_SECRET = `s3-secret-${randomBytes(8).toString('hex')}`;
const RETRY_LINE = /the blob store is unavailable; retrying/;

function exited(child: ChildProcessWithoutNullStreams): Promise<number | null> {
  return new Promise((resolve) => (child.exitCode !== null ? resolve(child.exitCode) : child.once('exit', resolve)));
}

function s3Env(port: number): Record<string, string> {
  return {
    FIRMA_BLOB_STORE: 's3',
    FIRMA_S3_BUCKET: 'firma-late',
    FIRMA_S3_REGION: 'us-east-1',
    FIRMA_S3_ENDPOINT: `http://127.0.0.1:${port}`,
    FIRMA_S3_FORCE_PATH_STYLE: 'true',
    AWS_ACCESS_KEY_ID: 'S3RVER',
    AWS_SECRET_ACCESS_KEY: S3_SECRET,
  };
}

/** The retry lines: one per round, numbered from 1, carrying a code and never the endpoint or a key. */
function assertRetryLines(output: string, endpoint: string): void {
  const lines = output.split('\n').filter((line) => RETRY_LINE.test(line));
  assert.ok(lines.length > 0, output);
  lines.forEach((line, i) => {
    const entry = JSON.parse(line) as { attempt: number; code?: string; level: number };
    assert.equal(entry.attempt, i + 1, line);
    assert.equal(entry.level, 40, line);
    assert.ok(entry.code, line);
    assert.ok(!line.includes(endpoint), line);
  });
  assert.ok(!output.includes(S3_SECRET), 'the secret key reached the output');
}

/**
 * A node started while its blob store is unreachable waits for it (FIRMA_STORAGE_WAIT_SECONDS), as
 * it waits for the database, instead of exiting into a supervisor's restart loop: an S3 endpoint
 * where nothing listens yet, and a data dir whose blob folder is on a volume not there yet.
 */
for (const database of testDatabases()) {
  describe(`a node started before its blob store (${database}, real processes)`, () => {
    const schemas: string[] = [];
    const dirs: string[] = [];
    const children: ChildProcessWithoutNullStreams[] = [];
    let s3: TestS3Server | undefined;

    /** A data dir and, on PostgreSQL, a schema of its own (a test's node must not see another's blobs). */
    async function baseEnv(): Promise<Record<string, string>> {
      const dataDir = mkdtempSync(join(tmpdir(), 'firma-storage-wait-'));
      dirs.push(dataDir);
      const env: Record<string, string> = {
        FIRMA_DATA_DIR: dataDir,
        PORT: '0',
        FIRMA_SECRET_KEY: randomBytes(32).toString('hex'),
        LOG_FORMAT: 'json',
      };
      if (database === 'postgres') {
        const schema = `sw_${randomBytes(5).toString('hex')}`;
        schemas.push(schema);
        const admin = new pg.Client({ connectionString: PG_URL });
        await admin.connect();
        await admin.query(`create schema ${schema}`);
        await admin.end();
        const url = new URL(PG_URL!);
        url.searchParams.set('options', `-c search_path=${schema}`);
        env.DATABASE_URL = url.toString();
      }
      return env;
    }

    after(async () => {
      for (const child of children) child.kill('SIGKILL');
      await Promise.all(children.map(exited));
      await s3?.close();
      if (schemas.length > 0) {
        const admin = new pg.Client({ connectionString: PG_URL });
        await admin.connect();
        for (const schema of schemas) await admin.query(`drop schema if exists ${schema} cascade`);
        await admin.end();
      }
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    });

    /** Waits for the node to listen, then checks it is ready and stores an upload; stops it. */
    async function assertServes(child: ChildProcessWithoutNullStreams, output: ReturnType<typeof watchOutput>) {
      const [, base] = await output.waitFor(/listening on (http:\/\/\S+)/, 90_000);
      const [, token] = await output.waitFor(/^\s+(api_[A-Za-z0-9_-]{32})\s*$/m);
      const api = new HttpClient(base!, token!);
      const ready = await api.get('/ready');
      assert.equal(ready.status, 200, JSON.stringify(ready.body));
      const created = await createDocument(api);
      assert.equal(created.status, 200, JSON.stringify(created.body));
      const read = await api.get(`/api/v2/document/${created.body.id}`);
      assert.equal(read.status, 200);
      child.kill('SIGTERM');
      assert.equal(await exited(child), 0);
    }

    test('S3 down at start: the node waits, logging each round, and serves once the bucket answers', async () => {
      const port = await freePort();
      const env = { ...(await baseEnv()), ...s3Env(port), FIRMA_STORAGE_WAIT_SECONDS: '300', LOG_LEVEL: 'info' };
      const child = spawnFirma(['serve'], env);
      children.push(child);
      const output = watchOutput(child);
      // Waiting (not exited): two rounds logged, then the bucket comes up on the port it was given.
      await output.waitFor(/"attempt":2,.*the blob store is unavailable; retrying/, 90_000);
      s3 = await startS3Server('firma-late', port);
      await assertServes(child, output);
      assert.match(output.text(), /the blob store is available/);
      assertRetryLines(output.text(), s3.endpoint);
      assert.ok(readdirSync(join(s3.directory, 'firma-late')).length > 0, 'the upload is in the bucket');
    });

    test('S3 never there and a short wait: exits non-zero with one line naming FIRMA_STORAGE_WAIT_SECONDS', async () => {
      const port = await freePort();
      const env = { ...(await baseEnv()), ...s3Env(port), FIRMA_STORAGE_WAIT_SECONDS: '1' };
      const { code, stdout, stderr } = await runFirma(['serve'], env);
      assert.equal(code, 1, stderr);
      const problem = stderr.split('\n').filter((line) => line.startsWith('firma:'));
      assert.equal(problem.length, 1, stderr);
      assert.match(problem[0]!, /blob store \(S3 bucket "firma-late"\) is still unreachable \(ECONNREFUSED\)/);
      assert.match(problem[0]!, /FIRMA_STORAGE_WAIT_SECONDS=1\b/);
      assert.doesNotMatch(stderr, /^\s+at /m, 'no stack trace');
      assert.doesNotMatch(stdout + stderr, /listening on/);
      assertRetryLines(stdout, `127.0.0.1:${port}`);
      assert.ok(!stderr.includes(S3_SECRET));
    });

    test('the blob folder on a volume not mounted yet: the node waits and serves once it is there', async () => {
      const env: Record<string, string> = { ...(await baseEnv()), FIRMA_STORAGE_WAIT_SECONDS: '300' };
      const volume = mkdtempSync(join(tmpdir(), 'firma-volume-'));
      dirs.push(volume);
      // The database elsewhere (SQLite's file is in the data dir by default): only the blobs wait.
      if (database === 'sqlite') env.DATABASE_URL = `sqlite:${join(volume, 'firma.db')}`;
      symlinkSync(join(volume, 'mnt', 'blobs'), join(String(env.FIRMA_DATA_DIR), 'blobs'));
      const child = spawnFirma(['serve'], env);
      children.push(child);
      const output = watchOutput(child);
      await output.waitFor(/"attempt":2,.*"code":"ENOENT".*the blob store is unavailable; retrying/, 90_000);
      mkdirSync(join(volume, 'mnt', 'blobs'), { recursive: true });
      await assertServes(child, output);
      assert.ok(readdirSync(join(volume, 'mnt', 'blobs')).length > 0, 'the upload is on the volume');
    });
  });
}
