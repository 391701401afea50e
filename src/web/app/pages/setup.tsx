import { useState } from 'preact/hooks';
import { post, type SessionAnswer } from '../api.js';
import { Field, Form, Heading, useAction } from '../components.js';
import { useI18n } from '../i18n/index.js';
import { navigate } from '../router.js';
import { useSession } from '../session.js';

/** The server checked the link before answering the page: `<meta name="firma-link" content="invalid">`. */
const linkIsInvalid = () => document.querySelector('meta[name="firma-link"]')?.getAttribute('content') === 'invalid';

/** The first start's link: the first administrator's name, address and password; lands signed in. */
export function SetupPage({ token }: { token: string }) {
  const { t, language } = useI18n();
  const { setSession } = useSession();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { busy, error, run } = useAction();
  if (linkIsInvalid())
    return (
      <section class="narrow">
        <Heading>{t('linkInvalidTitle')}</Heading>
        <p>{t('setupInvalidBody')}</p>
      </section>
    );
  const submit = () =>
    run(async () => {
      setSession(await post<SessionAnswer>(`/setup/${encodeURIComponent(token)}`, { name, email, password, language }));
      navigate('/', true);
    });
  return (
    <section class="narrow">
      <Heading>{t('setupTitle')}</Heading>
      <p>{t('setupIntro')}</p>
      <Form id="setup" submitLabel={t('setupSubmit')} busy={busy} error={error} onSubmit={submit}>
        <Field id="name" label={t('name')} autoComplete="name" value={name} onInput={setName} required />
        <Field
          id="email"
          label={t('email')}
          type="email"
          autoComplete="email"
          value={email}
          onInput={setEmail}
          required
        />
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
