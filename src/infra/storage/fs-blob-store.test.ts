// firma-test: own-process — the blob-store contract's memory test collects garbage every 20 ms, which
// costs in proportion to the heap, and other files in its process would load the whole app into it.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { after, test } from 'node:test';
import { blobStoreContract } from './blob-store.contract.js';
import { FsBlobStore } from './fs-blob-store.js';

const root = mkdtempSync(join(tmpdir(), 'firma-blobs-'));
after(() => rmSync(root, { recursive: true, force: true }));
const store = new FsBlobStore(root);
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

blobStoreContract('filesystem', async () => {
  const own = mkdtempSync(join(tmpdir(), 'firma-blobs-contract-'));
  return {
    store: new FsBlobStore(own),
    scratchDir: join(own, 'tmp'),
    cleanup: async () => rmSync(own, { recursive: true, force: true }),
  };
});

test('a blob is a file readable by its owner only', async () => {
  const bytes = Buffer.from('%PDF-1.7 hello');
  const stored = await store.putStream(Readable.from([bytes.subarray(0, 4), bytes.subarray(4)]));
  assert.deepEqual(stored, { sha256: sha(bytes), size: bytes.length });
  assert.deepEqual(await store.getBytes(stored.sha256), bytes);
  assert.ok(await store.exists(stored.sha256));
  assert.equal(statSync(await store.localPath(stored.sha256)).mode & 0o777, 0o600);
});

test('a small upload is held in memory until committed; a large one spills to scratch space', async () => {
  const small = Buffer.from('%PDF-1.7 small');
  const staged = await store.stage(Readable.from([small]));
  assert.deepEqual(readdirSync(join(root, 'tmp')), [], 'nothing written while a small upload is being validated');
  assert.deepEqual(await staged.read(), small);
  await staged.commit();
  assert.deepEqual(await store.getBytes(sha(small)), small);

  const chunk = Buffer.alloc(1024 * 1024, 7);
  const large = Array.from({ length: 5 }, () => chunk);
  const spilled = await store.stage(Readable.from(large));
  assert.equal(readdirSync(join(root, 'tmp')).length, 1, 'a large upload is staged on disk');
  assert.equal(spilled.size, 5 * chunk.length);
  assert.deepEqual(await spilled.read(), Buffer.concat(large));
  await spilled.commit();
  assert.deepEqual(readdirSync(join(root, 'tmp')), []);
  assert.equal(await store.exists(sha(Buffer.concat(large))), true);
  await assert.rejects(spilled.read(), /already committed/);
});

/** A store in its own root whose blob directory for `bytes` cannot be created (a file is in its place). */
function storeThatCannotCommit(bytes: Buffer) {
  const own = mkdtempSync(join(tmpdir(), 'firma-blobs-fail-'));
  const blocked = new FsBlobStore(own);
  writeFileSync(join(own, 'blobs', sha(bytes).slice(0, 2)), 'not a directory');
  return { blocked, tmp: join(own, 'tmp'), cleanup: () => rmSync(own, { recursive: true, force: true }) };
}

test('a write that fails leaves no temp file: bytes, a spilled staged upload, a source that breaks mid-spill', async () => {
  const small = Buffer.from('%PDF-1.7 cannot be stored');
  const a = storeThatCannotCommit(small);
  try {
    await assert.rejects(a.blocked.putBytes(small), /ENOTDIR|EEXIST/);
    assert.deepEqual(readdirSync(a.tmp), [], 'putBytes');
  } finally {
    a.cleanup();
  }

  const large = Buffer.alloc(5 * 1024 * 1024, 3);
  const b = storeThatCannotCommit(large);
  try {
    const staged = await b.blocked.stage(Readable.from([large]));
    assert.equal(readdirSync(b.tmp).length, 1, 'spilled to scratch space');
    await assert.rejects(staged.commit(), /ENOTDIR|EEXIST/);
    assert.deepEqual(readdirSync(b.tmp), [], 'staged commit');
  } finally {
    b.cleanup();
  }

  async function* breaksAfterSpill() {
    yield Buffer.alloc(3 * 1024 * 1024, 1);
    yield Buffer.alloc(3 * 1024 * 1024, 2);
    throw Object.assign(new Error('no space left on device'), { code: 'ENOSPC' });
  }
  await assert.rejects(store.stage(breaksAfterSpill()), /no space/);
  assert.deepEqual(readdirSync(join(root, 'tmp')), [], 'stage');
});

test('stale temp files (what a crash leaves) are removed; recent ones, perhaps of another node, are kept', async () => {
  const own = mkdtempSync(join(tmpdir(), 'firma-blobs-stale-'));
  try {
    const planted = new FsBlobStore(own);
    const tmp = join(own, 'tmp');
    const old = Date.now() / 1000 - 60 * 60;
    for (const name of ['1700000000000-aaaa', '1700000000001-bbbb.pdf']) {
      writeFileSync(join(tmp, name), 'orphan');
      utimesSync(join(tmp, name), old, old);
    }
    writeFileSync(join(tmp, 'in-flight'), 'another node is writing this');
    mkdirSync(join(tmp, 'a-directory'));
    assert.equal(await planted.removeStaleTemp(), 2);
    assert.deepEqual(readdirSync(tmp).sort(), ['a-directory', 'in-flight']);
  } finally {
    rmSync(own, { recursive: true, force: true });
  }
});
