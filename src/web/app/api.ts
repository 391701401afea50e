import type { EnvelopeStatus } from '../../lib/vocabulary/envelope-status.js';
import type { ReadStatus, RecipientRole, SendStatus, SigningStatus } from '../../lib/vocabulary/recipients.js';

/**
 * The app's only way to the server: JSON calls to /api/app. Every state-changing call carries the
 * session's CSRF token (from the sign-in answer or GET /session); an error answer becomes an
 * ApiError holding its code, which pages show as a translated sentence (never the server's text).
 */
export const API = '/api/app';

let csrfToken: string | null = null;
let sessionEnded: () => void = () => undefined;

/** What to do when a call says the session is over (revoked, expired): the app goes to sign in. */
export function onSessionEnded(handler: () => void): void {
  sessionEnded = handler;
}

/** Remembers the session's CSRF token (null after signing out). */
export function setCsrfToken(token: string | null): void {
  csrfToken = token;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    /** Retry-After in seconds, on 429 answers. */
    readonly retryAfter: number | null = null,
  ) {
    super(code);
  }
}

/** A call that never reached the server (offline, refused): shown as such. */
export const NETWORK_ERROR = 'NETWORK_ERROR';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A JSON body, or a FormData (a file upload: the browser sets its multipart content type). */
export async function call<T>(method: Method, path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  // A form (a file upload) is sent as multipart, its boundary set by the browser.
  const isForm = body instanceof FormData;
  if (body !== undefined && !isForm) headers['content-type'] = 'application/json';
  if (method !== 'GET' && csrfToken) headers['x-csrf-token'] = csrfToken;
  let response: Response;
  try {
    response = await fetch(API + path, {
      method,
      headers,
      body: body === undefined ? null : isForm ? body : JSON.stringify(body),
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError(0, NETWORK_ERROR);
  }
  const answer = (await response.json().catch(() => null)) as { code?: unknown } | null;
  if (!response.ok) {
    const retry = Number(response.headers.get('retry-after'));
    const code = typeof answer?.code === 'string' ? answer.code : 'UNKNOWN';
    if (code === 'SESSION_REQUIRED' && path !== '/session') sessionEnded();
    throw new ApiError(response.status, code, Number.isFinite(retry) && retry > 0 ? retry : null);
  }
  return answer as T;
}

export const get = <T>(path: string) => call<T>('GET', path);
export const post = <T>(path: string, body: unknown = {}) => call<T>('POST', path, body);
export const put = <T>(path: string, body: unknown) => call<T>('PUT', path, body);
export const patch = <T>(path: string, body: unknown) => call<T>('PATCH', path, body);
export const del = <T>(path: string) => call<T>('DELETE', path);
/** A multipart upload (a CSV): the same session, CSRF token and error handling as `post`. */
export const postForm = <T>(path: string, form: FormData) => call<T>('POST', path, form);

/* The shapes the app reads (src/http/app/app.schema.ts is the source of truth). */
export type Role = 'ADMIN' | 'MANAGER' | 'MEMBER';

export interface User {
  id: string;
  email: string;
  name: string;
  language: string;
  emailVerified: boolean;
  totpEnabled: boolean;
}

export interface Session {
  id: string;
  createdAt: string;
  lastSeenAt: string;
  ip: string | null;
  userAgent: string | null;
  current: boolean;
}

export interface SessionAnswer {
  user: User;
  session: Session;
  csrfToken: string;
}

export interface Membership {
  id: number;
  name: string;
  role: Role;
}

export interface Member {
  userId: string;
  email: string;
  name: string;
  role: Role;
  memberSince: string;
}

/** A signing recipient's sign-up link: the address the new account will have. */
export interface SignUpLinkView {
  email: string;
  expiresAt: string;
}

export interface InvitationView {
  platformName: string;
  email: string;
  role: Role;
  accountExists: boolean;
}

// The statuses and roles are the server's vocabulary (lib/vocabulary, bundled as is), not a copy.
export type { EnvelopeStatus, RecipientRole };

/** A recipient as the app's document answers show one (never a signing token or link). */
export interface AppRecipient {
  id: number;
  name: string;
  email: string;
  role: RecipientRole;
  signingOrder: number | null;
  sendStatus: SendStatus;
  readStatus: ReadStatus;
  signingStatus: SigningStatus;
  sentAt: string | null;
  openedAt: string | null;
  signedAt: string | null;
  expiresAt: string | null;
  rejectionReason: string | null;
}

export interface EnvelopeSummary {
  id: string;
  numericId: number;
  type: 'DOCUMENT' | 'TEMPLATE';
  title: string;
  status: EnvelopeStatus;
  externalId: string | null;
  folderId: string | null;
  createdAt: string;
  updatedAt: string;
  sentAt: string | null;
  completedAt: string | null;
  recipients: AppRecipient[];
}

export interface EnvelopeList {
  data: EnvelopeSummary[];
  count: number;
  page: number;
  perPage: number;
  totalPages: number;
}

/** A template's listing on the team's public profile (src/http/app/templates.schema.ts). */
export interface TemplatePublication {
  type: 'PRIVATE' | 'PUBLIC' | 'ORGANISATION';
  publicTitle: string;
  publicDescription: string;
}

export interface EnvelopeDetail extends EnvelopeSummary {
  fieldCount: number;
  /** null for a document. */
  publication: TemplatePublication | null;
  items: { id: string; title: string; pageCount: number; sealed: boolean }[];
  certificateAvailable: boolean;
  timeline: { at: string; type: string; actor: string | null; sentence: string }[];
}
