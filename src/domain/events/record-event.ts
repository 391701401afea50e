import type { Db } from '../../db/database.js';
import { insertEvent } from '../../db/repositories/event.repo.js';
import { newId } from '../ids.js';

export const EVENT_TYPES = [
  'DOCUMENT_CREATED',
  'DOCUMENT_SENT',
  'DOCUMENT_OPENED',
  'DOCUMENT_RECIPIENT_COMPLETED',
  'DOCUMENT_SIGNED',
  'DOCUMENT_COMPLETED',
  'DOCUMENT_REJECTED',
  'DOCUMENT_CANCELLED',
  'RECIPIENT_EXPIRED',
  /** An automatic reminder, or a redistribute (a manual one), was sent to recipients; as Documenso. */
  'DOCUMENT_REMINDER_SENT',
  'TEMPLATE_CREATED',
  'TEMPLATE_UPDATED',
  'TEMPLATE_DELETED',
  /** A document was made from a template (`/template/use`, `/envelope/use`); the payload is that document. */
  'TEMPLATE_USED',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** Documenso tells a template's creation apart from a document's: the same payload, its own event. */
export function creationEventOf(type: 'DOCUMENT' | 'TEMPLATE'): EventType {
  return type === 'TEMPLATE' ? 'TEMPLATE_CREATED' : 'DOCUMENT_CREATED';
}

/**
 * Writes an event to the outbox, in the caller's transaction: it exists if and only if the
 * change it describes was committed. Webhook delivery fans it out later. The payload is built
 * now, so receivers see the state at the moment of the event.
 */
export async function recordEvent(
  trx: Db,
  input: { platformId: number; envelopeId: number | null; type: EventType; payload: unknown; at: Date },
): Promise<string> {
  const id = newId('evt');
  await insertEvent(trx, {
    id,
    platformId: input.platformId,
    envelopeId: input.envelopeId,
    type: input.type,
    payload: JSON.stringify(input.payload),
    createdAt: input.at.toISOString(),
    dispatchedAt: null,
  });
  return id;
}
