import { useState } from 'preact/hooks';
import { del, patch, post, type Role } from './api.js';
import { Status, useAction } from './components.js';
import { VISIBILITIES_BY_ROLE, folderPath, type Folder, type FolderType } from './folders.js';
import { useI18n } from './i18n/index.js';

/**
 * A list's folders, to manage: create one (at the root), and for each the member may see rename,
 * who sees it (never above the member's own role) and delete (refused while it holds anything).
 * `onChanged` reloads the folders (and the list they filter).
 */
export function FolderManager(props: {
  teamId: number;
  type: FolderType;
  role: Role;
  folders: Folder[];
  onChanged: () => void;
}) {
  const { t } = useI18n();
  const { busy, error, run } = useAction();
  const [name, setName] = useState('');
  const [done, setDone] = useState<string | null>(null);
  const base = `/platforms/${props.teamId}/folders`;
  const act = (action: () => Promise<unknown>, said: string) =>
    run(async () => {
      setDone(null);
      await action();
      setDone(said);
      props.onChanged();
    });
  const create = (event: Event) => {
    event.preventDefault();
    const wanted = name.trim();
    if (!wanted) return;
    void act(
      async () => {
        await post(base, { name: wanted, type: props.type });
        setName('');
      },
      t('fold_created', { name: wanted }),
    );
  };
  return (
    <section aria-labelledby="folders-title" class="folders">
      <h2 id="folders-title">{t('fold_manage')}</h2>
      <form class="filters" onSubmit={create}>
        <div class="field">
          <label for="folder-new-name">{t('fold_newName')}</label>
          <input id="folder-new-name" value={name} maxLength={255} onInput={(e) => setName(e.currentTarget.value)} />
        </div>
        <div class="actions">
          <button type="submit" disabled={busy || name.trim() === ''}>
            {t('fold_create')}
          </button>
        </div>
      </form>
      {error && (
        <p class="form-error" role="alert">
          {error}
        </p>
      )}
      {done && <Status>{done}</Status>}
      {props.folders.length === 0 ? (
        <p>{t('fold_empty')}</p>
      ) : (
        <ul class="folder-list">
          {props.folders.map((folder) => (
            <FolderRow
              key={folder.id}
              folder={folder}
              path={folderPath(folder, props.folders)}
              role={props.role}
              busy={busy}
              onRename={(next) => void act(() => patch(`${base}/${folder.id}`, { name: next }), t('fold_renamed'))}
              onVisibility={(visibility) =>
                void act(() => patch(`${base}/${folder.id}`, { visibility }), t('fold_visibilitySaved'))
              }
              onDelete={() => {
                if (window.confirm(t('fold_confirmDelete', { name: folder.name })))
                  void act(() => del(`${base}/${folder.id}`), t('fold_deleted'));
              }}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

function FolderRow(props: {
  folder: Folder;
  path: string;
  role: Role;
  busy: boolean;
  onRename: (name: string) => void;
  onVisibility: (visibility: Folder['visibility']) => void;
  onDelete: () => void;
}) {
  const { t } = useI18n();
  const { folder } = props;
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(folder.name);
  const choices = VISIBILITIES_BY_ROLE[props.role];
  return (
    <li>
      {editing ? (
        <form
          class="inline-form"
          onSubmit={(event) => {
            event.preventDefault();
            if (name.trim() === '') return;
            setEditing(false);
            props.onRename(name.trim());
          }}
        >
          <label for={`rename-${folder.id}`}>{t('fold_renameLabel', { name: folder.name })}</label>
          <input
            id={`rename-${folder.id}`}
            value={name}
            maxLength={255}
            onInput={(e) => setName(e.currentTarget.value)}
            ref={(input) => input?.focus()}
          />
          <button type="submit" class="primary" disabled={props.busy}>
            {t('fold_save')}
          </button>
          <button type="button" onClick={() => setEditing(false)}>
            {t('fold_cancelEdit')}
          </button>
        </form>
      ) : (
        <>
          <span class="folder-name">{props.path}</span>
          <label for={`visibility-${folder.id}`} class="visually-hidden">
            {t('fold_visibility', { name: folder.name })}
          </label>
          <select
            id={`visibility-${folder.id}`}
            value={folder.visibility}
            disabled={props.busy}
            onChange={(e) => props.onVisibility(e.currentTarget.value as Folder['visibility'])}
          >
            {choices.map((v) => (
              <option key={v} value={v}>
                {t(`fold_vis_${v}`)}
              </option>
            ))}
          </select>
          <button type="button" disabled={props.busy} onClick={() => setEditing(true)}>
            {t('fold_rename')}
            <span class="visually-hidden"> {folder.name}</span>
          </button>
          <button type="button" disabled={props.busy} onClick={props.onDelete}>
            {t('fold_delete')}
            <span class="visually-hidden"> {folder.name}</span>
          </button>
        </>
      )}
    </li>
  );
}
