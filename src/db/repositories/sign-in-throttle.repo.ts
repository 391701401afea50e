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
