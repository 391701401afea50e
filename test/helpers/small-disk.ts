import { spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, unlinkSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A small filesystem of its own (tmpfs), so a test can fill it and meet a real ENOSPC. */
export interface SmallDisk {
  dir: string;
  /** Writes a filler file until the filesystem refuses (ENOSPC): nothing more fits. */
  fill(): void;
  /** Removes the filler: the space is back. */
  free(): void;
  close(): void;
}

/**
 * Why a small disk cannot be mounted here (mounting tmpfs needs root or CAP_SYS_ADMIN), or null
 * when it can: tried once, for `describeOrSkip`.
 */
export const smallDiskUnavailable: string | null = (() => {
  const dir = mkdtempSync(join(tmpdir(), 'firma-tmpfs-probe-'));
  try {
    const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', dir], { encoding: 'utf8' });
    if (mounted.status !== 0)
      return `cannot mount a tmpfs to fill (${(mounted.stderr || mounted.error?.message || 'mount failed').trim()})`;
    spawnSync('umount', [dir]);
    return null;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
})();

/** Mounts a tmpfs of `megabytes` in a new temp directory. */
export function mountSmallDisk(megabytes: number): SmallDisk {
  const dir = mkdtempSync(join(tmpdir(), 'firma-tmpfs-'));
  const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', `size=${megabytes}m,mode=0700`, 'tmpfs', dir], {
    encoding: 'utf8',
  });
  if (mounted.status !== 0) throw new Error(`mount failed: ${mounted.stderr}`);
  const filler = join(dir, 'filler');
  return {
    dir,
    fill() {
      const fd = openSync(filler, 'a');
      const chunk = Buffer.alloc(4096);
      try {
        for (;;) writeSync(fd, chunk);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
      } finally {
        closeSync(fd);
      }
    },
    free() {
      try {
        unlinkSync(filler);
      } catch {
        // Not filled.
      }
    },
    close() {
      spawnSync('umount', ['-l', dir]);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
