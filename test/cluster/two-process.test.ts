import assert from 'node:assert/strict';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { describeOrSkip } from '../helpers/describe-or-skip.js';
import pg from 'pg';
import { multipartBody, onePagePdf, typicalPayload } from '../helpers/documents.js';
import { HttpClient } from '../helpers/http-client.js';
import { runFirma, spawnFirma, watchOutput } from '../helpers/spawn-firma.js';

const PG_URL = process.env.FIRMA_TEST_DATABASE_URL;

describeOrSkip(
  'two server processes on one PostgreSQL database share rate limits and idempotency keys',
  { skip: PG_URL ? false : 'needs FIRMA_TEST_DATABASE_URL' },
  () => {
    const schema = `two_${randomBytes(5).toString('hex')}`;
    const children: ChildProcessWithoutNullStreams[] = [];
    let dataDir: string;
    let nodes: HttpClient[];
    let db: pg.Client;

    before(async () => {
      dataDir = mkdtempSync(join(tmpdir(), 'firma-two-'));
      const admin = new pg.Client({ connectionString: PG_URL });
      await admin.connect();
      await admin.query(`create schema ${schema}`);
      await admin.end();
      const url = new URL(PG_URL!);
      url.searchParams.set('options', `-c search_path=${schema}`);
      const env = {
        DATABASE_URL: url.toString(),
        FIRMA_DATA_DIR: dataDir,
        FIRMA_SECRET_KEY: randomBytes(32).toString('hex'),
        FIRMA_RATE_LIMIT_PER_MINUTE: '10',
        FIRMA_RATE_LIMIT_FLUSH_MS: '100',
        FIRMA_WORKER: 'off',
      };
      assert.equal((await runFirma(['migrate'], env)).code, 0);
      assert.equal((await runFirma(['platform', 'create', 'two'], env)).code, 0);
      const token = (await runFirma(['token', 'create', '--platform', 'two'], env)).stdout.trim();
      nodes = await Promise.all(
        [0, 1].map(async () => {
          const child = spawnFirma(['serve'], { ...env, PORT: '0' });
          children.push(child);
          const [, base] = await watchOutput(child).waitFor(/listening on (http:\/\/\S+)/, 60_000);
          return new HttpClient(base!, token);
        }),
      );
      db = new pg.Client({ connectionString: url.toString() });
      await db.connect();
    });

    after(async () => {
      for (const child of children) child.kill('SIGTERM');
      await Promise.all(
        children.map((c) => new Promise((resolve) => (c.exitCode !== null ? resolve(null) : c.once('exit', resolve)))),
      );
      await db?.end();
      const admin = new pg.Client({ connectionString: PG_URL });
      await admin.connect();
      await admin.query(`drop schema if exists ${schema} cascade`);
      await admin.end();
      rmSync(dataDir, { recursive: true, force: true });
    });

    test('two concurrent identical creates with one key, one per process, make one document', async () => {
      const pdf = await onePagePdf();
      const answers = await Promise.all(
        nodes.map((node) =>
          node.post('/api/v2/document/create', {
            body: multipartBody(typicalPayload(), [{ field: 'file', bytes: pdf }]),
            headers: { 'idempotency-key': 'two-process' },
          }),
        ),
      );
      assert.ok(
        answers.every((a) => a.status === 200 || (a.status === 409 && a.body.code === 'IDEMPOTENCY_IN_PROGRESS')),
        JSON.stringify(answers.map((a) => [a.status, a.body])),
      );
      const { rows } = await db.query<{ n: number }>('select count(*)::int as n from envelope');
      assert.equal(rows[0]!.n, 1, 'one document');
      const replay = await nodes[1]!.post('/api/v2/document/create', {
        body: multipartBody(typicalPayload(), [{ field: 'file', bytes: pdf }]),
        headers: { 'idempotency-key': 'two-process' },
      });
      assert.equal(replay.headers.get('idempotent-replayed'), 'true');
    });

    test('the per-token limit counts requests on both processes together (as of each flush)', async () => {
      // Windows are whole minutes: start well inside one so all 12 calls count in the same window.
      if (Date.now() % 60_000 > 45_000) await new Promise((r) => setTimeout(r, 60_000 - (Date.now() % 60_000) + 200));
      const statuses: number[] = [];
      // Each node adds its counts to the shared row every 100 ms, without a write per request; calls
      // spaced wider than that see each other's (each flush also re-reads what the other node counted).
      for (let i = 0; i < 12; i++) {
        statuses.push((await nodes[i % 2]!.get('/api/v2/me')).status);
        await new Promise((r) => setTimeout(r, 400));
      }
      // Alone, each process would allow 10 and so pass all of its 6; together they allow 10 at most.
      assert.ok(statuses.filter((s) => s === 200).length <= 10, statuses.join(','));
      assert.ok(
        statuses.filter((s) => s === 429).length >= 2,
        `the shared budget ran out across processes: ${statuses.join(',')}`,
      );
    });
  },
);
