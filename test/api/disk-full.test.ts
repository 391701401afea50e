import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, describe, test } from 'node:test';
import { freeDiskBytes } from '../../src/infra/storage/disk-space.js';
import { makePdf } from '../support/pdf-fixtures.js';
import { describeOrSkip } from '../helpers/describe-or-skip.js';
import { createDocument } from '../helpers/documents.js';
import type { HttpResponse } from '../helpers/http-client.js';
import { mountSmallDisk, smallDiskUnavailable, type SmallDisk } from '../helpers/small-disk.js';
import { countRows, startTestServer, testDatabases, type TestServer } from '../helpers/test-server.js';

/** Polls `call` until it answers `status` (readiness results are cached for a couple of seconds). */
async function until(call: () => Promise<HttpResponse>, status: number, withinMs = 120_000): Promise<HttpResponse> {
  const started = Date.now();
  for (;;) {
    const answer = await call();
    if (answer.status === status || Date.now() - started > withinMs) return answer;
    await sleep(200);
  }
}

let pdfs = 0;
/** A PDF no earlier upload had: content addressing would not write a known one again. */
function newPdf(): Promise<Uint8Array> {
  return makePdf([{ mediaBox: [0, 0, 595, 842], label: `Contrato ${++pdfs} ${Date.now()}` }]);
}

/** Every file under `dir`, recursively (the blob tree, the scratch directory). */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name));
}

const FULL = { message: 'The server is out of storage space; retry later', code: 'STORAGE_FULL' };

/**
 * A full disk (a real ENOSPC, on a tmpfs filled to the last page) is a 503 STORAGE_FULL the client
 * can retry, never a 500, and leaves nothing half-written; /ready says so before it happens.
 */
for (const database of testDatabases()) {
  describeOrSkip(`the blob directory's disk full (${database})`, { skip: smallDiskUnavailable ?? false }, () => {
    let disk: SmallDisk;
    let sqliteDir: string;
    let server: TestServer;
    before(async () => {
      disk = mountSmallDisk(4);
      // SQLite elsewhere: this is about the blobs' disk.
      sqliteDir = mkdtempSync(join(tmpdir(), 'firma-db-'));
      server = await startTestServer({
        database,
        env: {
          FIRMA_DATA_DIR: disk.dir,
          DATABASE_URL:
            database === 'sqlite' ? `sqlite:${join(sqliteDir, 'firma.db')}` : process.env.FIRMA_TEST_DATABASE_URL!,
          FIRMA_MIN_FREE_DISK_MB: '1',
        },
      });
    });
    after(async () => {
      await server?.close();
      disk?.close();
      rmSync(sqliteDir, { recursive: true, force: true });
    });

    test('an upload answers 503 STORAGE_FULL, stores no row and no file; /ready 503 below the floor; all well once space is back', async () => {
      assert.equal((await createDocument(server.api, undefined, await newPdf())).status, 200);
      assert.equal((await server.anon.get('/ready')).status, 200);
      const envelopes = await countRows(server, 'envelope');
      const blobs = filesUnder(join(disk.dir, 'blobs'));
      disk.fill();
      try {
        const ready = await until(() => server.anon.get('/ready'), 503);
        assert.equal(ready.status, 503);
        assert.equal(ready.body.code, 'STORAGE_FULL');
        const refused = await createDocument(server.api, undefined, await newPdf());
        assert.equal(refused.status, 503, JSON.stringify(refused.body));
        assert.deepEqual(refused.body, FULL);
        assert.ok(Number(refused.headers.get('retry-after')) >= 1);
        assert.equal(await countRows(server, 'envelope'), envelopes);
        assert.deepEqual(filesUnder(join(disk.dir, 'blobs')), blobs);
        assert.deepEqual(filesUnder(join(disk.dir, 'tmp')), []);
        assert.equal((await server.anon.get('/health')).status, 200);
        assert.match(await server.ctx.metrics.render(), /firma_storage_failures_total\{kind="full"\} [1-9]/);
      } finally {
        disk.free();
      }
      assert.equal((await until(() => server.anon.get('/ready'), 200)).status, 200);
      const created = await createDocument(server.api, undefined, await newPdf());
      assert.equal(created.status, 200, JSON.stringify(created.body));
    });
  });
}

describeOrSkip("the SQLite file's disk full", { skip: smallDiskUnavailable ?? false }, () => {
  let disk: SmallDisk;
  let server: TestServer;
  before(async () => {
    disk = mountSmallDisk(16);
    server = await startTestServer({
      database: 'sqlite',
      env: { DATABASE_URL: `sqlite:${join(disk.dir, 'firma.db')}`, FIRMA_MIN_FREE_DISK_MB: '1' },
    });
  });
  after(async () => {
    await server?.close();
    disk?.close();
  });

  test('writes answer 503 STORAGE_FULL (SQLITE_FULL), never 500, and commit nothing; /ready 503; all well once space is back', async () => {
    assert.equal((await createDocument(server.api, undefined, await newPdf())).status, 200);
    disk.fill();
    let created = await countRows(server, 'envelope');
    try {
      assert.equal((await until(() => server.anon.get('/ready'), 503)).body.code, 'STORAGE_FULL');
      // The write-ahead log may hold a few pages it can reuse: write until the file must grow.
      let refused: HttpResponse | null = null;
      for (let n = 0; n < 200 && !refused; n++) {
        const answer = await createDocument(server.api, undefined, await newPdf());
        assert.ok(answer.status === 200 || answer.status === 503, `${answer.status} ${JSON.stringify(answer.body)}`);
        if (answer.status === 200) created++;
        else refused = answer;
      }
      assert.ok(refused, 'the full disk never refused a write');
      assert.deepEqual(refused.body, FULL);
      assert.equal(await countRows(server, 'envelope'), created);
    } finally {
      disk.free();
    }
    assert.equal((await until(() => server.anon.get('/ready'), 200)).status, 200);
    const again = await createDocument(server.api, undefined, await newPdf());
    assert.equal(again.status, 200, JSON.stringify(again.body));
    assert.equal(await countRows(server, 'envelope'), created + 1);
  });
});

for (const database of testDatabases()) {
  describe(`/ready and the free-space floor (${database})`, () => {
    test('503 STORAGE_FULL while the data dir has less free space than FIRMA_MIN_FREE_DISK_MB, 200 above it', async () => {
      const freeMb = Math.floor(freeDiskBytes(tmpdir()) / 1024 / 1024);
      const starved = await startTestServer({
        database,
        worker: false,
        env: { FIRMA_MIN_FREE_DISK_MB: String(freeMb + 100_000) },
      });
      try {
        const ready = await starved.anon.get('/ready');
        assert.equal(ready.status, 503);
        assert.equal(ready.body.code, 'STORAGE_FULL');
        // Liveness is another matter: the process is fine.
        assert.equal((await starved.anon.get('/health')).status, 200);
      } finally {
        await starved.close();
      }
      const roomy = await startTestServer({ database, worker: false, env: { FIRMA_MIN_FREE_DISK_MB: '1' } });
      try {
        const ready = await roomy.anon.get('/ready');
        assert.equal(ready.status, 200, JSON.stringify(ready.body));
      } finally {
        await roomy.close();
      }
    });
  });
}
