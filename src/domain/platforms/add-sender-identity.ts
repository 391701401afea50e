import {
  findSenderIdentity,
  findSenderIdentityByEmail,
  insertSenderIdentity,
  listSenderIdentities,
  lockPlatformForSenders,
  updateSenderIdentity,
} from '../../db/repositories/sender-identity.repo.js';
import { AppError } from '../../errors.js';
import { newOneTimeCode, slowHash } from '../../infra/crypto/slow-hash.js';
import { ZEmailAddress } from '../../lib/email-address.js';
import type { Language } from '../../lib/vocabulary/languages.js';
import type { Principal } from '../auth/principal.js';
import type { Ctx } from '../context.js';
import { newId } from '../ids.js';
import { enqueueJob } from '../jobs/enqueue-job.js';
import { SENDER_CODE_MAIL } from '../jobs/job-catalogue.js';
import { senderNameLine } from '../mail/mail-sender.js';
import {
  assertPlatformCaller,
  SENDER_CODE_RESEND_MS,
  SENDER_CODE_VALID_MS,
  SENDERS_PER_PLATFORM,
  senderIdentityView,
  type SenderChangeHook,
  type SenderIdentityView,
} from './sender-identity-view.js';

export interface SenderIdentityInput {
  email: string;
  name?: string | null | undefined;
  /** The language of the code mail (the platform has none of its own); English when absent. */
  language?: Language | undefined;
}

/**
 * Registers an address the platform's documents may send from (`meta.emailId`), unverified: a
 * 6-digit code is mailed to it (a job in the same transaction), kept only as a slow hash with its
 * expiry (10 minutes) and tries. Adding an address not yet verified again mails a new code (and
 * may rename it), at most once a minute; a verified one is ALREADY_EXISTS.
 * @throws VALIDATION_ERROR, FORBIDDEN, ALREADY_EXISTS (409), LIMIT_EXCEEDED, VERIFICATION_RESEND_LIMIT (429)
 */
export async function addSenderIdentity(
  ctx: Ctx,
  principal: Principal,
  input: SenderIdentityInput,
  inTransaction?: SenderChangeHook,
): Promise<SenderIdentityView> {
  assertPlatformCaller(principal);
  const parsed = ZEmailAddress.safeParse(input.email.trim());
  if (!parsed.success)
    throw new AppError('VALIDATION_ERROR', 'not a valid e-mail address', {
      issues: [{ message: parsed.error.issues[0]?.message ?? 'invalid', path: ['email'] }],
    });
  const email = parsed.data.toLowerCase();
  const name = input.name == null ? undefined : senderNameLine(input.name) || null;
  // Hashed before the platform is locked: scrypt takes tens of milliseconds.
  const code = newOneTimeCode();
  const codeHash = await slowHash(code);
  const view = await ctx.db.transaction().execute(async (trx) => {
    await lockPlatformForSenders(trx, principal.platformId);
    const now = ctx.clock();
    const iso = now.toISOString();
    const codeExpiresAt = new Date(now.getTime() + SENDER_CODE_VALID_MS).toISOString();
    const codeFields = { codeHash, codeExpiresAt, codeSentAt: iso, codeTries: 0, updatedAt: iso };
    const existing = await findSenderIdentityByEmail(trx, principal.platformId, email);
    let id: string;
    if (existing) {
      if (existing.verifiedAt)
        throw new AppError('ALREADY_EXISTS', `${email} is already a verified sender of this platform (${existing.id})`);
      const wait = (existing.codeSentAt ? Date.parse(existing.codeSentAt) : 0) + SENDER_CODE_RESEND_MS - now.getTime();
      if (wait > 0)
        throw new AppError(
          'VERIFICATION_RESEND_LIMIT',
          'A code was mailed to this address a moment ago: try again later',
          {
            headers: { 'Retry-After': String(Math.ceil(wait / 1000)) },
          },
        );
      id = existing.id;
      await updateSenderIdentity(trx, id, { ...codeFields, ...(name !== undefined ? { name } : {}) });
    } else {
      if ((await listSenderIdentities(trx, principal.platformId)).length >= SENDERS_PER_PLATFORM)
        throw new AppError('LIMIT_EXCEEDED', `At most ${SENDERS_PER_PLATFORM} sender identities per platform`);
      id = newId('sender');
      await insertSenderIdentity(trx, {
        id,
        platformId: principal.platformId,
        email,
        name: name ?? null,
        verifiedAt: null,
        createdAt: iso,
        ...codeFields,
      });
    }
    await enqueueJob(
      trx,
      {
        kind: SENDER_CODE_MAIL,
        payload: {
          senderId: id,
          codeSealed: ctx.secrets.seal(code),
          expiresAt: codeExpiresAt,
          language: input.language ?? 'en',
        },
      },
      now,
    );
    const added = senderIdentityView((await findSenderIdentity(trx, principal.platformId, id))!);
    await inTransaction?.(trx, added);
    return added;
  });
  ctx.wakeWorker();
  return view;
}
