import {
  countEmailChallengesSince,
  countLinkChallengesSince,
  insertDirectLinkChallenge,
  lockDirectLinkRow,
  purgeLinkChallenges,
} from '../../db/repositories/direct-link-challenge.repo.js';
import { AppError, notFound } from '../../errors.js';
import { newOneTimeCode, slowHash } from '../../infra/crypto/slow-hash.js';
import type { Ctx } from '../context.js';
import { IssueCollector } from '../envelopes/validation-issues.js';
import { newId } from '../ids.js';
import { enqueueJob } from '../jobs/enqueue-job.js';
import { DIRECT_LINK_CODE_MAIL } from '../jobs/job-catalogue.js';
import { collectDirectLinkGaps } from './direct-link-rules.js';
import { loadDirectLink, unusableLink } from './load-direct-link.js';

/** How long a mailed code is good for, and how many tries it allows (the signing API's figures). */
export const DIRECT_CODE_VALID_MS = 10 * 60_000;
export const DIRECT_CODE_MAX_TRIES = 5;
/** Codes one address may receive per rolling hour, through all links together. */
export const DIRECT_CODES_PER_ADDRESS = 5;
const HOUR_MS = 3600_000;

/** The address a code is kept under: the one the visitor typed, trimmed and lower-cased. */
export const challengeEmail = (email: string) => email.trim().toLowerCase();

export interface DirectLinkCodeSent {
  email: string;
  codeExpiresAt: string;
}

/**
 * Step one of a direct link: the visitor names their e-mail and Firma mails it a 6-digit code; no
 * document exists yet and nobody else is mailed. The code is stored as a slow hash with its expiry
 * (10 minutes) and a count of tries; the mail is a job in the same transaction. Two limits, counted
 * in the database so every node shares them: FIRMA_DIRECT_LINK_USES_PER_HOUR codes per link (the
 * link's row is locked while counting, so concurrent requests cannot overshoot), and
 * DIRECT_CODES_PER_ADDRESS per address over all links, so no address can be flooded. A template
 * that cannot be sent is refused before any mail.
 * @throws NOT_FOUND, DIRECT_LINK_DISABLED, DIRECT_LINK_TEMPLATE_INCOMPLETE, DIRECT_LINK_LIMIT_REACHED (429),
 *   VERIFICATION_RESEND_LIMIT (429)
 */
export async function requestDirectLinkCode(ctx: Ctx, token: string, rawEmail: string): Promise<DirectLinkCodeSent> {
  const { link, graph, direct, identityRule } = await loadDirectLink(ctx, token);
  const gaps = new IssueCollector();
  collectDirectLinkGaps(graph, direct, identityRule, gaps);
  if (gaps.size > 0) throw unusableLink();
  const email = challengeEmail(rawEmail);
  // Hashed before the link is locked: scrypt takes tens of milliseconds.
  const code = newOneTimeCode();
  const codeHash = await slowHash(code);
  const answer = await ctx.db.transaction().execute(async (trx) => {
    if (!(await lockDirectLinkRow(trx, link.id))) throw notFound('Direct link');
    const now = ctx.clock();
    const t = now.getTime();
    const since = new Date(t - HOUR_MS).toISOString();
    await purgeLinkChallenges(trx, link.id, since);
    const retryAfter = (oldest: string | null) => {
      const seconds = Math.max(1, Math.ceil(((oldest ? Date.parse(oldest) : t) + HOUR_MS - t) / 1000));
      return { 'Retry-After': String(seconds) };
    };
    const perLink = await countLinkChallengesSince(trx, link.id, since);
    if (perLink.count >= ctx.config.directLinkUsesPerHour)
      throw new AppError(
        'DIRECT_LINK_LIMIT_REACHED',
        `This link was used ${ctx.config.directLinkUsesPerHour} times in the last hour: try again later`,
        { headers: retryAfter(perLink.oldest) },
      );
    const perAddress = await countEmailChallengesSince(trx, email, since);
    if (perAddress.count >= DIRECT_CODES_PER_ADDRESS)
      throw new AppError('VERIFICATION_RESEND_LIMIT', 'Too many codes were sent to this address: try again later', {
        headers: retryAfter(perAddress.oldest),
      });
    const expiresAt = new Date(t + DIRECT_CODE_VALID_MS).toISOString();
    await insertDirectLinkChallenge(trx, {
      id: newId('dlc'),
      linkId: link.id,
      email,
      codeHash,
      expiresAt,
      tries: 0,
      usedAt: null,
      createdAt: now.toISOString(),
    });
    await enqueueJob(
      trx,
      {
        kind: DIRECT_LINK_CODE_MAIL,
        payload: { linkId: link.id, email, codeSealed: ctx.secrets.seal(code), expiresAt },
      },
      now,
    );
    return { email, codeExpiresAt: expiresAt };
  });
  ctx.wakeWorker();
  return answer;
}
