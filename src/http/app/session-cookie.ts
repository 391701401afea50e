import type { FastifyReply } from 'fastify';
import type { SessionAnswer, StartedSession } from '../../domain/accounts/session-view.js';
import type { Ctx } from '../../domain/context.js';

/**
 * The session cookie: HttpOnly (no script reads it), SameSite=Lax (not sent on other sites'
 * posts), Path=/ (the web app at `/` and its API under /api/app), and on an https public URL
 * Secure with the `__Host-` prefix (so no sibling domain can set or shadow it). Max-Age is the
 * session's absolute limit; the idle limit is the server's.
 */
function cookieName(ctx: Pick<Ctx, 'config'>): { name: string; secure: boolean } {
  const secure = ctx.config.publicUrl.startsWith('https:');
  return { name: secure ? '__Host-firma_session' : 'firma_session', secure };
}

function cookie(ctx: Pick<Ctx, 'config'>, value: string, maxAgeSeconds: number): string {
  const { name, secure } = cookieName(ctx);
  return `${name}=${value}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAgeSeconds}${secure ? '; Secure' : ''}`;
}

/** A session just opened: its cookie set on the reply, and its answer. */
export function answerNewSession(
  ctx: Pick<Ctx, 'config'>,
  reply: FastifyReply,
  started: StartedSession,
): SessionAnswer {
  void reply.header('set-cookie', cookie(ctx, started.token, started.maxAgeSeconds));
  return started.answer;
}

export function clearSessionCookie(ctx: Pick<Ctx, 'config'>, reply: FastifyReply) {
  void reply.header('set-cookie', cookie(ctx, '', 0));
}

/** The session token a Cookie header carries, or null. Only the first cookie of that name counts. */
export function sessionTokenOf(ctx: Pick<Ctx, 'config'>, header: string | undefined): string | null {
  if (!header) return null;
  const { name } = cookieName(ctx);
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at < 0 || part.slice(0, at).trim() !== name) continue;
    const value = part.slice(at + 1).trim();
    return /^[A-Za-z0-9_-]{1,100}$/.test(value) ? value : null;
  }
  return null;
}
