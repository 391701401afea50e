import { useEffect, useState } from 'preact/hooks';
import { del, get, post, type Session } from '../api.js';
import { messageOf, Status, useAction } from '../components.js';
import { useI18n } from '../i18n/index.js';

/** The user's sessions: where and when each was used; end one, or all but this one. */
export function SessionsSection() {
  const { t, language } = useI18n();
  const [sessions, setSessions] = useState<Session[] | { error: unknown } | null>(null);
  const [said, setSaid] = useState<string | null>(null);
  const { busy, error, run } = useAction();
  const load = () =>
    get<{ data: Session[] }>('/sessions').then(
      (answer) => setSessions(answer.data),
      (caught: unknown) => setSessions({ error: caught }),
    );
  useEffect(() => {
    void load();
  }, []);
  const when = (iso: string) =>
    new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
  const revoke = (id: string) =>
    run(async () => {
      await del(`/sessions/${encodeURIComponent(id)}`);
      setSaid(t('sessionRevoked'));
      await load();
    });
  const revokeOthers = () =>
    run(async () => {
      const { revoked } = await post<{ revoked: number }>('/sessions/revoke-others');
      setSaid(t('othersRevoked', { count: revoked }));
      await load();
    });
  return (
    <section aria-labelledby="sessions-title">
      <h2 id="sessions-title">{t('sessionsTitle')}</h2>
      {sessions === null && <p role="status">{t('loading')}</p>}
      {sessions && 'error' in sessions && (
        <p class="form-error" role="alert">
          {messageOf(sessions.error, t)}
        </p>
      )}
      {Array.isArray(sessions) && (
        <ul class="sessions">
          {sessions.map((s) => (
            <li key={s.id} class="session" data-session={s.current ? 'current' : 'other'}>
              <p class="session-agent" id={`session-${s.id}`}>
                {s.userAgent ?? t('unknownBrowser')}
                {s.current && <strong class="badge"> {t('sessionCurrent')}</strong>}
              </p>
              <p>{t('sessionCreated', { date: when(s.createdAt) })}</p>
              <p>{t('sessionLastSeen', { date: when(s.lastSeenAt) })}</p>
              {s.ip && <p>{t('sessionFrom', { ip: s.ip })}</p>}
              {!s.current && (
                <button
                  type="button"
                  disabled={busy}
                  aria-describedby={`session-${s.id}`}
                  onClick={() => void revoke(s.id)}
                >
                  {t('revoke')}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {Array.isArray(sessions) && sessions.length > 1 && (
        <button type="button" id="revoke-others" disabled={busy} onClick={() => void revokeOthers()}>
          {t('revokeOthers')}
        </button>
      )}
      {error && (
        <p class="form-error" role="alert">
          {error}
        </p>
      )}
      {said && <Status>{said}</Status>}
    </section>
  );
}
