import type { AuditActor } from './audit-actor.js';

/**
 * The audit log's stored JSON columns, decoded in one place (as `domain/model/stored-json.ts` does
 * for envelopes and their parts): `data` is the entry's own record, `actor` who acted.
 */
export function parseAuditData(row: { data: string }): Record<string, unknown> {
  return JSON.parse(row.data) as Record<string, unknown>;
}

export function parseAuditActor(row: { actor: string }): AuditActor {
  return JSON.parse(row.actor) as AuditActor;
}
