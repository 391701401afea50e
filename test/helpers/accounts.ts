import assert from 'node:assert/strict';
import type { ParsedMail } from 'mailparser';
import { userInviteCommand } from '../../src/cli/user-command.js';
import { createSetupLink } from '../../src/domain/accounts/create-setup-link.js';
import type { HttpResponse } from './http-client.js';
import type { TestServer } from './test-server.js';

export interface SessionRequest {
  json?: unknown;
  body?: BodyInit;
  headers?: Record<string, string>;
  /** false: no X-CSRF-Token header; a string: that one instead of the session's. */
  csrf?: boolean | string;
}

/**
 * A browser's view of the web app's API for tests: keeps the session cookie the server sets (and
 * clears) and the session's CSRF token, and sends both like the app will.
 */
export class SessionClient {
  cookie: string | null = null;
  csrfToken: string | null = null;
  /** Every Set-Cookie header received, as sent. */
  readonly setCookies: string[] = [];

  constructor(readonly baseUrl: string) {}

  get = (path: string, options?: SessionRequest) => this.request('GET', path, options);
  post = (path: string, options?: SessionRequest) => this.request('POST', path, options);
  patch = (path: string, options?: SessionRequest) => this.request('PATCH', path, options);
  delete = (path: string, options?: SessionRequest) => this.request('DELETE', path, options);

  async request<T = any>(method: string, path: string, options: SessionRequest = {}): Promise<HttpResponse<T>> {
    const headers: Record<string, string> = { ...options.headers };
    if (this.cookie) headers.cookie = this.cookie;
    const csrf = options.csrf ?? true;
    if (typeof csrf === 'string') headers['x-csrf-token'] = csrf;
    else if (csrf && this.csrfToken) headers['x-csrf-token'] = this.csrfToken;
    let body = options.body;
    if (options.json !== undefined) {
      headers['content-type'] ??= 'application/json';
      body = JSON.stringify(options.json);
    }
    const response = await fetch(this.baseUrl + path, { method, headers, body: body ?? null });
    for (const setCookie of response.headers.getSetCookie()) {
      this.setCookies.push(setCookie);
      const [pair = ''] = setCookie.split(';');
      this.cookie = pair.endsWith('=') ? null : pair;
    }
    const bytes = Buffer.from(await response.arrayBuffer());
    const type = response.headers.get('content-type') ?? '';
    const parsed = (
      type.includes('json') && bytes.length > 0 ? JSON.parse(bytes.toString('utf8')) : bytes.toString('utf8')
    ) as T;
    const csrfToken = (parsed as { csrfToken?: unknown; session?: { csrfToken?: unknown } | null } | null) ?? null;
    const given = typeof csrfToken?.csrfToken === 'string' ? csrfToken.csrfToken : csrfToken?.session?.csrfToken;
    if (typeof given === 'string') this.csrfToken = given;
    return { status: response.status, headers: response.headers, body: parsed, bytes };
  }

  async signIn(email: string, password: string, extra: Record<string, string> = {}) {
    return this.post('/api/app/session', { json: { email, password, ...extra } });
  }
}

/** The id of the test server's `default` platform. */
export async function defaultPlatformId(server: TestServer): Promise<number> {
  const row = await server.ctx.db
    .selectFrom('platform')
    .select('id')
    .where('name', '=', 'default')
    .executeTakeFirstOrThrow();
  return row.id;
}

export const STRONG_PASSWORD = 'correct horse battery 42';

/**
 * The first administrator of the server's `default` platform, made through a setup link as the
 * first start makes it: signed in, with the e-mail given.
 */
export async function firstAdmin(server: TestServer, email = 'admin@firma.example'): Promise<SessionClient> {
  const { url } = await createSetupLink(server.ctx, await defaultPlatformId(server));
  const token = url.split('/setup/')[1]!;
  const admin = new SessionClient(server.url);
  const made = await admin.post(`/api/app/setup/${token}`, {
    json: { email, name: 'Ada Admin', password: STRONG_PASSWORD },
  });
  assert.equal(made.status, 200, JSON.stringify(made.body));
  return admin;
}

/** The token of an account link (`…/verify-email/<token>`, `…/reset-password/<token>`, `…/invitation/<token>`). */
export function linkTokenIn(text: string, kind: 'verify-email' | 'reset-password' | 'invitation' | 'setup'): string {
  const found = new RegExp(`/${kind}/([A-Za-z0-9_-]{20,})`).exec(text);
  assert.ok(found, `a ${kind} link in: ${text}`);
  return found[1]!;
}

export const mailText = (m: ParsedMail): string => String(m.text);

/** The user-level audit entries of an address, oldest first, as [type, data]. */
export async function auditOf(server: TestServer, email: string) {
  const rows = await server.ctx.db
    .selectFrom('accountAudit')
    .selectAll()
    .where('email', '=', email)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ ...r, data: JSON.parse(r.data) as Record<string, unknown> }));
}

/** Joins `platformId` as `role` through an invitation made by `inviter`: the new member, signed in. */
export async function joinPlatform(
  server: TestServer,
  inviter: SessionClient,
  platformId: number,
  email: string,
  role: 'ADMIN' | 'MANAGER' | 'MEMBER',
): Promise<SessionClient> {
  const invited = await inviter.post(`/api/app/platforms/${platformId}/invitations`, { json: { email, role } });
  assert.equal(invited.status, 200, JSON.stringify(invited.body));
  const client = new SessionClient(server.url);
  const accepted = await client.post(`/api/app/invitations/${linkTokenIn(invited.body.url, 'invitation')}/accept`, {
    json: { name: email.split('@')[0], password: STRONG_PASSWORD },
  });
  assert.equal(accepted.status, 200, JSON.stringify(accepted.body));
  return client;
}

/** A new platform with its own API token and its first ADMIN (invited by the operator), signed in. */
export async function platformWithAdmin(server: TestServer, email: string) {
  const token = await server.newPlatform();
  const printed: string[] = [];
  await userInviteCommand(
    server.ctx,
    { platform: token.platformName, email, role: 'ADMIN', language: undefined, json: true },
    (text) => void printed.push(text),
  );
  const invitation = JSON.parse(printed.join('')) as { url: string; platformId: number };
  const admin = new SessionClient(server.url);
  const accepted = await admin.post(`/api/app/invitations/${linkTokenIn(invitation.url, 'invitation')}/accept`, {
    json: { name: email.split('@')[0], password: STRONG_PASSWORD },
  });
  assert.equal(accepted.status, 200, JSON.stringify(accepted.body));
  return { admin, token, platformId: invitation.platformId };
}
