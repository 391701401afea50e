import type { AuditMac } from '../../infra/crypto/audit-mac.js';
import type { Check } from './verify-sealed-evidence.js';

/**
 * Every entry's MAC must verify under the instance's audit key. A wrong MAC fails. A missing one
 * fails on any entry above the installation's MAC floor (`legacyThrough`, see audit-mac-floor.ts):
 * that installation wrote a MAC on every such entry, so someone removed it. Below the floor (entries
 * older than MACs) a missing MAC is tolerated only where something else vouches for the entry: the
 * first `sealedThrough` entries are covered by the sealed certificate; the others are reported as
 * unanchored, unless a MAC'd entry precedes them, which cannot happen without someone removing
 * MACs, so that fails.
 */
export function checkEntryMacs(
  auditMac: AuditMac,
  rows: readonly { id: number; seq: number; hash: string; mac: string | null }[],
  sealedThrough: number,
  legacyThrough: number,
): Check {
  const name = 'entry MACs';
  let anchored = 0;
  let sawMac = false;
  const missing: number[] = [];
  for (const row of rows) {
    if (row.mac === null) {
      if (row.id <= 0 || row.id > legacyThrough)
        return {
          name,
          status: 'fail',
          detail: `entry ${row.seq} has no MAC although this installation writes one on every entry: its MAC was removed`,
        };
      if (sawMac)
        return {
          name,
          status: 'fail',
          detail: `entry ${row.seq} has no MAC although an earlier entry has one: MACs were removed`,
        };
      if (row.seq > sealedThrough) missing.push(row.seq);
      continue;
    }
    sawMac = true;
    if (!auditMac.verify(row.hash, row.mac))
      return {
        name,
        status: 'fail',
        detail: `entry ${row.seq}'s MAC does not match its hash: the entry was rewritten without the instance secret`,
      };
    anchored += 1;
  }
  if (missing.length > 0) {
    return {
      name,
      status: 'unanchored',
      detail: `${missing.length} entr${missing.length === 1 ? 'y has' : 'ies have'} no MAC (${rangeText(missing)}; written before MACs existed) and no sealed certificate vouches for them`,
    };
  }
  const sealed = rows.length - anchored; // all of them within sealedThrough, or they would be missing
  return {
    name,
    status: 'pass',
    detail: `${anchored} of ${rows.length} entries carry a valid MAC${sealed > 0 ? `, the other ${sealed} are covered by the sealed certificate` : ''}`,
  };
}

function rangeText(seqs: number[]): string {
  return seqs.length === 1 ? `entry ${seqs[0]}` : `entries ${seqs[0]}–${seqs.at(-1)}`;
}
