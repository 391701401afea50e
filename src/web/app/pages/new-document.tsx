import { useEffect, useState } from 'preact/hooks';
import { isValidCuil } from '../../../lib/tax-id.js';
import type { RecipientRole } from '../../../lib/vocabulary/recipients.js';
import { RoleSelect } from '../role-select.js';
import { get, post } from '../api.js';
import { Heading, messageOf, useAction } from '../components.js';
import { LANGUAGE_NAMES, LANGUAGES, useI18n, type Language } from '../i18n/index.js';
import { navigate } from '../router.js';
import { useTeam } from '../team.js';

/** What the form checks as the member types (src/http/app/new-document.schema.ts). */
interface DocumentOptions {
  identityRule: 'CUIL' | 'NONE' | 'RUT' | 'CI_UY' | 'CPF';
  idLabel: string | null;
  signerEntersId: boolean;
  uploadBytes: number;
}

interface RecipientDraft {
  key: number;
  name: string;
  email: string;
  role: RecipientRole;
  order: string;
  cuil: string;
}

/** A first look at an address as typed; the server's rule (lib/email-address.ts) decides. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
let nextKey = 1;
const newRecipient = (): RecipientDraft => ({
  key: nextKey++,
  name: '',
  email: '',
  role: 'SIGNER',
  order: '',
  cuil: '',
});

/**
 * A new document: one PDF, its title, its recipients (the order they are listed is r1, r2, … of
 * the PDF's placeholder tags), the language of their mails, then send or save as a draft. Each
 * field says what is wrong beside it before anything is sent; the server's refusal (a signer
 * without a signature tag, …) is said in words below the form.
 */
export function NewDocumentPage() {
  const { t, language } = useI18n();
  const { teams, team } = useTeam();
  const [options, setOptions] = useState<DocumentOptions | { error: unknown } | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [title, setTitle] = useState('');
  const [documentLanguage, setDocumentLanguage] = useState<Language>(language);
  const [recipients, setRecipients] = useState<RecipientDraft[]>(() => [newRecipient()]);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const { busy, error, run } = useAction();

  useEffect(() => {
    if (!team) return;
    get<DocumentOptions>(`/platforms/${team.id}/document-options`).then(setOptions, (caught: unknown) =>
      setOptions({ error: caught }),
    );
  }, [team?.id]);

  const rule = options && !('error' in options) ? options : null;
  const idLabel = rule?.idLabel ?? null;
  const maxMb = rule ? Math.floor(rule.uploadBytes / (1024 * 1024)) : 0;

  /** What is wrong with one recipient's ID as typed ('' when nothing). */
  const idProblem = (r: RecipientDraft): string => {
    const typed = r.cuil.trim();
    if (!rule || !idLabel || r.role !== 'SIGNER') return '';
    if (typed === '') return rule.signerEntersId ? '' : t('nd_idMissing', { id: idLabel });
    if (rule.identityRule === 'CUIL' && !isValidCuil(typed)) return t('nd_cuilInvalid');
    return '';
  };

  const check = (): Record<string, string> => {
    const found: Record<string, string> = {};
    if (!file) found['nd-file'] = t('nd_fileMissing');
    else if (file.type !== 'application/pdf' && !/\.pdf$/i.test(file.name)) found['nd-file'] = t('nd_fileNotPdf');
    else if (rule && file.size > rule.uploadBytes) found['nd-file'] = t('nd_fileTooBig', { size: maxMb });
    if (title.trim() === '') found['nd-title'] = t('required');
    for (const r of recipients) {
      if (r.name.trim() === '') found[`nd-name-${r.key}`] = t('required');
      if (!EMAIL.test(r.email.trim())) found[`nd-email-${r.key}`] = t('nd_emailInvalid');
      const id = idProblem(r);
      if (id) found[`nd-cuil-${r.key}`] = id;
    }
    return found;
  };

  const submit = (mode: 'send' | 'draft' | 'edit') => {
    const send = mode === 'send';
    const found = check();
    setProblems(found);
    const first = Object.keys(found)[0];
    if (first) {
      document.getElementById(first)?.focus();
      return;
    }
    if (!team || !file) return;
    void run(async () => {
      const form = new FormData();
      const payload = {
        title: title.trim(),
        language: documentLanguage,
        send,
        recipients: recipients.map((r) => ({
          name: r.name.trim(),
          email: r.email.trim(),
          role: r.role,
          ...(r.order.trim() ? { signingOrder: Number(r.order) } : {}),
          ...(idLabel && r.cuil.trim() ? { cuil: r.cuil.trim() } : {}),
        })),
      };
      form.append('payload', JSON.stringify(payload));
      form.append('file', file, file.name);
      const made = await post<{ id: string }>(`/platforms/${team.id}/documents`, form);
      // "Place fields": the draft opens in the editor (pages/document-editor.tsx) to be prepared and sent.
      navigate(`/documents/${encodeURIComponent(made.id)}${mode === 'edit' ? '/edit' : ''}?team=${team.id}`);
    });
  };

  /** A field changed: what was said wrong about it goes until the next check. */
  const edited = (id: string) =>
    setProblems((all) => {
      if (!(id in all)) return all;
      const { [id]: _gone, ...rest } = all;
      return rest;
    });
  const update = (key: number, changes: Partial<RecipientDraft>) => {
    for (const field of Object.keys(changes)) edited(`nd-${field}-${key}`);
    setRecipients((all) => all.map((r) => (r.key === key ? { ...r, ...changes } : r)));
  };

  /** The live ID check: said as the member types, once the value has its full length. */
  const liveId = (r: RecipientDraft) => (r.cuil.replace(/\D/g, '').length >= 11 ? idProblem(r) : '');

  const describe = (id: string, hint?: boolean) =>
    [hint ? `${id}-hint` : null, problems[id] ? `${id}-error` : null, error ? 'nd-error' : null]
      .filter(Boolean)
      .join(' ') || undefined;
  const problem = (id: string, text = problems[id]) =>
    text ? (
      <p id={`${id}-error`} class="field-error">
        {text}
      </p>
    ) : null;

  return (
    <>
      <Heading>{t('nd_title')}</Heading>
      <p>{t('nd_intro')}</p>
      {teams && 'error' in teams && (
        <p class="form-error" role="alert">
          {messageOf(teams.error, t)}
        </p>
      )}
      {options && 'error' in options && (
        <p class="form-error" role="alert">
          {messageOf(options.error, t)}
        </p>
      )}
      {team && rule === null && options === null && <p role="status">{t('loading')}</p>}
      {team && rule && (
        <form
          id="new-document"
          class="form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            const sender = (event as SubmitEvent).submitter as HTMLButtonElement | null;
            submit(sender?.value === 'draft' ? 'draft' : sender?.value === 'edit' ? 'edit' : 'send');
          }}
        >
          <div class="field">
            <label for="nd-file">{t('nd_file')}</label>
            <p id="nd-file-hint" class="hint">
              {t('nd_fileHint', { size: maxMb })}
            </p>
            <input
              id="nd-file"
              type="file"
              accept="application/pdf,.pdf"
              aria-invalid={problems['nd-file'] ? 'true' : undefined}
              aria-describedby={describe('nd-file', true)}
              onChange={(event) => {
                const chosen = event.currentTarget.files?.[0] ?? null;
                setFile(chosen);
                edited('nd-file');
                if (chosen && title.trim() === '') {
                  edited('nd-title');
                  setTitle(chosen.name.replace(/\.pdf$/i, ''));
                }
              }}
            />
            {problem('nd-file')}
          </div>
          <div class="field">
            <label for="nd-title">{t('nd_docTitle')}</label>
            <input
              id="nd-title"
              value={title}
              maxLength={255}
              aria-invalid={problems['nd-title'] ? 'true' : undefined}
              aria-describedby={describe('nd-title')}
              onInput={(event) => {
                edited('nd-title');
                setTitle(event.currentTarget.value);
              }}
            />
            {problem('nd-title')}
          </div>
          <div class="field">
            <label for="nd-language">{t('nd_language')}</label>
            <select
              id="nd-language"
              value={documentLanguage}
              onChange={(event) => setDocumentLanguage(event.currentTarget.value as Language)}
            >
              {LANGUAGES.map((l) => (
                <option key={l} value={l} lang={l}>
                  {LANGUAGE_NAMES[l]}
                </option>
              ))}
            </select>
          </div>
          <section aria-labelledby="nd-tags-title" class="notice">
            <h2 id="nd-tags-title">{t('nd_tagsTitle')}</h2>
            <p>{t('nd_tagsHint')}</p>
            <p>
              <code class="tag-example">{'{{signature,r1}}'}</code>{' '}
              <code class="tag-example">{'{{signature,r2}}'}</code> <code class="tag-example">{'{{date,r1}}'}</code>{' '}
              <code class="tag-example">{'{{name,r2}}'}</code>
            </p>
            <details>
              <summary>{t('nd_tagsMore')}</summary>
              <p>{t('nd_tagsTypes')}</p>
            </details>
          </section>
          <h2 id="nd-recipients-title">{t('nd_recipients')}</h2>
          {recipients.map((r, index) => {
            const n = index + 1;
            const live = liveId(r);
            return (
              <fieldset key={r.key} class="recipient">
                <legend>{t('nd_recipient', { n })}</legend>
                <p class="hint">{t('nd_recipientTag', { tag: `{{signature,r${n}}}` })}</p>
                <div class="field">
                  <label for={`nd-name-${r.key}`}>{t('nd_name')}</label>
                  <input
                    id={`nd-name-${r.key}`}
                    value={r.name}
                    autoComplete="off"
                    aria-invalid={problems[`nd-name-${r.key}`] ? 'true' : undefined}
                    aria-describedby={describe(`nd-name-${r.key}`)}
                    onInput={(event) => update(r.key, { name: event.currentTarget.value })}
                  />
                  {problem(`nd-name-${r.key}`)}
                </div>
                <div class="field">
                  <label for={`nd-email-${r.key}`}>{t('nd_email')}</label>
                  <input
                    id={`nd-email-${r.key}`}
                    type="email"
                    value={r.email}
                    autoComplete="off"
                    aria-invalid={problems[`nd-email-${r.key}`] ? 'true' : undefined}
                    aria-describedby={describe(`nd-email-${r.key}`)}
                    onInput={(event) => update(r.key, { email: event.currentTarget.value })}
                  />
                  {problem(`nd-email-${r.key}`)}
                </div>
                <RoleSelect id={`nd-role-${r.key}`} value={r.role} onChange={(role) => update(r.key, { role })} />
                <div class="field">
                  <label for={`nd-order-${r.key}`}>{t('nd_order')}</label>
                  <p id={`nd-order-${r.key}-hint`} class="hint">
                    {t('nd_orderHint')}
                  </p>
                  <input
                    id={`nd-order-${r.key}`}
                    type="number"
                    min={1}
                    max={10000}
                    inputMode="numeric"
                    value={r.order}
                    aria-describedby={`nd-order-${r.key}-hint`}
                    onInput={(event) => update(r.key, { order: event.currentTarget.value })}
                  />
                </div>
                {idLabel && r.role === 'SIGNER' && (
                  <div class="field">
                    <label for={`nd-cuil-${r.key}`}>{t('nd_id', { id: idLabel })}</label>
                    <p id={`nd-cuil-${r.key}-hint`} class="hint">
                      {rule.identityRule === 'CUIL' ? t('nd_cuilHint') : t('nd_idHint', { id: idLabel })}
                    </p>
                    <input
                      id={`nd-cuil-${r.key}`}
                      value={r.cuil}
                      autoComplete="off"
                      inputMode={rule.identityRule === 'CUIL' ? 'numeric' : 'text'}
                      aria-invalid={problems[`nd-cuil-${r.key}`] || live ? 'true' : undefined}
                      aria-describedby={
                        [
                          `nd-cuil-${r.key}-hint`,
                          problems[`nd-cuil-${r.key}`] || live ? `nd-cuil-${r.key}-error` : null,
                        ]
                          .filter(Boolean)
                          .join(' ') || undefined
                      }
                      onInput={(event) => update(r.key, { cuil: event.currentTarget.value })}
                    />
                    {problem(`nd-cuil-${r.key}`, problems[`nd-cuil-${r.key}`] || live)}
                  </div>
                )}
                {recipients.length > 1 && (
                  <div class="actions">
                    <button
                      type="button"
                      onClick={() => setRecipients((all) => all.filter((other) => other.key !== r.key))}
                    >
                      {t('nd_removeRecipient', { n })}
                    </button>
                  </div>
                )}
              </fieldset>
            );
          })}
          <div class="actions">
            <button type="button" onClick={() => setRecipients((all) => [...all, newRecipient()])}>
              {t('nd_addRecipient')}
            </button>
          </div>
          {error && (
            <p id="nd-error" class="form-error" role="alert">
              {error}
            </p>
          )}
          <div class="actions">
            <button type="submit" class="primary" value="send" disabled={busy}>
              {t('nd_send')}
            </button>
            <button type="submit" value="draft" disabled={busy}>
              {t('nd_saveDraft')}
            </button>
            <button type="submit" value="edit" disabled={busy}>
              {t('ed_openInEditor')}
            </button>
          </div>
        </form>
      )}
    </>
  );
}
