import type { Db } from '../../db/database.js';
import {
  findEnvelope,
  loadEnvelopeParts,
  type EnvelopeGraph,
  type EnvelopeKey,
} from '../../db/repositories/envelope.repo.js';
import { notFound } from '../../errors.js';

/** An envelope read with everything it holds, and its rows, for the layers that present them. */
export type { EnvelopeGraph, EnvelopeKey, FieldRow } from '../../db/repositories/envelope.repo.js';

/**
 * The envelope with everything it holds, scoped to the platform: another platform's id is
 * NOT_FOUND, exactly like an id that does not exist.
 * @throws NOT_FOUND
 */
export async function getEnvelopeGraph(db: Db, platformId: number, key: EnvelopeKey): Promise<EnvelopeGraph> {
  const envelope = await findEnvelope(db, platformId, key);
  if (!envelope) throw notFound('documentId' in key ? 'Document' : 'Envelope');
  return loadEnvelopeParts(db, envelope);
}

/**
 * A document by its documentId, for Documenso's `/document/*` routes: a template's number is
 * NOT_FOUND there (`/template/*` serves it), as Documenso answers.
 * @throws NOT_FOUND
 */
export async function getDocumentGraph(db: Db, platformId: number, documentId: number): Promise<EnvelopeGraph> {
  const envelope = await findEnvelope(db, platformId, { documentId });
  if (!envelope || envelope.type !== 'DOCUMENT') throw notFound('Document');
  return loadEnvelopeParts(db, envelope);
}
