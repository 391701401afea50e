import { exchangeJson, type ExchangeAnswer } from '../net/exchange-json.js';

/**
 * A client of a Cloud Signature Consortium API v2 provider (remote signing): OAuth2 authorisation
 * (`oauth2/authorize`, `oauth2/token`, with PKCE), `credentials/list`, `credentials/info` and
 * `signatures/signHash`. Firma never sees the signer's password, PIN or key: the signer
 * authorises at the provider, Firma sends hashes and receives signature values. Every call goes
 * through `exchangeJson` (deadline, size cap, private-address guard); access tokens are passed in,
 * never kept here and never put in an error message.
 */
export interface CscProvider {
  /** The provider's base URL; `oauth2/…`, `credentials/…` and `signatures/…` are under it. */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
}

export interface CscCallOptions {
  timeoutMs: number;
  allowPrivate: boolean;
}

/**
 * `refused`: the provider answered 4xx (the authorisation or token is not accepted, a hash was not
 * authorised…); `unavailable`: no answer, a 5xx, or an answer Firma cannot read. `error` is the
 * provider's own OAuth2/CSC error code, when it gave one (never a token).
 */
export class CscCallError extends Error {
  constructor(
    readonly kind: 'refused' | 'unavailable',
    readonly endpoint: string,
    readonly error: string | null,
  ) {
    super(`CSC ${endpoint}: ${kind}${error ? ` (${error})` : ''}`);
  }
}

export interface CscCredentialInfo {
  /** The signer's certificate first, then its issuers, DER. */
  certificates: Buffer[];
  /** The key's algorithm OIDs as the provider lists them. */
  keyAlgorithms: string[];
  keyEnabled: boolean;
}

const MAX_ANSWER_BYTES = 256 * 1024;

export function cscUrl(provider: Pick<CscProvider, 'baseUrl'>, path: string): string {
  return `${provider.baseUrl.replace(/\/+$/, '')}/${path}`;
}

/** The address the signer's browser is sent to, with the OAuth2 and CSC parameters given. */
export function cscAuthorizeUrl(provider: CscProvider, params: Record<string, string>): string {
  const url = new URL(cscUrl(provider, 'oauth2/authorize'));
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', provider.clientId);
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  return url.toString();
}

/** `oauth2/token`: the authorisation code (with its PKCE verifier) for an access token. */
export async function exchangeCscCode(
  provider: CscProvider,
  input: { code: string; redirectUri: string; codeVerifier: string },
  options: CscCallOptions,
): Promise<{ accessToken: string; expiresInSeconds: number | null }> {
  const form = new URLSearchParams({
    grant_type: 'authorization_code',
    code: input.code,
    redirect_uri: input.redirectUri,
    code_verifier: input.codeVerifier,
    client_id: provider.clientId,
    client_secret: provider.clientSecret,
  });
  const answer = await exchangeJson(
    cscUrl(provider, 'oauth2/token'),
    { contentType: 'application/x-www-form-urlencoded', text: form.toString() },
    { ...options, maxBytes: MAX_ANSWER_BYTES },
  );
  const body = judged(answer, 'oauth2/token') as { access_token?: unknown; expires_in?: unknown };
  if (typeof body.access_token !== 'string' || !body.access_token)
    throw new CscCallError('unavailable', 'oauth2/token', null);
  return {
    accessToken: body.access_token,
    expiresInSeconds: typeof body.expires_in === 'number' && body.expires_in > 0 ? body.expires_in : null,
  };
}

/** `credentials/list`: the signer's credential ids. */
export async function listCscCredentials(
  provider: CscProvider,
  accessToken: string,
  options: CscCallOptions,
): Promise<string[]> {
  const body = (await call(provider, 'credentials/list', accessToken, {}, options)) as { credentialIDs?: unknown };
  if (!Array.isArray(body.credentialIDs) || body.credentialIDs.some((id) => typeof id !== 'string'))
    throw new CscCallError('unavailable', 'credentials/list', null);
  return body.credentialIDs as string[];
}

/** `credentials/info` with the whole chain and the key's algorithms. */
export async function cscCredentialInfo(
  provider: CscProvider,
  accessToken: string,
  credentialId: string,
  options: CscCallOptions,
): Promise<CscCredentialInfo> {
  const body = (await call(
    provider,
    'credentials/info',
    accessToken,
    { credentialID: credentialId, certificates: 'chain', certInfo: true },
    options,
  )) as { key?: { status?: unknown; algo?: unknown }; cert?: { certificates?: unknown } };
  const certificates = body.cert?.certificates;
  if (!Array.isArray(certificates) || certificates.length === 0 || certificates.some((c) => typeof c !== 'string'))
    throw new CscCallError('unavailable', 'credentials/info', null);
  const algorithms = Array.isArray(body.key?.algo) ? body.key.algo.filter((a) => typeof a === 'string') : [];
  return {
    certificates: (certificates as string[]).map((c) => Buffer.from(c, 'base64')),
    keyAlgorithms: algorithms,
    keyEnabled: body.key?.status === undefined || body.key.status === 'enabled',
  };
}

/**
 * `signatures/signHash` under a credential-scoped access token (CSC v2 lets the token of an
 * OAuth2 authorisation with scope `credential` stand for the SAD). Answers one value per hash, in order.
 */
export async function cscSignHash(
  provider: CscProvider,
  credentialToken: string,
  input: { credentialId: string; hashes: string[]; hashAlgorithmOid: string; signAlgo: string },
  options: CscCallOptions,
): Promise<Buffer[]> {
  const body = (await call(
    provider,
    'signatures/signHash',
    credentialToken,
    {
      credentialID: input.credentialId,
      hashes: input.hashes,
      hashAlgorithmOID: input.hashAlgorithmOid,
      signAlgo: input.signAlgo,
    },
    options,
  )) as { signatures?: unknown };
  const values = body.signatures;
  if (!Array.isArray(values) || values.length !== input.hashes.length || values.some((v) => typeof v !== 'string'))
    throw new CscCallError('unavailable', 'signatures/signHash', null);
  return (values as string[]).map((v) => Buffer.from(v, 'base64'));
}

async function call(
  provider: CscProvider,
  endpoint: string,
  accessToken: string,
  body: Record<string, unknown>,
  options: CscCallOptions,
): Promise<unknown> {
  const answer = await exchangeJson(
    cscUrl(provider, endpoint),
    { contentType: 'application/json', text: JSON.stringify(body) },
    { ...options, maxBytes: MAX_ANSWER_BYTES, headers: { authorization: `Bearer ${accessToken}` } },
  );
  return judged(answer, endpoint);
}

function judged(answer: ExchangeAnswer | null, endpoint: string): object {
  if (!answer) throw new CscCallError('unavailable', endpoint, null);
  const error = errorCodeOf(answer.body);
  if (answer.status >= 400 && answer.status < 500) throw new CscCallError('refused', endpoint, error);
  if (answer.status !== 200 || typeof answer.body !== 'object' || answer.body === null)
    throw new CscCallError('unavailable', endpoint, error);
  return answer.body;
}

/** The provider's `error` member, if it looks like an error code (so nothing else is ever repeated). */
function errorCodeOf(body: unknown): string | null {
  const error = (body as { error?: unknown } | null)?.error;
  return typeof error === 'string' && /^[A-Za-z0-9_.-]{1,64}$/.test(error) ? error : null;
}
