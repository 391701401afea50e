import { createHash, randomBytes } from 'node:crypto';
import { accessSync, constants, createReadStream, mkdirSync } from 'node:fs';
import { link, mkdir, open, readdir, readFile, rename, rm, stat, unlink, utimes } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import {
  BlobNotFoundError,
  StorageUnavailableError,
  type BlobStore,
  type ListedBlob,
  type StagedBlob,
  type StoredBlob,
} from './blob-store.js';
import { readSpooled, spool } from './spool.js';

const SHA256_HEX = /^[0-9a-f]{64}$/;
/**
 * Temp files untouched for this long are left by a crash (kill -9, power loss): a live writer
 * touches its file on every chunk and commits within seconds of its last one, so another node
 * sharing the directory never loses a file it is still using.
 */
export const STALE_TEMP_MS = 15 * 60 * 1000;

/**
 * Blobs under `<root>/blobs/ab/cd/<sha256>`. Every write goes to `<root>/tmp`, is fsynced, then
 * renamed into place (atomic on one filesystem), so a crash leaves at worst an orphan temp file,
 * never a torn blob under its address. Every failure removes its temp file; what a crash leaves
 * is removed by `removeStaleTemp` at the next start.
 */
export class FsBlobStore implements BlobStore {
  private readonly blobsDir: string;
  private readonly tmpDir: string;
  /** Where the garbage collection moves a blob while it decides (not tmp: start-up empties that). */
  private readonly gcDir: string;
  /** Blob directories known to exist (created once, never removed while running). */
  private readonly knownDirs = new Set<string>();

  constructor(root: string) {
    this.blobsDir = join(root, 'blobs');
    this.tmpDir = join(root, 'tmp');
    this.gcDir = join(root, 'gc');
    mkdirSync(this.blobsDir, { recursive: true });
    mkdirSync(this.tmpDir, { recursive: true });
  }

  /**
   * Removes temp files not modified for `olderThanMs` (orphans of a crash); younger ones may belong
   * to another node sharing the directory. Returns how many were removed.
   */
  async removeStaleTemp(olderThanMs = STALE_TEMP_MS, now = Date.now()): Promise<number> {
    await this.restoreHeldBlobs();
    let removed = 0;
    for (const name of await readdir(this.tmpDir)) {
      const path = join(this.tmpDir, name);
      const info = await stat(path).catch(() => null);
      if (!info?.isFile() || now - info.mtimeMs < olderThanMs) continue;
      await rm(path, { force: true });
      removed++;
    }
    return removed;
  }

  /** The blob and scratch directories are there and writable (a network mount may have gone). */
  check(): Promise<void> {
    // Synchronous: two local syscalls, answered even while the thread pool is busy.
    try {
      accessSync(this.blobsDir, constants.W_OK);
      accessSync(this.tmpDir, constants.W_OK);
      return Promise.resolve();
    } catch (error) {
      return Promise.reject(
        new StorageUnavailableError(String((error as NodeJS.ErrnoException).code ?? 'not accessible')),
      );
    }
  }

  async close(): Promise<void> {
    // Nothing held open: every file handle is closed by the call that opened it.
  }

  tempPath(suffix = ''): string {
    return join(this.tmpDir, `${Date.now()}-${randomBytes(8).toString('hex')}${suffix}`);
  }

  async putStream(
    source: Readable | AsyncIterable<Uint8Array>,
    options: { maxBytes?: number } = {},
  ): Promise<StoredBlob> {
    const staged = await this.stage(source, options);
    return staged.commit();
  }

  async stage(source: Readable | AsyncIterable<Uint8Array>, options: { maxBytes?: number } = {}): Promise<StagedBlob> {
    // Small uploads (nearly all PDFs) stay in memory until they are committed; larger ones spill
    // to a scratch file, so memory per upload stays bounded whatever its size.
    const spooled = await spool(source, () => this.tempPath(), options);
    const { sha256, size, bytes, temp } = spooled;
    let settled = false;
    const assertOpen = () => {
      if (settled) throw new Error('staged blob already committed or discarded');
    };
    return {
      sha256,
      size,
      read: async () => {
        assertOpen();
        return readSpooled(spooled);
      },
      commit: async () => {
        assertOpen();
        settled = true;
        if (bytes) return this.storeBytes(bytes, sha256);
        return this.commit(temp!, sha256, size).catch(async (error: unknown) => {
          await rm(temp!, { force: true });
          throw error;
        });
      },
      discard: async () => {
        if (settled) return;
        settled = true;
        if (temp) await rm(temp, { force: true });
      },
    };
  }

  async *list(pageSize = 1000): AsyncIterable<ListedBlob[]> {
    let page: ListedBlob[] = [];
    // `ab/cd/<sha256>`, each level sorted: address order, one directory read at a time.
    for (const a of await sortedNames(this.blobsDir, /^[0-9a-f]{2}$/)) {
      for (const b of await sortedNames(join(this.blobsDir, a), /^[0-9a-f]{2}$/)) {
        const dir = join(this.blobsDir, a, b);
        for (const name of await sortedNames(dir, SHA256_HEX)) {
          const info = await stat(join(dir, name)).catch(() => null);
          if (!info?.isFile()) continue;
          page.push({ sha256: name, size: info.size, modifiedMs: info.mtimeMs });
          if (page.length >= pageSize) {
            yield page;
            page = [];
          }
        }
      }
    }
    if (page.length > 0) yield page;
  }

  /**
   * Moves the blob out of its address first (atomic), then looks at its time: a writer that
   * touched it before the move is seen and the blob is put back; one that comes after the move
   * finds no blob and stores it again. Either way no stored or revived blob is lost.
   */
  async removeIfUntouched(sha256: string, untouchedBeforeMs: number): Promise<number | null> {
    const path = this.pathOf(sha256);
    await mkdir(this.gcDir, { recursive: true });
    const held = join(this.gcDir, `${sha256}-${randomBytes(6).toString('hex')}`);
    try {
      await rename(path, held);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
    // Gone: a node starting meanwhile put it back (restoreHeldBlobs); the next sweep decides.
    const info = await stat(held).catch(() => null);
    if (!info) return null;
    if (info.mtimeMs >= untouchedBeforeMs) {
      // Back under its address, unless a writer has stored it there again meanwhile.
      await link(held, path).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'EEXIST') throw error;
      });
      await rm(held, { force: true });
      return null;
    }
    await rm(held, { force: true });
    await syncDir(dirname(path));
    return info.size;
  }

  /**
   * A sweep stopped (killed) between moving a blob out of its address and deciding leaves it in
   * `gc/`: it goes back where it was (unless stored there again), and the next sweep decides.
   */
  private async restoreHeldBlobs(): Promise<void> {
    const names = await readdir(this.gcDir).catch(() => [] as string[]);
    for (const name of names) {
      const sha256 = name.split('-')[0] ?? '';
      if (!SHA256_HEX.test(sha256)) continue;
      const target = this.pathOf(sha256);
      await mkdir(dirname(target), { recursive: true });
      await link(join(this.gcDir, name), target).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'EEXIST' && error.code !== 'ENOENT') throw error;
      });
      await rm(join(this.gcDir, name), { force: true });
    }
  }

  /** Marks a stored blob as written now; false when there is none. */
  private async touch(sha256: string): Promise<boolean> {
    const now = new Date();
    try {
      await utimes(this.pathOf(sha256), now, now);
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
      throw error;
    }
  }

  async putBytes(bytes: Uint8Array): Promise<StoredBlob> {
    return this.storeBytes(bytes, createHash('sha256').update(bytes).digest('hex'));
  }

  /** Writes bytes whose SHA-256 is already known (a staged upload hashed while it arrived). */
  private async storeBytes(bytes: Uint8Array, sha256: string): Promise<StoredBlob> {
    // Already there: touched, so the garbage collection's grace period starts again for it.
    if (await this.touch(sha256)) return { sha256, size: bytes.length };
    const temp = this.tempPath();
    try {
      const file = await open(temp, 'wx', 0o600);
      try {
        await file.writeFile(bytes);
        await file.sync();
      } finally {
        await file.close();
      }
      return await this.commit(temp, sha256, bytes.length);
    } catch (error) {
      // Whatever failed (a full disk, the blob directory), the temp file goes; once committed
      // it is gone already and `force` ignores that.
      await rm(temp, { force: true });
      throw error;
    }
  }

  async putFile(path: string): Promise<StoredBlob> {
    const hash = createHash('sha256');
    let size = 0;
    for await (const chunk of createReadStream(path) as AsyncIterable<Buffer>) {
      hash.update(chunk);
      size += chunk.length;
    }
    const file = await open(path, 'r+');
    try {
      await file.sync();
    } finally {
      await file.close();
    }
    return this.commit(path, hash.digest('hex'), size);
  }

  getStream(sha256: string): Readable {
    let path: string;
    try {
      path = this.pathOf(sha256);
    } catch (error) {
      return new PassThrough().destroy(error as Error);
    }
    // Readers tell "no such blob" from a failing disk by the error's class, whichever store it is.
    const file = createReadStream(path);
    const out = new PassThrough();
    file.once('error', (error: NodeJS.ErrnoException) =>
      out.destroy(error.code === 'ENOENT' ? new BlobNotFoundError(sha256) : error),
    );
    // A reader that stops early (a client gone mid-download) must close the file.
    out.once('close', () => file.destroy());
    return file.pipe(out);
  }

  async getBytes(sha256: string): Promise<Buffer> {
    try {
      return await readFile(this.pathOf(sha256));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new BlobNotFoundError(sha256);
      throw error;
    }
  }

  async localPath(sha256: string): Promise<string> {
    const path = this.pathOf(sha256);
    if (!(await this.exists(sha256))) throw new BlobNotFoundError(sha256);
    return path;
  }

  async exists(sha256: string): Promise<boolean> {
    try {
      await stat(this.pathOf(sha256));
      return true;
    } catch {
      return false;
    }
  }

  private pathOf(sha256: string): string {
    if (!SHA256_HEX.test(sha256)) throw new BlobNotFoundError(sha256);
    return join(this.blobsDir, sha256.slice(0, 2), sha256.slice(2, 4), sha256);
  }

  private async commit(temp: string, sha256: string, size: number): Promise<StoredBlob> {
    const target = this.pathOf(sha256);
    const dir = dirname(target);
    if (!this.knownDirs.has(dir)) {
      await mkdir(dir, { recursive: true });
      this.knownDirs.add(dir);
    }
    for (let attempt = 1; ; attempt++) {
      try {
        // link() fails if the blob exists, so identical content is stored once and never overwritten.
        await link(temp, target);
        break;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') {
          await rename(temp, target);
          await syncDir(dirname(target));
          return { sha256, size };
        }
        // There already: touched (see storeBytes). Gone again before the touch (the garbage
        // collection took it): link once more.
        if ((await this.touch(sha256)) || attempt >= 3) break;
      }
    }
    await unlink(temp).catch(() => undefined);
    await syncDir(dirname(target));
    return { sha256, size };
  }
}

/** The names in `dir` that match `pattern`, sorted; none when `dir` is gone. */
async function sortedNames(dir: string, pattern: RegExp): Promise<string[]> {
  const names = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  return names.filter((n) => pattern.test(n)).sort();
}

async function syncDir(dir: string): Promise<void> {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
