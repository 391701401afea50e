import type { Db } from '../../db/database.js';
import type { RecipientRow } from '../../db/repositories/envelope.repo.js';
import { updateRecipientRow } from '../../db/repositories/recipient.repo.js';
import { AppError } from '../../errors.js';
import { appendAuditEvent } from '../audit/append-audit-event.js';
import type { RequestMeta } from '../audit/audit-actor.js';
import type { Ctx } from '../context.js';
import { currentTurn } from '../model/signing-turn.js';
import {
  compactNationalId,
  nationalIdRule,
  rulesSatisfiedBy,
  type IdentityRuleName,
} from '../recipients/identity-rule.js';
import { loadIdentityPolicy } from '../recipients/load-identity-rule.js';
import { recipientActor } from './recipient-actor.js';
import { signingState, type SigningSession } from './signing-session.js';

/** Who the current signer names to act next (Documenso's `nextSigner`, with the national ID). */
export interface NextSignerInput {
  name: string;
  email: string;
  cuil?: string | undefined;
}

/**
 * The one recipient whose turn comes when this recipient finishes, in a SEQUENTIAL envelope that
 * allows dictation; null otherwise (PARALLEL, dictation off, the last to act, others of the same
 * group still to act, or a group of several next).
 */
export function dictatableNextSigner(s: SigningSession): RecipientRow | null {
  if (!s.meta.allowDictateNextSigner || s.meta.signingOrder !== 'SEQUENTIAL') return null;
  return nextRecipientOf(s);
}

export interface NextSignerView {
  name: string;
  email: string;
  role: RecipientRow['role'];
  /** The national ID the form asks for (required), or null when it asks none. */
  idRule: IdentityRuleName | null;
}

/**
 * What the signing page prefills its "next signer" form with: only for a recipient who may act
 * now and completes electronically (a DIGITAL signer finishes through signature/submit).
 */
export async function nextSignerView(db: Db, s: SigningSession, now: Date): Promise<NextSignerView | null> {
  if (signingState(s, now) !== 'ready' || s.recipient.signatureLevel === 'DIGITAL') return null;
  const next = dictatableNextSigner(s);
  if (!next) return null;
  let idRule: IdentityRuleName | null = null;
  if (next.role === 'SIGNER') {
    const policy = await loadIdentityPolicy(db, s.graph.envelope.platformId);
    if (policy.rule !== 'NONE' && !policy.signerEntersId) idRule = policy.rule;
  }
  return { name: next.name, email: next.email, role: next.role, idRule };
}

function nextRecipientOf(s: SigningSession): RecipientRow | null {
  const before = currentTurn(s.graph.recipients, 'SEQUENTIAL');
  if (!before.has(s.recipient.id)) return null;
  const asIfDone = s.graph.recipients.map((r) =>
    r.id === s.recipient.id ? { ...r, signingStatus: 'SIGNED' as const } : r,
  );
  const after = [...currentTurn(asIfDone, 'SEQUENTIAL')].filter((id) => !before.has(id));
  if (after.length !== 1 || before.size > 1) return null;
  return s.graph.recipients.find((r) => r.id === after[0]) ?? null;
}

/**
 * Inside the completing recipient's transaction, before their completion is recorded (so the
 * next signer's request mail goes to the address named here): the next recipient's name, e-mail
 * and, for a SIGNER under an identity rule, national ID become those the current signer gave,
 * audited as RECIPIENT_UPDATED by that signer. A SIGNER's ID is required unless the platform
 * asks none or lets signers enter their own (then an ID of the person replaced is dropped).
 * @throws NEXT_SIGNER_DICTATION_NOT_ALLOWED, NO_NEXT_SIGNER, RECIPIENT_INVALID_CUIL (400)
 */
export async function dictateNextSigner(
  ctx: Ctx,
  trx: Db,
  s: SigningSession,
  input: NextSignerInput,
  request: RequestMeta,
  now: Date,
): Promise<void> {
  if (!s.meta.allowDictateNextSigner) throw notAllowed('This document does not let its signers choose the next signer');
  if (s.meta.signingOrder !== 'SEQUENTIAL')
    throw notAllowed('Only a document signed in SEQUENTIAL order has a next signer to choose');
  const next = nextRecipientOf(s);
  if (!next)
    throw new AppError('NO_NEXT_SIGNER', 'Nobody acts right after this recipient: there is no next signer to name', {
      issues: [{ message: 'no next signer', path: ['nextSigner'] }],
    });
  const cuil = await nextCuil(trx, s, next, input);
  const before = { NAME: next.name, EMAIL: next.email };
  const patch = {
    name: input.name,
    email: input.email,
    ...(cuil !== undefined ? { cuil } : {}),
    updatedAt: now.toISOString(),
  };
  await updateRecipientRow(trx, next.id, patch);
  Object.assign(next, patch);
  const after = { NAME: next.name, EMAIL: next.email };
  const changes = (Object.keys(before) as (keyof typeof before)[])
    .filter((k) => before[k] !== after[k])
    .map((type) => ({ type, from: before[type], to: after[type] }));
  await appendAuditEvent(ctx, trx, {
    envelopeId: s.graph.envelope.id,
    type: 'RECIPIENT_UPDATED',
    data: {
      recipientId: next.id,
      recipientEmail: next.email,
      recipientName: next.name,
      recipientRole: next.role,
      changes,
      // Named, never valued: the ID is private.
      changed: ['name', 'email', ...(cuil !== undefined ? ['cuil'] : [])],
      dictatedBy: s.recipient.id,
    },
    actor: recipientActor(s.recipient),
    recipientId: s.recipient.id,
    request,
    at: now,
  });
}

const notAllowed = (message: string) =>
  new AppError('NEXT_SIGNER_DICTATION_NOT_ALLOWED', message, {
    issues: [{ message: 'not allowed on this document', path: ['nextSigner'] }],
  });

/** The ID to store (undefined: leave it), checked with the platform's identity rule. */
async function nextCuil(
  db: Db,
  s: SigningSession,
  next: RecipientRow,
  input: NextSignerInput,
): Promise<string | null | undefined> {
  const given = input.cuil?.trim() ? input.cuil : undefined;
  // Only a SIGNER signs with a national ID: one given for anyone else would be stored for nothing.
  if (next.role !== 'SIGNER') {
    if (given !== undefined)
      throw invalidId(
        `the next recipient is ${next.role === 'APPROVER' ? 'an' : 'a'} ${next.role}, who gives no national ID: send no cuil`,
        'VALIDATION_ERROR',
      );
    return undefined;
  }
  const policy = await loadIdentityPolicy(db, s.graph.envelope.platformId);
  const rule = nationalIdRule(policy.rule);
  if (!rule) {
    // No ID asked for on this platform: one given is kept as a create would keep it (any rule's valid ID).
    if (given === undefined) return undefined;
    const compact = compactNationalId(given);
    if (rulesSatisfiedBy(compact).length === 0)
      throw invalidId('is not a valid CUIL, RUT, CI or CPF', 'VALIDATION_ERROR');
    return compact;
  }
  if (given === undefined) {
    if (policy.signerEntersId) return next.email === input.email ? undefined : null;
    throw invalidId(`the next signer's ${rule.label} is required (${rule.shape})`);
  }
  const compact = compactNationalId(given);
  if (!rule.isValid(compact)) throw invalidId(`is not a valid ${rule.label} (${rule.shape})`);
  return compact;
}

const invalidId = (message: string, code: 'RECIPIENT_INVALID_CUIL' | 'VALIDATION_ERROR' = 'RECIPIENT_INVALID_CUIL') =>
  new AppError(code, `nextSigner.cuil: ${message}`, {
    issues: [{ message, path: ['nextSigner', 'cuil'] }],
  });
