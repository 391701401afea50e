import { saveVerificationState } from '../../db/repositories/recipient-verification.repo.js';
import { AppError, notFound } from '../../errors.js';
import { newOneTimeCode, slowHash } from '../../infra/crypto/slow-hash.js';
import { appendAuditEvent } from '../audit/append-audit-event.js';
import { apiActor, type ApiCaller } from '../auth/principal.js';
import type { Ctx } from '../context.js';
import { assertCanAct, type SigningSession } from '../signing/signing-session.js';
import { freshState, loadVerificationState, OTP_VALID_MS, requirementsOf } from '../signing/verification-state.js';
import { editEnvelope } from './edit-envelope.js';

/**
 * EXTERNAL_TWO_FACTOR_AUTH: the sender asks for a recipient's 6-digit code and delivers it through
 * its own channel (SMS, WhatsApp). Only for a recipient of the caller's PENDING envelope who can
 * still act and whose access or action asks for this method. The code is answered once and kept
 * only as a slow hash, valid 10 minutes with 5 tries, like the mailed code; a new one replaces the
 * previous one (and its count of tries). The audit entry (DOCUMENT_ACCESS_AUTH_2FA_REQUESTED, by
 * the API caller, `deliveredBy: SENDER`) never holds the code.
 * @throws NOT_FOUND (also another platform's envelope, or a recipient of another envelope),
 *   DOCUMENT_NOT_PENDING and the other assertCanAct codes (409), VERIFICATION_METHOD_NOT_EXTERNAL (409)
 */
export async function issueRecipientCode(
  ctx: Ctx,
  caller: ApiCaller,
  input: { envelopeId: string; recipientId: number },
): Promise<{ code: string; expiresAt: string }> {
  // Hashed before the envelope is locked: scrypt takes tens of milliseconds.
  const code = newOneTimeCode();
  const codeHash = await slowHash(code);
  const expiresAt = await editEnvelope(
    ctx,
    caller,
    input.envelopeId,
    'DOCUMENT_ACCESS_AUTH_2FA_REQUESTED',
    async (trx, graph, now) => {
      const recipient = graph.recipients.find((r) => r.id === input.recipientId);
      if (!recipient) throw notFound('Recipient');
      const s: SigningSession = { graph, recipient, meta: graph.envelope.meta };
      assertCanAct(s, now, { ignoreTurn: true });
      const req = requirementsOf(s);
      if (![...req.access, ...req.action].includes('EXTERNAL_TWO_FACTOR_AUTH'))
        throw new AppError(
          'VERIFICATION_METHOD_NOT_EXTERNAL',
          'This recipient does not verify with a code the sender delivers (EXTERNAL_TWO_FACTOR_AUTH in accessAuth or actionAuth)',
        );
      const iso = now.toISOString();
      const expires = new Date(now.getTime() + OTP_VALID_MS).toISOString();
      const state = (await loadVerificationState(trx, s)) ?? freshState(s, iso);
      Object.assign(state, {
        otpHash: codeHash,
        otpPurpose: 'external',
        otpExpiresAt: expires,
        otpTries: 0,
        updatedAt: iso,
      });
      await saveVerificationState(trx, state);
      await appendAuditEvent(ctx, trx, {
        envelopeId: graph.envelope.id,
        type: 'DOCUMENT_ACCESS_AUTH_2FA_REQUESTED',
        data: { purpose: 'external', deliveredBy: 'SENDER' },
        actor: apiActor(caller),
        recipientId: recipient.id,
        request: caller.request,
        at: now,
      });
      // The entry above is this edit's audit (it names the recipient): none from the frame.
      return { result: expires, data: null };
    },
  );
  return { code, expiresAt };
}
