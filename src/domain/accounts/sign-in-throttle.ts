import type { Db } from '../../db/database.js';
import { countSignInFailure, findSignInThrottle, lockSignIns } from '../../db/repositories/sign-in-throttle.repo.js';
import { AppError } from '../../errors.js';
import type { RequestMeta } from '../audit/audit-actor.js';
import type { Ctx } from '../context.js';
import { appendAccountAudit } from './account-audit.js';
import { FAILURES_FORGOTTEN_AFTER_MS, LOCKOUT_MAX_MS } from './account-rules.js';

/**
 * How long the lockout lasts after `failures` consecutive failures: none before `after`, then
 * `baseMs`, doubled at each further failure, at most LOCKOUT_MAX_MS.
 */
export function lockoutMs(failures: number, after: number, baseMs: number): number {
  if (failures < after) return 0;
  return Math.min(LOCKOUT_MAX_MS, baseMs * 2 ** Math.min(failures - after, 30));
}

/**
 * Refuses a sign-in while its address is locked out: before any password is checked, so a locked
 * address costs no hash, and whether an account has it or not (the key is the address).
 * @throws SIGN_IN_LOCKED with Retry-After
 */
export async function refuseWhileLocked(ctx: Pick<Ctx, 'db' | 'clock'>, key: string): Promise<void> {
  const throttle = await findSignInThrottle(ctx.db, key);
  const now = ctx.clock();
  if (!throttle?.lockedUntil || Date.parse(throttle.lockedUntil) <= now.getTime()) return;
  const seconds = Math.max(1, Math.ceil((Date.parse(throttle.lockedUntil) - now.getTime()) / 1000));
  throw new AppError(
    'SIGN_IN_LOCKED',
    `Too many failed sign-ins for this address: try again in ${seconds} s, or reset the password`,
    { headers: { 'Retry-After': String(seconds) } },
  );
}

export interface SignInFailure {
  key: string;
  email: string;
  userId: string | null;
  reason: 'password' | 'second-factor';
  request: RequestMeta;
}

/**
 * Counts a failed sign-in in the caller's transaction with its SIGN_IN_FAILED entry; the failure
 * that reaches the threshold (and each one after it) locks the address, with a SIGN_IN_LOCKED
 * entry. The same writes happen for an address no account has.
 */
export async function countFailedSignIn(ctx: Pick<Ctx, 'config'>, trx: Db, failure: SignInFailure, now: Date) {
  const { lockoutAfter, lockoutBaseMs } = ctx.config.accounts;
  const forgetBefore = new Date(now.getTime() - FAILURES_FORGOTTEN_AFTER_MS).toISOString();
  const failures = await countSignInFailure(trx, failure.key, now.toISOString(), forgetBefore);
  const common = { userId: failure.userId, email: failure.email, request: failure.request, at: now };
  await appendAccountAudit(trx, { ...common, type: 'SIGN_IN_FAILED', data: { reason: failure.reason, failures } });
  const lockMs = lockoutMs(failures, lockoutAfter, lockoutBaseMs);
  if (lockMs === 0) return;
  const lockedUntil = new Date(now.getTime() + lockMs).toISOString();
  await lockSignIns(trx, failure.key, lockedUntil);
  await appendAccountAudit(trx, { ...common, type: 'SIGN_IN_LOCKED', data: { failures, lockedUntil } });
}
