import { useEffect, useState } from 'preact/hooks';
import { post } from '../api.js';
import { Heading, Link, messageOf, Status } from '../components.js';
import { useI18n } from '../i18n/index.js';

/** The mailed verification link: confirmed as the page opens (the token goes in a POST body). */
export function VerifyEmailPage({ token }: { token: string }) {
  const { t } = useI18n();
  const [result, setResult] = useState<{ email: string } | { error: unknown } | null>(null);
  useEffect(() => {
    post<{ email: string }>('/email-verification/confirm', { token }).then(
      (answer) => setResult({ email: answer.email }),
      (error: unknown) => setResult({ error }),
    );
  }, [token]);
  return (
    <section class="narrow">
      <Heading>{t('verifyTitle')}</Heading>
      {result === null && <p role="status">{t('loading')}</p>}
      {result && 'email' in result && <Status>{t('verifyDone', { email: result.email })}</Status>}
      {result && 'error' in result && (
        <p class="form-error" role="alert">
          {messageOf(result.error, t)}
        </p>
      )}
      <p>
        <Link href="/">{t('backHome')}</Link>
      </p>
    </section>
  );
}
