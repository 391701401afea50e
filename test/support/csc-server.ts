import { execFileSync } from 'node:child_process';
import { constants, createHash, privateEncrypt, randomBytes, type KeyObject } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small Cloud Signature Consortium API v2 provider for the tests, on 127.0.0.1: OAuth2
 * authorisation code with PKCE (`oauth2/authorize` as an HTML form of username and PIN, which also
 * takes them as query parameters so API tests drive it with fetch; `oauth2/token`),
 * `credentials/list`, `credentials/info`, `signatures/signHash`. It signs with the keys of the test
 * PKI's end entities (RSA: PKCS#1 v1.5 over the SHA-256 DigestInfo; EC: ECDSA over the hash as
 * given, by `openssl pkeyutl`, since node signs only messages it hashes itself) and refuses what a real
 * provider refuses: a wrong PIN, a code redeemed by another client or without its PKCE verifier,
 * a service token used to sign, hashes other than the ones the signer authorised.
 */
export interface CscTestCredential {
  id: string;
  /** Base64 DER, the signer's certificate first. */
  certificates: string[];
  privateKey: KeyObject;
}

export interface CscTestUser {
  pin: string;
  credentials: CscTestCredential[];
}

export interface CscTestServer {
  url: string;
  /** Every request path served, in order (no tokens). */
  calls: string[];
  close(): Promise<void>;
}

interface Grant {
  clientId: string;
  user: string;
  scope: 'service' | 'credential';
  redirectUri: string;
  codeChallenge: string;
  credentialId?: string;
  hashes?: string[];
}

const SHA256_DIGEST_INFO = Buffer.from('3031300d060960864801650304020105000420', 'hex');

export async function startCscServer(options: {
  clients: Record<string, string>;
  users: Record<string, CscTestUser>;
}): Promise<CscTestServer> {
  const codes = new Map<string, Grant>();
  const tokens = new Map<string, Grant>();
  const calls: string[] = [];

  const server = createServer((req, res) => {
    void handle(req, res).catch((error: unknown) => json(res, 500, { error: 'server_error', detail: String(error) }));
  });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const path = url.pathname.replace(/^\/csc\/v2/, '');
    calls.push(path);
    const text = req.method === 'POST' ? await readBody(req) : '';
    if (path === '/oauth2/authorize') {
      const params = new URLSearchParams(url.search);
      if (req.method === 'POST') for (const [k, v] of new URLSearchParams(text)) params.set(k, v);
      return authorize(params, res);
    }
    if (req.method !== 'POST') return json(res, 404, { error: 'not_found' });
    if (path === '/oauth2/token') {
      const form = (req.headers['content-type'] ?? '').includes('json')
        ? new URLSearchParams(JSON.parse(text) as Record<string, string>)
        : new URLSearchParams(text);
      return token(form, res);
    }
    const grant = tokens.get((req.headers.authorization ?? '').replace(/^Bearer /, ''));
    if (!grant) return json(res, 401, { error: 'invalid_token' });
    const body = (text ? JSON.parse(text) : {}) as Record<string, unknown>;
    const user = options.users[grant.user]!;
    if (path === '/credentials/list') {
      if (grant.scope !== 'service') return json(res, 403, { error: 'insufficient_scope' });
      return json(res, 200, { credentialIDs: user.credentials.map((c) => c.id) });
    }
    if (path === '/credentials/info') {
      if (grant.scope !== 'service') return json(res, 403, { error: 'insufficient_scope' });
      const credential = user.credentials.find((c) => c.id === body.credentialID);
      if (!credential) return json(res, 400, { error: 'invalid_request' });
      return json(res, 200, {
        key: { status: 'enabled', algo: ['1.2.840.113549.1.1.11'], len: 2048 },
        cert: {
          status: 'valid',
          certificates: body.certificates === 'chain' ? credential.certificates : credential.certificates.slice(0, 1),
        },
        authMode: 'oauth2code',
        multisign: 10,
      });
    }
    if (path === '/signatures/signHash') {
      const hashes = body.hashes as string[] | undefined;
      if (grant.scope !== 'credential' || grant.credentialId !== body.credentialID)
        return json(res, 403, { error: 'invalid_sad' });
      const credential = user.credentials.find((c) => c.id === grant.credentialId)!;
      const ec = credential.privateKey.asymmetricKeyType === 'ec';
      const signAlgo = ec ? '1.2.840.10045.4.3.2' : '1.2.840.113549.1.1.11';
      if (body.hashAlgorithmOID !== '2.16.840.1.101.3.4.2.1' || body.signAlgo !== signAlgo)
        return json(res, 400, { error: 'invalid_request' });
      const authorised = new Set(grant.hashes);
      if (!Array.isArray(hashes) || hashes.length !== authorised.size || hashes.some((h) => !authorised.has(b64url(h))))
        return json(res, 400, { error: 'invalid_request', error_description: 'hashes not authorised' });
      tokens.delete((req.headers.authorization ?? '').replace(/^Bearer /, ''));
      const signatures = hashes.map((h) =>
        (ec
          ? ecdsaOverHash(credential.privateKey, Buffer.from(h, 'base64'))
          : privateEncrypt(
              { key: credential.privateKey, padding: constants.RSA_PKCS1_PADDING },
              Buffer.concat([SHA256_DIGEST_INFO, Buffer.from(h, 'base64')]),
            )
        ).toString('base64'),
      );
      return json(res, 200, { signatures });
    }
    return json(res, 404, { error: 'not_found' });
  }

  function authorize(params: URLSearchParams, res: ServerResponse) {
    const clientId = params.get('client_id') ?? '';
    const redirectUri = params.get('redirect_uri') ?? '';
    const scope = params.get('scope');
    if (!(clientId in options.clients) || !redirectUri || (scope !== 'service' && scope !== 'credential'))
      return json(res, 400, { error: 'invalid_request' });
    if (params.get('code_challenge_method') !== 'S256' || !params.get('code_challenge'))
      return json(res, 400, { error: 'invalid_request', error_description: 'PKCE S256 required' });
    const username = params.get('username');
    const pin = params.get('pin');
    if (username === null || pin === null) return form(res, 200, params, '');
    const user = options.users[username];
    if (!user || user.pin !== pin) return form(res, 401, params, 'Wrong username or PIN');
    const grant: Grant = { clientId, user: username, scope, redirectUri, codeChallenge: params.get('code_challenge')! };
    if (scope === 'credential') {
      const credentialId = params.get('credentialID') ?? '';
      const hashes = (params.get('hashes') ?? '').split(',').filter(Boolean);
      if (!user.credentials.some((c) => c.id === credentialId) || hashes.length !== Number(params.get('numSignatures')))
        return json(res, 400, { error: 'invalid_request' });
      Object.assign(grant, { credentialId, hashes });
    }
    const code = randomBytes(16).toString('base64url');
    codes.set(code, grant);
    const back = new URL(redirectUri);
    back.searchParams.set('code', code);
    back.searchParams.set('state', params.get('state') ?? '');
    res.writeHead(302, { location: back.toString() }).end();
  }

  function token(form: URLSearchParams, res: ServerResponse) {
    const code = form.get('code') ?? '';
    const grant = codes.get(code);
    codes.delete(code);
    const clientId = form.get('client_id') ?? '';
    if (options.clients[clientId] === undefined || options.clients[clientId] !== form.get('client_secret'))
      return json(res, 401, { error: 'invalid_client' });
    const challenge = createHash('sha256')
      .update(form.get('code_verifier') ?? '')
      .digest('base64url');
    if (
      !grant ||
      grant.clientId !== clientId ||
      grant.redirectUri !== form.get('redirect_uri') ||
      grant.codeChallenge !== challenge
    )
      return json(res, 400, { error: 'invalid_grant' });
    const accessToken = randomBytes(24).toString('base64url');
    tokens.set(accessToken, grant);
    return json(res, 200, { access_token: accessToken, token_type: 'Bearer', expires_in: 300 });
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/csc/v2`,
    calls,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function b64url(base64: string): string {
  return Buffer.from(base64, 'base64').toString('base64url');
}

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

function form(res: ServerResponse, status: number, params: URLSearchParams, problem: string) {
  const hidden = [...params]
    .filter(([k]) => k !== 'username' && k !== 'pin')
    .map(([k, v]) => `<input type="hidden" name="${escape(k)}" value="${escape(v)}">`)
    .join('');
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html>
<html><head><meta charset="utf-8"><title>Test CSC provider</title><link rel="icon" href="data:,"></head><body>
<h1>Test CSC provider</h1>${problem ? `<p id="problem" role="alert">${escape(problem)}</p>` : ''}
<form method="post" action="/csc/v2/oauth2/authorize">${hidden}
<label>Username <input id="username" name="username" autocomplete="username"></label>
<label>PIN <input id="pin" name="pin" type="password"></label>
<button id="authorize" type="submit">Authorise</button></form></body></html>`);
}

function escape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/** ECDSA (DER) over a hash computed elsewhere, as a remote signing device does. */
function ecdsaOverHash(key: KeyObject, hash: Buffer): Buffer {
  const dir = mkdtempSync(join(tmpdir(), 'csc-ec-'));
  try {
    writeFileSync(join(dir, 'key.pem'), key.export({ type: 'pkcs8', format: 'pem' }));
    return execFileSync('openssl', ['pkeyutl', '-sign', '-inkey', join(dir, 'key.pem')], { input: hash });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
