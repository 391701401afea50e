import { useEffect, useState } from 'preact/hooks';
import { call, get } from '../api.js';
import { Field, Form, Status, useAction } from '../components.js';
import { useI18n } from '../i18n/index.js';
import { addPasskey, passkeysAvailable } from '../passkey.js';

interface Passkey {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

type Stage = { kind: 'list' } | { kind: 'add' } | { kind: 'remove'; passkey: Passkey };

/**
 * The account's passkeys: the list (name, added, last used), adding one made on this device (the
 * password typed again first), and removing one (the password again). Sign-in with them is on the
 * sign-in page.
 */
export function PasskeysSection() {
  const { t, language } = useI18n();
  const [passkeys, setPasskeys] = useState<Passkey[] | null>(null);
  const [stage, setStage] = useState<Stage>({ kind: 'list' });
  const [password, setPassword] = useState('');
  const [name, setName] = useState('');
  const [done, setDone] = useState<string | null>(null);
  const { busy, error, setError, run } = useAction();
  const load = () => get<{ data: Passkey[] }>('/me/passkeys').then(({ data }) => setPasskeys(data));
  useEffect(() => void load().catch(() => setPasskeys([])), []);
  const go = (next: Stage) => {
    setStage(next);
    setPassword('');
    setName('');
    setError(null);
  };
  const day = (iso: string) => new Date(iso).toLocaleDateString(language);
  const cancel = (
    <button type="button" class="secondary" onClick={() => go({ kind: 'list' })}>
      {t('cancel')}
    </button>
  );

  let body;
  if (stage.kind === 'add')
    body = (
      <Form
        id="passkey-add"
        submitLabel={t('passkeyCreate')}
        busy={busy}
        error={error}
        extra={cancel}
        onSubmit={() =>
          run(async () => {
            await addPasskey(password, name);
            await load();
            go({ kind: 'list' });
            setDone(t('passkeyAdded'));
          })
        }
      >
        <Field
          id="passkey-password"
          label={t('password')}
          hint={t('passkeyConfirmPassword')}
          type="password"
          autoComplete="current-password"
          value={password}
          onInput={setPassword}
          required
          autoFocus
        />
        <Field id="passkey-name" label={t('passkeyName')} hint={t('passkeyNameHint')} value={name} onInput={setName} />
      </Form>
    );
  else if (stage.kind === 'remove')
    body = (
      <Form
        id="passkey-remove"
        submitLabel={t('passkeyRemove')}
        busy={busy}
        error={error}
        extra={cancel}
        onSubmit={() =>
          run(async () => {
            await call('DELETE', `/me/passkeys/${encodeURIComponent(stage.passkey.id)}`, { password });
            await load();
            go({ kind: 'list' });
            setDone(t('passkeyRemoved'));
          })
        }
      >
        <p>{t('passkeyRemoveConfirm', { name: stage.passkey.name })}</p>
        <Field
          id="passkey-remove-password"
          label={t('password')}
          type="password"
          autoComplete="current-password"
          value={password}
          onInput={setPassword}
          required
          autoFocus
        />
      </Form>
    );
  else
    body = (
      <>
        {passkeys && passkeys.length === 0 && <p>{t('passkeyNone')}</p>}
        {passkeys && passkeys.length > 0 && (
          <ul class="passkey-list">
            {passkeys.map((p) => (
              <li key={p.id}>
                <span class="passkey-name">{p.name}</span>{' '}
                <span>
                  {t('passkeyDates', {
                    added: day(p.createdAt),
                    used: p.lastUsedAt ? day(p.lastUsedAt) : t('passkeyNeverUsed'),
                  })}
                </span>{' '}
                <button
                  type="button"
                  class="secondary"
                  aria-label={t('passkeyRemoveNamed', { name: p.name })}
                  onClick={() => go({ kind: 'remove', passkey: p })}
                >
                  {t('passkeyRemove')}
                </button>
              </li>
            ))}
          </ul>
        )}
        {passkeysAvailable() ? (
          <button type="button" id="passkey-start" onClick={() => go({ kind: 'add' })}>
            {t('passkeyAdd')}
          </button>
        ) : (
          <p>{t('passkeyUnavailable')}</p>
        )}
      </>
    );
  return (
    <section aria-labelledby="passkeys-title">
      <h2 id="passkeys-title">{t('passkeysTitle')}</h2>
      <p>{t('passkeysIntro')}</p>
      {body}
      {done && stage.kind === 'list' && <Status>{done}</Status>}
    </section>
  );
}
