import { deleteDeadAccountLinks } from '../../db/repositories/account-link.repo.js';
import { deleteExpiredPasskeyChallenges } from '../../db/repositories/passkey.repo.js';
import { deleteForgottenSignInThrottles } from '../../db/repositories/sign-in-throttle.repo.js';
import { deleteLapsedSessionsBatch } from '../../db/repositories/user-session.repo.js';
import type { Ctx } from '../context.js';
import { FAILURES_FORGOTTEN_AFTER_MS } from './account-rules.js';

/** How often the workers sweep, and how much one statement deletes (short statements, no long lock). */
export const ACCOUNT_SWEEP_EVERY_MS = 15 * 60_000;
export const ACCOUNT_SWEEP_BATCH = 500;
/** At most this many batches per kind and run: a backlog is finished by the next runs. */
const MAX_BATCHES = 20;

export interface AccountSweepCounts {
  sessions: number;
  links: number;
  passkeyChallenges: number;
  signInThrottles: number;
}

/**
 * Deletes the account records that can no longer serve (the periodic `account-sweep` of the
 * workers): sessions past their idle or absolute limit, one-time links used or expired, passkey
 * challenges expired, and sign-in throttle rows whose failures are forgotten (a day) and whose
 * lockout is over. Each kind in bounded batches; running it on several nodes at once is harmless.
 */
export async function sweepAccountRecords(
  ctx: Pick<Ctx, 'db' | 'clock' | 'config'>,
  batch = ACCOUNT_SWEEP_BATCH,
): Promise<AccountSweepCounts> {
  const now = ctx.clock();
  const iso = now.toISOString();
  const idleCutoff = new Date(now.getTime() - ctx.config.accounts.sessionIdleMs).toISOString();
  const forgottenBefore = new Date(now.getTime() - FAILURES_FORGOTTEN_AFTER_MS).toISOString();
  return {
    sessions: await inBatches(batch, () => deleteLapsedSessionsBatch(ctx.db, iso, idleCutoff, batch)),
    links: await inBatches(batch, () => deleteDeadAccountLinks(ctx.db, iso, batch)),
    passkeyChallenges: await inBatches(batch, () => deleteExpiredPasskeyChallenges(ctx.db, iso, batch)),
    signInThrottles: await inBatches(batch, () => deleteForgottenSignInThrottles(ctx.db, iso, forgottenBefore, batch)),
  };
}

async function inBatches(batch: number, deleteOne: () => Promise<number>): Promise<number> {
  let total = 0;
  for (let i = 0; i < MAX_BATCHES; i++) {
    const deleted = await deleteOne();
    total += deleted;
    if (deleted < batch) break;
  }
  return total;
}
