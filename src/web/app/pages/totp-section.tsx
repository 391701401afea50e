import { useState } from 'preact/hooks';
import { post } from '../api.js';
import { CopyValue, Field, Form, Status, useAction } from '../components.js';
import { useI18n } from '../i18n/index.js';
import { useSession } from '../session.js';
import { QrCode } from '../qr-code.js';

type Stage =
  | { kind: 'idle' }
  | { kind: 'password' }
  | { kind: 'scan'; secret: string; otpauthUri: string }
  | { kind: 'codes'; recoveryCodes: string[] }
  | { kind: 'disable' };

/**
 * TOTP: set up (password again → a QR code of the otpauth URI to scan, and the secret and the URI
 * as text to copy for an app on this device), turned on with a first code (the recovery codes shown once), turned off
 * with the password and a code.
 */
export function TotpSection() {
  const { t } = useI18n();
  const { session, setSession } = useSession();
  const [stage, setStage] = useState<Stage>({ kind: 'idle' });
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [said, setSaid] = useState<string | null>(null);
  const { busy, error, setError, run } = useAction();
  if (!session) return null;
  const enabled = session.user.totpEnabled;
  const markEnabled = (totpEnabled: boolean) => setSession({ ...session, user: { ...session.user, totpEnabled } });
  const go = (next: Stage) => {
    setStage(next);
    setPassword('');
    setCode('');
    setError(null);
    setSaid(null);
  };
  const cancel = (
    <button type="button" onClick={() => go({ kind: 'idle' })}>
      {t('cancel')}
    </button>
  );

  let body;
  if (stage.kind === 'password')
    body = (
      <Form
        id="totp-password"
        submitLabel={t('continue')}
        busy={busy}
        error={error}
        extra={cancel}
        onSubmit={() =>
          run(async () => {
            const setup = await post<{ secret: string; otpauthUri: string }>('/me/totp/setup', { password });
            go({ kind: 'scan', ...setup });
          })
        }
      >
        <Field
          id="totp-setup-password"
          label={t('password')}
          hint={t('totpConfirmPassword')}
          type="password"
          autoComplete="current-password"
          value={password}
          onInput={setPassword}
          required
          autoFocus
        />
      </Form>
    );
  else if (stage.kind === 'scan')
    body = (
      <>
        <p>{t('totpScan')}</p>
        <QrCode id="totp-qr" label={t('totpQr')} value={stage.otpauthUri} />
        <CopyValue id="totp-secret" label={t('totpSecret')} value={stage.secret} />
        <CopyValue id="totp-uri" label={t('totpUri')} value={stage.otpauthUri} />
        <Form
          id="totp-enable"
          submitLabel={t('totpEnable')}
          busy={busy}
          error={error}
          extra={cancel}
          onSubmit={() =>
            run(async () => {
              const { recoveryCodes } = await post<{ recoveryCodes: string[] }>('/me/totp/enable', { code });
              markEnabled(true);
              go({ kind: 'codes', recoveryCodes });
            })
          }
        >
          <Field
            id="totp-first-code"
            label={t('totpCode')}
            hint={t('totpPrompt')}
            autoComplete="one-time-code"
            inputMode="numeric"
            value={code}
            onInput={setCode}
            required
          />
        </Form>
      </>
    );
  else if (stage.kind === 'codes')
    body = (
      <>
        <Status>{t('totpEnabledDone')}</Status>
        <h3>{t('recoveryCodesTitle')}</h3>
        <p>{t('recoveryCodesIntro')}</p>
        <ul class="recovery-codes">
          {stage.recoveryCodes.map((c) => (
            <li key={c}>
              <code>{c}</code>
            </li>
          ))}
        </ul>
        <CopyValue id="recovery-all" label={t('recoveryCodesTitle')} value={stage.recoveryCodes.join('\n')} />
      </>
    );
  else if (stage.kind === 'disable')
    body = (
      <>
        <p>{t('totpDisableIntro')}</p>
        <Form
          id="totp-disable"
          submitLabel={t('totpDisable')}
          busy={busy}
          error={error}
          extra={cancel}
          onSubmit={() =>
            run(async () => {
              const second = /^\d{6}$/.test(code.trim()) ? { totpCode: code } : { recoveryCode: code };
              await post('/me/totp/disable', { password, ...second });
              markEnabled(false);
              go({ kind: 'idle' });
              setSaid(t('totpDisabledDone'));
            })
          }
        >
          <Field
            id="totp-disable-password"
            label={t('password')}
            type="password"
            autoComplete="current-password"
            value={password}
            onInput={setPassword}
            required
            autoFocus
          />
          <Field
            id="totp-disable-code"
            label={t('totpCode')}
            autoComplete="one-time-code"
            value={code}
            onInput={setCode}
            required
          />
        </Form>
      </>
    );
  else
    body = (
      <>
        <p>{enabled ? t('totpOn') : t('totpOff')}</p>
        <button
          type="button"
          id={enabled ? 'totp-disable-start' : 'totp-start'}
          onClick={() => go({ kind: enabled ? 'disable' : 'password' })}
        >
          {enabled ? t('totpDisable') : t('totpStart')}
        </button>
        {said && <Status>{said}</Status>}
      </>
    );
  return (
    <section aria-labelledby="totp-title">
      <h2 id="totp-title">{t('totpTitle')}</h2>
      {body}
    </section>
  );
}
