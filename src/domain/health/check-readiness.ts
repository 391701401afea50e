import { dirname } from 'node:path';
import { createReadinessProbe } from '../../db/readiness-probe.js';
import { freeDiskBytes } from '../../infra/storage/disk-space.js';
import type { Ctx } from '../context.js';

/** What `/ready` answers: ready, or the first dependency that is not. */
export type Readiness = 'ready' | 'DATABASE_UNAVAILABLE' | 'STORAGE_UNAVAILABLE' | 'STORAGE_FULL';

/** Store and disk results are reused this long: a load balancer polling often costs no call each time. */
const CACHE_MS = 2000;
/** A store that has not answered by then counts as unavailable (its SDK would wait far longer). */
const STORE_TIMEOUT_MS = 2000;

/**
 * Readiness for `/ready`: the database takes writes now (`db/readiness-probe.ts`), the blob store
 * answers (S3: one HeadBucket; fs: the directories are writable), and the disk holding the data
 * dir (fs blobs) or the SQLite file has at least FIRMA_MIN_FREE_DISK_MB free. One check per
 * caller, as it keeps state: results are cached briefly and concurrent calls share one probe.
 */
export function createReadinessCheck(ctx: Ctx): () => Promise<Readiness> {
  const database = createReadinessProbe(ctx.db);
  // A deadline for the bucket only: the data dir's check is local, and a deadline would fail it
  // whenever the event loop is held (SQLite waiting on a lock) while the answer is ready.
  const store = cached(() =>
    ctx.config.blobStore.kind === 's3' ? withDeadline(ctx.storage.check(), STORE_TIMEOUT_MS) : ctx.storage.check(),
  );
  const disk = cached(() => enoughDiskSpace(ctx));
  return async () => {
    const [dbOk, storeOk, diskOk] = await Promise.all([database(), store(), disk()]);
    if (!dbOk) return 'DATABASE_UNAVAILABLE';
    if (!storeOk) return 'STORAGE_UNAVAILABLE';
    if (!diskOk) return 'STORAGE_FULL';
    return 'ready';
  };
}

/** The local directories whose disk fills up: the data dir with fs blobs, the SQLite file's directory. */
function localDirs(ctx: Ctx): string[] {
  const dirs = new Set<string>();
  if (ctx.config.blobStore.kind === 'fs') dirs.add(ctx.config.dataDir);
  if (ctx.config.database.kind === 'sqlite') dirs.add(dirname(ctx.config.database.path));
  return [...dirs];
}

function enoughDiskSpace(ctx: Ctx): Promise<void> {
  const floor = ctx.config.minFreeDiskBytes;
  // A throw in the executor rejects the promise.
  return new Promise((resolve) => {
    for (const dir of floor === 0 ? [] : localDirs(ctx))
      if (freeDiskBytes(dir) < floor) throw new Error('below the free space floor');
    resolve();
  });
}

function cached(check: () => Promise<void>): () => Promise<boolean> {
  let last: { ok: boolean; at: number } | null = null;
  let running: Promise<boolean> | null = null;
  return () => {
    if (last && Date.now() - last.at < CACHE_MS) return Promise.resolve(last.ok);
    running ??= check().then(
      () => settle(true),
      () => settle(false),
    );
    return running;
  };
  function settle(ok: boolean): boolean {
    last = { ok, at: Date.now() };
    running = null;
    return ok;
  }
}

async function withDeadline(work: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  // Rejected from the check phase, after the poll phase: when the event loop was blocked past the
  // deadline (SQLite waiting on a lock), an answer that arrived meanwhile still counts.
  const late = new Promise<never>(
    (_, reject) => (timer = setTimeout(() => setImmediate(() => reject(new Error('no answer'))), ms)),
  );
  try {
    await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}
