import { useEffect, useState } from 'preact/hooks';
import { get, post, type Role } from './api.js';
import { useI18n } from './i18n/index.js';

/** What a folder holds; the documents list passes DOCUMENT, the templates list TEMPLATE. */
export type FolderType = 'DOCUMENT' | 'TEMPLATE';
export type FolderVisibility = 'EVERYONE' | 'MANAGER_AND_ABOVE' | 'ADMIN';

/** A folder as the app's API answers it (src/http/app/folders.schema.ts). */
export interface Folder {
  id: string;
  name: string;
  type: FolderType;
  parentId: string | null;
  visibility: FolderVisibility;
  pinned: boolean;
  createdAt: string;
  updatedAt: string;
}

/** The visibilities a role may see and give, widest first (the server refuses any other). */
export const VISIBILITIES_BY_ROLE: Record<Role, FolderVisibility[]> = {
  ADMIN: ['EVERYONE', 'MANAGER_AND_ABOVE', 'ADMIN'],
  MANAGER: ['EVERYONE', 'MANAGER_AND_ABOVE'],
  MEMBER: ['EVERYONE'],
};

/** The team's folders of one type that the member may see (null while loading), and a way to load them again. */
export function useFolders(teamId: number | undefined, type: FolderType) {
  const [folders, setFolders] = useState<Folder[] | { error: unknown } | null>(null);
  const [version, setVersion] = useState(0);
  useEffect(() => {
    if (teamId === undefined) return;
    get<{ data: Folder[] }>(`/platforms/${teamId}/folders?type=${type}`).then(
      (answer) => setFolders(answer.data),
      (caught: unknown) => setFolders({ error: caught }),
    );
  }, [teamId, type, version]);
  return { folders, reload: () => setVersion((v) => v + 1) };
}

/** A folder's name with the names of the folders around it (`Leases / 2026`), so like names stay apart. */
export function folderPath(folder: Folder, folders: Folder[]): string {
  const names = [folder.name];
  const seen = new Set([folder.id]);
  for (let at = folder.parentId; at !== null && !seen.has(at);) {
    const parent = folders.find((f) => f.id === at);
    if (!parent) break;
    names.unshift(parent.name);
    seen.add(at);
    at = parent.parentId;
  }
  return names.join(' / ');
}

const sorted = (folders: Folder[]) =>
  folders.map((f) => ({ folder: f, path: folderPath(f, folders) })).sort((a, b) => a.path.localeCompare(b.path));

/**
 * The folder filter of a list (documents or templates): every folder the member may see, or all.
 * `value` is the folder id in the address (`folderId`); choosing one calls `onChange`.
 */
export function FolderFilter(props: {
  id: string;
  type: FolderType;
  folders: Folder[];
  value: string;
  onChange: (folderId: string) => void;
}) {
  const { t } = useI18n();
  return (
    <div class="field">
      <label for={props.id}>{t(props.type === 'TEMPLATE' ? 'fold_filterTemplates' : 'fold_filter')}</label>
      <select id={props.id} value={props.value} onChange={(event) => props.onChange(event.currentTarget.value)}>
        <option value="">{t('fold_all')}</option>
        {sorted(props.folders).map(({ folder, path }) => (
          <option key={folder.id} value={folder.id}>
            {path}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * Files one document (or template) in a folder, or out of any: a select labelled with its title,
 * saved as soon as it changes. `onMoved` reloads the list.
 */
export function MoveToFolder(props: {
  teamId: number;
  path: 'documents' | 'templates';
  envelope: { id: string; title: string; folderId: string | null };
  folders: Folder[];
  onMoved: (error: unknown) => void;
}) {
  const { t } = useI18n();
  const [busy, setBusy] = useState(false);
  const id = `move-${props.envelope.id}`;
  const move = async (folderId: string) => {
    setBusy(true);
    try {
      await post(`/platforms/${props.teamId}/${props.path}/${encodeURIComponent(props.envelope.id)}/folder`, {
        folderId: folderId || null,
      });
      props.onMoved(null);
    } catch (caught) {
      props.onMoved(caught);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <label for={id} class="visually-hidden">
        {t('fold_move', { title: props.envelope.title })}
      </label>
      <select
        id={id}
        value={props.envelope.folderId ?? ''}
        disabled={busy}
        onChange={(event) => void move(event.currentTarget.value)}
      >
        <option value="">{t('fold_noFolder')}</option>
        {sorted(props.folders).map(({ folder, path }) => (
          <option key={folder.id} value={folder.id}>
            {path}
          </option>
        ))}
      </select>
    </>
  );
}
