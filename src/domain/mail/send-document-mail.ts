import type { MailMessage } from '../../infra/mail/mailer.js';
import { PermanentJobError } from '../../infra/jobs/job-runner.js';
import type { Ctx } from '../context.js';

/**
 * Hands one of a document's mails to the mailer, inside a mail job: a 5xx about the address
 * (550-559) will not get better by retrying and fails the job for good; anything else throws, and
 * the job runner retries with backoff.
 */
export async function sendDocumentMail(ctx: Pick<Ctx, 'mailer'>, message: MailMessage): Promise<void> {
  try {
    await ctx.mailer.send(message);
  } catch (error) {
    const e = error as { responseCode?: number };
    if (typeof e.responseCode === 'number' && e.responseCode >= 550 && e.responseCode < 560)
      throw new PermanentJobError(`mail refused: ${e.responseCode}`);
    throw error;
  }
}
