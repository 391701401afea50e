/**
 * Webhook backlog drain: `npx tsx bench/webhook-drain.bench.ts [count]` (also part of `npm run bench`).
 *
 * Starts the real `firma serve` (the compiled dist/, its embedded worker, default webhook settings)
 * on SQLite and, when FIRMA_TEST_DATABASE_URL is set, on a fresh PostgreSQL database; creates one
 * endpoint through the API pointing at a real receiver on 127.0.0.1 (in this process), then writes
 * `count` (default 10,000) already fanned-out events and their pending deliveries straight into the
 * database with Kysely, in one transaction (the rows the outbox fan-out would write; the fan-out
 * itself is not measured). The clock starts at that commit and stops when every delivery is
 * `delivered` in the database; the receiver checks that each event id arrived (duplicates counted).
 * BENCH_WEBHOOK_WORKERS=n (default 1) adds n − 1 `firma worker` processes on the same database, to
 * see the claims of several workers side by side (PostgreSQL is where that is meant to run).
 */
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openDatabase } from '../src/db/database.js';
import { newDeliveryRow } from '../src/db/repositories/webhook.repo.js';
import { startFirma, startProcess, stop, type Started } from './http.bench.js';

export interface DrainBenchRow {
  database: 'sqlite' | 'postgres';
  workers: number;
  deliveries: number;
  seconds: number;
  perSecond: number;
  duplicates: number;
  target: string;
  meetsTarget: boolean;
}

async function startCountingReceiver() {
  const seen = new Map<string, number>();
  const server = createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (raw += c));
    req.on('end', () => {
      const id = String(req.headers['x-firma-event-id'] ?? '');
      seen.set(id, (seen.get(id) ?? 0) + 1);
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function drainOnce(
  database: 'sqlite' | 'postgres',
  count: number,
  log: (line: string) => void,
): Promise<DrainBenchRow> {
  const dataDir = mkdtempSync(join(tmpdir(), 'firma-drain-bench-'));
  let pgUrl: string | null = null;
  let admin: pg.Client | null = null;
  if (database === 'postgres') {
    const base = new URL(process.env.FIRMA_TEST_DATABASE_URL!);
    const name = `firma_drain_${randomBytes(4).toString('hex')}`;
    admin = new pg.Client({ connectionString: base.toString() });
    await admin.connect();
    await admin.query(`create database ${name}`);
    base.pathname = `/${name}`;
    pgUrl = base.toString();
  }
  const receiver = await startCountingReceiver();
  const firma = await startFirma(dataDir, undefined, {
    FIRMA_WEBHOOK_ALLOW_PRIVATE: 'true',
    ...(pgUrl ? { DATABASE_URL: pgUrl } : {}),
  });
  const workers: Started[] = [];
  const workerCount = Math.max(1, Number(process.env.BENCH_WEBHOOK_WORKERS ?? 1));
  for (let i = 1; i < workerCount; i++) {
    const env = {
      FIRMA_DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      FIRMA_WEBHOOK_ALLOW_PRIVATE: 'true',
      ...(pgUrl ? { DATABASE_URL: pgUrl } : {}),
    };
    workers.push(
      await startProcess(
        [join(fileURLToPath(new URL('..', import.meta.url)), 'dist', 'cli', 'main.js'), 'worker'],
        env,
        /Firma worker (\S+) is running/,
      ),
    );
  }
  const db = openDatabase(
    pgUrl
      ? { database: { kind: 'postgres', url: pgUrl } }
      : { database: { kind: 'sqlite', path: join(dataDir, 'firma.db') } },
  );
  try {
    const created = await fetch(`${firma.url}/api/v2/webhook/create`, {
      method: 'POST',
      headers: { authorization: `Bearer ${firma.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ url: receiver.url, events: ['DOCUMENT_SENT'] }),
    });
    if (created.status !== 200) throw new Error(`webhook create failed: ${created.status} ${await created.text()}`);
    const endpoint = (await created.json()) as { id: string };
    const { platformId } = await db
      .selectFrom('webhookEndpoint')
      .select('platformId')
      .where('id', '=', endpoint.id)
      .executeTakeFirstOrThrow();
    const now = new Date().toISOString();
    const payload = JSON.stringify({
      id: 1,
      title: 'Drain bench',
      status: 'PENDING',
      recipients: [{ email: 'a@example.com', name: 'A', role: 'SIGNER' }],
    });
    const events = Array.from({ length: count }, (_, i) => ({
      id: `evt_drain_${i}`,
      platformId,
      envelopeId: null,
      type: 'DOCUMENT_SENT',
      payload,
      createdAt: now,
      dispatchedAt: now,
    }));
    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < count; i += 500) {
        const slice = events.slice(i, i + 500);
        await trx.insertInto('event').values(slice).execute();
        await trx
          .insertInto('webhookDelivery')
          .values(
            slice.map((e) =>
              newDeliveryRow({
                id: `dlv_drain_${e.id}`,
                endpointId: endpoint.id,
                platformId,
                eventId: e.id,
                eventType: e.type,
                now,
              }),
            ),
          )
          .execute();
      }
    });
    const started = performance.now();
    const deadline = Date.now() + 15 * 60_000;
    for (;;) {
      const { n } = await db
        .selectFrom('webhookDelivery')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('status', '=', 'delivered')
        .executeTakeFirstOrThrow();
      if (Number(n) >= count) break;
      if (Date.now() > deadline) throw new Error(`only ${n} of ${count} delivered after 15 minutes`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const seconds = (performance.now() - started) / 1000;
    const missing = events.filter((e) => !receiver.seen.has(e.id)).length;
    if (missing > 0) throw new Error(`${missing} event ids never reached the receiver`);
    const duplicates = [...receiver.seen.values()].reduce((sum, n) => sum + n - 1, 0);
    const row: DrainBenchRow = {
      database,
      workers: workerCount,
      deliveries: count,
      seconds: Math.round(seconds * 10) / 10,
      perSecond: Math.round(count / seconds),
      duplicates,
      target: '10,000 in ≤ 60 s',
      meetsTarget: count >= 10_000 ? seconds <= 60 : count / seconds >= 10_000 / 60,
    };
    log(
      `${database}, ${workerCount} worker(s): ${count} deliveries drained in ${row.seconds} s (${row.perSecond}/s), ${duplicates} duplicate(s)`,
    );
    return row;
  } finally {
    await db.destroy();
    await Promise.all([firma, ...workers].map((p) => stop(p)));
    await receiver.close();
    rmSync(dataDir, { recursive: true, force: true });
    if (admin) {
      await admin.query(`drop database if exists ${new URL(pgUrl!).pathname.slice(1)} with (force)`);
      await admin.end();
    }
  }
}

export async function runWebhookDrainBench(
  count = 10_000,
  log: (line: string) => void = console.log,
): Promise<DrainBenchRow[]> {
  const rows = [await drainOnce('sqlite', count, log)];
  if (process.env.FIRMA_TEST_DATABASE_URL) rows.push(await drainOnce('postgres', count, log));
  else log('postgres: skipped (set FIRMA_TEST_DATABASE_URL)');
  return rows;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await runWebhookDrainBench(Number(process.argv[2] ?? 10_000));
}
