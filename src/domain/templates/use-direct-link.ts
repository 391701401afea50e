import {
  findLatestChallenge,
  spendChallengeTry,
  useChallenge,
} from '../../db/repositories/direct-link-challenge.repo.js';
import { findPlatformById, platformsWithEmbedWhiteLabel } from '../../db/repositories/platform.repo.js';
import { AppError, ERROR_STATUS, isAppError, notFound } from '../../errors.js';
import { slowHashMatches } from '../../infra/crypto/slow-hash.js';
import type { RequestMeta } from '../audit/audit-actor.js';
import type { ApiCaller } from '../auth/principal.js';
import type { Ctx } from '../context.js';
import { IssueCollector } from '../envelopes/validation-issues.js';
import { chosenLanguage } from '../model/envelope-meta.js';
import { compactNationalId, nationalIdRule } from '../recipients/identity-rule.js';
import { collectDirectLinkGaps } from './direct-link-rules.js';
import { loadDirectLink, unusableLink } from './load-direct-link.js';
import { challengeEmail, DIRECT_CODE_MAX_TRIES } from './request-direct-link-code.js';
import { useTemplate } from './use-template.js';

/** Who the visitor says they are (the page's form), and the code mailed to that address. */
export interface DirectLinkVisitor {
  name: string;
  email: string;
  cuil?: string | null | undefined;
  code: string;
  /** The new document's externalId (the embedding app's reference, `/embed/direct/{token}?externalId=`). */
  externalId?: string | undefined;
}

/** What the page shows before the visitor's details: the template's title, the visitor's role and what it asks. */
export async function openDirectLink(ctx: Ctx, token: string) {
  const { graph, direct, identityRule } = await loadDirectLink(ctx, token);
  return {
    title: graph.envelope.title,
    language: graph.envelope.meta.language,
    role: direct.role,
    // The visitor types the national ID their platform's rule asks of a signer, in `cuil`; none under NONE.
    requiresCuil: direct.role === 'SIGNER' && identityRule !== 'NONE',
    identityRule,
    fieldCount: graph.fields.filter((f) => f.recipientId === direct.id).length,
    pageCount: graph.items.reduce((sum, i) => sum + i.pageCount, 0),
  };
}

/**
 * For the page shell: the language the sender chose (null: the browser's), whether it is disabled,
 * whether its embedded page may take the embedder's css and cssVars (the platform's white-label
 * switch), null when unknown.
 */
export async function checkDirectLink(
  ctx: Ctx,
  token: string,
): Promise<{ language: string | null; disabled: boolean; whiteLabel: boolean; platformId: number | null } | null> {
  try {
    const { graph, link } = await loadDirectLink(ctx, token);
    const whiteLabel = (await platformsWithEmbedWhiteLabel(ctx.db, [link.platformId])).length > 0;
    return {
      language: chosenLanguage(graph.envelope.meta),
      disabled: false,
      whiteLabel,
      platformId: link.platformId,
    };
  } catch (error) {
    if (isAppError(error) && error.code === 'NOT_FOUND') return null;
    if (isAppError(error) && error.code === 'DIRECT_LINK_DISABLED')
      return { language: null, disabled: true, whiteLabel: false, platformId: null };
    // An unusable template still shows its page: the visitor learns why when they send the form.
    if (isAppError(error) && error.code === 'DIRECT_LINK_TEMPLATE_INCOMPLETE')
      return { language: null, disabled: false, whiteLabel: false, platformId: null };
    throw error;
  }
}

/** Codes about what the visitor sent: answered as they are; any other refusal is the template's. */
const VISITOR_CODES = new Set([
  'RECIPIENT_INVALID_CUIL',
  'RECIPIENT_INVALID_NATIONAL_ID',
  'VALIDATION_ERROR',
  'NOT_FOUND',
  'DIRECT_LINK_DISABLED',
  'VERIFICATION_CODE_EXPIRED',
]);

/**
 * A visitor uses a direct link (step two, after `requestDirectLinkCode`): with the code mailed to
 * their address, the document is made from the template (`useTemplate`, the visitor's name, the
 * confirmed e-mail and CUIL on the link's recipient, `source: TEMPLATE_DIRECT_LINK`, the
 * creation's audit entry naming the visitor with their IP and user agent, the owner's notice) and
 * distributed, in one transaction; the visitor then signs through the normal signing session, whose
 * token is answered. A SIGNER's CUIL is checked like any signer's. A template that cannot be sent
 * (another recipient without e-mail or CUIL, say) is refused with no detail: they are the owner's.
 * Without the right code nothing is made and nobody is mailed. Each try is spent before the code
 * is compared (5 per code); the code is marked used in the creation's own transaction, so one code
 * makes one document even when sent twice at once.
 * @throws NOT_FOUND, DIRECT_LINK_DISABLED, RECIPIENT_INVALID_CUIL, DIRECT_LINK_TEMPLATE_INCOMPLETE,
 *   VERIFICATION_CODE_EXPIRED, VERIFICATION_CODE_INVALID, VERIFICATION_CODE_LOCKED
 */
export async function useDirectLink(ctx: Ctx, token: string, visitor: DirectLinkVisitor, request: RequestMeta) {
  const { link, graph, direct, identityRule } = await loadDirectLink(ctx, token);
  let cuil: string | null = null;
  const nationalId = nationalIdRule(identityRule);
  if (direct.role === 'SIGNER' && nationalId) {
    const compact = compactNationalId(visitor.cuil ?? '');
    if (!nationalId.isValid(compact))
      throw new AppError(
        nationalId.name === 'CUIL' ? 'RECIPIENT_INVALID_CUIL' : 'RECIPIENT_INVALID_NATIONAL_ID',
        `A signer needs a valid ${nationalId.label}`,
        { issues: [{ path: ['cuil'], message: `cuil: ${nationalId.shape}` }] },
      );
    cuil = compact;
  }
  const gaps = new IssueCollector();
  collectDirectLinkGaps(graph, direct, identityRule, gaps);
  if (gaps.size > 0) throw unusableLink();
  const email = await confirmVisitorEmail(ctx, link.id, visitor.email, visitor.code);
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
      ...(visitor.externalId ? { externalId: visitor.externalId } : {}),
      recipients: [{ id: direct.id, email: email.address, name: visitor.name, cuil }],
      distributeDocument: true,
      requestPath: [],
      directLink: { linkId: link.id, directRecipientId: direct.id },
      withinTransaction: async (trx) => {
        if (!(await useChallenge(trx, email.challengeId, ctx.clock().toISOString()))) throw noCode();
      },
    });
    const recipientId = used.recipientIds.get(direct.id);
    const signing = used.links.find((l) => l.id === recipientId);
    if (!signing) throw unusableLink();
    return {
      documentId: used.graph.envelope.id,
      envelopeId: used.graph.envelope.publicId,
      recipientId: signing.id,
      token: signing.token,
      signingUrl: signing.signingUrl,
    };
  } catch (error) {
    if (isAppError(error) && ERROR_STATUS[error.code] === 400 && !VISITOR_CODES.has(error.code)) throw unusableLink();
    throw error;
  }
}

const noCode = () =>
  new AppError('VERIFICATION_CODE_EXPIRED', 'There is no valid code for this address: ask for a new one');

/**
 * The visitor's code against the latest one mailed to their address through this link. A try is
 * spent (in one statement) before the slow comparison; the refusal after the last try says so.
 */
async function confirmVisitorEmail(
  ctx: Ctx,
  linkId: string,
  typedEmail: string,
  code: string,
): Promise<{ address: string; challengeId: string }> {
  const address = challengeEmail(typedEmail);
  const challenge = await findLatestChallenge(ctx.db, linkId, address);
  const now = ctx.clock().toISOString();
  if (!challenge || challenge.usedAt !== null || challenge.expiresAt <= now) throw noCode();
  const locked = () =>
    new AppError('VERIFICATION_CODE_LOCKED', 'The code was mistyped too many times: ask for a new one');
  if (challenge.tries >= DIRECT_CODE_MAX_TRIES) throw locked();
  if (!(await spendChallengeTry(ctx.db, challenge.id, DIRECT_CODE_MAX_TRIES, now))) {
    const again = await findLatestChallenge(ctx.db, linkId, address);
    throw again?.id === challenge.id && again.tries >= DIRECT_CODE_MAX_TRIES ? locked() : noCode();
  }
  if (await slowHashMatches(code, challenge.codeHash)) return { address, challengeId: challenge.id };
  const triesLeft = DIRECT_CODE_MAX_TRIES - challenge.tries - 1;
  if (triesLeft <= 0) throw locked();
  throw new AppError('VERIFICATION_CODE_INVALID', `The code is not right; ${triesLeft} tries left`);
}
