import assert from 'node:assert/strict';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, test } from 'node:test';
import { describeOrSkip } from '../helpers/describe-or-skip.js';
import pg from 'pg';
import { createDocument } from '../helpers/documents.js';
import { freePort } from '../helpers/free-port.js';
import { HttpClient } from '../helpers/http-client.js';
import { createPgCluster, pgClusterUnavailable, type PgCluster } from '../helpers/pg-cluster.js';
import { spawnFirma, watchOutput } from '../helpers/spawn-firma.js';

/**
 * PostgreSQL going away under running Firma processes, on a cluster this file starts and stops
 * itself (never the shared one): a terminated connection, a stopped server, and nodes started
 * before the database. Every process must stay up and recover on its own.
 */
const PASSWORD = `pw-${randomBytes(6).toString('hex')}`;

interface Node {
  child: ChildProcessWithoutNullStreams;
  output: () => string;
  api: HttpClient;
}

describeOrSkip('PostgreSQL outages', { skip: pgClusterUnavailable() }, () => {
  let cluster: PgCluster;
  const children: ChildProcessWithoutNullStreams[] = [];
  const dataDirs: string[] = [];

  /** One connection per statement: the cluster is stopped and started between tests. */
  async function adminQuery<T extends pg.QueryResultRow>(text: string): Promise<T[]> {
    const admin = new pg.Client({ connectionString: cluster.url });
    await admin.connect();
    try {
      return (await admin.query<T>(text)).rows;
    } finally {
      await admin.end();
    }
  }

  /** A database of its own (trust auth takes any password: the URL carries one so leaks would show). */
  async function databaseUrl(): Promise<string> {
    const name = `outage_${randomBytes(4).toString('hex')}`;
    await adminQuery(`create database ${name}`);
    return cluster.url.replace('postgres@', `postgres:${PASSWORD}@`).replace(/\/postgres$/, `/${name}`);
  }

  function envFor(url: string): Record<string, string> {
    const dataDir = mkdtempSync(join(tmpdir(), 'firma-outage-'));
    dataDirs.push(dataDir);
    return {
      DATABASE_URL: url,
      FIRMA_DATA_DIR: dataDir,
      FIRMA_SECRET_KEY: randomBytes(32).toString('hex'),
      FIRMA_JOB_POLL_MS: '100',
      LOG_LEVEL: 'info',
    };
  }

  function spawn(args: string[], env: Record<string, string>) {
    const child = spawnFirma(args, env);
    children.push(child);
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const watch = watchOutput(child);
    return { child, watch, output: () => watch.text() + stderr };
  }

  /** `firma serve` on a fresh database, once it listens, with the first-start token. */
  async function serveNode(): Promise<Node> {
    const { child, watch, output } = spawn(['serve'], { ...envFor(await databaseUrl()), PORT: '0' });
    const [, url] = await watch.waitFor(/listening on (http:\/\/\S+)/, 60_000);
    const [, token] = await watch.waitFor(/store it now:\s+(\S+)/);
    return { child, output, api: new HttpClient(url!, token!) };
  }

  function assertAlive(child: ChildProcessWithoutNullStreams, output: () => string) {
    assert.equal(child.exitCode, null, `the process exited:\n${output()}`);
    assert.equal(child.signalCode, null, `the process was killed:\n${output()}`);
  }

  async function waitForStatus(
    call: () => Promise<{ status: number }>,
    status: number,
    withinMs: number,
  ): Promise<number> {
    const started = Date.now();
    for (;;) {
      const answer = await call().catch(() => ({ status: 0 }));
      if (answer.status === status) return Date.now() - started;
      if (Date.now() - started > withinMs) assert.fail(`no ${status} within ${withinMs} ms (last ${answer.status})`);
      await sleep(100);
    }
  }

  before(async () => {
    cluster = await createPgCluster();
    await cluster.start();
  });

  after(async () => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await cluster?.destroy();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  });

  test('terminating every connection of Firma leaves the process up, and the next requests succeed', async () => {
    const node = await serveNode();
    // Several concurrent calls leave several idle connections in the pool.
    const warm = await Promise.all(Array.from({ length: 6 }, () => node.api.get('/api/v2/me')));
    assert.deepEqual(
      warm.map((r) => r.status),
      Array(6).fill(200),
    );
    const rows = await adminQuery<{ killed: boolean }>(
      `select pg_terminate_backend(pid) as killed from pg_stat_activity where datname like 'outage_%' and pid <> pg_backend_pid()`,
    );
    assert.ok(rows.length >= 1, 'Firma had connections to terminate');
    await sleep(300);
    assertAlive(node.child, node.output);
    for (let i = 0; i < 5; i++) {
      const me = await node.api.get('/api/v2/me');
      assert.equal(me.status, 200, JSON.stringify(me.body));
    }
    const created = await createDocument(node.api);
    assert.equal(created.status, 200, JSON.stringify(created.body));
    assertAlive(node.child, node.output);
    assert.match(node.output(), /database connection lost/);
  });

  test('a stopped database: 503 DATABASE_UNAVAILABLE with Retry-After, /ready 503, /health 200; back within seconds once it starts', async () => {
    const node = await serveNode();
    const first = await createDocument(node.api);
    assert.equal(first.status, 200, JSON.stringify(first.body));
    await cluster.stop();
    try {
      for (const call of [
        () => node.api.get('/api/v2/me'),
        () => createDocument(node.api),
        () => node.api.get(`/api/v2/document/${first.body.id}`),
      ]) {
        // A 503 at all is the behaviour (a hang would meet the test's deadline); how soon is the machine's.
        const answer = await call();
        assert.equal(answer.status, 503, JSON.stringify(answer.body));
        assert.equal(answer.body.code, 'DATABASE_UNAVAILABLE');
        assert.ok(Number(answer.headers.get('retry-after')) >= 1, 'Retry-After');
        assert.doesNotMatch(answer.bytes.toString(), new RegExp(`${PASSWORD}|postgres://|${cluster.port}`));
      }
      const ready = await node.api.get('/ready');
      assert.equal(ready.status, 503);
      assert.equal(ready.body.code, 'DATABASE_UNAVAILABLE');
      assert.ok(ready.headers.get('retry-after'));
      assert.equal((await node.api.get('/health')).status, 200);
      assertAlive(node.child, node.output);
    } finally {
      await cluster.start();
    }
    // Ready again on its own, without a restart (how soon depends on the machine's load).
    await waitForStatus(() => node.api.get('/ready'), 200, 120_000);
    assert.equal((await node.api.get('/api/v2/me')).status, 200);
    assert.equal((await node.api.get(`/api/v2/document/${first.body.id}`)).status, 200);
    const created = await createDocument(node.api);
    assert.equal(created.status, 200, JSON.stringify(created.body));
    assertAlive(node.child, node.output);
    // The embedded worker kept polling through the outage, backing off, and went on.
    assert.match(node.output(), /job runner: the database is unavailable/);
    assert.match(node.output(), /periodic task: the database is unavailable/);
    assert.doesNotMatch(node.output(), new RegExp(PASSWORD));
  });

  test('`serve --workers 2` and `worker` started while the database is down come up once it starts', async () => {
    const url = await databaseUrl();
    const port = await freePort();
    const env = envFor(url);
    await cluster.stop();
    let started = false;
    try {
      const serveCluster = spawn(['serve', '--workers', '2'], { ...env, PORT: String(port), FIRMA_WORKER: 'off' });
      const worker = spawn(['worker'], env);
      // Both wait, retrying: not failed, and not listening.
      await serveCluster.watch.waitFor(
        /cluster start: the database is unavailable; retrying(.|\n)*"attempt":3/,
        30_000,
      );
      await worker.watch.waitFor(/worker start: the database is unavailable; retrying(.|\n)*"attempt":3/, 30_000);
      assertAlive(serveCluster.child, serveCluster.output);
      assertAlive(worker.child, worker.output);
      await assert.rejects(fetch(`http://127.0.0.1:${port}/health`));

      await cluster.start();
      started = true;
      await serveCluster.watch.waitFor(/Firma cluster: 2 API processes/);
      // The token is made once a node listens: the nodes load and build the app first.
      const [, token] = await serveCluster.watch.waitFor(/store it now:\s+(\S+)/);
      await worker.watch.waitFor(/Firma worker \S+ is running/);
      const api = new HttpClient(`http://127.0.0.1:${port}`, token!);
      await waitForStatus(() => api.get('/ready'), 200, 120_000);
      // Round-robin over both nodes: every call is answered.
      const answers = await Promise.all(Array.from({ length: 8 }, () => api.get('/api/v2/me')));
      assert.deepEqual(
        answers.map((a) => a.status),
        Array(8).fill(200),
      );
      const created = await createDocument(api);
      assert.equal(created.status, 200, JSON.stringify(created.body));
      assertAlive(serveCluster.child, serveCluster.output);
      assertAlive(worker.child, worker.output);
      assert.doesNotMatch(serveCluster.output() + worker.output(), new RegExp(PASSWORD));
    } finally {
      if (!started) await cluster.start();
    }
  });
});
