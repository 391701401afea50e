import { useState } from 'preact/hooks';
import { post } from '../api.js';
import { Field, Form, Heading, Link, Status, useAction } from '../components.js';
import { useI18n } from '../i18n/index.js';
import { useSession } from '../session.js';

/** Asks for a reset link: the same answer whether or not an account has the address. */
export function ForgotPasswordPage() {
  const { t } = useI18n();
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState(false);
  const { busy, error, run } = useAction();
  const submit = () =>
    run(async () => {
      await post('/password-reset', { email });
      setSent(true);
    });
  return (
    <section class="narrow">
      <Heading>{t('forgotTitle')}</Heading>
      {sent ? (
        <Status>{t('forgotSent')}</Status>
      ) : (
        <>
          <p>{t('forgotIntro')}</p>
          <Form id="forgot" submitLabel={t('forgotSubmit')} busy={busy} error={error} onSubmit={submit}>
            <Field
              id="email"
              label={t('email')}
              type="email"
              autoComplete="email"
              value={email}
              onInput={setEmail}
              required
            />
          </Form>
        </>
      )}
      <p>
        <Link href="/sign-in">{t('backToSignIn')}</Link>
      </p>
    </section>
  );
}

/** The mailed link's page: a new password; every session of the account ends, this one too. */
export function ResetPasswordPage({ token }: { token: string }) {
  const { t } = useI18n();
  const { setSession } = useSession();
  const [password, setPassword] = useState('');
  const [done, setDone] = useState(false);
  const { busy, error, run } = useAction();
  const submit = () =>
    run(async () => {
      await post('/password-reset/confirm', { token, password });
      setSession(null);
      setDone(true);
    });
  return (
    <section class="narrow">
      <Heading>{t('resetTitle')}</Heading>
      {done ? (
        <>
          <Status>{t('resetDone')}</Status>
          <p>
            <Link href="/sign-in">{t('signInTitle')}</Link>
          </p>
        </>
      ) : (
        <Form id="reset" submitLabel={t('resetSubmit')} busy={busy} error={error} onSubmit={submit}>
          <Field
            id="new-password"
            label={t('newPassword')}
            hint={t('passwordHint')}
            type="password"
            autoComplete="new-password"
            value={password}
            onInput={setPassword}
            required
          />
        </Form>
      )}
    </section>
  );
}
