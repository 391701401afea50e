import type { Db } from '../../db/database.js';
import { insertAuditEvent, lastAuditEvent } from '../../db/repositories/audit.repo.js';
import type { Ctx } from '../context.js';
import type { AuditActor, RequestMeta } from './audit-actor.js';
import { auditEntryHash, GENESIS_HASH } from './audit-hash.js';

export interface AuditInput {
  envelopeId: number;
  type: string;
  data?: Record<string, unknown>;
  actor: AuditActor;
  recipientId?: number | null;
  request?: RequestMeta;
  at: Date;
  /** The envelope's first entry, written in the transaction that creates it: there is no link to read. */
  first?: boolean;
}

/**
 * Appends to the envelope's hash chain. Must run inside the transaction of the change it records,
 * after that transaction locked the envelope (`lockEnvelope`), so concurrent writers queue up and
 * each sees the previous link; the unique (envelope, seq) index is the backstop. The entry's MAC
 * (keyed by the instance secret) is what a database-only writer cannot recompute.
 */
export async function appendAuditEvent(
  ctx: Pick<Ctx, 'auditMac'>,
  trx: Db,
  input: AuditInput,
): Promise<{ seq: number; hash: string }> {
  const last = input.first ? undefined : await lastAuditEvent(trx, input.envelopeId);
  const entry = {
    envelopeId: input.envelopeId,
    seq: (last?.seq ?? 0) + 1,
    type: input.type,
    data: JSON.stringify(input.data ?? {}),
    actor: JSON.stringify(input.actor),
    recipientId: input.recipientId ?? null,
    ip: input.request?.ip ?? null,
    userAgent: input.request?.userAgent ?? null,
    createdAt: input.at.toISOString(),
    prevHash: last?.hash ?? GENESIS_HASH,
  };
  const hash = auditEntryHash(entry);
  await insertAuditEvent(trx, { ...entry, hash, mac: ctx.auditMac.sign(hash) });
  return { seq: entry.seq, hash };
}
