import assert from 'node:assert/strict';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import pg from 'pg';
import { describeOrSkip } from '../helpers/describe-or-skip.js';
import { multipartBody, onePagePdf } from '../helpers/documents.js';
import { HttpClient, type HttpResponse } from '../helpers/http-client.js';
import { startS3Server, type TestS3Server } from '../helpers/s3-server.js';
import { signAll, tokenOf } from '../helpers/signing.js';
import { runFirma, spawnFirma, watchOutput } from '../helpers/spawn-firma.js';
import { startReceiver } from '../helpers/webhook-receiver.js';

/**
 * Scale-out without a shared disk (issue #21): 3 API processes and 2 workers, each with a data dir
 * of its own, blobs in an S3-protocol server, rate limits in Redis, one PostgreSQL schema. Flows
 * go through every node; partway through, one API process and one worker are SIGKILLed. Clients
 * retry a request that lost its connection on another node (creates and distributions with an
 * Idempotency-Key, as an integrator would). In the end every document is completed and sealed once,
 * its final PDF reads the same from every surviving node, and every completion webhook arrived.
 */
const PG_URL = process.env.FIRMA_TEST_DATABASE_URL;
const REDIS_URL = process.env.FIRMA_TEST_REDIS_URL;
/** 120 in the suite (CI time); the run is `FIRMA_CLUSTER_S3_FLOWS=500`. */
const FLOWS = Number(process.env.FIRMA_CLUSTER_S3_FLOWS ?? 120);
const CONCURRENCY = 12;
/** The share of flows finished when the two processes are killed. */
const KILL_AFTER = Math.floor(FLOWS * 0.4);

const CUILS = ['20000000028', '27000000014'];
const payload = {
  title: 'Contrato en la nube',
  recipients: CUILS.map((cuil, n) => ({
    cuil,
    email: `firmante${n}@example.com`,
    name: `Firmante ${n}`,
    role: 'SIGNER',
    fields: [{ type: 'SIGNATURE', pageNumber: 1, pageX: 10 + n * 40, pageY: 80, width: 30, height: 6 }],
  })),
};

interface Node {
  child: ChildProcessWithoutNullStreams;
  api: HttpClient;
  anon: HttpClient;
  dataDir: string;
  dead: boolean;
}

/** A connection lost or refused (the node was killed): the client tries another node. */
const lostConnection = (error: unknown) => error instanceof TypeError && /fetch failed/.test(error.message);

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

function stop(child: ChildProcessWithoutNullStreams): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), 20_000);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

function killNow(child: ChildProcessWithoutNullStreams): Promise<void> {
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

describeOrSkip(
  'cluster without a shared disk: 3 API + 2 workers, own data dirs, S3 blobs, Redis limits, two SIGKILLs',
  { skip: PG_URL && REDIS_URL ? false : 'needs FIRMA_TEST_DATABASE_URL and FIRMA_TEST_REDIS_URL' },
  () => {
    const schema = `cluster_s3_${randomBytes(5).toString('hex')}`;
    const dirs: string[] = [];
    const children: ChildProcessWithoutNullStreams[] = [];
    let s3: TestS3Server;
    let env: Record<string, string>;
    let db: pg.Client;
    let token: string;

    const ownDir = () => {
      const dir = mkdtempSync(join(tmpdir(), 'firma-node-'));
      dirs.push(dir);
      return dir;
    };

    before(async () => {
      s3 = await startS3Server('firma-cluster');
      const admin = new pg.Client({ connectionString: PG_URL });
      await admin.connect();
      await admin.query(`create schema ${schema}`);
      await admin.end();
      const url = new URL(PG_URL!);
      url.searchParams.set('options', `-c search_path=${schema}`);
      env = {
        ...s3.env,
        DATABASE_URL: url.toString(),
        REDIS_URL: REDIS_URL!,
        FIRMA_SECRET_KEY: randomBytes(32).toString('hex'),
        FIRMA_JOB_POLL_MS: '100',
        // Five processes share PostgreSQL with the other tests CI runs beside these: 5 × 6 connections, not 5 × 10.
        FIRMA_DATABASE_POOL_SIZE: '6',
        FIRMA_RATE_LIMIT_PER_MINUTE: '1000000',
        FIRMA_SIGNING_RATE_LIMIT_PER_MINUTE: '1000000',
        FIRMA_WEBHOOK_ALLOW_PRIVATE: 'true',
        FIRMA_WEBHOOK_RETRY_BASE_MS: '200',
      };
      const setupDir = ownDir();
      for (const args of [['migrate'], ['platform', 'create', 'cloud']]) {
        const result = await runFirma(args, { ...env, FIRMA_DATA_DIR: setupDir });
        assert.equal(result.code, 0, result.stderr);
      }
      const created = await runFirma(['token', 'create', '--platform', 'cloud', '--scope', 'full'], {
        ...env,
        FIRMA_DATA_DIR: setupDir,
      });
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
      await s3?.close();
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    });

    test(`${FLOWS} flows, an API node and a worker killed after ${KILL_AFTER}: nothing lost, nothing twice`, async () => {
      const nodes: Node[] = await Promise.all(
        [0, 1, 2].map(async () => {
          const dataDir = ownDir();
          const child = spawnFirma(['serve'], { ...env, FIRMA_DATA_DIR: dataDir, PORT: '0', FIRMA_WORKER: 'off' });
          children.push(child);
          const [, url] = await watchOutput(child).waitFor(/listening on (http:\/\/\S+)/, 60_000);
          return { child, api: new HttpClient(url!, token), anon: new HttpClient(url!, null), dataDir, dead: false };
        }),
      );
      const workers = await Promise.all(
        [0, 1].map(async () => {
          const child = spawnFirma(['worker'], { ...env, FIRMA_DATA_DIR: ownDir() });
          children.push(child);
          await watchOutput(child).waitFor(/Firma worker \S+ is running/);
          return child;
        }),
      );

      /**
       * Runs a request on the preferred node, or on the next live one when the connection is lost or
       * the node answers 503.
       * A retried create or distribution whose first attempt died with its node finds the key
       * still leased (409 IDEMPOTENCY_IN_PROGRESS, Retry-After) until the lease lapses: it waits.
       */
      const onAnyNode = async (preferred: number, call: (node: Node) => Promise<HttpResponse>) => {
        const deadline = Date.now() + 90_000;
        for (let attempt = 0; Date.now() < deadline; attempt++) {
          const node = nodes[(preferred + attempt) % nodes.length]!;
          if (node.dead) continue;
          try {
            const res = await call(node);
            // 409 IDEMPOTENCY_IN_PROGRESS and 503 (the database still holding a killed node's locks or
            // connections) both say when to try again, as a real client does.
            const again = res.status === 503 || (res.status === 409 && res.body?.code === 'IDEMPOTENCY_IN_PROGRESS');
            if (!again) return res;
            await new Promise((r) => setTimeout(r, Number(res.headers.get('retry-after') ?? 1) * 1000));
          } catch (error) {
            // signAll throws on a step's non-200 answer: a 503 there is retried the same way.
            if (/ failed: 503 /.test(String(error))) await new Promise((r) => setTimeout(r, 1000));
            else if (!lostConnection(error)) throw error;
          }
        }
        throw new Error('no node answered within 90 s');
      };

      const receiver = await startReceiver();
      const hook = await nodes[0]!.api.post('/api/v2/webhook/create', {
        json: { url: receiver.url, events: ['DOCUMENT_COMPLETED'] },
      });
      assert.equal(hook.status, 200, JSON.stringify(hook.body));

      const pdf = await onePagePdf();
      const flows: number[] = [];
      const kills: { done: Promise<void> | null } = { done: null };
      await pool(
        Array.from({ length: FLOWS }, (_, i) => i),
        CONCURRENCY,
        async (i) => {
          if (flows.length >= KILL_AFTER && !kills.done) {
            nodes[2]!.dead = true;
            kills.done = Promise.all([killNow(nodes[2]!.child), killNow(workers[1]!)]).then(() => undefined);
          }
          const key = `flow-${schema}-${i}`;
          const created = await onAnyNode(i, (n) =>
            n.api.post('/api/v2/document/create', {
              body: multipartBody(payload, [{ field: 'file', bytes: pdf }]),
              headers: { 'idempotency-key': `${key}-create` },
            }),
          );
          assert.equal(created.status, 200, JSON.stringify(created.body));
          const documentId = created.body.id as number;
          const distributed = await onAnyNode(i + 1, (n) =>
            n.api.post('/api/v2/document/distribute', {
              json: { documentId, meta: { distributionMethod: 'NONE' }, includeSigningUrls: true },
              headers: { 'idempotency-key': `${key}-distribute` },
            }),
          );
          assert.equal(distributed.status, 200, JSON.stringify(distributed.body));
          for (const [k, r] of (distributed.body.recipients as { signingUrl: string }[]).entries()) {
            const signed = await onAnyNode(i + 2 + k, async (n) => {
              try {
                return await signAll(n.anon, tokenOf(r.signingUrl));
              } catch (error) {
                // A retry after the first attempt's complete went through: already done.
                if (/RECIPIENT_ALREADY_SIGNED/.test(String(error))) return { status: 200 } as HttpResponse;
                throw error;
              }
            });
            assert.ok(
              signed.status === 200 || signed.body?.code === 'RECIPIENT_ALREADY_SIGNED',
              JSON.stringify(signed.body),
            );
          }
          flows.push(documentId);
        },
      );
      assert.ok(kills.done, 'the two processes were killed mid-run');
      await kills.done;
      assert.equal(new Set(flows).size, FLOWS, 'one document per flow: no retried create made a second one');

      // The surviving worker takes over the killed one's leases when they lapse.
      const deadline = Date.now() + 240_000;
      for (;;) {
        const { rows } = await db.query<{ completed: number; open: number }>(
          `select (select count(*)::int from envelope where status = 'COMPLETED') as completed,
                (select count(*)::int from job where status in ('pending', 'running')) as open`,
        );
        if (rows[0]!.completed === FLOWS && rows[0]!.open === 0) break;
        assert.ok(Date.now() < deadline, `still waiting after 240 s: ${JSON.stringify(rows[0])}`);
        await new Promise((r) => setTimeout(r, 250));
      }
      const { rows: envelopes } = await db.query<{ n: number }>(`select count(*)::int as n from envelope`);
      assert.equal(envelopes[0]!.n, FLOWS);
      const audit = await db.query<{ n: number }>(
        `select count(*)::int as n from audit_event where type = 'DOCUMENT_COMPLETED' group by envelope_id`,
      );
      assert.equal(audit.rows.length, FLOWS);
      assert.ok(
        audit.rows.every((r) => r.n === 1),
        'each envelope completed once',
      );
      const jobs = await db.query<{ status: string; n: number }>(
        `select status, count(*)::int as n from job where kind = 'envelope.complete' group by status`,
      );
      assert.deepEqual(jobs.rows, [{ status: 'done', n: FLOWS }], 'no completion job failed or left');

      // The sealed PDF reads the same from both surviving nodes (neither holds it on its disk).
      const live = nodes.filter((n) => !n.dead);
      await pool(flows.slice(0, 60), 6, async (documentId) => {
        const hashes = await Promise.all(
          live.map(async (n) => {
            const res = await n.api.get(`/api/v2/document/${documentId}/download?version=signed`);
            assert.equal(res.status, 200);
            assert.equal(Buffer.from(res.bytes).subarray(0, 5).toString(), '%PDF-');
            return createHash('sha256').update(res.bytes).digest('hex');
          }),
        );
        assert.equal(new Set(hashes).size, 1);
      });
      for (const n of nodes) {
        const blobs = join(n.dataDir, 'blobs');
        const held = readdirSync(n.dataDir).includes('blobs') ? readdirSync(blobs).length : 0;
        assert.equal(held, 0, 'no node kept a blob on its own disk');
      }
      const finals = await db.query<{ total: number; distinct: number }>(
        `select count(final_sha256)::int as total, count(distinct final_sha256)::int as distinct from envelope_item`,
      );
      assert.deepEqual(finals.rows[0], { total: FLOWS, distinct: FLOWS });

      // Every completion event reached the receiver. A worker killed between the receiver's answer
      // and marking the delivery done delivers that event again (at-least-once, same event id, as
      // documented for receivers): at most the deliveries it had in flight.
      try {
        const { rows } = await db.query<{ id: string }>(`select id from event where type = 'DOCUMENT_COMPLETED'`);
        assert.equal(rows.length, FLOWS);
        await receiver.waitFor((w) => w.body.event === 'DOCUMENT_COMPLETED', FLOWS, 120_000);
        const received = receiver.received.filter((w) => w.body.event === 'DOCUMENT_COMPLETED').map((w) => w.body.id);
        assert.deepEqual([...new Set(received)].sort(), rows.map((r) => r.id).sort(), 'every event arrived');
        assert.ok(received.length - FLOWS <= 8, `${received.length - FLOWS} repeated deliveries`);
      } finally {
        await receiver.close();
      }
    });
  },
);
