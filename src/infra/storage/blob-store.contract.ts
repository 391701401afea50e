import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import { after, before, describe, test } from 'node:test';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { BlobNotFoundError, BlobTooLargeError, type BlobStore } from './blob-store.js';

export interface ContractStore {
  store: BlobStore;
  /** The store's scratch directory (must hold no file of ours after any operation). */
  scratchDir: string;
  cleanup(): Promise<void>;
}

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const MiB = 1024 * 1024;

/** Scratch files left over (a store's own subdirectories, such as a download cache, are not files). */
function scratchFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => e.name);
}

/** `count` chunks of 1 MiB made as they are read, so the source itself holds no memory. */
function lazySource(count: number, seed: number): AsyncIterable<Buffer> {
  return Readable.from(
    (function* () {
      for (let i = 0; i < count; i++) yield Buffer.alloc(MiB, (seed + i) % 256);
    })(),
  );
}

function lazyHash(count: number, seed: number): string {
  const hash = createHash('sha256');
  for (let i = 0; i < count; i++) hash.update(Buffer.alloc(MiB, (seed + i) % 256));
  return hash.digest('hex');
}

const collectGarbage: () => void = (() => {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
})();

/**
 * Peak growth of live Buffer and heap memory while `work` runs: sampled every 20 ms after a
 * collection, so garbage waiting for the collector is not counted as held.
 */
async function peakMemoryGrowth(work: () => Promise<void>): Promise<number> {
  const used = () => {
    collectGarbage();
    const m = process.memoryUsage();
    return m.arrayBuffers + m.heapUsed;
  };
  const base = used();
  let peak = base;
  const timer = setInterval(() => (peak = Math.max(peak, used())), 20);
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  return peak - base;
}

/**
 * What every BlobStore must do, run against each implementation (filesystem, S3): the same
 * content addressing, staging, limits and failures whatever is behind the interface.
 */
export function blobStoreContract(name: string, open: () => Promise<ContractStore>): void {
  describe(`BlobStore contract: ${name}`, () => {
    let opened: ContractStore;
    let store: BlobStore;
    let scratchDir: string;
    before(async () => {
      opened = await open();
      ({ store, scratchDir } = opened);
    });
    after(() => opened.cleanup());

    test('a streamed blob is stored under its SHA-256 and reads back identically (bytes, stream, local path)', async () => {
      const bytes = Buffer.from(`%PDF-1.7 hello ${name}`);
      const stored = await store.putStream(Readable.from([bytes.subarray(0, 4), bytes.subarray(4)]));
      assert.deepEqual(stored, { sha256: sha(bytes), size: bytes.length });
      assert.deepEqual(await store.getBytes(stored.sha256), bytes);
      const streamed: Buffer[] = [];
      for await (const chunk of store.getStream(stored.sha256)) streamed.push(chunk as Buffer);
      assert.deepEqual(Buffer.concat(streamed), bytes);
      assert.ok(await store.exists(stored.sha256));
      const { readFileSync } = await import('node:fs');
      assert.deepEqual(readFileSync(await store.localPath(stored.sha256)), bytes);
    });

    test('identical content is stored once, whichever way it arrives', async () => {
      const a = await store.putBytes(Buffer.from(`same ${name}`));
      const b = await store.putStream(Readable.from([Buffer.from(`same ${name}`)]));
      const c = await (await store.stage(Readable.from([Buffer.from(`same ${name}`)]))).commit();
      assert.equal(a.sha256, b.sha256);
      assert.equal(b.sha256, c.sha256);
      assert.deepEqual(await store.getBytes(a.sha256), Buffer.from(`same ${name}`));
    });

    test('a stream over the limit is refused and leaves no blob and no scratch file', async () => {
      const big = Buffer.alloc(2048, 1);
      await assert.rejects(store.putStream(Readable.from([big, big]), { maxBytes: 3000 }), BlobTooLargeError);
      assert.equal(await store.exists(sha(Buffer.concat([big, big]))), false);
      const spilling = lazySource(6, 40);
      await assert.rejects(store.putStream(spilling, { maxBytes: 5 * MiB }), BlobTooLargeError);
      assert.equal(await store.exists(lazyHash(6, 40)), false);
      assert.deepEqual(scratchFiles(scratchDir), []);
    });

    test('a staged blob is invisible until committed and gone when discarded', async () => {
      const bytes = Buffer.from(`staged content ${name}`);
      const staged = await store.stage(Readable.from([bytes]));
      assert.deepEqual(await staged.read(), bytes);
      assert.equal(await store.exists(staged.sha256), false);
      await staged.commit();
      assert.equal(await store.exists(staged.sha256), true);
      await assert.rejects(staged.read(), /already committed/);
      const other = await store.stage(lazySource(5, 90));
      assert.equal(scratchFiles(scratchDir).length, 1, 'a large upload is staged in scratch space');
      await other.discard();
      assert.equal(await store.exists(other.sha256), false);
      assert.deepEqual(scratchFiles(scratchDir), []);
    });

    test('unknown or malformed addresses are not found, by every read', async () => {
      const unknown = '0'.repeat(64);
      await assert.rejects(store.getBytes(unknown), BlobNotFoundError);
      await assert.rejects(store.localPath(unknown), BlobNotFoundError);
      await assert.rejects(async () => {
        for await (const chunk of store.getStream(unknown)) void chunk;
      }, BlobNotFoundError);
      assert.equal(await store.exists(unknown), false);
      await assert.rejects(store.getBytes('../../etc/passwd'), BlobNotFoundError);
      await assert.rejects(store.localPath('../x'), BlobNotFoundError);
    });

    test('putFile stores a finished local file and takes it away', async () => {
      const path = store.tempPath('.pdf');
      const bytes = Buffer.from(`%PDF-1.7 sealed ${name}`);
      writeFileSync(path, bytes);
      const stored = await store.putFile(path);
      assert.deepEqual(stored, { sha256: sha(bytes), size: bytes.length });
      assert.deepEqual(await store.getBytes(stored.sha256), bytes);
      assert.equal(existsSync(path), false);
    });

    test('a 64 MiB blob streams in and out with bounded memory', async () => {
      const count = 64;
      let stored: { sha256: string; size: number } | undefined;
      const inGrowth = await peakMemoryGrowth(async () => {
        stored = await store.putStream(lazySource(count, 7));
      });
      assert.deepEqual(stored, { sha256: lazyHash(count, 7), size: count * MiB });
      let read = 0;
      const hash = createHash('sha256');
      const outGrowth = await peakMemoryGrowth(async () => {
        for await (const chunk of store.getStream(stored!.sha256) as AsyncIterable<Buffer>) {
          read += chunk.length;
          hash.update(chunk);
        }
      });
      assert.equal(read, count * MiB);
      assert.equal(hash.digest('hex'), stored?.sha256);
      assert.ok(inGrowth < 40 * MiB, `upload grew memory by ${Math.round(inGrowth / MiB)} MiB`);
      assert.ok(outGrowth < 40 * MiB, `download grew memory by ${Math.round(outGrowth / MiB)} MiB`);
      assert.deepEqual(scratchFiles(scratchDir), []);
    });
  });
}
