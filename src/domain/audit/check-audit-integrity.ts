import type { AuditEventTable } from '../../db/schema.js';
import type { Ctx } from '../context.js';
import { readAuditMacFloor } from './audit-mac-floor.js';
import { verifyAuditChain } from './verify-audit-chain.js';
import { checkEntryMacs } from './verify-entry-macs.js';

export type AuditIntegrity = { ok: true } | { ok: false; problem: string };

/**
 * Whether an open envelope's audit entries are what Firma wrote: the chain links and hashes hold
 * and every entry's MAC verifies (nothing is sealed yet, so nothing else vouches for an entry; one
 * without a MAC passes only below the installation's MAC floor, as unanchored). Completion asks
 * this before it seals the head into the certificate: a rewritten chain must never be laundered.
 */
export async function checkAuditIntegrity(
  ctx: Pick<Ctx, 'db' | 'auditMac'>,
  rows: readonly (Omit<AuditEventTable, 'id'> & { id: number })[],
): Promise<AuditIntegrity> {
  const chain = verifyAuditChain(rows);
  if (chain.firstBreak)
    return { ok: false, problem: `audit chain broken at entry ${chain.firstBreak.seq}: ${chain.firstBreak.detail}` };
  const macs = checkEntryMacs(ctx.auditMac, rows, 0, await readAuditMacFloor(ctx));
  return macs.status === 'fail' ? { ok: false, problem: macs.detail } : { ok: true };
}
