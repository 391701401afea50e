import {
  CopyObjectCommand,
  DeleteObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  type S3Client,
} from '@aws-sdk/client-s3';
import { StorageUnavailableError, type ListedBlob } from './blob-store.js';

/** The objects of one installation: its bucket and key prefix. */
export interface ObjectsAt {
  client: S3Client;
  bucket: string;
  prefix: string;
}

/**
 * ListObjectsV2 page by page (S3 answers at most 1000 keys a page), keys in lexicographic order:
 * only the current page is in memory. Keys under the prefix that are not a SHA-256 (another
 * installation's, a person's) are not ours to judge and are skipped.
 */
export async function* listObjects(at: ObjectsAt, address: RegExp, pageSize: number): AsyncIterable<ListedBlob[]> {
  let token: string | undefined;
  do {
    const answer = await reachable(() =>
      at.client.send(
        new ListObjectsV2Command({
          Bucket: at.bucket,
          Prefix: at.prefix || undefined,
          MaxKeys: Math.min(1000, pageSize),
          ContinuationToken: token,
        }),
      ),
    );
    const page: ListedBlob[] = [];
    for (const object of answer.Contents ?? []) {
      const sha256 = object.Key?.slice(at.prefix.length) ?? '';
      if (!address.test(sha256) || !object.LastModified) continue;
      page.push({ sha256, size: object.Size ?? 0, modifiedMs: object.LastModified.getTime() });
    }
    if (page.length > 0) yield page;
    token = answer.IsTruncated ? answer.NextContinuationToken : undefined;
  } while (token);
}

/**
 * Deletes the object unless its Last-Modified is at or after `untouchedBeforeMs`, looked at just
 * before: a writer that stored or touched it since the listing keeps it. S3 has no
 * delete-if-unmodified, so a touch landing between the HEAD and the DELETE (one round trip) is not
 * seen; the grace period narrows that to a blob unreferenced for all of it being revived in that
 * instant. Returns the bytes deleted, or null.
 */
export async function deleteObjectIfUntouched(
  at: ObjectsAt,
  key: string,
  untouchedBeforeMs: number,
): Promise<number | null> {
  let head;
  try {
    head = await reachable(() => at.client.send(new HeadObjectCommand({ Bucket: at.bucket, Key: key })));
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
  if (!head.LastModified || head.LastModified.getTime() >= untouchedBeforeMs) return null;
  await reachable(() => at.client.send(new DeleteObjectCommand({ Bucket: at.bucket, Key: key })));
  return head.ContentLength ?? 0;
}

/**
 * Marks a stored object as written now (a copy onto itself, which sets its Last-Modified on S3);
 * false when there is none. Costs the one request the existence check cost before.
 */
export async function touchObject(at: ObjectsAt, key: string): Promise<boolean> {
  try {
    await reachable(() =>
      at.client.send(
        new CopyObjectCommand({
          Bucket: at.bucket,
          Key: key,
          CopySource: encodeURI(`${at.bucket}/${key}`),
          MetadataDirective: 'REPLACE',
          ContentType: 'application/octet-stream',
        }),
      ),
    );
    return true;
  } catch (error) {
    if (isNotFound(error)) return false;
    throw error;
  }
}

export function isNotFound(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NotFound' || e.name === 'NoSuchKey' || e.$metadata?.httpStatusCode === 404;
}

/**
 * Runs one call to the bucket, turning "no answer" (refused, reset, timed out: no HTTP status) and
 * server errors (5xx) into StorageUnavailableError; an answer about the request (404, 403…) keeps
 * its error.
 */
export async function reachable<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    const e = error as { name?: string; code?: unknown; $metadata?: { httpStatusCode?: number } };
    const status = e?.$metadata?.httpStatusCode;
    if (status !== undefined && status >= 500) throw new StorageUnavailableError(`HTTP ${status}`);
    if (status === undefined && !isNotFound(error))
      throw new StorageUnavailableError(typeof e?.code === 'string' ? e.code : (e?.name ?? 'no answer'));
    throw error;
  }
}
