import type { FieldRow } from '../../db/repositories/envelope.repo.js';
import type { RecipientRole } from '../../lib/vocabulary/recipients.js';
import { AppError } from '../../errors.js';
import { formatDate } from '../../lib/format-date.js';
import type { Ctx } from '../context.js';
import { acceptedConsent, assertConsentGiven, type ConsentInput } from '../model/signing-consent.js';
import { certificateReferenceText } from './certificate-signature-fields.js';
import { dictateNextSigner, type NextSignerInput } from './dictate-next-signer.js';
import { finishRecipient } from './finish-recipient.js';
import { assertCanAct, loadSigningSession, type SigningSession } from './signing-session.js';
import { allActed } from '../model/signing-turn.js';
import { assertAccessVerified, assertActionVerified } from './verification-state.js';
import { passesOf, type SigningRequest } from './verification-grant.js';

export interface CompletionAnswer {
  recipientId: number;
  role: RecipientRole;
  signingStatus: 'SIGNED';
  signedAt: string;
  redirectUrl: string | null;
  /** What happens next: others still have to act, the document is being sealed, or it is final. */
  documentState: 'WAITING_FOR_OTHERS' | 'COMPLETING' | 'COMPLETED';
}

/**
 * The recipient is done: a SIGNER has filled every required field and at least one signature,
 * an APPROVER approves, a VIEWER confirms viewing. Server-filled fields still empty (NAME, EMAIL,
 * DATE) are filled now. One transaction records the completion with IP and user agent, fires
 * DOCUMENT_RECIPIENT_COMPLETED and DOCUMENT_SIGNED, notifies the next group of a SEQUENTIAL
 * envelope, and when nobody else has to act hands the envelope to completion (exactly once).
 * The call carries the recipient's acceptance of the electronic signature statement
 * (model/signing-consent.ts), recorded first as its own audit entry (RECIPIENT_CONSENT_ACCEPTED:
 * version, language and the words shown, with time, IP and user agent), so the certificate's
 * timeline lists it. Idempotent: a repeated call (with its consent) changes nothing and answers
 * the same body, but for `documentState`, which tells where the document is now. With
 * `nextSigner` the recipient names who acts next first (dictate-next-signer.ts), in the same transaction.
 * @throws CONSENT_REQUIRED, DIGITAL_SIGNATURE_REQUIRED, the dictateNextSigner codes (400), NOT_FOUND, DOCUMENT_NOT_PENDING, RECIPIENT_EXPIRED,
 *   RECIPIENT_OUT_OF_TURN, RECIPIENT_REJECTED, RECIPIENT_NO_ACTION, RECIPIENT_HAS_UNSIGNED_FIELDS (409)
 */
export async function completeRecipient(
  ctx: Ctx,
  token: string,
  input: { consent?: ConsentInput | undefined; nextSigner?: NextSignerInput | undefined },
  request: SigningRequest,
): Promise<CompletionAnswer> {
  // Checked before anything is read: a refusal changes nothing and says nothing about the token.
  assertConsentGiven(input.consent);
  const answer = await ctx.db.transaction().execute(async (trx) => {
    const s = await loadSigningSession(trx, token, { lock: true });
    const now = ctx.clock();
    const passes = passesOf(ctx.secrets, s, request, now);
    await assertAccessVerified(trx, s, now, passes);
    if (s.recipient.signingStatus === 'SIGNED') return answerOf(s);
    // A DIGITAL recipient's signature is their certificate's, through prepare → submit.
    if (s.recipient.signatureLevel === 'DIGITAL')
      throw new AppError(
        'DIGITAL_SIGNATURE_REQUIRED',
        'This recipient signs with their own certificate (signature/prepare, then signature/submit)',
      );
    const consent = acceptedConsent(input.consent, s.meta.language, 'ELECTRONIC');
    assertCanAct(s, now);
    await assertActionVerified(trx, s, now, passes);
    if (input.nextSigner) await dictateNextSigner(ctx, trx, s, input.nextSigner, request, now);
    await finishRecipient(ctx, trx, s, {
      consent,
      autoFillText: (field) => autoFill(s, field, now) ?? undefined,
      auditData: { role: s.recipient.role, action: ACTION_OF[s.recipient.role] },
      request,
      now,
    });
    return answerOf(s);
  });
  ctx.wakeWorker();
  return answer;
}

export const ACTION_OF = {
  SIGNER: 'signed',
  APPROVER: 'approved',
  VIEWER: 'viewed',
  ASSISTANT: 'assisted',
  CC: 'none',
} as const;

export function answerOf(s: SigningSession): CompletionAnswer {
  return {
    recipientId: s.recipient.id,
    role: s.recipient.role,
    signingStatus: 'SIGNED',
    signedAt: s.recipient.signedAt!,
    redirectUrl: s.meta.redirectUrl,
    documentState:
      s.graph.envelope.status === 'COMPLETED'
        ? 'COMPLETED'
        : allActed(s.graph.recipients)
          ? 'COMPLETING'
          : 'WAITING_FOR_OTHERS',
  };
}

/**
 * Values Firma fills itself when the recipient left them empty; null when nothing to fill. A
 * DIGITAL signer's further SIGNATURE fields name their certificate signature (the first is the
 * signature itself, which no value fills).
 */
export function autoFill(s: SigningSession, field: FieldRow, now: Date): string | null {
  if (field.inserted === 1) return null;
  switch (field.type) {
    case 'NAME':
      return s.recipient.name.trim() || null;
    case 'EMAIL':
      return s.recipient.email || null;
    case 'DATE':
      return formatDate(now, s.meta.dateFormat, s.meta.timezone, s.meta.language);
    case 'SIGNATURE':
      return certificateReferenceText(s, field);
    default:
      return null;
  }
}
