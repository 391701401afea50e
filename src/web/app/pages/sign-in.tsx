import { useEffect, useState } from 'preact/hooks';
import { ApiError, get, post, type SessionAnswer } from '../api.js';
import { Field, Form, Heading, Link, useAction } from '../components.js';
import { useI18n } from '../i18n/index.js';
import { passkeysAvailable, signInWithPasskey } from '../passkey.js';
import { navigate, safeNext } from '../router.js';
import { useSession } from '../session.js';

type Step = 'password' | 'totp' | 'recovery';

/** How this server lets people sign in (`GET /sign-in-methods`). */
interface SignInMethods {
  passkey: boolean;
  oidc: { name: string; startUrl: string } | null;
}

/**
 * Sign in: e-mail and password; when the account uses TOTP the answer says so (TOTP_REQUIRED) and
 * the page asks for the app's code, or a recovery code, and sends all three again. Beside it, a
 * passkey of this site (no address needed) and, when configured, single sign-on.
 */
export function SignInPage() {
  const { t } = useI18n();
  const { session, setSession } = useSession();
  const [step, setStep] = useState<Step>('password');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const { busy, error, setError, run } = useAction();
  const next = safeNext(new URLSearchParams(location.search).get('next'));
  const [methods, setMethods] = useState<SignInMethods | null>(null);
  const passkey = useAction();
  useEffect(() => void get<SignInMethods>('/sign-in-methods').then(setMethods, () => setMethods(null)), []);

  useEffect(() => {
    // A signing page (/sign/…) is not one of the app's: the browser loads it anew.
    if (session && next.startsWith('/sign/')) location.replace(next);
    else if (session) navigate(next, true);
  }, [session, next]);

  const submit = () =>
    run(async () => {
      const second = step === 'totp' ? { totpCode: code } : step === 'recovery' ? { recoveryCode: code } : {};
      try {
        setSession(await post<SessionAnswer>('/session', { email, password, ...second }));
      } catch (caught) {
        if (caught instanceof ApiError && caught.code === 'TOTP_REQUIRED') {
          setStep('totp');
          return;
        }
        throw caught;
      }
    });
  const switchTo = (to: Step) => {
    setStep(to);
    setCode('');
    setError(null);
  };

  if (step === 'password')
    return (
      <section class="narrow">
        <Heading>{t('signInTitle')}</Heading>
        <Form id="sign-in" submitLabel={t('signInSubmit')} busy={busy} error={error} onSubmit={submit}>
          <Field
            id="email"
            label={t('email')}
            type="email"
            autoComplete="username"
            value={email}
            onInput={setEmail}
            required
          />
          <Field
            id="password"
            label={t('password')}
            type="password"
            autoComplete="current-password"
            value={password}
            onInput={setPassword}
            required
          />
        </Form>
        <p>
          <Link href="/forgot-password">{t('forgotLink')}</Link>
        </p>
        {(methods?.passkey || methods?.oidc) && (
          <div class="other-sign-in" role="group" aria-label={t('otherSignIn')}>
            {methods.passkey && passkeysAvailable() && (
              <button
                type="button"
                id="passkey-sign-in"
                class="secondary"
                disabled={passkey.busy}
                aria-describedby={passkey.error ? 'passkey-sign-in-error' : undefined}
                onClick={() => void passkey.run(async () => setSession(await signInWithPasskey()))}
              >
                {t('passkeySignIn')}
              </button>
            )}
            {methods.oidc && (
              <a class="button" id="oidc-sign-in" href={methods.oidc.startUrl}>
                {t('ssoSignIn', { name: methods.oidc.name })}
              </a>
            )}
            {passkey.error && (
              <p id="passkey-sign-in-error" class="form-error" role="alert">
                {passkey.error}
              </p>
            )}
          </div>
        )}
      </section>
    );
  const totp = step === 'totp';
  return (
    <section class="narrow">
      <Heading>{t('signInTitle')}</Heading>
      <Form
        id="second-factor"
        submitLabel={t('verify')}
        busy={busy}
        error={error}
        onSubmit={submit}
        extra={
          <button type="button" class="link" onClick={() => switchTo(totp ? 'recovery' : 'totp')}>
            {totp ? t('useRecovery') : t('useTotp')}
          </button>
        }
      >
        <Field
          key={step}
          id={totp ? 'totp-code' : 'recovery-code'}
          label={totp ? t('totpCode') : t('recoveryCode')}
          hint={totp ? t('totpPrompt') : t('recoveryPrompt')}
          autoComplete="one-time-code"
          inputMode={totp ? 'numeric' : 'text'}
          value={code}
          onInput={setCode}
          required
          autoFocus
        />
      </Form>
    </section>
  );
}
