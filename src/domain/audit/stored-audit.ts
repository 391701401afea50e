import type { AuditActor } from './audit-actor.js';

/**
 * The audit log's stored JSON columns, decoded in one place: `data` is the entry's own record, `actor`
 * who acted. Unlike the envelope's columns (decoded by the repositories), these travel as text up to
 * here, because that text, byte for byte, is what the entry's hash and MAC cover.
 */
export function parseAuditData(row: { data: string }): Record<string, unknown> {
  return JSON.parse(row.data) as Record<string, unknown>;
}

export function parseAuditActor(row: { actor: string }): AuditActor {
  return JSON.parse(row.actor) as AuditActor;
}
