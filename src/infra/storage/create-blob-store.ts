import { join } from 'node:path';
import type { Config } from '../../config.js';
import type { BlobStore } from './blob-store.js';
import { FsBlobStore } from './fs-blob-store.js';
import { S3BlobStore } from './s3-blob-store.js';

/** The store FIRMA_BLOB_STORE names: the data dir (fs) or an S3 bucket, with local scratch space in `<data dir>/tmp`. */
export function createBlobStore(config: Config): BlobStore {
  const blobs = config.blobStore;
  if (blobs.kind === 'fs') return new FsBlobStore(config.dataDir);
  return new S3BlobStore({
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
}
