import type { JSX } from 'preact';
import type { Membership } from '../api.js';
import { Heading, messageOf } from '../components.js';
import { useI18n } from '../i18n/index.js';
import type { WordKey } from '../i18n/en.js';
import { navigate } from '../router.js';
import { useTeam } from '../team.js';

/**
 * The frame of an admin-only team settings page: its heading, the team picker (`?team=<id>`), and
 * for a team the user is not an ADMIN of a sentence saying so instead of the page (the API would
 * answer 403 anyway).
 */
export function TeamSettingsPage(props: { title: WordKey; path: string; children: (team: Membership) => JSX.Element }) {
  const { t } = useI18n();
  const { teams, team } = useTeam();
  return (
    <>
      <Heading>{t(props.title)}</Heading>
      {teams === null && <p role="status">{t('loading')}</p>}
      {teams && 'error' in teams && (
        <p class="form-error" role="alert">
          {messageOf(teams.error, t)}
        </p>
      )}
      {Array.isArray(teams) && teams.length === 0 && <p>{t('noTeams')}</p>}
      {Array.isArray(teams) && teams.length > 1 && team && (
        <div class="field">
          <label for="team-picker">{t('team')}</label>
          <select
            id="team-picker"
            value={String(team.id)}
            onChange={(event) => navigate(`${props.path}?team=${event.currentTarget.value}`)}
          >
            {teams.map((m) => (
              <option key={m.id} value={String(m.id)}>
                {m.name}
              </option>
            ))}
          </select>
        </div>
      )}
      {team && team.role !== 'ADMIN' && (
        <p class="notice" id="settings-admins-only">
          {t('settingsAdminsOnly')}
        </p>
      )}
      {team && team.role === 'ADMIN' && props.children(team)}
    </>
  );
}

/** A time as the user's locale writes it, or the word for "none". */
export function TimeOrNone(props: { at: string | null; none: string }) {
  if (!props.at) return <>{props.none}</>;
  return <time dateTime={props.at}>{new Date(props.at).toLocaleString()}</time>;
}
