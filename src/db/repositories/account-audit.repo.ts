import type { Insertable } from 'kysely';
import type { Db } from '../database.js';
import type { AccountAuditTable } from '../schema.js';

export async function insertAccountAudit(db: Db, row: Insertable<AccountAuditTable>): Promise<void> {
  await db.insertInto('accountAudit').values(row).execute();
}

/** The user's most recent entries, newest first. */
export async function listAccountAudit(db: Db, userId: string, limit: number) {
  return db
    .selectFrom('accountAudit')
    .select(['id', 'type', 'platformId', 'email', 'ip', 'userAgent', 'data', 'createdAt'])
    .where('userId', '=', userId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
