import type { Db } from '../../db/database.js';
import {
  findEnvelope,
  findEnvelopeOwner,
  loadEnvelopeParts,
  lockEnvelope,
  type EnvelopeGraph,
  type FieldRow,
  type RecipientRow,
} from '../../db/repositories/envelope.repo.js';
import { findRecipientByTokenHash } from '../../db/repositories/recipient.repo.js';
import { AppError } from '../../errors.js';
import { type EnvelopeMeta } from '../model/envelope-meta.js';
import { hashSigningToken } from '../model/signing-links.js';
import { currentTurn } from '../model/signing-turn.js';
import { takesSignature } from '../../lib/vocabulary/field-types.js';

export interface SigningSession {
  graph: EnvelopeGraph;
  recipient: RecipientRow;
  meta: EnvelopeMeta;
}

/** The same answer for every token that does not open a session, whatever the reason. */
export const invalidLink = (): AppError => new AppError('NOT_FOUND', 'This signing link is not valid');

/**
 * The envelope and recipient behind a signing token. With `lock`, inside a transaction, the
 * envelope row is locked first so concurrent signers of one envelope act one after the other.
 * The lookup is one index probe on the token's SHA-256, so a wrong token costs the same as a
 * right one and reveals nothing.
 * @throws NOT_FOUND
 */
export async function loadSigningSession(
  db: Db,
  token: string,
  options: { lock?: boolean } = {},
): Promise<SigningSession> {
  const found = await findRecipientByTokenHash(db, hashSigningToken(token));
  if (!found) throw invalidLink();
  const envelope = options.lock
    ? await lockEnvelope(db, null, { documentId: found.envelopeId })
    : await findEnvelopeById(db, found.envelopeId);
  // A template's recipients never get a token (distribution refuses templates); should one exist
  // anyway, it opens nothing.
  if (!envelope || envelope.type === 'TEMPLATE') throw invalidLink();
  const graph = await loadEnvelopeParts(db, envelope);
  const recipient = graph.recipients.find((r) => r.id === found.id);
  if (!recipient) throw invalidLink();
  return { graph, recipient, meta: envelope.meta };
}

/**
 * Only that the token names a recipient: one index probe, before a request's body or parameters
 * are looked at, so every route answers an unknown token with the same 404 whatever was sent.
 * @throws NOT_FOUND
 */
export async function assertSigningTokenKnown(db: Db, token: string): Promise<void> {
  if (!token || !(await findRecipientByTokenHash(db, hashSigningToken(token)))) throw invalidLink();
}

async function findEnvelopeById(db: Db, id: number) {
  const row = await findEnvelopeOwner(db, id);
  return row ? findEnvelope(db, row.platformId, { documentId: id }) : undefined;
}

export type SigningState =
  | 'ready'
  | 'out_of_turn'
  | 'expired'
  | 'signed'
  | 'rejected'
  | 'no_action'
  | 'document_draft'
  | 'document_completed'
  | 'document_rejected'
  | 'document_cancelled';

/** Where the recipient stands, in the order a person needs to hear it. */
export function signingState(s: SigningSession, now: Date): SigningState {
  const { envelope } = s.graph;
  const r = s.recipient;
  if (r.signingStatus === 'REJECTED') return 'rejected';
  if (r.signingStatus === 'SIGNED') {
    // A signer whose document was rejected or cancelled by someone else afterwards hears that,
    // not "you will receive the completed document".
    if (envelope.status === 'COMPLETED') return 'document_completed';
    if (envelope.status === 'REJECTED') return 'document_rejected';
    if (envelope.status === 'CANCELLED') return 'document_cancelled';
    return 'signed';
  }
  switch (envelope.status) {
    case 'DRAFT':
      return 'document_draft';
    case 'COMPLETED':
      return 'document_completed';
    case 'REJECTED':
      return 'document_rejected';
    case 'CANCELLED':
      return 'document_cancelled';
    case 'PENDING':
      break;
  }
  if (r.role === 'CC') return 'no_action';
  if (isExpired(r, now)) return 'expired';
  return currentTurn(s.graph.recipients, s.meta.signingOrder).has(r.id) ? 'ready' : 'out_of_turn';
}

export function isExpired(r: RecipientRow, now: Date): boolean {
  return r.expiresAt !== null && r.expiresAt <= now.toISOString();
}

/**
 * Refuses any action the recipient cannot take now.
 * @throws DOCUMENT_NOT_PENDING, RECIPIENT_REJECTED, RECIPIENT_ALREADY_SIGNED, RECIPIENT_NO_ACTION,
 *   RECIPIENT_EXPIRED, RECIPIENT_OUT_OF_TURN (all 409)
 */
export function assertCanAct(s: SigningSession, now: Date, options: { ignoreTurn?: boolean } = {}): void {
  const state = signingState(s, now);
  switch (state) {
    case 'ready':
      return;
    case 'out_of_turn':
      if (options.ignoreTurn) return;
      throw new AppError('RECIPIENT_OUT_OF_TURN', 'It is not your turn yet: earlier recipients must sign first');
    case 'expired':
      throw new AppError('RECIPIENT_EXPIRED', 'This signing link has expired; ask the sender to send it again');
    case 'signed':
      throw new AppError('RECIPIENT_ALREADY_SIGNED', 'You have already completed this document');
    case 'rejected':
      throw new AppError('RECIPIENT_REJECTED', 'You have rejected this document');
    case 'no_action':
      throw new AppError(
        'RECIPIENT_NO_ACTION',
        'You receive a copy of this document; there is nothing for you to sign',
      );
    case 'document_draft':
    case 'document_completed':
    case 'document_rejected':
    case 'document_cancelled':
      throw new AppError(
        'DOCUMENT_NOT_PENDING',
        `The document is ${s.graph.envelope.status} and can no longer be signed`,
      );
  }
}

/**
 * The fields this recipient may fill: its own, and for an ASSISTANT the non-signature fields of
 * recipients who come at or after it in the order and have not completed.
 */
export function fillableFields(s: SigningSession): FieldRow[] {
  const r = s.recipient;
  if (r.role !== 'ASSISTANT') return s.graph.fields.filter((f) => f.recipientId === r.id);
  const ownOrder = r.signingOrder ?? Number.POSITIVE_INFINITY;
  const assisted = new Set(
    s.graph.recipients
      .filter(
        (o) =>
          o.id !== r.id &&
          o.signingStatus === 'NOT_SIGNED' &&
          o.role !== 'CC' &&
          (o.signingOrder ?? Number.POSITIVE_INFINITY) >= ownOrder,
      )
      .map((o) => o.id),
  );
  return s.graph.fields.filter(
    (f) => f.recipientId === r.id || (assisted.has(f.recipientId) && !takesSignature(f.type)),
  );
}
