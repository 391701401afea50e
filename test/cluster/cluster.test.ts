import assert from 'node:assert/strict';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { describeOrSkip } from '../helpers/describe-or-skip.js';
import pg from 'pg';
import { createDocument } from '../helpers/documents.js';
import { HttpClient } from '../helpers/http-client.js';
import { signAll, tokenOf } from '../helpers/signing.js';
import { runFirma, spawnFirma, watchOutput } from '../helpers/spawn-firma.js';
import { untilAvailable, unavailableReasons } from '../helpers/until-available.js';
import { startReceiver } from '../helpers/webhook-receiver.js';

/**
 * Cluster mode on PostgreSQL: 3 API processes (`firma serve`, FIRMA_WORKER=off) and 2 job
 * processes (`firma worker`) on one schema and one data dir. 200 full flows go through every API
 * node at once; the database must then show each document completed exactly once.
 */
const PG_URL = process.env.FIRMA_TEST_DATABASE_URL;
const FLOWS = Number(process.env.FIRMA_CLUSTER_FLOWS ?? 200);
const CONCURRENCY = 12;

interface Flow {
  documentId: number;
  envelopeId: string;
}

/** What the run left behind, for the assertions. */
interface ClusterRun {
  db: pg.Client;
  flows: Flow[];
  receiver: Awaited<ReturnType<typeof startReceiver>>;
}

/**
 * One DOCUMENT_COMPLETED event per envelope in the outbox, and the receiver got each of them,
 * by event id, exactly once, although two worker processes deliver webhooks side by side.
 */
async function assertEventsDelivered(run: ClusterRun): Promise<void> {
  const { rows } = await run.db.query<{ id: string; envelope_id: number }>(
    `select id, envelope_id from event where type = 'DOCUMENT_COMPLETED'`,
  );
  assert.equal(rows.length, run.flows.length, 'one DOCUMENT_COMPLETED event per envelope');
  assert.equal(new Set(rows.map((r) => r.envelope_id)).size, run.flows.length);
  await run.receiver.waitFor((w) => w.body.event === 'DOCUMENT_COMPLETED', run.flows.length, 120_000);
  const received = run.receiver.received.filter((w) => w.body.event === 'DOCUMENT_COMPLETED').map((w) => w.body.id);
  assert.deepEqual([...received].sort(), rows.map((r) => r.id).sort(), 'every event delivered once, with its own id');
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function stop(child: ChildProcessWithoutNullStreams): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), 20_000);
    child.once('exit', (code) => {
      clearTimeout(kill);
      resolve(code);
    });
    child.kill('SIGTERM');
  });
}

function countFiles(dir: string): number {
  let n = 0;
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    n += statSync(path).isDirectory() ? countFiles(path) : 1;
  }
  return n;
}

const CUILS = ['20000000028', '27000000014', '23123456785'];
const signer = (n: number) => ({
  cuil: CUILS[n],
  email: `signer${n}@example.com`,
  name: `Signer ${n}`,
  role: 'SIGNER',
  fields: [{ type: 'SIGNATURE', pageNumber: 1, pageX: 10 + n * 25, pageY: 80, width: 20, height: 6 }],
});

/** Runs `work` over `items` with at most `limit` in flight. */
async function pool<T>(items: T[], limit: number, work: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) {
        const index = next++;
        await work(items[index]!, index);
      }
    }),
  );
}

describeOrSkip(
  'cluster mode: 3 API processes and 2 workers on one PostgreSQL database',
  { skip: PG_URL ? false : 'needs FIRMA_TEST_DATABASE_URL' },
  () => {
    const schema = `cluster_${randomBytes(5).toString('hex')}`;
    const children: ChildProcessWithoutNullStreams[] = [];
    let dataDir: string;
    let env: Record<string, string>;
    let db: pg.Client;
    let token: string;

    before(async () => {
      dataDir = mkdtempSync(join(tmpdir(), 'firma-cluster-'));
      const admin = new pg.Client({ connectionString: PG_URL });
      await admin.connect();
      await admin.query(`create schema ${schema}`);
      await admin.end();
      const url = new URL(PG_URL!);
      url.searchParams.set('options', `-c search_path=${schema}`);
      env = {
        DATABASE_URL: url.toString(),
        FIRMA_DATA_DIR: dataDir,
        // Every node must hold the same key for the secrets it stores; a shared data dir would too.
        FIRMA_SECRET_KEY: randomBytes(32).toString('hex'),
        FIRMA_JOB_POLL_MS: '100',
        // Five processes share PostgreSQL with the other tests CI runs beside these: 5 × 6 connections, not 5 × 10.
        FIRMA_DATABASE_POOL_SIZE: '6',
        FIRMA_RATE_LIMIT_PER_MINUTE: '1000000',
        FIRMA_SIGNING_RATE_LIMIT_PER_MINUTE: '1000000',
        FIRMA_WEBHOOK_ALLOW_PRIVATE: 'true',
        FIRMA_WEBHOOK_RETRY_BASE_MS: '200',
      };
      for (const args of [['migrate'], ['platform', 'create', 'cluster']]) {
        const result = await runFirma(args, env);
        assert.equal(result.code, 0, result.stderr);
      }
      const created = await runFirma(['token', 'create', '--platform', 'cluster', '--scope', 'full'], env);
      assert.equal(created.code, 0, created.stderr);
      token = created.stdout.trim();
      db = new pg.Client({ connectionString: url.toString() });
      await db.connect();
    });

    after(async () => {
      await Promise.all(children.map(stop));
      await db?.end();
      const admin = new pg.Client({ connectionString: PG_URL });
      await admin.connect();
      await admin.query(`drop schema if exists ${schema} cascade`);
      await admin.end();
      rmSync(dataDir, { recursive: true, force: true });
    });

    test(`${FLOWS} full flows through every API node complete exactly once`, async (t) => {
      const nodes = await Promise.all(
        [0, 1, 2].map(async () => {
          const child = spawnFirma(['serve'], { ...env, PORT: '0', FIRMA_WORKER: 'off' });
          children.push(child);
          const output = watchOutput(child);
          const [, url] = await output.waitFor(/listening on (http:\/\/\S+)/, 60_000);
          return { api: new HttpClient(url!, token), anon: new HttpClient(url!, null), output };
        }),
      );
      // A loaded machine (CI runs two test processes beside these five) may answer a request 503 with
      // Retry-After; the client waits and retries, as a real one does, and the run reports why.
      const retried = { count: 0 };
      const again = <T>(step: () => Promise<T>) => untilAvailable(step, retried);
      await Promise.all(
        [0, 1].map(async () => {
          const child = spawnFirma(['worker'], env);
          children.push(child);
          await watchOutput(child).waitFor(/Firma worker \S+ is running/);
        }),
      );

      const receiver = await startReceiver();
      const hook = await nodes[0]!.api.post('/api/v2/webhook/create', {
        json: { url: receiver.url, events: ['DOCUMENT_COMPLETED'] },
      });
      assert.equal(hook.status, 200, JSON.stringify(hook.body));

      const flows: Flow[] = [];
      const payload = { title: 'Cluster contract', recipients: [signer(0), signer(1), signer(2)] };
      await pool(
        Array.from({ length: FLOWS }, (_, i) => i),
        CONCURRENCY,
        async (i) => {
          // Each step of a flow goes to a different node than the one before it.
          const at = (step: number) => nodes[(i + step) % nodes.length]!;
          const created = await again(() => createDocument(at(0).api, payload));
          assert.equal(created.status, 200, JSON.stringify(created.body));
          const distributed = await again(() =>
            at(1).api.post('/api/v2/document/distribute', {
              json: { documentId: created.body.id, meta: { distributionMethod: 'NONE' }, includeSigningUrls: true },
            }),
          );
          assert.equal(distributed.status, 200, JSON.stringify(distributed.body));
          const recipients = distributed.body.recipients as { signingUrl: string }[];
          assert.equal(recipients.length, 3);
          for (const [k, r] of recipients.entries()) {
            const done = await again(() => signAll(at(2 + k).anon, tokenOf(r.signingUrl)));
            assert.equal(done.status, 200, JSON.stringify(done.body));
          }
          flows.push({ documentId: created.body.id as number, envelopeId: created.body.envelopeId as string });
        },
      );
      assert.equal(flows.length, FLOWS);
      t.diagnostic(
        `503 answers retried: ${retried.count}; reasons logged: ${JSON.stringify(unavailableReasons(nodes.map((n) => n.output.text())))}`,
      );

      // The workers seal in the background; wait until no job is left to run.
      const deadline = Date.now() + 180_000;
      for (;;) {
        const { rows } = await db.query<{ completed: number; open: number }>(
          `select (select count(*)::int from envelope where status = 'COMPLETED') as completed,
                (select count(*)::int from job where status in ('pending', 'running')) as open`,
        );
        if (rows[0]!.completed === FLOWS && rows[0]!.open === 0) break;
        assert.ok(Date.now() < deadline, `still waiting after 180 s: ${JSON.stringify(rows[0])}`);
        await new Promise((r) => setTimeout(r, 250));
      }

      // Every document reads COMPLETED on every node.
      await pool(flows, CONCURRENCY, async (flow, i) => {
        const doc = await again(() => nodes[i % nodes.length]!.api.get(`/api/v2/document/${flow.documentId}`));
        assert.equal(doc.status, 200);
        assert.equal(doc.body.status, 'COMPLETED');
        assert.ok(doc.body.completedAt);
      });

      const audit = await db.query<{ envelope_id: number; n: number }>(
        `select envelope_id, count(*)::int as n from audit_event where type = 'DOCUMENT_COMPLETED' group by envelope_id`,
      );
      assert.equal(audit.rows.length, FLOWS, 'every envelope has a DOCUMENT_COMPLETED audit entry');
      assert.ok(
        audit.rows.every((r) => r.n === 1),
        'and only one',
      );

      const jobs = await db.query<{ kind: string; status: string; n: number }>(
        `select kind, status, count(*)::int as n from job group by kind, status`,
      );
      assert.deepEqual(
        jobs.rows,
        [{ kind: 'envelope.complete', status: 'done', n: FLOWS }],
        'one completion job per envelope, all done, nothing pending or failed',
      );

      const finals = await db.query<{ total: number; distinct: number; certificates: number }>(
        `select count(final_sha256)::int as total, count(distinct final_sha256)::int as distinct,
              (select count(distinct certificate_sha256)::int from envelope) as certificates from envelope_item`,
      );
      assert.deepEqual(finals.rows[0], { total: FLOWS, distinct: FLOWS, certificates: FLOWS });
      // Sealing twice would leave a second, different final PDF and certificate in the store:
      // the one shared original plus exactly one final and one certificate per envelope.
      assert.equal(countFiles(join(dataDir, 'blobs')), 1 + 2 * FLOWS, 'no envelope was sealed twice');

      try {
        await assertEventsDelivered({ db, flows, receiver });
      } finally {
        await receiver.close();
      }
    });

    test('firma serve --workers 2 shares one port between two API processes and stops cleanly', async () => {
      const port = await freePort();
      const child = spawnFirma(['serve', '--workers', '2'], { ...env, PORT: String(port), FIRMA_WORKER: 'off' });
      const output = watchOutput(child);
      try {
        await output.waitFor(/listening on[\s\S]*listening on/);
        assert.match(output.text(), /Firma cluster: 2 API processes/);
        const api = new HttpClient(`http://127.0.0.1:${port}`, token);
        const answers = await Promise.all(Array.from({ length: 20 }, () => api.get('/api/v2/me')));
        assert.ok(answers.every((a) => a.status === 200));
        const bad = await api.get('/api/v2/me', { token: 'api_wrong' });
        assert.equal(bad.status, 401);
      } finally {
        assert.equal(await stop(child), 0, 'SIGTERM stops the primary and its nodes with exit 0');
      }
    });
  },
);
