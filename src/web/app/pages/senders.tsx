import { useEffect, useState } from 'preact/hooks';
import { del, get, post, type Membership } from '../api.js';
import { Field, Form, messageOf, Status, useAction } from '../components.js';
import { useI18n } from '../i18n/index.js';
import { TeamSettingsPage } from './team-settings.js';

interface Sender {
  id: string;
  email: string;
  name: string | null;
  verified: boolean;
}

/** A team's sender addresses (admins only): add (a code is mailed), verify with the code, remove. */
export function SendersPage() {
  return (
    <TeamSettingsPage title="sendersTitle" path="/settings/senders">
      {(team) => <TeamSenders key={team.id} team={team} />}
    </TeamSettingsPage>
  );
}

function TeamSenders({ team }: { team: Membership }) {
  const { t } = useI18n();
  const [senders, setSenders] = useState<Sender[] | { error: unknown } | null>(null);
  const [said, setSaid] = useState<string | null>(null);
  const removing = useAction();
  const load = () =>
    get<{ data: Sender[] }>(`/platforms/${team.id}/senders`).then(
      (answer) => setSenders(answer.data),
      (caught: unknown) => setSenders({ error: caught }),
    );
  useEffect(() => {
    void load();
  }, [team.id]);
  const remove = (sender: Sender) =>
    removing.run(async () => {
      setSaid(null);
      await del(`/platforms/${team.id}/senders/${sender.id}`);
      setSaid(t('senderRemoved', { email: sender.email }));
      await load();
    });
  return (
    <>
      <p>{t('sendersIntro')}</p>
      <AddSender team={team} onAdded={() => void load()} />
      <section aria-labelledby="senders-list">
        <h2 id="senders-list">{t('sendersListTitle')}</h2>
        {senders === null && <p role="status">{t('loading')}</p>}
        {senders && 'error' in senders && (
          <p class="form-error" role="alert">
            {messageOf(senders.error, t)}
          </p>
        )}
        {removing.error && (
          <p class="form-error" role="alert">
            {removing.error}
          </p>
        )}
        {said && <Status>{said}</Status>}
        {Array.isArray(senders) && senders.length === 0 && <p>{t('sendersNone')}</p>}
        {Array.isArray(senders) &&
          senders.map((sender) => (
            <article key={sender.id} class="session" aria-labelledby={`sender-${sender.id}`}>
              <h3 id={`sender-${sender.id}`}>{sender.email}</h3>
              <p>
                {sender.name ? `${sender.name} · ` : ''}
                {sender.verified ? t('senderVerified') : t('senderPending')}
              </p>
              {!sender.verified && <VerifySender team={team} sender={sender} onVerified={() => void load()} />}
              <div class="actions">
                <button type="button" disabled={removing.busy} onClick={() => void remove(sender)}>
                  {t('senderRemove', { email: sender.email })}
                </button>
              </div>
            </article>
          ))}
      </section>
    </>
  );
}

function AddSender({ team, onAdded }: { team: Membership; onAdded: () => void }) {
  const { t, language } = useI18n();
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [added, setAdded] = useState<string | null>(null);
  const { busy, error, run } = useAction();
  const submit = () =>
    run(async () => {
      setAdded(null);
      const sender = await post<Sender>(`/platforms/${team.id}/senders`, {
        email,
        name: name.trim() === '' ? null : name,
        language,
      });
      setEmail('');
      setName('');
      setAdded(sender.email);
      onAdded();
    });
  return (
    <section aria-labelledby="sender-add">
      <h2 id="sender-add">{t('senderAddTitle')}</h2>
      <Form id="add-sender" submitLabel={t('senderAdd')} busy={busy} error={error} onSubmit={submit}>
        <Field id="sender-email" label={t('email')} type="email" value={email} onInput={setEmail} required />
        <Field id="sender-name" label={t('senderName')} value={name} onInput={setName} autoComplete="off" />
      </Form>
      {added && <Status>{t('senderAdded', { email: added })}</Status>}
    </section>
  );
}

function VerifySender({ team, sender, onVerified }: { team: Membership; sender: Sender; onVerified: () => void }) {
  const { t } = useI18n();
  const [code, setCode] = useState('');
  const { busy, error, run } = useAction();
  const submit = () =>
    run(async () => {
      await post(`/platforms/${team.id}/senders/${sender.id}/verify`, { code: code.trim() });
      onVerified();
    });
  return (
    <Form id={`verify-${sender.id}`} submitLabel={t('verify')} busy={busy} error={error} onSubmit={submit}>
      <Field
        id={`code-${sender.id}`}
        label={t('senderCode', { email: sender.email })}
        inputMode="numeric"
        autoComplete="one-time-code"
        value={code}
        onInput={setCode}
        required
      />
    </Form>
  );
}
