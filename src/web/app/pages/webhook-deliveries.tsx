import { useEffect, useState } from 'preact/hooks';
import { get, post } from '../api.js';
import { messageOf, Status, useAction } from '../components.js';
import { useI18n } from '../i18n/index.js';
import type { WordKey } from '../i18n/en.js';
import { TimeOrNone } from './team-settings.js';

interface Delivery {
  id: string;
  event: string;
  status: 'pending' | 'delivering' | 'delivered' | 'failed';
  attempt: number;
  statusCode: number | null;
  durationMs: number | null;
  createdAt: string;
}
interface DeliveryPage {
  data: Delivery[];
  currentPage: number;
  totalPages: number;
}

const STATUS_WORD: Record<Delivery['status'], WordKey> = {
  pending: 'deliveryPending',
  delivering: 'deliveryPending',
  delivered: 'deliveryDelivered',
  failed: 'deliveryFailed',
};
const PER_PAGE = 10;

/** A webhook's delivery log, newest first, ten at a time, each finished delivery replayable. */
export function WebhookDeliveries({ base, url }: { base: string; url: string }) {
  const { t } = useI18n();
  const [page, setPage] = useState(1);
  const [log, setLog] = useState<DeliveryPage | { error: unknown } | null>(null);
  const [said, setSaid] = useState(false);
  const { busy, error, run } = useAction();
  const load = () =>
    get<DeliveryPage>(`${base}/deliveries?page=${page}&perPage=${PER_PAGE}`).then(setLog, (caught) =>
      setLog({ error: caught }),
    );
  useEffect(() => {
    void load();
  }, [base, page]);
  const replay = (delivery: Delivery) =>
    run(async () => {
      setSaid(false);
      await post(`${base}/deliveries/${delivery.id}/replay`);
      setSaid(true);
      await load();
    });
  return (
    <section aria-label={t('webhookLogOf', { url })}>
      <div class="actions">
        <button type="button" onClick={() => void load()}>
          {t('deliveriesRefresh')}
        </button>
      </div>
      {log === null && <p role="status">{t('loading')}</p>}
      {log && 'error' in log && (
        <p class="form-error" role="alert">
          {messageOf(log.error, t)}
        </p>
      )}
      {error && (
        <p class="form-error" role="alert">
          {error}
        </p>
      )}
      {said && <Status>{t('deliveryReplayed')}</Status>}
      {log && 'data' in log && log.data.length === 0 && <p>{t('deliveriesNone')}</p>}
      {log && 'data' in log && log.data.length > 0 && (
        <>
          <div class="table-wrap">
            <table class="deliveries">
              <caption class="visually-hidden">{t('webhookLogOf', { url })}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('settingsColTime')}</th>
                  <th scope="col">{t('settingsColEvent')}</th>
                  <th scope="col">{t('settingsColState')}</th>
                  <th scope="col">{t('settingsColStatusCode')}</th>
                  <th scope="col">{t('settingsColDuration')}</th>
                  <th scope="col">{t('settingsColAttempt')}</th>
                  <th scope="col">
                    <span class="visually-hidden">{t('deliveryReplay')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {log.data.map((d) => (
                  <tr key={d.id}>
                    <td>
                      <TimeOrNone at={d.createdAt} none="" />
                    </td>
                    <td>
                      <code>{d.event}</code>
                    </td>
                    <td>{t(STATUS_WORD[d.status])}</td>
                    <td>{d.statusCode ?? '—'}</td>
                    <td>{d.durationMs === null ? '—' : t('settingsDurationMs', { ms: d.durationMs })}</td>
                    <td>{d.attempt}</td>
                    <td>
                      {(d.status === 'delivered' || d.status === 'failed') && (
                        <button type="button" disabled={busy} onClick={() => void replay(d)}>
                          {t('deliveryReplay')}
                        </button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {log.totalPages > 1 && (
            <nav class="pager" aria-label={t('deliveriesPages')}>
              <button type="button" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                {t('settingsPagePrevious')}
              </button>
              <span>{t('settingsPageOf', { page: log.currentPage, pages: log.totalPages })}</span>
              <button type="button" disabled={page >= log.totalPages} onClick={() => setPage(page + 1)}>
                {t('settingsPageNext')}
              </button>
            </nav>
          )}
        </>
      )}
    </section>
  );
}
