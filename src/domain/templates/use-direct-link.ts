import { findDirectLinkByTokenHash } from '../../db/repositories/direct-link.repo.js';
import { findPlatformById } from '../../db/repositories/platform.repo.js';
import { AppError, ERROR_STATUS, isAppError, notFound } from '../../errors.js';
import type { RequestMeta } from '../audit/append-audit-event.js';
import type { ApiCaller } from '../auth/principal.js';
import type { Ctx } from '../context.js';
import { getEnvelopeGraph } from '../envelopes/get-envelope.js';
import { IssueCollector } from '../envelopes/validation-issues.js';
import { hashDirectLinkToken } from '../model/direct-link.js';
import { chosenLanguage, parseStoredMeta } from '../model/envelope-meta.js';
import { isValidCuil, normalizeTaxId } from '../recipients/tax-id.js';
import { collectDirectLinkGaps, disabledLink } from './direct-link-rules.js';
import { useTemplate } from './use-template.js';

/** Who the visitor says they are (the page's form). */
export interface DirectLinkVisitor {
  name: string;
  email: string;
  cuil?: string | null | undefined;
}

/**
 * The link behind a public token and its template, read without writing anything.
 * @throws NOT_FOUND (unknown or deleted link, deleted template: the same answer), DIRECT_LINK_DISABLED
 */
async function loadLink(ctx: Ctx, token: string) {
  if (token.length < 16 || token.length > 128) throw notFound('Direct link');
  const link = await findDirectLinkByTokenHash(ctx.db, hashDirectLinkToken(token));
  if (!link) throw notFound('Direct link');
  if (link.enabled !== 1) throw disabledLink();
  const graph = await getEnvelopeGraph(ctx.db, link.platformId, { documentId: link.envelopeId });
  const direct = graph.recipients.find((r) => r.id === link.directRecipientId);
  // The owner removed the recipient the link named: unusable until the link is made again.
  if (!direct) throw unusable();
  return { link, graph, direct };
}

const unusable = () =>
  new AppError(
    'DIRECT_LINK_TEMPLATE_INCOMPLETE',
    'This link cannot be used right now: the sender has to complete the document first',
  );

/** What the page shows before the visitor's details: the template's title, the visitor's role and what it asks. */
export async function openDirectLink(ctx: Ctx, token: string) {
  const { graph, direct } = await loadLink(ctx, token);
  return {
    title: graph.envelope.title,
    language: parseStoredMeta(graph.envelope.meta).language,
    role: direct.role,
    requiresCuil: direct.role === 'SIGNER',
    fieldCount: graph.fields.filter((f) => f.recipientId === direct.id).length,
    pageCount: graph.items.reduce((sum, i) => sum + i.pageCount, 0),
  };
}

/** For the page shell: the language the sender chose (null: the browser's), whether it is disabled, null when unknown. */
export async function checkDirectLink(
  ctx: Ctx,
  token: string,
): Promise<{ language: string | null; disabled: boolean } | null> {
  try {
    const { graph } = await loadLink(ctx, token);
    return { language: chosenLanguage(parseStoredMeta(graph.envelope.meta)), disabled: false };
  } catch (error) {
    if (isAppError(error) && error.code === 'NOT_FOUND') return null;
    if (isAppError(error) && error.code === 'DIRECT_LINK_DISABLED') return { language: null, disabled: true };
    // An unusable template still shows its page: the visitor learns why when they send the form.
    if (isAppError(error) && error.code === 'DIRECT_LINK_TEMPLATE_INCOMPLETE')
      return { language: null, disabled: false };
    throw error;
  }
}

/** Codes about what the visitor sent: answered as they are; any other refusal is the template's. */
const VISITOR_CODES = new Set(['RECIPIENT_INVALID_CUIL', 'VALIDATION_ERROR', 'NOT_FOUND', 'DIRECT_LINK_DISABLED']);

/**
 * A visitor uses a direct link: the document is made from the template (`useTemplate`, the
 * visitor's name, e-mail and CUIL on the link's recipient, `source: TEMPLATE_DIRECT_LINK`, the
 * creation's audit entry naming the visitor with their IP and user agent, the owner's notice) and
 * distributed, in one transaction; the visitor then signs through the normal signing session, whose
 * token is answered. A SIGNER's CUIL is checked like any signer's. A template that cannot be sent
 * (another recipient without e-mail or CUIL, say) is refused with no detail: they are the owner's.
 * @throws NOT_FOUND, DIRECT_LINK_DISABLED, RECIPIENT_INVALID_CUIL, DIRECT_LINK_TEMPLATE_INCOMPLETE
 */
export async function useDirectLink(ctx: Ctx, token: string, visitor: DirectLinkVisitor, request: RequestMeta) {
  const { link, graph, direct } = await loadLink(ctx, token);
  let cuil: string | null = null;
  if (direct.role === 'SIGNER') {
    const digits = normalizeTaxId(visitor.cuil ?? '');
    if (!digits || !isValidCuil(digits))
      throw new AppError('RECIPIENT_INVALID_CUIL', 'A signer needs a valid CUIL', {
        issues: [
          {
            path: ['cuil'],
            message: 'cuil: 11 digits, a person prefix 20/23/24/25/26/27 and a correct check digit',
          },
        ],
      });
    cuil = digits;
  }
  const gaps = new IssueCollector();
  collectDirectLinkGaps(graph, direct, gaps);
  if (gaps.size > 0) throw unusable();
  const platform = await findPlatformById(ctx.db, link.platformId);
  if (!platform) throw notFound('Direct link');
  // The platform acts through its link; the audit entries name the visitor (useTemplate's actor).
  const caller: ApiCaller = {
    principal: {
      platformId: link.platformId,
      platformName: platform.name,
      tokenId: `direct-link:${link.id}`,
      scope: 'full',
      environment: ctx.config.environment,
    },
    request,
  };
  try {
    const used = await useTemplate(ctx, caller, {
      template: { documentId: link.envelopeId },
      recipients: [{ id: direct.id, email: visitor.email, name: visitor.name, cuil }],
      distributeDocument: true,
      requestPath: [],
      directLink: { linkId: link.id, directRecipientId: direct.id },
    });
    const recipientId = used.recipientIds.get(direct.id);
    const signing = used.links.find((l) => l.id === recipientId);
    if (!signing) throw unusable();
    return {
      documentId: used.graph.envelope.id,
      envelopeId: used.graph.envelope.publicId,
      recipientId: signing.id,
      token: signing.token,
      signingUrl: signing.signingUrl,
    };
  } catch (error) {
    if (isAppError(error) && ERROR_STATUS[error.code] === 400 && !VISITOR_CODES.has(error.code)) throw unusable();
    throw error;
  }
}
