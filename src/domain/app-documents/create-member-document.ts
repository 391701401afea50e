import type { ApiCaller } from '../auth/principal.js';
import type { Ctx } from '../context.js';
import { createEnvelope } from '../envelopes/create-envelope.js';
import { distributeInTransaction } from '../envelopes/distribute-envelope.js';
import { forgetEnvelopeCounts } from '../envelopes/find-envelopes.js';
import type { RecipientCreateInput } from '../recipients/recipient-input.js';
import type { UploadedPdf } from '../uploads/uploaded-pdf.js';
import type { Language } from '../../lib/vocabulary/languages.js';

export interface NewMemberDocument {
  title: string;
  /** The language of the recipients' mails and signing page. */
  language: Language;
  recipients: Pick<RecipientCreateInput, 'email' | 'name' | 'role' | 'signingOrder' | 'cuil'>[];
  /** true: sent at once; false: kept as a draft. */
  send: boolean;
  file: UploadedPdf;
}

/**
 * A document made in the web app from one uploaded PDF: the API's create (its checks, limits and
 * off-event-loop PDF parsing; placeholder tags become the recipients' fields) with the member as
 * owner, and, to send it, the API's distribute inside the creation's transaction — so a document
 * that cannot be sent (a signer without a signature tag, an ID the team's rule refuses) is refused
 * whole and nothing is stored, instead of leaving a draft behind a refusal. Each step writes its
 * own audit entry (DOCUMENT_CREATED, DOCUMENT_SENT), naming the member.
 * @throws what createEnvelope and distributeEnvelope throw (NOT_A_PDF, PAYLOAD_TOO_LARGE,
 *   PLACEHOLDER_TAG_INVALID, MISSING_SIGNATURE_FIELD, RECIPIENT_INVALID_CUIL, …)
 */
export async function createMemberDocument(
  ctx: Ctx,
  caller: ApiCaller,
  input: NewMemberDocument,
): Promise<{ id: string; status: 'DRAFT' | 'PENDING' }> {
  const graph = await createEnvelope(ctx, caller, {
    type: 'DOCUMENT',
    title: input.title,
    meta: { language: input.language },
    files: [{ ...input.file, title: input.title }],
    recipients: input.recipients.map((r, index) => ({
      ...r,
      accessAuth: [],
      actionAuth: [],
      path: ['payload', 'recipients', index],
    })),
    withinTransaction: input.send
      ? async (trx, created) => {
          await distributeInTransaction(ctx, trx, caller, { key: { publicId: created.envelope.publicId } });
        }
      : undefined,
  });
  if (input.send) {
    forgetEnvelopeCounts(caller.principal.platformId);
    ctx.wakeWorker();
  }
  return { id: graph.envelope.publicId, status: input.send ? 'PENDING' : 'DRAFT' };
}
