import { createHash } from 'node:crypto';
import { open, readFile, rm, type FileHandle } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { BlobTooLargeError } from './blob-store.js';

/** Uploads up to this size are held in memory until committed. */
export const IN_MEMORY_LIMIT = 4 * 1024 * 1024;

/** An upload read whole and hashed: in memory (`bytes`) when small, else in the scratch file `temp`. */
export interface Spooled {
  sha256: string;
  size: number;
  bytes: Buffer | null;
  temp: string | null;
}

/**
 * Reads `source`, hashing as it goes, into memory while it is small and into a scratch file (from
 * `tempPath`) once it grows, so memory per upload stays bounded whatever its size. Rejects with
 * BlobTooLargeError past `maxBytes`; every failure removes the scratch file. Shared by the stores so
 * both hash and spill the same way.
 */
export async function spool(
  source: Readable | AsyncIterable<Uint8Array>,
  tempPath: () => string,
  options: { maxBytes?: number } = {},
): Promise<Spooled> {
  const hash = createHash('sha256');
  let size = 0;
  let chunks: Buffer[] | null = [];
  let temp: string | null = null;
  let file: FileHandle | null = null;
  try {
    for await (const chunk of source as AsyncIterable<Uint8Array>) {
      size += chunk.length;
      if (options.maxBytes !== undefined && size > options.maxBytes) throw new BlobTooLargeError(options.maxBytes);
      hash.update(chunk);
      if (chunks && size <= IN_MEMORY_LIMIT) {
        chunks.push(Buffer.from(chunk));
        continue;
      }
      if (!file) {
        temp = tempPath();
        file = await open(temp, 'wx', 0o600);
        for (const held of chunks ?? []) await file.write(held);
        chunks = null;
      }
      await file.write(chunk);
    }
    await file?.sync();
    await file?.close();
  } catch (error) {
    // A failed write (ENOSPC) or close must not keep the scratch file.
    await file?.close().catch(() => undefined);
    if (temp) await rm(temp, { force: true });
    // Drain nothing more: the caller's stream is abandoned; multipart parsers discard the rest.
    throw error;
  }
  return { sha256: hash.digest('hex'), size, bytes: chunks ? Buffer.concat(chunks, size) : null, temp };
}

/** Reads a spooled upload back (validation of a staged upload needs its bytes). */
export function readSpooled(spooled: Spooled): Promise<Buffer> {
  return spooled.bytes ? Promise.resolve(spooled.bytes) : readFile(spooled.temp!);
}
