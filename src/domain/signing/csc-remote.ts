import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { findPlatformCsc } from '../../db/repositories/platform.repo.js';
import { AppError } from '../../errors.js';
import { CscCallError, type CscCallOptions, type CscProvider } from '../../infra/csc/csc-client.js';
import type { Ctx } from '../context.js';
import { hashSigningToken } from '../model/signing-links.js';
import type { ConsentInput } from '../model/signing-consent.js';
import type { SigningSession } from './signing-session.js';

/**
 * What the remote-signing use cases share: the platform's provider, the sealed objects that carry
 * the flow across the browser's trips to the provider, and the mapping of provider failures.
 *
 * Nothing of the flow is stored: each step's state is sealed with the secret box (AES-GCM, so it
 * is both secret and tamper-proof), bound to the signing token's hash and short-lived:
 * - the OAuth2 `state` sent to the provider (which step, the signing token, a nonce, and for the
 *   credential step the preparation, the hashes authorised and the consent given);
 * - a cookie holding the PKCE verifier under the same nonce, so only the browser that started an
 *   authorisation can finish it (a stolen code and state are useless without it);
 * - the service session handed to the page in the address fragment after the first authorisation
 *   (it holds the provider's access token, which so never appears in clear outside Firma).
 */

/** The provider's callback on Firma: fixed, so it can be registered with the provider once. */
export const CSC_CALLBACK_PATH = '/sign/csc/callback';
export const CSC_COOKIE = 'firma_csc';
/** How long an authorisation round trip or a service session may last. */
const FLOW_SECONDS = 15 * 60;

export const SHA256_OID = '2.16.840.1.101.3.4.2.1';
export const SIGN_ALGO_OID = { rsa: '1.2.840.113549.1.1.11', ec: '1.2.840.10045.4.3.2' } as const;

export interface CscState {
  kind: 'csc-state';
  step: 'service' | 'credential';
  token: string;
  nonce: string;
  exp: number;
  credential?: {
    credentialId: string;
    preparationId: string;
    itemIds: string[];
    hashes: string[];
    signAlgo: string;
    consent: ConsentInput | undefined;
  };
}

interface CscVerifier {
  kind: 'csc-pkce';
  nonce: string;
  verifier: string;
  exp: number;
  /**
   * The verification grants the browser presented when it started the trip: the callback is a
   * cross-site redirect that carries no SameSite=Strict cookie, so they travel in this cookie
   * (HttpOnly, sealed, scoped to the callback) and the callback signs only for that verified browser.
   */
  verification?: string[];
}

interface CscSession {
  kind: 'csc-session';
  tokenHash: string;
  accessToken: string;
  exp: number;
}

const authorizationFailed = (message = 'The remote signing authorisation is missing, expired or not for this link') =>
  new AppError('CSC_AUTHORIZATION_FAILED', message);

/**
 * The recipient's platform's provider, its client secret opened.
 * @throws CSC_NOT_CONFIGURED
 */
export async function cscProviderOf(ctx: Ctx, s: SigningSession): Promise<CscProvider> {
  const row = await findPlatformCsc(ctx.db, s.graph.envelope.platformId);
  if (!row?.cscUrl || !row.cscClientId || !row.cscClientSecretSealed)
    throw new AppError('CSC_NOT_CONFIGURED', 'Remote signing is not set up for this sender');
  return { baseUrl: row.cscUrl, clientId: row.cscClientId, clientSecret: ctx.secrets.open(row.cscClientSecretSealed) };
}

export const cscCallOptions = (ctx: Ctx): CscCallOptions => ({
  timeoutMs: ctx.config.csc.timeoutMs,
  allowPrivate: ctx.config.csc.allowPrivate,
});

export const cscRedirectUri = (ctx: Ctx): string => `${ctx.config.publicUrl.replace(/\/+$/, '')}${CSC_CALLBACK_PATH}`;

/** A provider failure as the answer's code: a refusal is the signer's (403), anything else the provider's (502). */
export function cscFailure(error: unknown): unknown {
  if (!(error instanceof CscCallError)) return error;
  return error.kind === 'refused'
    ? new AppError('CSC_AUTHORIZATION_FAILED', `The signing provider refused the request (${error.endpoint})`)
    : new AppError('CSC_PROVIDER_ERROR', `The signing provider did not answer usably (${error.endpoint})`);
}

/** A call to the provider, its failure answered as cscFailure says. */
export async function viaProvider<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    throw cscFailure(error);
  }
}

/** A new round trip to the provider: the sealed state, the PKCE challenge, and the cookie value. */
export function beginRoundTrip(
  ctx: Ctx,
  state: Omit<CscState, 'kind' | 'nonce' | 'exp'>,
  verification: readonly string[],
): { state: string; codeChallenge: string; cookie: string } {
  const nonce = randomBytes(16).toString('base64url');
  const verifier = randomBytes(32).toString('base64url');
  const exp = Math.floor(ctx.clock().getTime() / 1000) + FLOW_SECONDS;
  const sealedState: CscState = { ...state, kind: 'csc-state', nonce, exp };
  const sealedVerifier: CscVerifier = { kind: 'csc-pkce', nonce, verifier, exp, verification: [...verification] };
  return {
    state: ctx.secrets.seal(JSON.stringify(sealedState)),
    codeChallenge: createHash('sha256').update(verifier).digest('base64url'),
    cookie: ctx.secrets.seal(JSON.stringify(sealedVerifier)),
  };
}

/**
 * The state the provider brought back and the PKCE verifier of the browser that started it.
 * @throws CSC_AUTHORIZATION_FAILED when either is missing, forged, expired or they do not belong together.
 */
export function endRoundTrip(
  ctx: Ctx,
  state: string,
  cookie: string | undefined,
): { state: CscState; verifier: string; verification: string[] } {
  const opened = openSealed<CscState>(ctx, state, 'csc-state');
  const verifier = cookie ? openSealed<CscVerifier>(ctx, cookie, 'csc-pkce') : null;
  if (!opened || !verifier || !sameText(opened.nonce, verifier.nonce)) throw authorizationFailed();
  return { state: opened, verifier: verifier.verifier, verification: verifier.verification ?? [] };
}

/** The state alone (to know where to send the browser back when the round trip fails). */
export function peekState(ctx: Ctx, state: string): CscState | null {
  return openSealed<CscState>(ctx, state, 'csc-state');
}

export function sealSession(ctx: Ctx, token: string, accessToken: string, expiresInSeconds: number | null): string {
  const now = Math.floor(ctx.clock().getTime() / 1000);
  const session: CscSession = {
    kind: 'csc-session',
    tokenHash: hashSigningToken(token),
    accessToken,
    exp: now + Math.min(expiresInSeconds ?? FLOW_SECONDS, FLOW_SECONDS),
  };
  return ctx.secrets.seal(JSON.stringify(session));
}

/**
 * The provider's access token of a service session, if it was made for this signing link and is current.
 * @throws CSC_AUTHORIZATION_FAILED
 */
export function openSession(ctx: Ctx, token: string, sealed: string): string {
  const session = openSealed<CscSession>(ctx, sealed, 'csc-session');
  if (!session || !sameText(session.tokenHash, hashSigningToken(token))) throw authorizationFailed();
  return session.accessToken;
}

function openSealed<T extends { kind: string; exp: number }>(ctx: Ctx, sealed: string, kind: T['kind']): T | null {
  try {
    const value = JSON.parse(ctx.secrets.open(sealed)) as T;
    if (value.kind !== kind || typeof value.exp !== 'number') return null;
    return value.exp * 1000 > ctx.clock().getTime() ? value : null;
  } catch {
    return null;
  }
}

function sameText(a: string, b: string): boolean {
  const [x, y] = [Buffer.from(a), Buffer.from(b)];
  return x.length === y.length && timingSafeEqual(x, y);
}
