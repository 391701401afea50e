import type { Ctx } from './domain/context.js';
import { completeEnvelope } from './domain/completion/complete-envelope.js';
import { COMPLETE_ENVELOPE_JOB } from './domain/completion/hand-over.js';
import { RetryJobError, type JobHandler } from './infra/jobs/job-runner.js';
import { COMPLETED_MAIL } from './domain/completion/complete-envelope.js';
import { CANCELLED_MAIL } from './domain/envelopes/cancel-envelope.js';
import { OWNER_NOTICE_MAIL, sendOwnerNotice, type OwnerNotice } from './domain/mail/owner-notice.js';
import { sendRecipientMail } from './domain/mail/send-recipient-mail.js';
import { SIGNING_REQUEST_MAIL } from './domain/signing/notify-turn.js';
import { REJECTED_MAIL } from './domain/signing/reject-recipient.js';

/**
 * Every job kind and the use case that runs it. Job definitions (kind + payload) are written by
 * the domain in the transaction of the change that needs them; this is where they meet their code.
 */
export function jobHandlers(ctx: Ctx): Record<string, JobHandler> {
  return {
    [COMPLETE_ENVELOPE_JOB]: async (p) => {
      // Another process is sealing this envelope: come back after its claim could have lapsed.
      if ((await completeEnvelope(ctx, Number(p.envelopeId))) === 'busy') throw new RetryJobError('another run is completing this envelope', new Date(ctx.clock().getTime() + 60_000));
    },
    [SIGNING_REQUEST_MAIL]: (p) => sendRecipientMail(ctx, 'signingRequest', Number(p.recipientId)),
    [COMPLETED_MAIL]: (p) => sendRecipientMail(ctx, 'completed', Number(p.recipientId)),
    [REJECTED_MAIL]: (p) => sendRecipientMail(ctx, 'rejected', Number(p.recipientId)),
    [OWNER_NOTICE_MAIL]: (p) => sendOwnerNotice(ctx, p as { envelopeId: number; notice: OwnerNotice; detail: string | null }),
    [CANCELLED_MAIL]: (p) => sendRecipientMail(ctx, 'cancelled', Number(p.recipientId)),
  };
}
