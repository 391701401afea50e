import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, mkdirSync } from 'node:fs';
import { readdir, rename, rm, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { PassThrough, Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import {
  BlobNotFoundError,
  StorageUnavailableError,
  type BlobStore,
  type ListedBlob,
  type StagedBlob,
  type StoredBlob,
} from './blob-store.js';
import { STALE_TEMP_MS } from './fs-blob-store.js';
import { readSpooled, spool, type Spooled } from './spool.js';
import {
  deleteObjectIfUntouched,
  isNotFound,
  listObjects,
  reachable,
  touchObject,
  type ObjectsAt,
} from './s3-calls.js';

const SHA256_HEX = /^[0-9a-f]{64}$/;

export interface S3BlobStoreOptions {
  bucket: string;
  region: string;
  /** An S3-compatible endpoint (MinIO, Ceph, R2…); unset = AWS. */
  endpoint?: string | null;
  forcePathStyle?: boolean;
  /** Prepended to every key (e.g. `firma/`), so one bucket can hold several installations. */
  prefix?: string;
  /** Explicit credentials; unset = the SDK's default provider chain (instance role, profile…). */
  credentials?: { accessKeyId: string; secretAccessKey: string; sessionToken?: string } | null;
  /** Local scratch space (spilled uploads, tempPath, the localPath cache): `<data dir>/tmp`. */
  scratchDir: string;
  /** Uploads larger than this go up as a multipart upload (bounded memory, resumable parts). */
  multipartThresholdBytes?: number;
  /** Part size of multipart uploads (S3's minimum is 5 MiB). */
  partSizeBytes?: number;
  /** Bytes of downloaded blobs kept for `localPath` before the least recently used are removed. */
  cacheBytes?: number;
  /** A request whose socket stays silent this long fails (and is retried by the SDK) instead of hanging. */
  idleTimeoutMs?: number;
}

/**
 * Blobs as objects `<prefix><sha256>` in an S3 bucket. Uploads are staged locally exactly as in the
 * filesystem store (hashed while they arrive, in memory when small, in scratch space otherwise),
 * so the key is known before anything is sent and a failed request never reaches the bucket.
 *
 * Integrity: a single PUT carries `x-amz-checksum-sha256` (the address itself), so S3 refuses a
 * body that arrived damaged; a multipart upload carries a SHA-256 per part, and only
 * CompleteMultipartUpload makes the object visible, so an aborted upload leaves nothing under the
 * address. Every read hashes what it streams and fails at the end if it is not the address (the
 * hash costs far less than the transfer), so a damaged or swapped object is never served silently.
 */
export class S3BlobStore implements BlobStore {
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly prefix: string;
  private readonly scratchDir: string;
  private readonly cacheDir: string;
  private readonly multipartThreshold: number;
  private readonly partSize: number;
  private readonly cacheBytes: number;
  /** localPath cache in least-recently-used order (a Map keeps insertion order). */
  private readonly cache = new Map<string, { path: string; size: number }>();
  private cachedBytes = 0;
  private readonly downloads = new Map<string, Promise<string>>();

  constructor(options: S3BlobStoreOptions) {
    this.client = new S3Client({
      region: options.region,
      ...(options.endpoint ? { endpoint: options.endpoint } : {}),
      forcePathStyle: options.forcePathStyle ?? false,
      ...(options.credentials ? { credentials: options.credentials } : {}),
      // An unreachable or stalled endpoint must fail the request, never hang it (and its client).
      requestHandler: { connectionTimeout: 5_000, socketTimeout: options.idleTimeoutMs ?? 30_000 },
      // We send the SHA-256 ourselves; the SDK's default CRC32 trailers (aws-chunked bodies) are
      // not understood by every S3-compatible server and would add nothing to the SHA-256.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
    this.bucket = options.bucket;
    this.prefix = options.prefix ?? '';
    this.scratchDir = options.scratchDir;
    this.multipartThreshold = options.multipartThresholdBytes ?? 16 * 1024 * 1024;
    this.partSize = Math.max(5 * 1024 * 1024, options.partSizeBytes ?? 8 * 1024 * 1024);
    this.cacheBytes = options.cacheBytes ?? 256 * 1024 * 1024;
    // Per process: several processes may share a data dir (serve --workers).
    this.cacheDir = join(this.scratchDir, `blob-cache-${process.pid}-${randomBytes(4).toString('hex')}`);
    mkdirSync(this.cacheDir, { recursive: true });
  }

  /** Fails, naming the bucket and the reason, when the bucket cannot be reached with these settings. */
  async check(): Promise<void> {
    try {
      await reachable(() => this.client.send(new HeadBucketCommand({ Bucket: this.bucket })));
    } catch (error) {
      // Unreachable: worth waiting for (start-up retries it, /ready reports it).
      if (error instanceof StorageUnavailableError) throw error;
      const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
      const status = e.$metadata?.httpStatusCode;
      throw new Error(
        `blob store: bucket "${this.bucket}" is not usable (${e.name ?? 'error'}${status ? `, HTTP ${status}` : ''}); check FIRMA_S3_* and the credentials`,
      );
    }
  }

  async close(): Promise<void> {
    this.client.destroy();
    this.cache.clear();
    this.cachedBytes = 0;
    await rm(this.cacheDir, { recursive: true, force: true });
  }

  /** Removes scratch files and cache directories a crash left (untouched for `olderThanMs`). */
  async removeStaleTemp(olderThanMs = STALE_TEMP_MS, now = Date.now()): Promise<number> {
    let removed = 0;
    for (const name of await readdir(this.scratchDir)) {
      const path = join(this.scratchDir, name);
      if (path === this.cacheDir) continue;
      const info = await stat(path).catch(() => null);
      if (!info || now - info.mtimeMs < olderThanMs) continue;
      if (info.isDirectory() && !name.startsWith('blob-cache-')) continue;
      await rm(path, { recursive: true, force: true });
      removed++;
    }
    return removed;
  }

  tempPath(suffix = ''): string {
    return join(this.scratchDir, `${Date.now()}-${randomBytes(8).toString('hex')}${suffix}`);
  }

  async stage(source: Readable | AsyncIterable<Uint8Array>, options: { maxBytes?: number } = {}): Promise<StagedBlob> {
    const spooled = await spool(source, () => this.tempPath(), options);
    let settled = false;
    const assertOpen = () => {
      if (settled) throw new Error('staged blob already committed or discarded');
    };
    const removeTemp = async () => {
      if (spooled.temp) await rm(spooled.temp, { force: true });
    };
    return {
      sha256: spooled.sha256,
      size: spooled.size,
      read: async () => {
        assertOpen();
        return readSpooled(spooled);
      },
      commit: async () => {
        assertOpen();
        settled = true;
        try {
          return await this.upload(spooled);
        } finally {
          await removeTemp();
        }
      },
      discard: async () => {
        if (settled) return;
        settled = true;
        await removeTemp();
      },
    };
  }

  async putStream(
    source: Readable | AsyncIterable<Uint8Array>,
    options: { maxBytes?: number } = {},
  ): Promise<StoredBlob> {
    return (await this.stage(source, options)).commit();
  }

  async putBytes(bytes: Uint8Array): Promise<StoredBlob> {
    const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const sha256 = createHash('sha256').update(buffer).digest('hex');
    return this.upload({ sha256, size: buffer.length, bytes: buffer, temp: null });
  }

  /** Uploads a finished local file, then removes it (as the filesystem store moves it into place). */
  async putFile(path: string): Promise<StoredBlob> {
    const hash = createHash('sha256');
    let size = 0;
    for await (const chunk of createReadStream(path) as AsyncIterable<Buffer>) {
      hash.update(chunk);
      size += chunk.length;
    }
    const stored = await this.upload({ sha256: hash.digest('hex'), size, bytes: null, temp: path });
    await unlink(path).catch(() => undefined);
    return stored;
  }

  getStream(sha256: string): Readable {
    const out = new PassThrough();
    void this.getObject(sha256).then(
      (body) => {
        // The reader may have gone (a client that hung up) before the object answered.
        if (out.destroyed) return body.destroy();
        pipeline(body, verifier(sha256), out).catch((error: unknown) => out.destroy(error as Error));
      },
      (error: unknown) => out.destroy(error as Error),
    );
    return out;
  }

  async getBytes(sha256: string): Promise<Buffer> {
    const chunks: Buffer[] = [];
    for await (const chunk of this.getStream(sha256) as AsyncIterable<Buffer>) chunks.push(chunk);
    return Buffer.concat(chunks);
  }

  /**
   * Downloads the blob to a local cache file (PDF workers read files) and returns its path. The
   * cache is bounded by `cacheBytes`: the least recently used files are removed first, never the
   * one just returned, so a caller opens the path at once (an open file survives its removal).
   */
  async localPath(sha256: string): Promise<string> {
    this.keyOf(sha256);
    const hit = this.cache.get(sha256);
    if (hit) {
      this.cache.delete(sha256);
      this.cache.set(sha256, hit);
      return hit.path;
    }
    const pending = this.downloads.get(sha256);
    if (pending) return pending;
    const download = this.download(sha256).finally(() => this.downloads.delete(sha256));
    this.downloads.set(sha256, download);
    return download;
  }

  async exists(sha256: string): Promise<boolean> {
    const key = this.keyOf(sha256);
    try {
      await reachable(() => this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key })));
      return true;
    } catch (error) {
      if (isNotFound(error)) return false;
      throw error;
    }
  }

  list(pageSize = 1000): AsyncIterable<ListedBlob[]> {
    return listObjects(this.at(), SHA256_HEX, pageSize);
  }

  removeIfUntouched(sha256: string, untouchedBeforeMs: number): Promise<number | null> {
    return deleteObjectIfUntouched(this.at(), this.keyOf(sha256), untouchedBeforeMs);
  }

  private at(): ObjectsAt {
    return { client: this.client, bucket: this.bucket, prefix: this.prefix };
  }

  private keyOf(sha256: string): string {
    if (!SHA256_HEX.test(sha256)) throw new BlobNotFoundError(sha256);
    return `${this.prefix}${sha256}`;
  }

  private async getObject(sha256: string): Promise<Readable> {
    const key = this.keyOf(sha256);
    try {
      const answer = await reachable(() => this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key })));
      return answer.Body as Readable;
    } catch (error) {
      if (isNotFound(error)) throw new BlobNotFoundError(sha256);
      throw error;
    }
  }

  /** Stores a spooled upload unless the address already holds it (content addressing: same bytes, same key). */
  private async upload(spooled: Spooled): Promise<StoredBlob> {
    const { sha256, size } = spooled;
    const key = this.keyOf(sha256);
    // Already there: touched, so the garbage collection's grace period starts again for it.
    if (await touchObject(this.at(), key)) return { sha256, size };
    if (size <= this.multipartThreshold) {
      await reachable(() =>
        this.client.send(
          new PutObjectCommand({
            Bucket: this.bucket,
            Key: key,
            Body: spooled.bytes ?? createReadStream(spooled.temp!),
            ContentLength: size,
            ContentType: 'application/octet-stream',
            ChecksumSHA256: Buffer.from(sha256, 'hex').toString('base64'),
          }),
        ),
      );
    } else {
      // At most queueSize × partSize bytes are in memory, whatever the file's size.
      const upload = new Upload({
        client: this.client,
        params: {
          Bucket: this.bucket,
          Key: key,
          Body: createReadStream(spooled.temp!),
          ContentType: 'application/octet-stream',
          ChecksumAlgorithm: 'SHA256',
        },
        partSize: this.partSize,
        queueSize: 2,
        leavePartsOnError: false,
      });
      await reachable(() => upload.done());
      // A single PUT cannot store fewer bytes than its Content-Length, but parts are cut from a
      // stream: the stored size must be what was hashed, else the object is not what its key says
      // and must not stay visible under it.
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      if (head.ContentLength !== size) {
        await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
        throw new Error(`stored object ${sha256} has ${head.ContentLength} bytes, not ${size}`);
      }
    }
    return { sha256, size };
  }

  private async download(sha256: string): Promise<string> {
    const temp = this.tempPath();
    try {
      await pipeline(
        await this.getObject(sha256),
        verifier(sha256),
        createWriteStream(temp, { flags: 'wx', mode: 0o600 }),
      );
      const info = await stat(temp);
      const path = join(this.cacheDir, sha256);
      await rename(temp, path);
      this.cache.set(sha256, { path, size: info.size });
      this.cachedBytes += info.size;
      await this.evict(sha256);
      return path;
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
  }

  private async evict(keep: string): Promise<void> {
    for (const [sha256, entry] of this.cache) {
      if (this.cachedBytes <= this.cacheBytes) return;
      if (sha256 === keep) continue;
      this.cache.delete(sha256);
      this.cachedBytes -= entry.size;
      await rm(entry.path, { force: true });
    }
  }
}

/**
 * Passes bytes through, hashing them, one chunk behind: the last chunk is released only once the
 * whole blob hashed to its address, so a reader (an HTTP client told the Content-Length) never
 * receives a damaged blob complete, it sees the stream fail.
 */
function verifier(sha256: string): Transform {
  const hash = createHash('sha256');
  let held: Buffer | null = null;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      hash.update(chunk);
      const previous = held;
      held = chunk;
      callback(null, previous ?? undefined);
    },
    flush(callback) {
      const actual = hash.digest('hex');
      if (actual !== sha256) return callback(new Error(`blob ${sha256} failed verification (read ${actual})`));
      callback(null, held ?? undefined);
    },
  });
}
