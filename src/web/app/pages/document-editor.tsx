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
 * then sent; the document's page follows.
 */
export function DocumentEditorPage({ envelopeId }: { envelopeId: string }) {
  const { t } = useI18n();
  const { teams, team } = useTeam();
  const [module, setModule] = useState<EditorModule | { error: unknown } | null>(null);
  useEffect(() => {
    loadEditor().then(setModule, (caught: unknown) => setModule({ error: caught }));
  }, []);
  const source = useMemo(
    () => (team && module && !('error' in module) ? module.appEditorSource(team.id, envelopeId, 'documents') : null),
    [team?.id, envelopeId, module],
  );
  const documentHref = team ? `/documents/${encodeURIComponent(envelopeId)}?team=${team.id}` : '/documents';

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
      <Heading>{t('ed_title')}</Heading>
      <p>
        <Link href={documentHref}>{t('ed_backToDocument')}</Link>
      </p>
      <p class="hint">{t('ed_intro')}</p>
      {body}
    </>
  );
}
