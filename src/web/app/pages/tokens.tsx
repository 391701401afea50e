import { useEffect, useState } from 'preact/hooks';
import { del, get, post, type Membership } from '../api.js';
import { CopyValue, Field, Form, messageOf, Status, useAction } from '../components.js';
import { useI18n } from '../i18n/index.js';
import { TeamSettingsPage, TimeOrNone } from './team-settings.js';

interface TeamToken {
  id: string;
  name: string;
  hint: string;
  environment: string;
  scope: 'read' | 'full';
  createdAt: string;
  expiresAt: string | null;
  revokedAt: string | null;
  lastUsedAt: string | null;
}

/** A team's API tokens (admins only): list, create (the token shown once), revoke. */
export function TokensPage() {
  return (
    <TeamSettingsPage title="tokensTitle" path="/settings/tokens">
      {(team) => <TeamTokens key={team.id} team={team} />}
    </TeamSettingsPage>
  );
}

function TeamTokens({ team }: { team: Membership }) {
  const { t } = useI18n();
  const [tokens, setTokens] = useState<TeamToken[] | { error: unknown } | null>(null);
  const [said, setSaid] = useState<string | null>(null);
  const revoking = useAction();
  const load = () =>
    get<{ data: TeamToken[] }>(`/platforms/${team.id}/tokens`).then(
      (answer) => setTokens(answer.data),
      (caught: unknown) => setTokens({ error: caught }),
    );
  useEffect(() => {
    void load();
  }, [team.id]);
  const revoke = (token: TeamToken) =>
    revoking.run(async () => {
      setSaid(null);
      await del(`/platforms/${team.id}/tokens/${token.id}`);
      setSaid(t('tokenRevokedDone', { name: token.name }));
      await load();
    });
  return (
    <>
      <p>{t('tokensIntro')}</p>
      <CreateToken team={team} onCreated={() => void load()} />
      <section aria-labelledby="tokens-list">
        <h2 id="tokens-list">{t('tokensListTitle')}</h2>
        {tokens === null && <p role="status">{t('loading')}</p>}
        {tokens && 'error' in tokens && (
          <p class="form-error" role="alert">
            {messageOf(tokens.error, t)}
          </p>
        )}
        {revoking.error && (
          <p class="form-error" role="alert">
            {revoking.error}
          </p>
        )}
        {said && <Status>{said}</Status>}
        {Array.isArray(tokens) && tokens.length === 0 && <p>{t('tokensNone')}</p>}
        {Array.isArray(tokens) && tokens.length > 0 && (
          <div class="table-wrap">
            <table id="tokens">
              <thead>
                <tr>
                  <th scope="col">{t('colName')}</th>
                  <th scope="col">{t('tokenScope')}</th>
                  <th scope="col">{t('settingsColCreated')}</th>
                  <th scope="col">{t('settingsColExpires')}</th>
                  <th scope="col">{t('settingsColLastUsed')}</th>
                  <th scope="col">{t('settingsColState')}</th>
                </tr>
              </thead>
              <tbody>
                {tokens.map((token) => (
                  <tr key={token.id}>
                    <th scope="row">
                      {token.name} <code>api_{token.hint}…</code>
                    </th>
                    <td>{token.scope === 'read' ? t('tokenScopeRead') : t('tokenScopeFull')}</td>
                    <td>
                      <TimeOrNone at={token.createdAt} none="" />
                    </td>
                    <td>
                      <TimeOrNone at={token.expiresAt} none={t('tokenNoExpiry')} />
                    </td>
                    <td>
                      <TimeOrNone at={token.lastUsedAt} none={t('tokenNeverUsed')} />
                    </td>
                    <td>
                      {token.revokedAt ? (
                        t('tokenRevoked')
                      ) : (
                        <button type="button" disabled={revoking.busy} onClick={() => void revoke(token)}>
                          {t('tokenRevoke', { name: token.name })}
                        </button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </>
  );
}

function CreateToken({ team, onCreated }: { team: Membership; onCreated: () => void }) {
  const { t } = useI18n();
  const [name, setName] = useState('');
  const [scope, setScope] = useState<'read' | 'full'>('read');
  const [days, setDays] = useState('90');
  const [made, setMade] = useState<{ name: string; token: string } | null>(null);
  const { busy, error, setError, run } = useAction();
  const submit = () =>
    run(async () => {
      setMade(null);
      const expiresInDays = days.trim() === '' ? undefined : Number(days);
      if (
        expiresInDays !== undefined &&
        !(Number.isInteger(expiresInDays) && expiresInDays >= 1 && expiresInDays <= 3650)
      ) {
        setError(t('tokenDaysInvalid'));
        return;
      }
      const created = await post<{ name: string; token: string }>(`/platforms/${team.id}/tokens`, {
        name,
        scope,
        expiresInDays,
      });
      setName('');
      setMade(created);
      onCreated();
    });
  return (
    <section aria-labelledby="token-create">
      <h2 id="token-create">{t('tokenCreateTitle')}</h2>
      <Form id="create-token" submitLabel={t('tokenCreate')} busy={busy} error={error} onSubmit={submit}>
        <Field id="token-name" label={t('colName')} value={name} onInput={setName} autoComplete="off" required />
        <div class="field">
          <label for="token-scope">{t('tokenScope')}</label>
          <select id="token-scope" value={scope} onChange={(e) => setScope(e.currentTarget.value as 'read' | 'full')}>
            <option value="read">{t('tokenScopeRead')}</option>
            <option value="full">{t('tokenScopeFull')}</option>
          </select>
        </div>
        <Field
          id="token-days"
          label={t('tokenExpiresInDays')}
          hint={t('tokenExpiresHint')}
          inputMode="numeric"
          value={days}
          onInput={setDays}
        />
      </Form>
      {made && (
        <div class="notice">
          <Status>{t('tokenCreated', { name: made.name })}</Status>
          <CopyValue id="new-token" label={t('tokenValue')} value={made.token} />
        </div>
      )}
    </section>
  );
}
