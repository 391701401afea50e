import type { Db } from '../database.js';
import type { AuditMacFloorTable } from '../schema.js';

/** The migration that creates the floor's table: the process that applies it writes the row. */
export const AUDIT_MAC_FLOOR_MIGRATION = '2026_11_28_0049_audit_mac_floor';

export async function findAuditMacFloor(db: Db) {
  return db.selectFrom('auditMacFloor').select(['legacyThrough', 'mac']).where('id', '=', 1).executeTakeFirst();
}

/** Writes the row once; a second writer (there should be none) changes nothing. */
export async function insertAuditMacFloor(db: Db, row: Omit<AuditMacFloorTable, 'id'>): Promise<void> {
  await db
    .insertInto('auditMacFloor')
    .values({ id: 1, ...row })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

/** The highest id of an audit entry without a MAC (entries older than migration 0018), or 0. */
export async function lastAuditEventWithoutMac(db: Db): Promise<number> {
  const row = await db
    .selectFrom('auditEvent')
    .select((eb) => eb.fn.max('id').as('id'))
    .where('mac', 'is', null)
    .executeTakeFirst();
  return Number(row?.id ?? 0);
}
