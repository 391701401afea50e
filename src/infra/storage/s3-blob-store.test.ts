// firma-test: own-process — the blob-store contract's memory test collects garbage every 20 ms, which
// costs in proportion to the heap, and other files in its process would load the whole app into it.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { after, before, describe, test } from 'node:test';
import { startS3Server, type TestS3Server } from '../../../test/helpers/s3-server.js';
import { blobStoreContract } from './blob-store.contract.js';
import { S3BlobStore, type S3BlobStoreOptions } from './s3-blob-store.js';

const MiB = 1024 * 1024;
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

let server: TestS3Server;
const scratchDirs: string[] = [];
before(async () => (server = await startS3Server()));
after(async () => {
  await server.close();
  for (const dir of scratchDirs) rmSync(dir, { recursive: true, force: true });
});

function s3Store(overrides: Partial<S3BlobStoreOptions> = {}): S3BlobStore {
  const scratchDir = mkdtempSync(join(tmpdir(), 'firma-s3-scratch-'));
  scratchDirs.push(scratchDir);
  return new S3BlobStore({
    bucket: server.bucket,
    region: 'us-east-1',
    endpoint: server.endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    scratchDir,
    // Low, so the contract's large blobs go up as multipart uploads of several parts.
    multipartThresholdBytes: 5 * MiB,
    partSizeBytes: 5 * MiB,
    ...overrides,
  });
}

/** The file in which s3rver keeps an object. */
function objectFile(key: string): string {
  return join(server.directory, server.bucket, `${key}._S3rver_object`);
}

blobStoreContract('S3', async () => {
  const store = s3Store({ prefix: 'contract/' });
  return { store, scratchDir: scratchDirs.at(-1)!, cleanup: () => store.close() };
});

describe('S3 store specifics', () => {
  test('objects are keyed <prefix><sha256>; a large blob goes up in parts and reads back whole', async () => {
    const store = s3Store({ prefix: 'p1/' });
    try {
      const small = await store.putBytes(Buffer.from('%PDF-1.7 keyed'));
      assert.ok(statSync(objectFile(`p1/${small.sha256}`)).isFile());
      const parts = Array.from({ length: 12 }, (_, i) => Buffer.alloc(MiB, i));
      const large = await store.putStream(Readable.from(parts));
      assert.equal(large.size, 12 * MiB);
      assert.equal(statSync(objectFile(`p1/${large.sha256}`)).size, 12 * MiB);
      assert.deepEqual(await store.getBytes(large.sha256), Buffer.concat(parts));
      // Another prefix is another installation: it does not see these blobs.
      const other = s3Store({ prefix: 'p2/' });
      assert.equal(await other.exists(small.sha256), false);
      await other.close();
    } finally {
      await store.close();
    }
  });

  test('an object damaged in the bucket is never served: every read fails verification', async () => {
    const store = s3Store({ prefix: 'damaged/' });
    try {
      const bytes = Buffer.from('%PDF-1.7 original content');
      const { sha256 } = await store.putBytes(bytes);
      writeFileSync(objectFile(`damaged/${sha256}`), Buffer.from('%PDF-1.7 ORIGINAL content'));
      await assert.rejects(store.getBytes(sha256), /failed verification/);
      await assert.rejects(store.localPath(sha256), /failed verification/);
      let received = 0;
      await assert.rejects(async () => {
        for await (const chunk of store.getStream(sha256)) received += (chunk as Buffer).length;
      }, /failed verification/);
      assert.ok(received < bytes.length, 'a reader never receives the damaged blob complete');
      assert.deepEqual(
        readdirSync(scratchDirs.at(-1)!, { withFileTypes: true }).filter((e) => e.isFile()),
        [],
        'the failed download left no scratch file',
      );
    } finally {
      await store.close();
    }
  });

  test('a refused upload (unknown access key) leaves nothing under the address and no scratch file', async () => {
    const store = s3Store({ prefix: 'refused/', credentials: { accessKeyId: 'UNKNOWN', secretAccessKey: 'S3RVER' } });
    const good = s3Store({ prefix: 'refused/' });
    try {
      const small = Buffer.from('%PDF-1.7 refused');
      await assert.rejects(store.putBytes(small));
      const large = Array.from({ length: 6 }, (_, i) => Buffer.alloc(MiB, 100 + i));
      await assert.rejects(store.putStream(Readable.from(large)));
      assert.equal(await good.exists(sha(small)), false);
      assert.equal(await good.exists(sha(Buffer.concat(large))), false);
      assert.deepEqual(
        readdirSync(scratchDirs.at(-2)!, { withFileTypes: true }).filter((e) => e.isFile()),
        [],
      );
    } finally {
      await store.close();
      await good.close();
    }
  });

  test('localPath keeps a bounded cache of verified copies, least recently used out first', async () => {
    const store = s3Store({ prefix: 'cache/', cacheBytes: 2 * MiB });
    try {
      const blobs = await Promise.all([1, 2, 3].map((n) => store.putBytes(Buffer.alloc(MiB, n))));
      const paths = [];
      for (const blob of blobs) paths.push(await store.localPath(blob.sha256));
      assert.deepEqual(readFileSync(paths[2]!), Buffer.alloc(MiB, 3));
      // Concurrent asks for one blob share one download.
      const [a, b] = await Promise.all([store.localPath(blobs[1]!.sha256), store.localPath(blobs[1]!.sha256)]);
      assert.equal(a, b);
      const cacheDir = readdirSync(scratchDirs.at(-1)!).find((n) => n.startsWith('blob-cache-'))!;
      const cached = readdirSync(join(scratchDirs.at(-1)!, cacheDir));
      assert.ok(cached.length <= 2, `cache holds ${cached.length} files`);
      assert.ok(!cached.includes(blobs[0]!.sha256), 'the least recently used copy went first');
    } finally {
      await store.close();
    }
  });

  test('stale scratch files and cache directories of dead processes are removed; recent ones and its own are kept', async () => {
    const store = s3Store({ prefix: 'stale/' });
    const scratch = scratchDirs.at(-1)!;
    try {
      const old = Date.now() / 1000 - 60 * 60;
      writeFileSync(join(scratch, '1700000000000-aaaa'), 'orphan');
      utimesSync(join(scratch, '1700000000000-aaaa'), old, old);
      mkdirSync(join(scratch, 'blob-cache-1-dead'));
      utimesSync(join(scratch, 'blob-cache-1-dead'), old, old);
      mkdirSync(join(scratch, 'not-ours'));
      utimesSync(join(scratch, 'not-ours'), old, old);
      writeFileSync(join(scratch, 'in-flight'), 'another process is writing this');
      const own = readdirSync(scratch).find((n) => n.startsWith('blob-cache-') && n !== 'blob-cache-1-dead')!;
      utimesSync(join(scratch, own), old, old);
      assert.equal(await store.removeStaleTemp(), 2);
      assert.deepEqual(readdirSync(scratch).sort(), [own, 'in-flight', 'not-ours'].sort());
    } finally {
      await store.close();
    }
  });

  test('a stalled endpoint fails the request instead of hanging it', async () => {
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    const store = s3Store({ endpoint: `http://127.0.0.1:${port}`, idleTimeoutMs: 200 });
    try {
      // The socket's idle timeout ends each call (a hang would meet the test's deadline instead); how
      // soon is the machine's business, not a test's.
      await assert.rejects(store.exists('0'.repeat(64)), /TimeoutError/);
      await assert.rejects(store.putBytes(Buffer.from('%PDF-1.7 stalled')), /TimeoutError/);
    } finally {
      await store.close();
      silent.closeAllConnections();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});
