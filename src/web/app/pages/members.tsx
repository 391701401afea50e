import { useEffect, useState } from 'preact/hooks';
import { get, post, type Member, type Membership, type Role } from '../api.js';
import { CopyValue, Heading, messageOf, Status, useAction, Field, Form } from '../components.js';
import { LANGUAGE_NAMES, LANGUAGES, useI18n, type Language } from '../i18n/index.js';
import { navigate } from '../router.js';
import { useTeam } from '../team.js';

/** Roles each role may invite (the server decides; this only leaves out what it would refuse). */
const INVITABLE: Record<Role, Role[]> = {
  ADMIN: ['ADMIN', 'MANAGER', 'MEMBER'],
  MANAGER: ['MANAGER', 'MEMBER'],
  MEMBER: [],
};

/** A team's members and roles (`?team=<id>`, the first team by default); admins and managers invite. */
export function MembersPage() {
  const { t } = useI18n();
  const { teams, team } = useTeam();
  return (
    <>
      <Heading>{t('membersTitle')}</Heading>
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
            onChange={(event) => navigate(`/settings/members?team=${event.currentTarget.value}`)}
          >
            {teams.map((m) => (
              <option key={m.id} value={String(m.id)}>
                {m.name}
              </option>
            ))}
          </select>
        </div>
      )}
      {team && <TeamMembers key={team.id} team={team} />}
    </>
  );
}

function TeamMembers({ team }: { team: Membership }) {
  const { t } = useI18n();
  const [members, setMembers] = useState<Member[] | { error: unknown } | null>(null);
  const load = () =>
    get<{ data: Member[] }>(`/platforms/${team.id}/members`).then(
      (answer) => setMembers(answer.data),
      (caught: unknown) => setMembers({ error: caught }),
    );
  useEffect(() => {
    void load();
  }, [team.id]);
  return (
    <>
      <section aria-labelledby="members-of">
        <h2 id="members-of">{team.name}</h2>
        {members === null && <p role="status">{t('loading')}</p>}
        {members && 'error' in members && (
          <p class="form-error" role="alert">
            {messageOf(members.error, t)}
          </p>
        )}
        {Array.isArray(members) && (
          <div class="table-wrap">
            <table>
              <thead>
                <tr>
                  <th scope="col">{t('colName')}</th>
                  <th scope="col">{t('colEmail')}</th>
                  <th scope="col">{t('colRole')}</th>
                </tr>
              </thead>
              <tbody>
                {members.map((m) => (
                  <tr key={m.userId}>
                    <td>{m.name}</td>
                    <td>{m.email}</td>
                    <td>{t(`role${m.role}`)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      {INVITABLE[team.role].length > 0 && <InviteForm team={team} onInvited={() => void load()} />}
    </>
  );
}

interface Invitation {
  email: string;
  url: string;
  mailed: boolean;
}

function InviteForm({ team, onInvited }: { team: Membership; onInvited: () => void }) {
  const { t, language } = useI18n();
  const roles = INVITABLE[team.role];
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('MEMBER');
  const [mailLanguage, setMailLanguage] = useState<Language>(language);
  const [made, setMade] = useState<Invitation | null>(null);
  const { busy, error, run } = useAction();
  const submit = () =>
    run(async () => {
      setMade(null);
      const invitation = await post<Invitation>(`/platforms/${team.id}/invitations`, {
        email,
        role,
        language: mailLanguage,
      });
      setEmail('');
      setMade(invitation);
      onInvited();
    });
  return (
    <section aria-labelledby="invite-title">
      <h2 id="invite-title">{t('inviteTitle')}</h2>
      <Form id="invite" submitLabel={t('inviteSubmit')} busy={busy} error={error} onSubmit={submit}>
        <Field
          id="invite-email"
          label={t('email')}
          type="email"
          autoComplete="off"
          value={email}
          onInput={setEmail}
          required
        />
        <div class="field">
          <label for="invite-role">{t('role')}</label>
          <select id="invite-role" value={role} onChange={(e) => setRole(e.currentTarget.value as Role)}>
            {roles.map((r) => (
              <option key={r} value={r}>
                {t(`role${r}`)}
              </option>
            ))}
          </select>
        </div>
        <div class="field">
          <label for="invite-language">{t('inviteLanguage')}</label>
          <select
            id="invite-language"
            value={mailLanguage}
            onChange={(e) => setMailLanguage(e.currentTarget.value as Language)}
          >
            {LANGUAGES.map((l) => (
              <option key={l} value={l} lang={l}>
                {LANGUAGE_NAMES[l]}
              </option>
            ))}
          </select>
        </div>
      </Form>
      {made && (
        <div class="notice">
          <Status>
            {t('invited', { email: made.email })} {made.mailed ? t('inviteMailed') : ''}
          </Status>
          <CopyValue id="invitation-url" label={t('inviteLink')} value={made.url} />
        </div>
      )}
    </section>
  );
}
