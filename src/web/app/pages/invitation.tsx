import { useEffect, useState } from 'preact/hooks';
import { get, post, type InvitationView, type SessionAnswer } from '../api.js';
import { Field, Form, Heading, Link, messageOf, useAction } from '../components.js';
import { useI18n } from '../i18n/index.js';
import { navigate } from '../router.js';
import { useSession } from '../session.js';

/**
 * An invitation link: a new address creates its account (name and password) and lands signed in;
 * an address with an account joins from a session of that account only.
 */
export function InvitationPage({ token }: { token: string }) {
  const { t } = useI18n();
  const { session, setSession } = useSession();
  const [view, setView] = useState<InvitationView | { error: unknown } | null>(null);
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const { busy, error, run } = useAction();
  const path = `/invitations/${encodeURIComponent(token)}`;
  useEffect(() => {
    get<InvitationView>(path).then(setView, (caught: unknown) => setView({ error: caught }));
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

  const team = view.platformName;
  const intro = t('invitationIntro', { email: view.email, team, role: t(`role${view.role}`) });
  const accept = (body: object) =>
    run(async () => {
      const answer = await post<{ session: SessionAnswer | null }>(`${path}/accept`, body);
      if (answer.session) setSession(answer.session);
      navigate('/', true);
    });
  const signedInAs = session?.user.email.toLowerCase();
  let action;
  if (!view.accountExists)
    action = (
      <>
        <p>{t('invitationCreate')}</p>
        <Form
          id="accept"
          submitLabel={t('invitationCreateSubmit')}
          busy={busy}
          error={error}
          onSubmit={() => accept({ name, password })}
        >
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
      </>
    );
  else if (signedInAs === view.email.toLowerCase())
    action = (
      <Form id="accept" submitLabel={t('invitationJoin')} busy={busy} error={error} onSubmit={() => accept({})}>
        {null}
      </Form>
    );
  else if (session) action = <p>{t('invitationWrongAccount', { email: session.user.email })}</p>;
  else
    action = (
      <p>
        {t('invitationSignInFirst', { email: view.email })}{' '}
        <Link href={`/sign-in?next=${encodeURIComponent(`/invitations/${token}`)}`}>{t('signInTitle')}</Link>
      </p>
    );
  return (
    <section class="narrow">
      <Heading>{t('invitationTitle', { team })}</Heading>
      <p>{intro}</p>
      {action}
    </section>
  );
}
