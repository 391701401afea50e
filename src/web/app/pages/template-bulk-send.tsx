import { useEffect, useState } from 'preact/hooks';
import { get, postForm, type Membership } from '../api.js';
import { Link, messageOf, useAction } from '../components.js';
import { useI18n } from '../i18n/index.js';
import { navigate, useLocation } from '../router.js';

/** A bulk send's progress (src/http/app/templates.schema.ts, the API's BulkSend). */
interface BulkSend {
  id: string;
  status: 'RUNNING' | 'DONE';
  totalRows: number;
  pendingRows: number;
  doneRows: number;
  failedRows: number;
  failures: { line: number; column: string | null; message: string }[];
}

const POLL_MS = 1000;

/**
 * Bulk send from a CSV: the upload is answered at once with the run, whose id goes into the address
 * (`?bulk=…`), so the progress below — polled until the run is done — survives a reload.
 */
export function BulkSendSection(props: { base: string; team: Membership }) {
  const { t } = useI18n();
  const location = useLocation();
  const bulkId = location.searchParams.get('bulk');
  const { busy, error, run } = useAction();
  const [file, setFile] = useState<File | null>(null);
  const [missing, setMissing] = useState(false);

  const start = () =>
    run(async () => {
      if (!file) {
        setMissing(true);
        document.getElementById('bulk-send-file')?.focus();
        return;
      }
      const form = new FormData();
      form.append('payload', JSON.stringify({ distributeDocument: true }));
      form.append('file', file, file.name);
      const started = await postForm<BulkSend>(`${props.base}/bulk-send`, form);
      const next = new URLSearchParams(location.searchParams);
      next.set('team', String(props.team.id));
      next.set('bulk', started.id);
      navigate(`${location.pathname}?${next.toString()}`);
    });

  const describedBy = ['bulk-send-file-hint', missing ? 'bulk-send-file-missing' : '', error ? 'bulk-send-error' : '']
    .filter(Boolean)
    .join(' ');
  return (
    <section aria-labelledby="template-bulk-send">
      <h2 id="template-bulk-send">{t('tplBulkTitle')}</h2>
      <form
        class="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void start();
        }}
      >
        <div class="field">
          <label for="bulk-send-file">{t('tplBulkFile')}</label>
          <p id="bulk-send-file-hint" class="hint">
            {t('tplBulkHint')}
          </p>
          <input
            id="bulk-send-file"
            type="file"
            accept=".csv,text/csv"
            aria-describedby={describedBy}
            aria-invalid={missing || error ? 'true' : undefined}
            onChange={(event) => {
              setFile(event.currentTarget.files?.[0] ?? null);
              setMissing(false);
            }}
          />
          {missing && (
            <p id="bulk-send-file-missing" class="field-error">
              {t('required')}
            </p>
          )}
        </div>
        {error && (
          <p id="bulk-send-error" class="form-error" role="alert">
            {error}
          </p>
        )}
        <div class="actions">
          <button type="submit" class="primary" disabled={busy}>
            {t('tplBulkStart')}
          </button>
        </div>
      </form>
      {bulkId && (
        <BulkSendProgress
          key={bulkId}
          url={`${props.base}/bulk-send/${encodeURIComponent(bulkId)}`}
          team={props.team}
        />
      )}
    </section>
  );
}

/** The run's rows done and failed, asked again every second until it is done. */
function BulkSendProgress(props: { url: string; team: Membership }) {
  const { t } = useI18n();
  const [view, setView] = useState<BulkSend | { error: unknown } | null>(null);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const poll = () =>
      get<BulkSend>(props.url).then(
        (answer) => {
          if (stopped) return;
          setView(answer);
          if (answer.status !== 'DONE') timer = setTimeout(() => void poll(), POLL_MS);
        },
        (caught: unknown) => !stopped && setView({ error: caught }),
      );
    void poll();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [props.url]);

  if (view === null) return <p role="status">{t('loading')}</p>;
  if ('error' in view)
    return (
      <p class="form-error" role="alert">
        {messageOf(view.error, t)}
      </p>
    );
  const finished = view.doneRows + view.failedRows;
  return (
    <section aria-labelledby="bulk-send-progress-title">
      <h3 id="bulk-send-progress-title">{t('tplBulkProgress')}</h3>
      <label for="bulk-send-progress">{t('tplBulkRows', { done: finished, total: view.totalRows })}</label>
      <progress id="bulk-send-progress" max={Math.max(1, view.totalRows)} value={finished} />
      <p id="bulk-send-status" role="status">
        {view.status === 'DONE'
          ? t('tplBulkDone', { done: view.doneRows, failed: view.failedRows })
          : t('tplBulkRunning', { done: view.doneRows, failed: view.failedRows })}
      </p>
      {view.failures.length > 0 && (
        <ul aria-label={t('tplBulkFailures')}>
          {view.failures.map((f) => (
            <li key={f.line}>
              {f.column
                ? t('tplBulkFailureColumn', { line: f.line, column: f.column })
                : t('tplBulkFailure', { line: f.line })}
            </li>
          ))}
        </ul>
      )}
      {view.status === 'DONE' && view.doneRows > 0 && (
        <p>
          <Link href={`/documents?team=${props.team.id}`}>{t('docsOpenList')}</Link>
        </p>
      )}
    </section>
  );
}
