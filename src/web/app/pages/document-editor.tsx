import type { JSX } from 'preact';
import { useEffect, useMemo, useState } from 'preact/hooks';
import { Heading, Link, messageOf } from '../components.js';
import { useI18n } from '../i18n/index.js';
import { navigate } from '../router.js';
import { useTeam } from '../team.js';
import type * as SourceParts from '../editor/app-source.js';
import type * as EditorParts from '../editor/document-editor.js';
import '../editor/editor.css';

type EditorModule = typeof EditorParts & typeof SourceParts;
let editorModule: Promise<EditorModule> | null = null;

/** The editor's code (and, through it, pdf.js) is fetched when an editor opens, never with the app. */
const loadEditor = (): Promise<EditorModule> =>
  (editorModule ??= Promise.all([import('../editor/document-editor.js'), import('../editor/app-source.js')]).then(
    ([editor, source]) => ({ ...editor, ...source }),
  ));

/**
 * `/documents/:id/edit`: a DRAFT document prepared in the editor (recipients, fields, settings),
 * then sent; the document's page follows. `/templates/:id/edit`: a template, the same editor
 * without Send.
 */
export function DocumentEditorPage({
  envelopeId,
  kind = 'documents',
}: {
  envelopeId: string;
  kind?: 'documents' | 'templates';
}) {
  const { t } = useI18n();
  const { teams, team } = useTeam();
  const [module, setModule] = useState<EditorModule | { error: unknown } | null>(null);
  useEffect(() => {
    loadEditor().then(setModule, (caught: unknown) => setModule({ error: caught }));
  }, []);
  const source = useMemo(
    () => (team && module && !('error' in module) ? module.appEditorSource(team.id, envelopeId, kind) : null),
    [team?.id, envelopeId, module, kind],
  );
  const documentHref = team ? `/${kind}/${encodeURIComponent(envelopeId)}?team=${team.id}` : `/${kind}`;

  let body: JSX.Element | null = null;
  if ((teams && 'error' in teams) || (module && 'error' in module))
    body = (
      <p class="form-error" role="alert">
        {messageOf(teams && 'error' in teams ? teams.error : (module as { error: unknown }).error, t)}
      </p>
    );
  else if (!source || !module || 'error' in module) body = <p role="status">{t('loading')}</p>;
  else body = <module.DocumentEditor source={source} sentHref={documentHref} onSent={() => navigate(documentHref)} />;
  return (
    <>
      <Heading>{kind === 'templates' ? t('ed_templateTitle') : t('ed_title')}</Heading>
      <p>
        <Link href={documentHref}>{kind === 'templates' ? t('ed_backToTemplate') : t('ed_backToDocument')}</Link>
      </p>
      <p class="hint">{t('ed_intro')}</p>
      {body}
    </>
  );
}
