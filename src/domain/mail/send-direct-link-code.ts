import { findDirectLinkForMail } from '../../db/repositories/direct-link-challenge.repo.js';
import type { Ctx } from '../context.js';
import type { DIRECT_LINK_CODE_MAIL, JobPayload } from '../jobs/job-catalogue.js';
import { documentSender } from './mail-sender.js';
import { sendDocumentMail } from './send-document-mail.js';
import { renderMail } from './mail-templates.js';

/**
 * Mails a direct-link visitor the code confirming their address. Only the template's title (the
 * owner's words) and the code are in it: nothing the visitor typed but the address it goes to. A
 * code past its 10 minutes, or a link since turned off or deleted, is not sent.
 */
export async function sendDirectLinkCode(ctx: Ctx, payload: JobPayload<typeof DIRECT_LINK_CODE_MAIL>): Promise<void> {
  if (Date.parse(payload.expiresAt) <= ctx.clock().getTime()) return;
  const link = await findDirectLinkForMail(ctx.db, payload.linkId);
  if (!link || link.enabled !== 1) return;
  const meta = link.meta;
  const sender = await documentSender(ctx, link.platformId, meta);
  const content = renderMail('directLinkCode', meta.language, {
    title: link.title,
    recipientName: '',
    senderMessage: null,
    actionUrl: null,
    role: '',
    code: ctx.secrets.open(payload.codeSealed),
    senderName: sender.senderName,
  });
  await sendDocumentMail(ctx, { to: payload.email, ...content, ...sender });
}
