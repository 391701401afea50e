import type { Ctx } from './domain/context.js';
import { completeEnvelope } from './domain/completion/complete-envelope.js';
import {
  bindJobHandlers,
  CANCELLED_MAIL,
  COMPLETE_ENVELOPE_JOB,
  COMPLETED_MAIL,
  OWNER_NOTICE_MAIL,
  REJECTED_MAIL,
  REMINDER_DUE_JOB,
  REMINDER_MAIL,
  BULK_SEND_JOB,
  SIGNING_REQUEST_MAIL,
  VERIFICATION_CODE_MAIL,
  DIRECT_LINK_CODE_MAIL,
  BLOB_GC_JOB,
  DOCUMENT_PENDING_MAIL,
  RECIPIENT_REMOVED_MAIL,
  SENDER_CODE_MAIL,
  ACCOUNT_MAIL,
  type JobHandlers,
} from './domain/jobs/job-catalogue.js';
import { RetryJobError, type JobHandler } from './infra/jobs/job-runner.js';
import { sendOwnerNotice } from './domain/mail/owner-notice.js';
import { sendRecipientMail } from './domain/mail/send-recipient-mail.js';
import { sendVerificationCode } from './domain/mail/send-verification-code.js';
import { sendDirectLinkCode } from './domain/mail/send-direct-link-code.js';
import { sendRemovalNotice } from './domain/mail/removal-notice.js';
import { sendSenderCode } from './domain/mail/send-sender-code.js';
import { sendAccountMail } from './domain/accounts/send-account-mail.js';
import { sendReminder } from './domain/reminders/send-reminder.js';
import { runBulkSend } from './domain/bulk-send/run-bulk-send.js';
import { runBlobGc } from './domain/blobs/run-blob-gc.js';

/**
 * Every job kind and the use case that runs it. Job definitions (kind + payload) are written by
 * the domain in the transaction of the change that needs them; this is where they meet their code.
 * The map is exhaustive over the catalogue (`domain/jobs/job-catalogue.ts`), and each payload is
 * parsed with its kind's schema before the handler sees it.
 */
export function workerJobHandlers(ctx: Ctx): JobHandlers {
  return {
    [COMPLETE_ENVELOPE_JOB]: async ({ envelopeId }) => {
      // Another process is sealing this envelope: come back after its claim could have lapsed.
      if ((await completeEnvelope(ctx, envelopeId)) === 'busy')
        throw new RetryJobError('another run is completing this envelope', new Date(ctx.clock().getTime() + 60_000));
    },
    [SIGNING_REQUEST_MAIL]: ({ recipientId }) => sendRecipientMail(ctx, 'signingRequest', recipientId),
    [COMPLETED_MAIL]: ({ recipientId }) => sendRecipientMail(ctx, 'completed', recipientId),
    [REJECTED_MAIL]: ({ recipientId }) => sendRecipientMail(ctx, 'rejected', recipientId),
    [OWNER_NOTICE_MAIL]: (payload) => sendOwnerNotice(ctx, payload),
    [CANCELLED_MAIL]: ({ recipientId }) => sendRecipientMail(ctx, 'cancelled', recipientId),
    [REMINDER_DUE_JOB]: async (payload) => {
      await sendReminder(ctx, payload);
    },
    [REMINDER_MAIL]: ({ recipientId }) => sendRecipientMail(ctx, 'reminder', recipientId),
    [BULK_SEND_JOB]: ({ bulkSendId }) => runBulkSend(ctx, bulkSendId),
    [VERIFICATION_CODE_MAIL]: (payload) => sendVerificationCode(ctx, payload),
    [DIRECT_LINK_CODE_MAIL]: (payload) => sendDirectLinkCode(ctx, payload),
    [DOCUMENT_PENDING_MAIL]: ({ recipientId }) => sendRecipientMail(ctx, 'documentPending', recipientId),
    [RECIPIENT_REMOVED_MAIL]: (payload) => sendRemovalNotice(ctx, payload),
    [SENDER_CODE_MAIL]: (payload) => sendSenderCode(ctx, payload),
    [ACCOUNT_MAIL]: (payload) => sendAccountMail(ctx, payload),
    [BLOB_GC_JOB]: async (_payload, job) => {
      await runBlobGc(ctx, job);
    },
  };
}

/** The job runner's table: `workerJobHandlers` behind payload parsing. */
export function jobHandlers(ctx: Ctx): Record<string, JobHandler> {
  return bindJobHandlers(workerJobHandlers(ctx));
}
