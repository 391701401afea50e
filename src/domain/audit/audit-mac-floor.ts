import {
  findAuditMacFloor,
  insertAuditMacFloor,
  lastAuditEventWithoutMac,
} from '../../db/repositories/audit-mac-floor.repo.js';
import type { AuditMac } from '../../infra/crypto/audit-mac.js';
import type { Ctx } from '../context.js';

/**
 * How the installation knows which audit entries may lack a MAC. Entries written before migration
 * 0018 have none; every entry since has one. Migration 0049 records the boundary once: the last
 * entry id without a MAC at that moment (0 for an installation that wrote MACs from its first entry),
 * MAC'd under the audit key so that a database-only writer cannot raise it. Above it an entry
 * without a MAC is a removed MAC, whatever the envelope. Deriving the boundary from the rows
 * themselves (say, "the first entry has a MAC") would not do: the writer removes that MAC too.
 * A missing row, or one whose MAC does not hold, counts as 0 (every entry must have a MAC): the
 * safe reading, at worst a false alarm on an installation with pre-0018 entries.
 */
const message = (legacyThrough: number) => `audit-mac-floor/v1:${legacyThrough}`;

export function auditMacFloorMac(auditMac: AuditMac, legacyThrough: number): string {
  return auditMac.sign(message(legacyThrough));
}

/**
 * Called at start, after migrating. Only the process that applied migration 0049 writes the row
 * (it alone knows the entries without a MAC are the pre-0018 ones, not ones stripped since); a
 * later start that finds no row says so at error level and verifies as if the floor were 0.
 */
export async function anchorAuditMacFloor(
  ctx: Pick<Ctx, 'db' | 'auditMac' | 'log' | 'clock'>,
  options: { justMigrated: boolean },
): Promise<void> {
  if (await findAuditMacFloor(ctx.db)) return;
  if (!options.justMigrated) {
    ctx.log.error('the audit MAC floor is missing: every audit entry is required to carry a MAC');
    return;
  }
  const legacyThrough = await lastAuditEventWithoutMac(ctx.db);
  await insertAuditMacFloor(ctx.db, {
    legacyThrough,
    mac: auditMacFloorMac(ctx.auditMac, legacyThrough),
    createdAt: ctx.clock().toISOString(),
  });
  if (legacyThrough > 0)
    ctx.log.info({ legacyThrough }, 'audit entries up to this id predate MACs; every later one must carry a MAC');
}

/** The last audit entry id allowed to lack a MAC (0: none may). */
export async function readAuditMacFloor(ctx: Pick<Ctx, 'db' | 'auditMac'>): Promise<number> {
  const row = await findAuditMacFloor(ctx.db);
  if (!row || !ctx.auditMac.verify(message(row.legacyThrough), row.mac)) return 0;
  return row.legacyThrough;
}
