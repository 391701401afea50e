import { useState } from 'preact/hooks';
import { post } from '../api.js';
import { Field, Form, Heading, Status, useAction } from '../components.js';
import { useI18n } from '../i18n/index.js';
import { useSession } from '../session.js';
import { PasskeysSection } from './passkeys-section.js';
import { SessionsSection } from './sessions-section.js';
import { TotpSection } from './totp-section.js';

/** The user's own account: who they are, their password, TOTP, their passkeys and their sessions. */
export function AccountPage() {
  const { t } = useI18n();
  const { session } = useSession();
  if (!session) return null;
  return (
    <>
      <Heading>{t('accountTitle')}</Heading>
      <section aria-labelledby="profile-title">
        <h2 id="profile-title">{t('profileTitle')}</h2>
        <dl class="facts">
          <dt>{t('name')}</dt>
          <dd>{session.user.name}</dd>
          <dt>{t('email')}</dt>
          <dd>{session.user.email}</dd>
        </dl>
      </section>
      <PasswordSection />
      <TotpSection />
      <PasskeysSection />
      <SessionsSection />
    </>
  );
}

function PasswordSection() {
  const { t } = useI18n();
  const [currentPassword, setCurrent] = useState('');
  const [newPassword, setNew] = useState('');
  const [done, setDone] = useState(false);
  const { busy, error, run } = useAction();
  const submit = () =>
    run(async () => {
      setDone(false);
      await post('/me/password', { currentPassword, newPassword });
      setCurrent('');
      setNew('');
      setDone(true);
    });
  return (
    <section aria-labelledby="password-title">
      <h2 id="password-title">{t('changePasswordTitle')}</h2>
      <Form id="change-password" submitLabel={t('changePasswordSubmit')} busy={busy} error={error} onSubmit={submit}>
        <Field
          id="current-password"
          label={t('currentPassword')}
          type="password"
          autoComplete="current-password"
          value={currentPassword}
          onInput={setCurrent}
          required
        />
        <Field
          id="changed-password"
          label={t('newPassword')}
          hint={t('passwordHint')}
          type="password"
          autoComplete="new-password"
          value={newPassword}
          onInput={setNew}
          required
        />
      </Form>
      {done && <Status>{t('passwordChanged')}</Status>}
    </section>
  );
}
