import type { Db } from '../database.js';

export async function findSignInThrottle(db: Db, key: string) {
  return db.selectFrom('signInThrottle').selectAll().where('key', '=', key).executeTakeFirst();
}

/**
 * Counts one more failure for `key` in one statement (so failures racing on several nodes all
 * count), starting again from one when the last failure was before `forgetBefore`. Returns the
 * count now.
 */
export async function countSignInFailure(db: Db, key: string, now: string, forgetBefore: string): Promise<number> {
  const row = await db
    .insertInto('signInThrottle')
    .values({ key, failures: 1, lockedUntil: null, updatedAt: now })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet((eb) => ({
        failures: eb
          .case()
          .when('signInThrottle.updatedAt', '<', forgetBefore)
          .then(1)
          .else(eb('signInThrottle.failures', '+', 1))
          .end(),
        updatedAt: now,
      })),
    )
    .returning('failures')
    .executeTakeFirstOrThrow();
  return Number(row.failures);
}

export async function lockSignIns(db: Db, key: string, lockedUntil: string): Promise<void> {
  await db.updateTable('signInThrottle').set({ lockedUntil }).where('key', '=', key).execute();
}

export async function clearSignInThrottle(db: Db, key: string): Promise<void> {
  await db.deleteFrom('signInThrottle').where('key', '=', key).execute();
}

/**
 * Deletes at most `limit` throttle rows whose failures are forgotten (last one before
 * `forgottenBefore`) and whose lockout, if any, is over by `now`; the number deleted.
 */
export async function deleteForgottenSignInThrottles(db: Db, now: string, forgottenBefore: string, limit: number) {
  const doomed = db
    .selectFrom('signInThrottle')
    .select('key')
    .where('updatedAt', '<', forgottenBefore)
    .where((eb) => eb.or([eb('lockedUntil', 'is', null), eb('lockedUntil', '<=', now)]))
    .limit(limit);
  const result = await db.deleteFrom('signInThrottle').where('key', 'in', doomed).executeTakeFirst();
  return Number(result.numDeletedRows);
}
