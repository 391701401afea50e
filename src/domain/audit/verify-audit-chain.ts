import { auditEntryHash, GENESIS_HASH, type HashedAuditFields } from './audit-hash.js';

export type StoredAuditEntry = HashedAuditFields & { hash: string };

export interface ChainBreak {
  seq: number;
  reason: 'SEQUENCE_GAP' | 'PREVIOUS_HASH_MISMATCH' | 'HASH_MISMATCH' | 'UNREADABLE';
  detail: string;
}

export interface ChainVerdict {
  ok: boolean;
  length: number;
  head: string | null;
  /** The first link that does not hold; everything before it is intact. */
  firstBreak: ChainBreak | null;
}

/**
 * Recomputes an envelope's audit chain from its stored rows (ordered by seq): every entry must
 * follow its predecessor without a gap, name its predecessor's hash, and hash to what it stores.
 * Editing, inserting or deleting any row breaks one of those three at or after the change.
 */
export function verifyAuditChain(entries: readonly StoredAuditEntry[]): ChainVerdict {
  let previousHash = GENESIS_HASH;
  let expectedSeq = 1;
  for (const entry of entries) {
    const fail = (reason: ChainBreak['reason'], detail: string): ChainVerdict => ({
      ok: false,
      length: entries.length,
      head: entries.at(-1)?.hash ?? null,
      firstBreak: { seq: entry.seq, reason, detail },
    });
    if (entry.seq !== expectedSeq) return fail('SEQUENCE_GAP', `expected entry ${expectedSeq}, found ${entry.seq}`);
    if (entry.prevHash !== previousHash)
      return fail('PREVIOUS_HASH_MISMATCH', `entry ${entry.seq} does not link to entry ${entry.seq - 1}`);
    let recomputed: string;
    try {
      recomputed = auditEntryHash(entry);
    } catch {
      return fail('UNREADABLE', `entry ${entry.seq} holds data that is not valid JSON`);
    }
    if (recomputed !== entry.hash) return fail('HASH_MISMATCH', `entry ${entry.seq} was changed after it was written`);
    previousHash = entry.hash;
    expectedSeq += 1;
  }
  return { ok: true, length: entries.length, head: entries.at(-1)?.hash ?? null, firstBreak: null };
}
