import { createHash } from 'node:crypto';
import { canonicalJson } from '../../lib/canonical-json.js';
import { parseAuditActor, parseAuditData } from './stored-audit.js';

/** The hash of the first entry's predecessor: 64 zeros. */
export const GENESIS_HASH = '0'.repeat(64);

export interface HashedAuditFields {
  envelopeId: number;
  seq: number;
  type: string;
  data: string;
  actor: string;
  recipientId: number | null;
  ip: string | null;
  userAgent: string | null;
  createdAt: string;
  prevHash: string;
}

/**
 * SHA-256 over the previous entry's hash and every recorded field of this one, canonically
 * encoded. Changing any stored column of any entry breaks its hash or the next entry's link.
 */
export function auditEntryHash(e: HashedAuditFields): string {
  const material = canonicalJson([
    e.prevHash,
    e.envelopeId,
    e.seq,
    e.type,
    parseAuditData(e),
    parseAuditActor(e),
    e.recipientId,
    e.ip,
    e.userAgent,
    e.createdAt,
  ]);
  return createHash('sha256').update(material).digest('hex');
}
