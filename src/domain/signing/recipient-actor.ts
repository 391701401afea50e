import type { RecipientRow } from '../../db/repositories/envelope.repo.js';
import type { AuditActor } from '../audit/audit-actor.js';

export function recipientActor(r: Pick<RecipientRow, 'id' | 'name' | 'email'>): AuditActor {
  return { kind: 'recipient', recipientId: r.id, name: r.name, email: r.email };
}
