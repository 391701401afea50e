import { createReadStream } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { BlobStore } from './blob-store.js';

const SHA256_HEX = /^[0-9a-f]{64}$/;

export interface CopyProgress {
  total: number;
  done: number;
  copied: number;
  skipped: number;
  failed: number;
  bytes: number;
}

export interface CopyResult extends CopyProgress {
  /** Blobs whose file does not hash to its name (damaged on disk), or whose upload failed. */
  failures: { sha256: string; reason: string }[];
}

/** The blob files of a filesystem store's data dir (`<dataDir>/blobs/ab/cd/<sha256>`). */
export async function listFsBlobs(dataDir: string): Promise<{ sha256: string; path: string; size: number }[]> {
  const root = join(dataDir, 'blobs');
  const found: { sha256: string; path: string; size: number }[] = [];
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch((error: unknown) => {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  });
  for (const entry of entries) {
    if (!entry.isFile() || !SHA256_HEX.test(entry.name)) continue;
    const path = join(entry.parentPath, entry.name);
    found.push({ sha256: entry.name, path, size: (await stat(path)).size });
  }
  return found.sort((a, b) => a.sha256.localeCompare(b.sha256));
}

/**
 * Copies a data dir's blobs into `target`, a few at a time. Every file is hashed on the way (staged
 * by the target store) and must hash to its name, else it is reported and not copied; a blob the
 * target already holds is skipped, so a run that stopped half-way is resumed by running it again.
 */
export async function copyFsBlobs(
  dataDir: string,
  target: BlobStore,
  onProgress: (progress: CopyProgress) => void = () => undefined,
  concurrency = 4,
): Promise<CopyResult> {
  const blobs = await listFsBlobs(dataDir);
  const result: CopyResult = { total: blobs.length, done: 0, copied: 0, skipped: 0, failed: 0, bytes: 0, failures: [] };
  onProgress({ ...result });
  let next = 0;
  const copyOne = async (blob: { sha256: string; path: string; size: number }) => {
    const staged = await target.stage(createReadStream(blob.path));
    if (staged.sha256 !== blob.sha256) {
      await staged.discard();
      throw new Error(`content hashes to ${staged.sha256}`);
    }
    if (await target.exists(blob.sha256)) {
      await staged.discard();
      return 'skipped' as const;
    }
    await staged.commit();
    return 'copied' as const;
  };
  const lane = async () => {
    while (next < blobs.length) {
      const blob = blobs[next++]!;
      try {
        const outcome = await copyOne(blob);
        result[outcome]++;
        if (outcome === 'copied') result.bytes += blob.size;
      } catch (error) {
        result.failed++;
        result.failures.push({ sha256: blob.sha256, reason: (error as Error).message });
      }
      result.done++;
      onProgress({ ...result });
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, lane));
  return result;
}
