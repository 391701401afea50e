import type { Config } from '../config.js';
import { progressBar } from './progress.js';
import { AppError } from '../errors.js';
import { createBlobStore } from '../infra/storage/create-blob-store.js';
import { copyFsBlobs, type CopyProgress } from '../infra/storage/copy-blobs.js';
import type { Ctx } from '../domain/context.js';
import { collectUnreferencedBlobs } from '../domain/blobs/collect-unreferenced-blobs.js';

/**
 * `firma blobs migrate --to s3`: copies the data dir's blobs into the configured bucket
 * (FIRMA_BLOB_STORE=s3 and its FIRMA_S3_* settings), hashing every file. Progress goes to stderr:
 * a bar redrawn in place on a terminal, a line per tenth otherwise (logs, CI). Exit 0 when every
 * blob is in the bucket, 1 when any failed (listed), so it can simply be run again.
 */
export async function blobsCommand(
  config: Config,
  sub: string | undefined,
  to: string | undefined,
  json: boolean,
  out: (text: string) => void,
): Promise<number> {
  if (sub !== 'migrate') throw new AppError('VALIDATION_ERROR', 'usage: firma blobs migrate --to s3 | firma blobs gc');
  if (to !== 's3') throw new AppError('VALIDATION_ERROR', 'blobs migrate needs --to s3');
  if (config.blobStore.kind !== 's3') {
    throw new AppError(
      'VALIDATION_ERROR',
      'blobs migrate --to s3 copies into the configured bucket: set FIRMA_BLOB_STORE=s3 and FIRMA_S3_BUCKET',
    );
  }
  const target = await createBlobStore(config);
  const started = Date.now();
  try {
    const report = progressReporter(process.stderr);
    const result = await copyFsBlobs(config.dataDir, target, report);
    report.finish();
    const seconds = (Date.now() - started) / 1000;
    if (json) {
      out(JSON.stringify({ ...result, seconds }));
    } else {
      out(
        `${result.total} blobs: ${result.copied} copied (${mib(result.bytes)}), ${result.skipped} already in the bucket, ${result.failed} failed, in ${seconds.toFixed(1)} s`,
      );
      for (const failure of result.failures) out(`  failed ${failure.sha256}: ${failure.reason}`);
    }
    return result.failed > 0 ? 1 : 0;
  } finally {
    await target.close();
  }
}

/**
 * `firma blobs gc [--dry-run]`: one sweep of the garbage collection the workers run periodically,
 * with the same grace period (FIRMA_BLOB_GC_GRACE_MINUTES), so it is safe beside running nodes.
 */
export async function blobsGcCommand(
  ctx: Ctx,
  dryRun: boolean,
  json: boolean,
  out: (text: string) => void,
): Promise<number> {
  const result = await collectUnreferencedBlobs(ctx, { graceMs: ctx.config.blobGc.graceMs, dryRun });
  if (json) out(JSON.stringify(result));
  else
    out(
      `${result.examined} blobs: ${result.removed} unreferenced ${dryRun ? 'would be removed' : 'removed'} (${mib(result.removedBytes)}), ${result.referenced} referenced, ${result.young} within the grace period`,
    );
  return 0;
}

function mib(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}

type Reporter = ((p: CopyProgress) => void) & { finish(): void };

/** The copy's progress as a bar (terminal) or a line per tenth. */
export function progressReporter(stream: NodeJS.WriteStream): Reporter {
  const bar = progressBar(stream, 'blobs migrate');
  const report = (p: CopyProgress) =>
    bar.update(p.done, p.total, `${p.copied} copied, ${p.skipped} skipped, ${p.failed} failed, ${mib(p.bytes)}`);
  return Object.assign(report, { finish: () => bar.finish() });
}
