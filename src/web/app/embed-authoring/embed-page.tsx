import { render } from 'preact';
import { useMemo, useRef, useState } from 'preact/hooks';
import { messageOf } from '../components.js';
import { DocumentEditor } from '../editor/document-editor.js';
import { embedCall, embedEditorSource } from '../editor/embed-source.js';
import '../editor/editor.css';
import { I18nContext, isLanguage, loadDictionary, translator, useI18n, type Language } from '../i18n/index.js';
import './embed-authoring.css';
import { postAuthoringEvent } from './events.js';
import { allowsSending, hiddenFor, readAuthoringOptions, type AuthoringOptions } from './options.js';

/*
 * Documenso's authoring embeds (EmbedCreateDocumentV1, EmbedUpdateEnvelopeV2, …) in Firma: a page
 * mode of the web app's bundle (the server's embed-authoring.routes.ts writes the mode and ids in
 * <meta> elements). Create pages ask for the PDF and a title, make a DRAFT through the API's create,
 * then open the same editor as the web app on it, with the presign token as its source. Done posts
 * Documenso's events to the embedding app.
 */

type Mode =
  | 'v1-document-create'
  | 'v1-document-edit'
  | 'v1-template-create'
  | 'v1-template-edit'
  | 'v2-envelope-create'
  | 'v2-envelope-edit';

interface Opened {
  envelopeId: string;
  documentId: number;
  type: 'DOCUMENT' | 'TEMPLATE';
}

const meta = (name: string) => document.querySelector(`meta[name="${name}"]`)?.getAttribute('content') ?? '';

interface ThemeModule {
  applyEmbedTheme(theme: { css: string | null; cssVars: Record<string, string> }): boolean;
}

/** The signing page's theme code (the same checks on `css`), fetched only when there is a theme. */
async function applyTheme(options: AuthoringOptions): Promise<void> {
  if (meta('firma-embed-white-label') !== 'on') return;
  if (!options.css && Object.keys(options.cssVars).length === 0) return;
  const url = '/sign-assets/embed-theme.js';
  const theme = (await import(/* @vite-ignore */ url)) as ThemeModule;
  theme.applyEmbedTheme({ css: options.css, cssVars: options.cssVars });
}

/** The events a finished page posts: v1 create posts twice, as Documenso's create then completed pages do. */
function finishedEvents(mode: Mode, opened: Opened, externalId: string | null) {
  const { documentId, envelopeId } = opened;
  switch (mode) {
    case 'v1-document-create':
      return [1, 2].map(() => ({ type: 'document-created' as const, documentId, externalId }));
    case 'v1-template-create':
      return [1, 2].map(() => ({ type: 'template-created' as const, templateId: documentId, externalId }));
    case 'v1-document-edit':
      return [{ type: 'document-updated' as const, documentId, externalId }];
    case 'v1-template-edit':
      return [{ type: 'template-updated' as const, templateId: documentId, externalId }];
    case 'v2-envelope-create':
      return [{ type: 'envelope-created' as const, envelopeId, externalId }];
    case 'v2-envelope-edit':
      return [{ type: 'envelope-updated' as const, envelopeId, externalId }];
  }
}

function CreateStep(props: {
  token: string;
  type: 'DOCUMENT' | 'TEMPLATE';
  options: AuthoringOptions;
  onCreated: (o: Opened) => void;
}) {
  const { t } = useI18n();
  const file = useRef<HTMLInputElement>(null);
  const [title, setTitle] = useState('');
  const [problem, setProblem] = useState<{ field: 'file' | 'title' | null; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: Event) => {
    event.preventDefault();
    const pdf = file.current?.files?.[0];
    if (!pdf) return setProblem({ field: 'file', text: t('ea_fileRequired') });
    const name = title.trim() || pdf.name.replace(/\.pdf$/i, '');
    if (!name) return setProblem({ field: 'title', text: t('required') });
    setBusy(true);
    setProblem(null);
    const form = new FormData();
    form.append(
      'payload',
      JSON.stringify({
        type: props.type,
        title: name.slice(0, 255),
        externalId: props.options.externalId,
        folderId: props.options.folderId,
      }),
    );
    form.append('file', pdf, pdf.name);
    try {
      props.onCreated(await embedCall<Opened>(props.token, 'POST', '/envelopes', form));
    } catch (caught) {
      setProblem({ field: null, text: messageOf(caught, t) });
    } finally {
      setBusy(false);
    }
  };
  const describedBy = (field: 'file' | 'title') => (problem?.field === field ? `ea-${field}-error` : undefined);
  return (
    <>
      <h1>{props.type === 'TEMPLATE' ? t('ea_newTemplate') : t('ea_newDocument')}</h1>
      <p>{t('ea_newIntro')}</p>
      {problem && problem.field === null && (
        <p class="form-error" role="alert">
          {problem.text}
        </p>
      )}
      <form class="form" noValidate onSubmit={(event) => void submit(event)}>
        <div class="field">
          <label for="ea-file">{t('ea_file')}</label>
          <input
            id="ea-file"
            ref={file}
            type="file"
            accept="application/pdf,.pdf"
            aria-describedby={describedBy('file')}
            aria-invalid={problem?.field === 'file' ? 'true' : undefined}
          />
          {problem?.field === 'file' && (
            <p id="ea-file-error" class="field-error">
              {problem.text}
            </p>
          )}
        </div>
        <div class="field">
          <label for="ea-title">{t('ea_title')}</label>
          <input
            id="ea-title"
            value={title}
            maxLength={255}
            onInput={(event) => setTitle(event.currentTarget.value)}
            aria-describedby={describedBy('title')}
            aria-invalid={problem?.field === 'title' ? 'true' : undefined}
          />
          {problem?.field === 'title' && (
            <p id="ea-title-error" class="field-error">
              {problem.text}
            </p>
          )}
        </div>
        <div class="actions">
          <button type="submit" class="primary" disabled={busy}>
            {t('ea_create')}
          </button>
        </div>
      </form>
    </>
  );
}

function EmbedAuthoring(props: { mode: Mode; token: string; options: AuthoringOptions; opened: Opened | null }) {
  const { t } = useI18n();
  const { mode, token, options } = props;
  const version = mode.startsWith('v1') ? 'v1' : 'v2';
  const [opened, setOpened] = useState<Opened | null>(props.opened);
  const [finished, setFinished] = useState(false);
  const hide = useMemo(() => hiddenFor(version, options), [options]);
  const source = useMemo(
    () => (opened ? embedEditorSource(token, opened.envelopeId, opened.type, allowsSending(version, options)) : null),
    [opened?.envelopeId],
  );
  const done = () => {
    if (!opened) return;
    for (const event of finishedEvents(mode, opened, options.externalId)) postAuthoringEvent(event);
    setFinished(true);
  };
  if (finished)
    return (
      <p class="notice" role="status">
        {t('ea_finished')}
      </p>
    );
  if (!opened || !source) {
    const type = mode.includes('template')
      ? 'TEMPLATE'
      : mode.includes('envelope')
        ? (options.type ?? 'DOCUMENT')
        : 'DOCUMENT';
    return <CreateStep token={token} type={type} options={options} onCreated={setOpened} />;
  }
  return (
    <>
      <h1>{opened.type === 'TEMPLATE' ? t('ed_templateTitle') : t('ed_title')}</h1>
      <DocumentEditor
        source={source}
        hide={hide}
        sentHref={location.pathname + location.search}
        onSent={done}
        finish={{ label: t('ea_done'), hint: t('ea_doneHint'), onFinish: done }}
      />
    </>
  );
}

/** Draws the embedded editor into `root` (main.tsx calls it in this page mode). */
export async function mountEmbedAuthoring(root: HTMLElement, asked: Language): Promise<void> {
  const options = readAuthoringOptions(location.hash.slice(1));
  const language = options.language ?? asked;
  if (options.darkModeDisabled) document.documentElement.classList.add('dark-mode-disabled');
  document.documentElement.lang = language;
  await applyTheme(options).catch(() => undefined);
  const words = await loadDictionary(isLanguage(language) ? language : 'en');
  const mode = meta('firma-authoring-mode') as Mode;
  const token = new URLSearchParams(location.search).get('token') ?? '';
  const envelopeId = meta('firma-envelope-id');
  const type = meta('firma-envelope-type');
  const opened: Opened | null =
    envelopeId && (type === 'DOCUMENT' || type === 'TEMPLATE')
      ? { envelopeId, documentId: Number(meta('firma-document-id')), type: type }
      : null;
  const i18n = { language, t: translator(words), setLanguage: () => undefined };
  document.title = 'Firma';
  root.textContent = '';
  render(
    <I18nContext.Provider value={i18n}>
      <main id="main" class="ea-main">
        <EmbedAuthoring mode={mode} token={token} options={options} opened={opened} />
      </main>
    </I18nContext.Provider>,
    root,
  );
}
