import { useEffect, useState } from 'preact/hooks';
import { ENVELOPE_STATUSES } from '../../../lib/vocabulary/envelope-status.js';
import { get, type EnvelopeList } from '../api.js';
import { Heading, Link, messageOf } from '../components.js';
import { FolderManager } from '../folder-manager.js';
import { FolderFilter, MoveToFolder, useFolders } from '../folders.js';
import { useI18n } from '../i18n/index.js';
import { navigate, useLocation } from '../router.js';
import { useTeam } from '../team.js';

const PER_PAGE = 20;

/**
 * A team's documents, newest first, with what each is waiting for: search (a title, an external
 * id, a recipient's whole address or name), status and folder filters and pages, all kept in the
 * address so Back and a shared link show the same list; "New document"; the team's folders, and
 * each document's folder to move it.
 */
export function DocumentsPage() {
  const { t } = useI18n();
  const location = useLocation();
  const { teams, team } = useTeam();
  const query = location.searchParams.get('query') ?? '';
  const status = location.searchParams.get('status') ?? '';
  const folderId = location.searchParams.get('folderId') ?? '';
  const page = Math.max(1, Number(location.searchParams.get('page')) || 1);
  const [typed, setTyped] = useState(query);
  const [list, setList] = useState<EnvelopeList | { error: unknown } | null>(null);
  const [listVersion, setListVersion] = useState(0);
  const [moveError, setMoveError] = useState<unknown>(null);
  const { folders, reload: reloadFolders } = useFolders(team?.id, 'DOCUMENT');
  const folderList = Array.isArray(folders) ? folders : [];

  const go = (changes: Record<string, string>) => {
    const next = new URLSearchParams(location.searchParams);
    if (team) next.set('team', String(team.id));
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    navigate(`/documents?${next.toString()}`);
  };

  useEffect(() => {
    if (!team) return;
    setList(null);
    const asked = new URLSearchParams({ page: String(page), perPage: String(PER_PAGE) });
    if (query) asked.set('query', query);
    if (status) asked.set('status', status);
    if (folderId) asked.set('folderId', folderId);
    get<EnvelopeList>(`/platforms/${team.id}/documents?${asked.toString()}`).then(setList, (caught: unknown) =>
      setList({ error: caught }),
    );
  }, [team?.id, query, status, folderId, page, listVersion]);

  return (
    <>
      <Heading>{t('documentsTitle')}</Heading>
      {team && (
        <p>
          <Link href={`/documents/new?team=${team.id}`} class="button primary">
            {t('nd_new')}
          </Link>
        </p>
      )}
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
            <label for="documents-query">{t('docsSearch')}</label>
            <p id="documents-query-hint" class="hint">
              {t('docsSearchHint')}
            </p>
            <input
              id="documents-query"
              type="search"
              value={typed}
              aria-describedby="documents-query-hint"
              onInput={(event) => setTyped(event.currentTarget.value)}
            />
          </div>
          <div class="field">
            <label for="documents-status">{t('docsStatus')}</label>
            <select
              id="documents-status"
              value={status}
              onChange={(event) => go({ status: event.currentTarget.value, page: '' })}
            >
              <option value="">{t('docsAllStatuses')}</option>
              {ENVELOPE_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {t(`status_${s}`)}
                </option>
              ))}
            </select>
          </div>
          <FolderFilter
            id="documents-folder"
            type="DOCUMENT"
            folders={folderList}
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
      {moveError !== null && (
        <p class="form-error" role="alert">
          {messageOf(moveError, t)}
        </p>
      )}
      {list && 'data' in list && (
        <section aria-labelledby="documents-found">
          <h2 id="documents-found" class="visually-hidden">
            {t('docsPage', { page: list.page, pages: Math.max(1, list.totalPages) })}
          </h2>
          {list.data.length === 0 ? (
            <p role="status">{t('docsNone')}</p>
          ) : (
            <div class="table-wrap">
              <table>
                <thead>
                  <tr>
                    <th scope="col">{t('docsColTitle')}</th>
                    <th scope="col">{t('docsStatus')}</th>
                    <th scope="col">{t('docsColSigned')}</th>
                    <th scope="col">{t('docsColUpdated')}</th>
                    <th scope="col">{t('fold_colFolder')}</th>
                  </tr>
                </thead>
                <tbody>
                  {list.data.map((d) => {
                    const acting = d.recipients.filter((r) => r.role !== 'CC' && r.role !== 'VIEWER');
                    const done = acting.filter((r) => r.signingStatus === 'SIGNED').length;
                    return (
                      <tr key={d.id}>
                        <th scope="row">
                          <Link href={`/documents/${encodeURIComponent(d.id)}?team=${team!.id}`}>{d.title}</Link>
                        </th>
                        <td>{t(`status_${d.status}`)}</td>
                        <td>{t('docsSigned', { done, total: acting.length })}</td>
                        <td>
                          <time dateTime={d.updatedAt}>{new Date(d.updatedAt).toLocaleString()}</time>
                        </td>
                        <td>
                          <MoveToFolder
                            teamId={team!.id}
                            path="documents"
                            envelope={d}
                            folders={folderList}
                            onMoved={(error) => {
                              setMoveError(error);
                              setListVersion((v) => v + 1);
                            }}
                          />
                        </td>
                      </tr>
                    );
                  })}
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
      {team && folders && 'error' in folders && (
        <p class="form-error" role="alert">
          {messageOf(folders.error, t)}
        </p>
      )}
      {team && Array.isArray(folders) && (
        <FolderManager
          teamId={team.id}
          type="DOCUMENT"
          role={team.role}
          folders={folders}
          onChanged={() => {
            reloadFolders();
            setListVersion((v) => v + 1);
          }}
        />
      )}
    </>
  );
}
