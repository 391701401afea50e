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
  /**
   * Throws when the store cannot be used now: StorageUnavailableError when it is unreachable (worth
   * waiting for), any other error when its settings are wrong. Cheap: one metadata call at most.
   */
  check(): Promise<void>;
  /**
   * Every blob, a page at a time in address order (never the whole store in memory): for the
   * garbage collection, which must see every object, also those no row names.
   */
  list(pageSize?: number): AsyncIterable<ListedBlob[]>;
  /**
   * Removes the blob unless it was written or touched at or after `untouchedBeforeMs` (epoch ms):
   * storing bytes that are already there touches them, so a writer about to reference an old
   * unreferenced blob keeps it. Returns the bytes removed, or null when it stayed (or was gone).
   */
  removeIfUntouched(sha256: string, untouchedBeforeMs: number): Promise<number | null>;
  /** Releases connections and local caches (the context closes it). */
  close(): Promise<void>;
}

/** A blob as the store lists it: its address, size and when it was last written or touched. */
export interface ListedBlob {
  sha256: string;
  size: number;
  modifiedMs: number;
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

/**
 * The store cannot be reached or answers with a server error (an S3 endpoint down, 5xx, a
 * timeout). Carries only the failure's code, no cause: the database's transient-error rule walks
 * causes and must not take a storage outage for a database one.
 */
export class StorageUnavailableError extends Error {
  constructor(readonly reason: string) {
    super(`blob store unavailable (${reason})`);
    this.name = 'StorageUnavailableError';
  }
}

/** Codes of a full disk or quota: the filesystem's and SQLite's (extended codes start with it). */
const FULL_CODES = ['ENOSPC', 'EDQUOT', 'SQLITE_FULL'];

/** Whether `error` (or one of its causes) says the disk is full. */
export function isStorageFullError(error: unknown): boolean {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && FULL_CODES.some((c) => code.startsWith(c))) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** Whether `error` (or one of its causes) is a StorageUnavailableError. */
export function isStorageUnavailableError(error: unknown): boolean {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    if (e instanceof StorageUnavailableError) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
