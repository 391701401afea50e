import { useState } from 'preact/hooks';
import { LANGUAGE_NAMES, LANGUAGES, useI18n, type Language } from '../i18n/index.js';
import type { EditorDocument, EditorMeta, EditorSettingKey, SettingsInput } from './types.js';

/**
 * The document's settings (the API's `meta` of the same names): title, the mail's subject and
 * message, the recipients' language, how dates are written and in which time zone, where signers go
 * after signing, whether Firma mails the links, and whether recipients act in order.
 */
export function DocumentSettings(props: {
  document: EditorDocument;
  busy: boolean;
  onSave: (input: SettingsInput) => Promise<boolean>;
  /** Settings an embedding app hides (their values are kept as they are). */
  hide?: Partial<Record<EditorSettingKey, boolean>> | undefined;
}) {
  const shown = (key: EditorSettingKey) => !props.hide?.[key];
  const { t } = useI18n();
  const [title, setTitle] = useState(props.document.title);
  const [meta, setMeta] = useState<EditorMeta>(props.document.meta);
  const [titleProblem, setTitleProblem] = useState('');
  const set = (changes: Partial<EditorMeta>) => setMeta((m) => ({ ...m, ...changes }));
  const id = (name: string) => `ed-doc-${name}`;
  const text = (name: 'subject' | 'timezone' | 'redirectUrl', label: string, extra: Record<string, unknown> = {}) => (
    <div class="field">
      <label for={id(name)}>{label}</label>
      <input
        id={id(name)}
        value={meta[name]}
        onInput={(event) => set({ [name]: event.currentTarget.value })}
        {...extra}
      />
    </div>
  );

  return (
    <section class="ed-panel" aria-labelledby="ed-doc-title">
      <h2 id="ed-doc-title">{t('ed_documentSettings')}</h2>
      <form
        class="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (title.trim() === '') {
            setTitleProblem(t('required'));
            document.getElementById(id('name'))?.focus();
            return;
          }
          setTitleProblem('');
          void props.onSave({ title: title.trim(), meta });
        }}
      >
        {shown('title') && (
          <div class="field">
            <label for={id('name')}>{t('nd_docTitle')}</label>
            <input
              id={id('name')}
              value={title}
              maxLength={255}
              aria-invalid={titleProblem ? 'true' : undefined}
              aria-describedby={titleProblem ? `${id('name')}-error` : undefined}
              onInput={(event) => setTitle(event.currentTarget.value)}
            />
            {titleProblem && (
              <p id={`${id('name')}-error`} class="field-error">
                {titleProblem}
              </p>
            )}
          </div>
        )}
        {shown('communication') && text('subject', t('ed_subject'), { maxLength: 254 })}
        {shown('communication') && (
          <div class="field">
            <label for={id('message')}>{t('ed_message')}</label>
            <textarea
              id={id('message')}
              rows={3}
              maxLength={5000}
              value={meta.message}
              onInput={(event) => set({ message: event.currentTarget.value })}
            />
          </div>
        )}
        {shown('language') && (
          <div class="field">
            <label for={id('language')}>{t('nd_language')}</label>
            <select
              id={id('language')}
              value={meta.language}
              onChange={(event) => set({ language: event.currentTarget.value as Language })}
            >
              {LANGUAGES.map((l) => (
                <option key={l} value={l} lang={l}>
                  {LANGUAGE_NAMES[l]}
                </option>
              ))}
            </select>
          </div>
        )}
        {shown('dateFormat') && (
          <div class="field">
            <label for={id('dateFormat')}>{t('ed_dateFormat')}</label>
            <select
              id={id('dateFormat')}
              value={meta.dateFormat}
              onChange={(event) => set({ dateFormat: event.currentTarget.value })}
            >
              {props.document.dateFormats.map((f) => (
                <option key={f} value={f}>
                  {f}
                </option>
              ))}
            </select>
          </div>
        )}
        {shown('timezone') && text('timezone', t('ed_timezone'), { maxLength: 64 })}
        {shown('redirectUrl') && text('redirectUrl', t('ed_redirectUrl'), { type: 'url', maxLength: 2048 })}
        {shown('distribution') && (
          <div class="field">
            <label for={id('distribution')}>{t('ed_distribution')}</label>
            <select
              id={id('distribution')}
              value={meta.distributionMethod}
              onChange={(event) => set({ distributionMethod: event.currentTarget.value as 'EMAIL' | 'NONE' })}
            >
              <option value="EMAIL">{t('ed_distribution_EMAIL')}</option>
              <option value="NONE">{t('ed_distribution_NONE')}</option>
            </select>
          </div>
        )}
        {shown('signingOrder') && (
          <div class="field">
            <label for={id('order')}>{t('ed_signingOrder')}</label>
            <select
              id={id('order')}
              value={meta.signingOrder}
              onChange={(event) => set({ signingOrder: event.currentTarget.value as 'PARALLEL' | 'SEQUENTIAL' })}
            >
              <option value="PARALLEL">{t('ed_order_PARALLEL')}</option>
              <option value="SEQUENTIAL">{t('ed_order_SEQUENTIAL')}</option>
            </select>
          </div>
        )}
        <div class="actions">
          <button type="submit" disabled={props.busy}>
            {t('ed_saveSettings')}
          </button>
        </div>
      </form>
    </section>
  );
}
