import { useEffect, useState } from 'preact/hooks';
import { get, post, type Membership } from '../api.js';
import { Heading, Link, messageOf, Status, useAction } from '../components.js';
import { useI18n } from '../i18n/index.js';
import { useSession } from '../session.js';

/** The signed-in user's home: their teams, and where the documents list will be. */
export function HomePage() {
  const { t } = useI18n();
  const { session } = useSession();
  const [teams, setTeams] = useState<Membership[] | { error: unknown } | null>(null);
  const [sent, setSent] = useState(false);
  const { busy, error, run } = useAction();
  useEffect(() => {
    get<{ data: Membership[] }>('/platforms').then(
      (answer) => setTeams(answer.data),
      (caught: unknown) => setTeams({ error: caught }),
    );
  }, []);
  if (!session) return null;
  const resend = () =>
    run(async () => {
      await post('/me/email-verification');
      setSent(true);
    });
  return (
    <>
      <Heading>{t('homeTitle', { name: session.user.name })}</Heading>
      {!session.user.emailVerified && (
        <div class="notice">
          <p>{t('emailUnverified')}</p>
          {sent ? (
            <Status>{t('verificationSent')}</Status>
          ) : (
            <button type="button" disabled={busy} onClick={() => void resend()}>
              {t('resendVerification')}
            </button>
          )}
          {error && (
            <p class="form-error" role="alert">
              {error}
            </p>
          )}
        </div>
      )}
      <section aria-labelledby="teams-title">
        <h2 id="teams-title">{t('teamsTitle')}</h2>
        {teams === null && <p role="status">{t('loading')}</p>}
        {teams && 'error' in teams && (
          <p class="form-error" role="alert">
            {messageOf(teams.error, t)}
          </p>
        )}
        {Array.isArray(teams) && teams.length === 0 && <p>{t('noTeams')}</p>}
        {Array.isArray(teams) && teams.length > 0 && (
          <ul class="teams">
            {teams.map((team) => (
              <li key={team.id}>
                <Link href={`/settings/members?team=${team.id}`}>{team.name}</Link>{' '}
                <span class="role">{t(`role${team.role}`)}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="documents-title">
        <h2 id="documents-title">{t('documentsTitle')}</h2>
        <p>{t('nd_homeHint')}</p>
        <p>
          <Link href="/documents/new" class="button primary">
            {t('nd_new')}
          </Link>
        </p>
        <p>
          <Link href="/documents">{t('docsOpenList')}</Link>
        </p>
      </section>
    </>
  );
}
