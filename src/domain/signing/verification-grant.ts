import { createHash } from 'node:crypto';
import type { SecretBox } from '../../infra/crypto/secret-box.js';
import type { RequestMeta } from '../audit/audit-actor.js';

/*
 * A passed verification belongs to the caller that passed it, not to the link: anyone else holding
 * the link must verify again. Each verification call answers a grant: the times this caller passed
 * each method, bound to the link's token hash and sealed (AES-GCM) with the installation's key, so
 * it can be neither forged nor moved to another link. The browser keeps it in an HttpOnly cookie,
 * an API caller sends it back in the `X-Firma-Verification` header. A later verification call
 * presenting the grant answers one with the new pass added. Nothing is stored per caller: the
 * database keeps the codes, tries and locks of the recipient.
 */

/** The request header an API caller presents its verification token in. */
export const VERIFICATION_HEADER = 'x-firma-verification';
/** Grants start with this, so the logger can scrub one wherever it appears. */
const PREFIX = 'fv1.';
/** Longer presented values are not grants (a sealed grant is a few hundred characters). */
const MAX_LENGTH = 2048;
/** The longest a pass holds (access and CUIL: 12 hours; see verification-state.ts). */
export const GRANT_MAX_MS = 12 * 3600_000;

/** When this caller passed each method (ISO times), as its grants say; null: not passed. */
export interface CallerPasses {
  access: string | null;
  actionOtp: string | null;
  /** The PASSWORD method: the sender's access code, or the recipient's account password. */
  accessCode: string | null;
  cuil: string | null;
  /** Signed in to the recipient's own Firma account (ACCOUNT). */
  account: string | null;
  /** A passkey of that account answered this recipient's signing challenge (PASSKEY). */
  passkey: string | null;
}

export const NO_PASSES: CallerPasses = {
  access: null,
  actionOtp: null,
  accessCode: null,
  cuil: null,
  account: null,
  passkey: null,
};

/**
 * A signing API request: its audit facts, the verification grants it presents (cookie, header),
 * and the live Firma account session it comes with (the web app's cookie), if any.
 */
export interface SigningRequest extends RequestMeta {
  verification: readonly string[];
  accountSessionId: string | null;
}

/** The passes that stand for a signed-in account: they last only as long as that session. */
const ACCOUNT_PASSES = ['account', 'passkey'] as const;

interface SealedGrant extends CallerPasses {
  kind: 'firma-verification';
  tokenHash: string;
  /** The account session that passed ACCOUNT or PASSKEY; those passes hold only while it is live. */
  accountSessionId?: string | null;
}

/**
 * What the presented grants say for this link: each must open with the key and name this token
 * hash; several (a cookie and a header) are merged, the latest pass of each method winning. Passes
 * in the future or older than GRANT_MAX_MS count for nothing, and so do ACCOUNT and PASSKEY passes
 * unless the request comes with the live account session that passed them: signing out, or the
 * session revoked or lapsed, ends them (the grant itself cannot be recalled; the session can).
 */
export function callerPasses(
  secrets: SecretBox,
  request: Pick<SigningRequest, 'verification' | 'accountSessionId'>,
  tokenHash: string | null,
  now: Date,
): CallerPasses {
  const passes: CallerPasses = { ...NO_PASSES };
  if (!tokenHash) return passes;
  for (const value of request.verification) {
    const grant = openGrant(secrets, value);
    if (!grant || grant.tokenHash !== tokenHash) continue;
    const sameSession = !!grant.accountSessionId && grant.accountSessionId === request.accountSessionId;
    for (const key of Object.keys(NO_PASSES) as (keyof CallerPasses)[]) {
      const at = grant[key];
      if (typeof at !== 'string' || !current(at, now)) continue;
      if ((ACCOUNT_PASSES as readonly string[]).includes(key) && !sameSession) continue;
      if (passes[key] === null || at > passes[key]) passes[key] = at;
    }
  }
  return passes;
}

/**
 * A grant for these passes on this link, and until when its longest pass holds. `accountSessionId`:
 * the live session of the request (ACCOUNT and PASSKEY passes are bound to it).
 */
export function issueGrant(
  secrets: SecretBox,
  tokenHash: string,
  passes: CallerPasses,
  accountSessionId: string | null,
): { verificationToken: string; verificationExpiresAt: string } {
  const sealed: SealedGrant = { kind: 'firma-verification', tokenHash, ...passes, accountSessionId };
  const latest = Math.max(
    0,
    ...Object.values(passes)
      .filter((v): v is string => v !== null)
      .map((v) => Date.parse(v)),
  );
  return {
    verificationToken: PREFIX + secrets.seal(JSON.stringify(sealed)),
    verificationExpiresAt: new Date(latest + GRANT_MAX_MS).toISOString(),
  };
}

/** The cookie a browser keeps a link's grant in: one per link, named by a digest of its token hash. */
export function verificationCookieName(tokenHash: string): string {
  return `firma_v_${createHash('sha256').update(tokenHash).digest('hex').slice(0, 16)}`;
}

function openGrant(secrets: SecretBox, value: string): SealedGrant | null {
  if (!value.startsWith(PREFIX) || value.length > MAX_LENGTH) return null;
  try {
    const grant = JSON.parse(secrets.open(value.slice(PREFIX.length))) as Partial<SealedGrant> | null;
    return grant?.kind === 'firma-verification' && typeof grant.tokenHash === 'string' ? (grant as SealedGrant) : null;
  } catch {
    return null;
  }
}

function current(at: string, now: Date): boolean {
  const t = Date.parse(at);
  return Number.isFinite(t) && t <= now.getTime() && now.getTime() - t < GRANT_MAX_MS;
}

/** The passes a signing request's grants prove for the recipient's current link. */
export function passesOf(
  secrets: SecretBox,
  s: { recipient: { tokenHash: string | null } },
  request: Pick<SigningRequest, 'verification' | 'accountSessionId'>,
  now: Date,
): CallerPasses {
  return callerPasses(secrets, request, s.recipient.tokenHash, now);
}
