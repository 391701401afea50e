import type { Db } from '../../db/database.js';
import {
  addRateLimitHits,
  purgeRateLimitBuckets,
  readRateLimitCounts,
} from '../../db/repositories/rate-limit-bucket.repo.js';
import type { Logger } from 'pino';
import { WINDOW_MS, type RateLimiter } from './limiter.js';

interface Slot {
  windowStart: number;
  /** The shared row's count as of this node's last flush (every node's requests). */
  shared: number;
  /** Counted here and being written by the flush in progress. */
  inFlight: number;
  /** Counted here since the last flush began. */
  pending: number;
}

/**
 * Per-node counting with periodic flushes to the shared `rate_limit_bucket` rows: a request costs
 * a map update, and each node writes one statement per interval whatever its traffic. A request
 * is judged on the shared count known here plus this node's own unflushed requests; every flush
 * also re-reads the current window's counts of keys this node saw, so what it knows of the other
 * nodes is at most one interval old.
 */
export function batchedDatabaseLimiter(db: Db, flushMs: number, log: Pick<Logger, 'warn'>): RateLimiter {
  const slots = new Map<string, Slot>();
  let flushing: Promise<void> | null = null;
  let lastPurge = 0;

  async function flush(now: number): Promise<void> {
    const batch: { key: string; windowStart: number; count: number }[] = [];
    const idle: { key: string; windowStart: number }[] = [];
    for (const [key, slot] of slots) {
      if (slot.pending === 0) {
        // Nothing new here: forget windows that are over, and re-read the current ones, so a node
        // that stopped seeing a client still learns what the other nodes counted for it.
        if (slot.windowStart + WINDOW_MS <= now) slots.delete(key);
        else idle.push({ key, windowStart: slot.windowStart });
        continue;
      }
      slot.inFlight = slot.pending;
      slot.pending = 0;
      batch.push({ key, windowStart: slot.windowStart, count: slot.inFlight });
    }
    if (batch.length === 0 && idle.length === 0) return;
    try {
      const totals = [
        ...(batch.length ? await addRateLimitHits(db, batch) : []),
        ...(await readRateLimitCounts(db, idle)),
      ];
      for (const total of totals) {
        const slot = slots.get(total.key);
        if (!slot || slot.windowStart !== total.windowStart) continue;
        slot.shared = total.count;
        slot.inFlight = 0;
      }
    } catch (error) {
      // Kept for the next flush: a database hiccup loses no counts.
      for (const { key, windowStart, count } of batch) {
        const slot = slots.get(key);
        if (slot && slot.windowStart === windowStart) {
          slot.pending += count;
          slot.inFlight = 0;
        }
      }
      log.warn({ err: error instanceof Error ? error.message : String(error) }, 'rate limit: flush failed, retrying');
    }
    if (now - lastPurge > WINDOW_MS) {
      lastPurge = now;
      await purgeRateLimitBuckets(db, Math.floor(now / WINDOW_MS) * WINDOW_MS - WINDOW_MS).catch(() => undefined);
    }
  }

  const flushNow = () => {
    if (flushing) return flushing;
    flushing = flush(Date.now()).finally(() => {
      flushing = null;
    });
    return flushing;
  };
  const timer = setInterval(() => void flushNow(), flushMs);
  timer.unref();

  return {
    hit(key, now) {
      const windowStart = Math.floor(now / WINDOW_MS) * WINDOW_MS;
      let slot = slots.get(key);
      if (!slot || slot.windowStart !== windowStart) {
        slot = { windowStart, shared: 0, inFlight: 0, pending: 0 };
        slots.set(key, slot);
      }
      slot.pending += 1;
      return { count: slot.shared + slot.inFlight + slot.pending, resetAt: windowStart + WINDOW_MS };
    },
    async close() {
      clearInterval(timer);
      await flushing;
      await flushNow();
    },
  };
}
