import { join } from 'node:path';
import type { Config } from '../../config.js';
import { StorageUnavailableError, type BlobStore } from './blob-store.js';
import { FsBlobStore } from './fs-blob-store.js';

/**
 * The store FIRMA_BLOB_STORE names: the data dir (fs) or an S3 bucket, with local scratch space in
 * `<data dir>/tmp`. Checked before it is returned: an unreachable store (a bucket's endpoint down, a
 * blob folder on a volume not mounted yet) throws StorageUnavailableError, which a start waits out.
 */
export async function createBlobStore(config: Config): Promise<BlobStore> {
  const blobs = config.blobStore;
  if (blobs.kind === 'fs') return createFsBlobStore(config.dataDir);
  // Loaded only when used: the AWS SDK adds ~70 ms to every start of every command.
  const { S3BlobStore } = await import('./s3-blob-store.js');
  const store = new S3BlobStore({
    bucket: blobs.bucket,
    region: blobs.region,
    endpoint: blobs.endpoint,
    forcePathStyle: blobs.forcePathStyle,
    prefix: blobs.prefix,
    credentials: blobs.credentials,
    scratchDir: join(config.dataDir, 'tmp'),
    multipartThresholdBytes: blobs.multipartThresholdBytes,
    cacheBytes: blobs.cacheBytes,
  });
  // A wrong bucket, endpoint or key fails the start, not every upload after it.
  try {
    await store.check();
  } catch (error) {
    await store.close();
    throw error;
  }
  return store;
}

async function createFsBlobStore(dataDir: string): Promise<BlobStore> {
  let store: FsBlobStore;
  try {
    store = new FsBlobStore(dataDir);
  } catch (error) {
    // Its folders cannot be made (a symlinked volume not there yet, a read-only or stale mount).
    const code = (error as NodeJS.ErrnoException).code;
    if (typeof code !== 'string') throw error;
    throw new StorageUnavailableError(code);
  }
  await store.check();
  return store;
}
