import { useEffect, useState } from 'preact/hooks';
import { get, type EnvelopeList } from '../api.js';
import { Heading, Link, messageOf } from '../components.js';
import { FolderFilter, useFolders } from '../folders.js';
import { useI18n } from '../i18n/index.js';
import { navigate, useLocation } from '../router.js';
import { useTeam } from '../team.js';

const PER_PAGE = 20;

/** What the list asks the server, from what the address says: every filter is added here. */
function listQuery(search: { query: string; folderId: string; page: number }): URLSearchParams {
  const asked = new URLSearchParams({ page: String(search.page), perPage: String(PER_PAGE) });
  if (search.query) asked.set('query', search.query);
  if (search.folderId) asked.set('folderId', search.folderId);
  return asked;
}

/**
 * A team's templates, newest first, searched by title or external id, in a folder or all, a page
 * at a time, all kept in the address so Back and a shared link show the same list.
 */
export function TemplatesPage() {
  const { t } = useI18n();
  const location = useLocation();
  const { teams, team } = useTeam();
  const query = location.searchParams.get('query') ?? '';
  const folderId = location.searchParams.get('folderId') ?? '';
  const page = Math.max(1, Number(location.searchParams.get('page')) || 1);
  const [typed, setTyped] = useState(query);
  const { folders } = useFolders(team?.id, 'TEMPLATE');
  const [list, setList] = useState<EnvelopeList | { error: unknown } | null>(null);

  const go = (changes: Record<string, string>) => {
    const next = new URLSearchParams(location.searchParams);
    if (team) next.set('team', String(team.id));
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    navigate(`/templates?${next.toString()}`);
  };

  useEffect(() => {
    if (!team) return;
    setList(null);
    get<EnvelopeList>(`/platforms/${team.id}/templates?${listQuery({ query, folderId, page }).toString()}`).then(
      setList,
      (caught: unknown) => setList({ error: caught }),
    );
  }, [team?.id, query, folderId, page]);

  return (
    <>
      <Heading>{t('templatesTitle')}</Heading>
      {teams && 'error' in teams && (
        <p class="form-error" role="alert">
          {messageOf(teams.error, t)}
        </p>
      )}
      {Array.isArray(teams) && teams.length === 0 && <p>{t('noTeams')}</p>}
      {team && (
        <form
          class="filters"
          role="search"
          onSubmit={(event) => {
            event.preventDefault();
            go({ query: typed.trim(), page: '' });
          }}
        >
          <div class="field">
            <label for="templates-query">{t('docsSearch')}</label>
            <p id="templates-query-hint" class="hint">
              {t('tplSearchHint')}
            </p>
            <input
              id="templates-query"
              type="search"
              value={typed}
              aria-describedby="templates-query-hint"
              onInput={(event) => setTyped(event.currentTarget.value)}
            />
          </div>
          <FolderFilter
            id="templates-folder"
            type="TEMPLATE"
            folders={Array.isArray(folders) ? folders : []}
            value={folderId}
            onChange={(next) => go({ folderId: next, page: '' })}
          />
          <div class="actions">
            <button type="submit" class="primary">
              {t('docsSearch')}
            </button>
          </div>
        </form>
      )}
      {team && list === null && <p role="status">{t('loading')}</p>}
      {list && 'error' in list && (
        <p class="form-error" role="alert">
          {messageOf(list.error, t)}
        </p>
      )}
      {list && 'data' in list && (
        <section aria-labelledby="templates-found">
          <h2 id="templates-found" class="visually-hidden">
            {t('docsPage', { page: list.page, pages: Math.max(1, list.totalPages) })}
          </h2>
          {list.data.length === 0 ? (
            <p role="status">{t('tplNone')}</p>
          ) : (
            <div class="table-wrap">
              <table>
                <thead>
                  <tr>
                    <th scope="col">{t('docsColTitle')}</th>
                    <th scope="col">{t('docRecipients')}</th>
                    <th scope="col">{t('docsColUpdated')}</th>
                  </tr>
                </thead>
                <tbody>
                  {list.data.map((d) => (
                    <tr key={d.id}>
                      <th scope="row">
                        <Link href={`/templates/${encodeURIComponent(d.id)}?team=${team!.id}`}>{d.title}</Link>
                      </th>
                      <td>{d.recipients.length}</td>
                      <td>
                        <time dateTime={d.updatedAt}>{new Date(d.updatedAt).toLocaleString()}</time>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {list.totalPages > 1 && (
            <nav class="pager" aria-label={t('docsPage', { page: list.page, pages: list.totalPages })}>
              <button type="button" disabled={page <= 1} onClick={() => go({ page: String(page - 1) })}>
                {t('docsPrev')}
              </button>
              <span>{t('docsPage', { page: list.page, pages: list.totalPages })}</span>
              <button type="button" disabled={page >= list.totalPages} onClick={() => go({ page: String(page + 1) })}>
                {t('docsNext')}
              </button>
            </nav>
          )}
        </section>
      )}
    </>
  );
}
