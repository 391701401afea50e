import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, renameSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Kysely } from 'kysely';
import { nameDrawnSignatures } from '../../src/db/migrations/2026_11_28_0055_blob_references.js';
import { scheduleBlobGc } from '../../src/domain/blobs/run-blob-gc.js';
import { createPendingDocument } from '../helpers/documents.js';
import { startS3Server, type TestS3Server } from '../helpers/s3-server.js';
import { drawnSignature, tokenOf } from '../helpers/signing.js';
import { startTestServer, testBlobStores, testDatabases, type TestServer } from '../helpers/test-server.js';
import { runFirma } from '../helpers/spawn-firma.js';

const HOUR = 3_600_000;

/** Every blob address the store lists (through its paged listing). */
async function listed(server: TestServer): Promise<Set<string>> {
  const all = new Set<string>();
  for await (const page of server.ctx.storage.list(2)) for (const blob of page) all.add(blob.sha256);
  return all;
}

/** One periodic sweep, as the workers run it: the interval's job queued, then claimed and run. */
async function sweep(server: TestServer): Promise<number> {
  await scheduleBlobGc(server.ctx, HOUR);
  return server.worker.drain();
}

/**
 * Blob garbage collection (issue 31, item 17): blobs no row references (an upload whose request
 * failed after storing it, an outage between a write and its commit) are removed once untouched
 * for the grace period; every referenced blob stays, a drawn signature's too.
 */
for (const database of testDatabases()) {
  for (const store of testBlobStores()) {
    describe(`blob garbage collection (${database}, ${store})`, () => {
      let s3: TestS3Server | undefined;
      let server: TestServer;
      let referenced: string[];
      before(async () => {
        s3 = store === 's3' ? await startS3Server() : undefined;
        server = await startTestServer({ database, worker: false, env: { ...s3?.env } });
        const doc = await createPendingDocument(server.api);
        const token = tokenOf(doc.urls.get('ana@example.com')!);
        const view = await server.anon.get(`/api/v2/signing/${token}`);
        const signature = (view.body.fields as { id: number; type: string }[]).find((f) => f.type === 'SIGNATURE')!;
        const drawn = await server.anon.post(`/api/v2/signing/${token}/field/${signature.id}`, {
          json: { signature: { type: 'drawn', image: drawnSignature() } },
        });
        assert.equal(drawn.status, 200, JSON.stringify(drawn.body));
        const png = await server.ctx.db
          .selectFrom('field')
          .select('signatureSha256')
          .where('id', '=', signature.id)
          .executeTakeFirstOrThrow();
        assert.ok(png.signatureSha256);
        const item = await server.ctx.db
          .selectFrom('envelopeItem')
          .select('originalSha256')
          .where('envelopeId', '=', doc.documentId)
          .executeTakeFirstOrThrow();
        referenced = [item.originalSha256, png.signatureSha256];
        await server.worker.drain();
      });
      after(async () => {
        await server?.close();
        await s3?.close();
      });

      test('an unreferenced blob stays through the grace period, then goes; referenced ones (original, drawn signature) stay', async () => {
        const orphan = (await server.ctx.storage.putBytes(randomBytes(3000))).sha256;
        assert.equal(await sweep(server), 1);
        assert.ok((await listed(server)).has(orphan), 'within the grace period');

        server.ctx.config.blobGc.graceMs = 0;
        // The same interval's sweep is queued once, however many workers ask.
        assert.equal(await sweep(server), 0);
        await scheduleBlobGc(server.ctx, 1);
        assert.equal(await server.worker.drain(), 1);
        const left = await listed(server);
        assert.equal(left.has(orphan), false, 'the unreferenced blob is removed');
        for (const sha256 of referenced) assert.ok(left.has(sha256), `referenced ${sha256} kept`);
        assert.match(await server.ctx.metrics.render(), /firma_blobs_collected_total 1\b/);
        const job = await server.ctx.db
          .selectFrom('job')
          .select(['status', 'lastError'])
          .where('kind', '=', 'blobs.gc')
          .orderBy('id', 'desc')
          .executeTakeFirstOrThrow();
        assert.deepEqual(job, { status: 'done', lastError: null });
        server.ctx.config.blobGc.graceMs = HOUR;
      });

      // The CLI opens the server's database by its configuration: the SQLite file in the data dir
      // (the PostgreSQL test schema is chosen by the test server, not by a variable).
      test(
        'firma blobs gc --dry-run reports and removes nothing; without it, removes and prints counts and bytes',
        { skip: database === 'postgres' && 'SQLite only' },
        async () => {
          const orphan = await server.ctx.storage.putBytes(randomBytes(5000));
          const env = {
            FIRMA_DATA_DIR: server.dataDir,
            ...s3?.env,
            FIRMA_BLOB_GC_GRACE_MINUTES: '0',
            LOG_LEVEL: 'silent',
          };
          const dry = await runFirma(['blobs', 'gc', '--dry-run', '--json'], env);
          assert.equal(dry.code, 0, dry.stderr);
          const planned = JSON.parse(dry.stdout);
          assert.equal(planned.dryRun, true);
          assert.equal(planned.removed, 1);
          assert.equal(planned.removedBytes, 5000);
          assert.ok((await listed(server)).has(orphan.sha256));
          const run = await runFirma(['blobs', 'gc'], env);
          assert.equal(run.code, 0, run.stderr);
          assert.match(run.stdout, /1 unreferenced removed \(0\.0 MiB\)/);
          const left = await listed(server);
          assert.equal(left.has(orphan.sha256), false);
          for (const sha256 of referenced) assert.ok(left.has(sha256));
        },
      );

      test("one sweeper at a time: while another sweep holds its lease, the next interval's job does nothing", async () => {
        const orphan = (await server.ctx.storage.putBytes(randomBytes(2000))).sha256;
        await scheduleBlobGc(server.ctx, 7_000);
        const running = await server.ctx.db
          .updateTable('job')
          .set({ status: 'running', lockedBy: 'another-node', lockedUntil: new Date(Date.now() + HOUR).toISOString() })
          .where('kind', '=', 'blobs.gc')
          .where('status', '=', 'pending')
          .returning('id')
          .executeTakeFirstOrThrow();
        server.ctx.config.blobGc.graceMs = 0;
        try {
          await scheduleBlobGc(server.ctx, 11_000);
          assert.equal(await server.worker.drain(), 1);
          assert.ok((await listed(server)).has(orphan), 'the second sweep stood aside');
        } finally {
          server.ctx.config.blobGc.graceMs = HOUR;
          await server.ctx.db.updateTable('job').set({ status: 'done' }).where('id', '=', running.id).execute();
        }
      });

      test('migration 0055 names the drawn signatures stored before it', async () => {
        await server.ctx.db.updateTable('field').set({ signatureSha256: null }).execute();
        await nameDrawnSignatures(server.ctx.db as unknown as Kysely<unknown>);
        const named = await server.ctx.db
          .selectFrom('field')
          .select('signatureSha256')
          .where('signatureSha256', 'is not', null)
          .execute();
        assert.deepEqual(
          named.map((f) => f.signatureSha256),
          [referenced[1]],
        );
      });

      if (store === 'fs')
        test('storing bytes already there touches them: a writer about to reference an old unreferenced blob keeps it', async () => {
          const bytes = randomBytes(4000);
          const old = (await server.ctx.storage.putBytes(bytes)).sha256;
          const path = join(server.dataDir, 'blobs', old.slice(0, 2), old.slice(2, 4), old);
          const twoHoursAgo = new Date(Date.now() - 2 * HOUR);
          utimesSync(path, twoHoursAgo, twoHoursAgo);
          // A new upload of the same bytes (its row not committed yet): the sweep must leave it.
          await server.ctx.storage.putBytes(bytes);
          await scheduleBlobGc(server.ctx, 60_000);
          await server.worker.drain();
          assert.ok((await listed(server)).has(old));
          // Untouched for two hours and still named by no row: removed.
          utimesSync(path, twoHoursAgo, twoHoursAgo);
          await scheduleBlobGc(server.ctx, 1000);
          await server.worker.drain();
          assert.equal((await listed(server)).has(old), false);
        });

      if (store === 'fs')
        test('a blob a killed sweep left moved aside goes back to its address at the next start', async () => {
          const held = (await server.ctx.storage.putBytes(randomBytes(1500))).sha256;
          const path = join(server.dataDir, 'blobs', held.slice(0, 2), held.slice(2, 4), held);
          mkdirSync(join(server.dataDir, 'gc'), { recursive: true });
          renameSync(path, join(server.dataDir, 'gc', `${held}-killed`));
          assert.equal(await server.ctx.storage.exists(held), false);
          await server.ctx.storage.removeStaleTemp();
          assert.equal(await server.ctx.storage.exists(held), true);
          assert.deepEqual(readdirSync(join(server.dataDir, 'gc')), []);
        });
    });
  }
}
