import type { UserSessionRow } from '../../db/repositories/user-session.repo.js';
import type { Ctx } from '../context.js';
import type { UserView } from './account-rules.js';

/** Who a request with a live session cookie is, as the HTTP layer keeps it. */
export interface AccountPrincipal {
  userId: string;
  sessionId: string;
  email: string;
  name: string;
  /** The session's CSRF token (derived from the cookie, never stored). */
  csrfToken: string;
}

/** One session as its owner sees it in the list. */
export interface SessionView {
  id: string;
  createdAt: string;
  lastSeenAt: string;
  /** When it ends unless used before: the idle limit from its last use, or the absolute one. */
  expiresAt: string;
  ip: string | null;
  userAgent: string | null;
  current: boolean;
}

/** The answer of a sign-in and of `GET /session`. */
export interface SessionAnswer {
  user: UserView;
  session: SessionView;
  csrfToken: string;
}

/** A session just opened: the cookie's token (shown once, to be set as the cookie) and the answer. */
export interface StartedSession {
  token: string;
  /** The cookie's Max-Age: the absolute limit. */
  maxAgeSeconds: number;
  answer: SessionAnswer;
}

type SessionFacts = Pick<UserSessionRow, 'id' | 'createdAt' | 'lastSeenAt' | 'expiresAt' | 'ip' | 'userAgent'>;

export function sessionView(ctx: Pick<Ctx, 'config'>, row: SessionFacts, current: boolean): SessionView {
  const idleEnd = new Date(Date.parse(row.lastSeenAt) + ctx.config.accounts.sessionIdleMs).toISOString();
  return {
    id: row.id,
    createdAt: row.createdAt,
    lastSeenAt: row.lastSeenAt,
    expiresAt: idleEnd < row.expiresAt ? idleEnd : row.expiresAt,
    ip: row.ip,
    userAgent: row.userAgent,
    current,
  };
}

/** Whether a session has ended at `now`: past its absolute limit, or unused for the idle limit. */
export function sessionLapsed(ctx: Pick<Ctx, 'config'>, row: SessionFacts, now: Date): boolean {
  return sessionView(ctx, row, false).expiresAt <= now.toISOString();
}
