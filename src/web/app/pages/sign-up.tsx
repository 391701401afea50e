import { useEffect, useState } from 'preact/hooks';
import { get, post, type SessionAnswer, type SignUpLinkView } from '../api.js';
import { Field, Form, Heading, messageOf, useAction } from '../components.js';
import { useI18n } from '../i18n/index.js';
import { useSession } from '../session.js';

/**
 * A signing recipient's sign-up link (recipient verification ACCOUNT, PASSKEY): creates the account
 * for exactly the address the link was mailed to (name and password), signed in, member of no
 * team; then the recipient goes back to the signing page they came from.
 */
export function SignUpPage({ token }: { token: string }) {
  const { t } = useI18n();
  const { setSession } = useSession();
  const [view, setView] = useState<SignUpLinkView | { error: unknown } | null>(null);
  const [done, setDone] = useState(false);
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const { busy, error, run } = useAction();
  const path = `/sign-up/${encodeURIComponent(token)}`;
  useEffect(() => {
    get<SignUpLinkView>(path).then(setView, (caught: unknown) => setView({ error: caught }));
  }, [path]);

  if (view === null)
    return (
      <section class="narrow">
        <Heading>{t('loading')}</Heading>
      </section>
    );
  if ('error' in view)
    return (
      <section class="narrow">
        <Heading>{t('linkInvalidTitle')}</Heading>
        <p>{messageOf(view.error, t)}</p>
      </section>
    );
  if (done)
    return (
      <section class="narrow">
        <Heading>{t('signUpDoneTitle')}</Heading>
        <p role="status">{t('signUpDone')}</p>
      </section>
    );
  const submit = () =>
    run(async () => {
      setSession(await post<SessionAnswer>(path, { name, password }));
      setDone(true);
    });
  return (
    <section class="narrow">
      <Heading>{t('signUpTitle')}</Heading>
      <p>{t('signUpIntro', { email: view.email })}</p>
      <Form id="sign-up" submitLabel={t('signUpSubmit')} busy={busy} error={error} onSubmit={submit}>
        <Field id="name" label={t('name')} autoComplete="name" value={name} onInput={setName} required />
        <Field
          id="new-password"
          label={t('password')}
          hint={t('passwordHint')}
          type="password"
          autoComplete="new-password"
          value={password}
          onInput={setPassword}
          required
        />
      </Form>
    </section>
  );
}
