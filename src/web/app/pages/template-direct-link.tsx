import { useState } from 'preact/hooks';
import { del, post, type EnvelopeDetail } from '../api.js';
import { CopyValue, Status, useAction } from '../components.js';
import { useI18n } from '../i18n/index.js';

export interface DirectLink {
  id: string;
  enabled: boolean;
  url: string;
  directRecipientId: number;
  createdAt: string;
}

/** The template's direct link (null: none) and the team's identity rule (src/http/app/templates.schema.ts). */
export interface DirectLinkState {
  link: DirectLink | null;
  identityRule: string;
}

/**
 * The template's direct link: made for the recipient a visitor becomes, its address to copy, turned
 * off and on, deleted. Each change answers the link as it now is.
 */
export function DirectLinkSection(props: {
  base: string;
  template: EnvelopeDetail;
  state: DirectLinkState;
  onChange: (state: DirectLinkState) => void;
}) {
  const { t } = useI18n();
  const { busy, error, run } = useAction();
  const [said, setSaid] = useState('');
  const acting = props.template.recipients.filter((r) => r.role !== 'CC');
  const [visitor, setVisitor] = useState(String(acting.find((r) => r.role === 'SIGNER')?.id ?? acting[0]?.id ?? ''));
  const link = props.state.link;
  const change = (ask: () => Promise<{ link: DirectLink | null }>, message: string) =>
    run(async () => {
      const answer = await ask();
      props.onChange({ ...props.state, link: answer.link });
      setSaid(message);
    });
  return (
    <section aria-labelledby="template-direct-link">
      <h2 id="template-direct-link">{t('tplLinkTitle')}</h2>
      <p>{t('tplLinkIntro')}</p>
      {said && <Status>{said}</Status>}
      {error && (
        <p class="form-error" role="alert">
          {error}
        </p>
      )}
      {link === null ? (
        <form
          class="filters"
          onSubmit={(event) => {
            event.preventDefault();
            void change(
              () => post(`${props.base}/direct-link`, visitor ? { directRecipientId: Number(visitor) } : {}),
              t('tplLinkCreated'),
            );
          }}
        >
          <div class="field">
            <label for="direct-link-visitor">{t('tplLinkVisitor')}</label>
            <select id="direct-link-visitor" value={visitor} onChange={(e) => setVisitor(e.currentTarget.value)}>
              {acting.map((r, index) => (
                <option key={r.id} value={String(r.id)}>
                  {t('tplRecipientN', { n: index + 1, role: t(`recipientRole_${r.role}`) })}
                  {r.name ? ` · ${r.name}` : ''}
                </option>
              ))}
            </select>
          </div>
          <div class="actions">
            <button type="submit" class="primary" disabled={busy}>
              {t('tplLinkCreate')}
            </button>
          </div>
        </form>
      ) : (
        <>
          <CopyValue id="direct-link-url" label={t('tplLinkAddress')} value={link.url} />
          <p id="direct-link-state">{link.enabled ? t('tplLinkOn') : t('tplLinkOff')}</p>
          <div class="actions">
            <button
              type="button"
              disabled={busy}
              onClick={() =>
                void change(
                  () => post(`${props.base}/direct-link/toggle`, { enabled: !link.enabled }),
                  link.enabled ? t('tplLinkOff') : t('tplLinkOn'),
                )
              }
            >
              {link.enabled ? t('tplLinkDisable') : t('tplLinkEnable')}
            </button>
            <button
              type="button"
              disabled={busy}
              onClick={() => {
                if (window.confirm(t('tplLinkConfirmDelete')))
                  void change(() => del(`${props.base}/direct-link`), t('tplLinkDeleted'));
              }}
            >
              {t('tplLinkDelete')}
            </button>
          </div>
        </>
      )}
    </section>
  );
}
