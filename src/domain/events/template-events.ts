import type { Db } from '../../db/database.js';
import type { EnvelopeGraph } from '../../db/repositories/envelope.repo.js';
import { envelopeEventPayload } from './envelope-event-payload.js';
import { recordEvent } from './record-event.js';

/**
 * TEMPLATE_UPDATED, as Documenso fires it from its envelope update (title, meta, auth, folder):
 * the template's state after the change, in the caller's transaction.
 */
export async function recordTemplateUpdated(trx: Db, graph: EnvelopeGraph, at: Date): Promise<void> {
  await recordEvent(trx, {
    platformId: graph.envelope.platformId,
    envelopeId: graph.envelope.id,
    type: 'TEMPLATE_UPDATED',
    payload: envelopeEventPayload(graph),
    at,
  });
}
