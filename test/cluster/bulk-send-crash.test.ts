import assert from 'node:assert/strict';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import pg from 'pg';
import { openDatabase } from '../../src/db/database.js';
import { bulkSendBody, createRentalTemplate, rentalCsv, waitForBulkSend } from '../helpers/bulk-send.js';
import { HttpClient } from '../helpers/http-client.js';
import { spawnFirma, watchOutput } from '../helpers/spawn-firma.js';

const PG_URL = process.env.FIRMA_TEST_DATABASE_URL;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const exited = (child: ChildProcessWithoutNullStreams) =>
  new Promise((resolve) =>
    child.exitCode !== null || child.signalCode !== null ? resolve(null) : child.once('exit', resolve),
  );

for (const database of ['sqlite', 'postgres'] as const) {
  describe(
    `bulk send: a server SIGKILLed mid-run resumes without duplicates (real processes, ${database})`,
    { skip: database === 'postgres' && !PG_URL ? 'needs FIRMA_TEST_DATABASE_URL' : false },
    () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'firma-bulk-crash-'));
      const schema = `bulk_${randomBytes(5).toString('hex')}`;
      after(async () => {
        rmSync(dataDir, { recursive: true, force: true });
        if (database !== 'postgres') return;
        const admin = new pg.Client({ connectionString: PG_URL });
        await admin.connect();
        await admin.query(`drop schema if exists ${schema} cascade`);
        await admin.end();
      });

      test('1,000 rows, one invalid, killed after some documents: exactly 999 in the end', async () => {
        let databaseUrl: Record<string, string> = {};
        if (database === 'postgres') {
          const admin = new pg.Client({ connectionString: PG_URL });
          await admin.connect();
          await admin.query(`create schema ${schema}`);
          await admin.end();
          const url = new URL(PG_URL!);
          url.searchParams.set('options', `-c search_path=${schema}`);
          databaseUrl = { DATABASE_URL: url.toString() };
        }
        const env = { ...databaseUrl, FIRMA_DATA_DIR: dataDir, PORT: '0', FIRMA_JOB_POLL_MS: '100' };
        const children: ChildProcessWithoutNullStreams[] = [];
        try {
          const first = spawnFirma(['serve'], env);
          children.push(first);
          const output = watchOutput(first);
          const [, url] = await output.waitFor(/listening on (http:\/\/\S+)/, 60_000);
          const [, token] = await output.waitFor(/^\s+(api_[A-Za-z0-9_-]{32})\s*$/m);
          let api = new HttpClient(url!, token!);
          const template = await createRentalTemplate(api, 'Locación (crash)');
          const csv = rentalCsv(1000, (cells, i) => {
            if (i === 500) cells[2] = '20123456780';
          });
          const started = await api.post(`/api/v2/template/${template.templateId}/bulk-send`, {
            body: bulkSendBody(csv, { distributeDocument: false }),
          });
          assert.equal(started.status, 202, JSON.stringify(started.body));
          // Killed once some rows, not all, made their documents.
          for (;;) {
            const progress = await api.get(`/api/v2/bulk-send/${started.body.id}`);
            if (progress.body.doneRows >= 20) break;
            await sleep(20);
          }
          first.kill('SIGKILL');
          await exited(first);
          // Read while no server runs (a restarted SQLite server takes its dead predecessor's jobs
          // over at once and may finish before any request of ours).
          const db = openDatabase(
            database === 'postgres'
              ? { database: { kind: 'postgres', url: databaseUrl.DATABASE_URL! } }
              : { database: { kind: 'sqlite', path: join(dataDir, 'firma.db') } },
          );
          const pending = await db
            .selectFrom('bulkSendRow')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('status', '=', 'PENDING')
            .executeTakeFirstOrThrow();
          await db.destroy();
          assert.ok(Number(pending.n) > 0, 'the kill came before the end');
          const second = spawnFirma(['serve'], env);
          children.push(second);
          const [, url2] = await watchOutput(second).waitFor(/listening on (http:\/\/\S+)/, 60_000);
          api = new HttpClient(url2!, token!);
          // The run's job is taken over (at once on SQLite, once its 30 s lease lapses on PostgreSQL).
          const done = await waitForBulkSend(api, started.body.id, 180_000);
          assert.equal(done.doneRows, 999);
          assert.equal(done.failedRows, 1);
          assert.equal(new Set(done.documentIds).size, 999);
          const listed = await api.get(`/api/v2/envelope?templateId=${template.templateId}&perPage=1`);
          assert.equal(listed.body.count, 999, 'no document twice, none missing');
        } finally {
          for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
          await Promise.all(children.map(exited));
        }
      });
    },
  );
}
