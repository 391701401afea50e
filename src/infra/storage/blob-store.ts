import type { Readable } from 'node:stream';

export interface StoredBlob {
  /** Hex SHA-256 of the content: also its address. */
  sha256: string;
  size: number;
}

/**
 * Content-addressed blob storage. Writing the same bytes twice stores them once. Implementations
 * must never expose a partially written blob under its address.
 */
/** An upload hashed and held (in memory when small, else in scratch space), not yet visible in the store. */
export interface StagedBlob extends StoredBlob {
  /** The staged bytes, readable until commit or discard. */
  read(): Promise<Buffer>;
  commit(): Promise<StoredBlob>;
  discard(): Promise<void>;
}

export interface BlobStore {
  /**
   * Reads `source`, hashing as it goes, into memory while it is small and into scratch space once
   * it grows; rejects with BlobTooLargeError past `maxBytes`. Nothing is stored until `commit()`:
   * a request that fails validation leaves nothing (a small one never touches the disk).
   */
  stage(source: Readable | AsyncIterable<Uint8Array>, options?: { maxBytes?: number }): Promise<StagedBlob>;
  /** Streams `source` into the store; rejects with BlobTooLargeError past `maxBytes` and stores nothing. */
  putStream(source: Readable | AsyncIterable<Uint8Array>, options?: { maxBytes?: number }): Promise<StoredBlob>;
  putBytes(bytes: Uint8Array): Promise<StoredBlob>;
  /** Moves a finished local file into the store (sealing writes its output to a temp file first). */
  putFile(path: string): Promise<StoredBlob>;
  getStream(sha256: string): Readable;
  getBytes(sha256: string): Promise<Buffer>;
  /** A local path to read the blob from (the filesystem store returns the blob itself). */
  localPath(sha256: string): Promise<string>;
  exists(sha256: string): Promise<boolean>;
  /** A scratch file path on the same filesystem, for writers that need one. */
  tempPath(suffix?: string): string;
  /** Removes scratch files a crash left (untouched for `olderThanMs`); returns how many. */
  removeStaleTemp(olderThanMs?: number, now?: number): Promise<number>;
  /** Releases connections and local caches (the context closes it). */
  close(): Promise<void>;
}

export class BlobTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`Blob exceeds ${maxBytes} bytes`);
  }
}

export class BlobNotFoundError extends Error {
  constructor(readonly sha256: string) {
    super('Blob not found');
  }
}
