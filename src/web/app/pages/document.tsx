import { useEffect, useState } from 'preact/hooks';
import { API, del, get, post, type AppRecipient, type EnvelopeDetail, type Membership } from '../api.js';
import { Heading, Link, messageOf, Status, useAction } from '../components.js';
import { useI18n, type Translate } from '../i18n/index.js';
import { navigate } from '../router.js';
import { useTeam } from '../team.js';

/**
 * One document: who has to act and where each stands, its files, its history in words (the
 * completion certificate's sentences), and what the member may do with it. Every action is the
 * API's own use case on the server; the page only asks, and reloads what it shows.
 */
export function DocumentPage({ envelopeId }: { envelopeId: string }) {
  const { t } = useI18n();
  const { teams, team } = useTeam();
  return (
    <>
      {teams && 'error' in teams && (
        <p class="form-error" role="alert">
          {messageOf(teams.error, t)}
        </p>
      )}
      {team ? <DocumentOfTeam key={`${team.id}:${envelopeId}`} team={team} envelopeId={envelopeId} /> : null}
      {teams === null && <p role="status">{t('loading')}</p>}
    </>
  );
}

function DocumentOfTeam({ team, envelopeId }: { team: Membership; envelopeId: string }) {
  const { t, language } = useI18n();
  const base = `/platforms/${team.id}/documents/${encodeURIComponent(envelopeId)}`;
  const [doc, setDoc] = useState<EnvelopeDetail | { error: unknown } | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const { busy, error, run } = useAction();
  // The history in the page's language, as the rest of the page.
  const load = () =>
    get<EnvelopeDetail>(`${base}?language=${encodeURIComponent(language)}`).then(setDoc, (caught: unknown) =>
      setDoc({ error: caught }),
    );
  useEffect(() => {
    void load();
  }, [base, language]);

  if (doc === null) return <p role="status">{t('loading')}</p>;
  if ('error' in doc)
    return (
      <>
        <Heading>{t('notFoundTitle')}</Heading>
        <p class="form-error" role="alert">
          {messageOf(doc.error, t)}
        </p>
        <p>
          <Link href={`/documents?team=${team.id}`}>{t('documentsTitle')}</Link>
        </p>
      </>
    );

  const act = (what: 'resend' | 'cancel' | 'duplicate' | 'delete', said: string) =>
    run(async () => {
      if (what === 'cancel' && !window.confirm(t('docConfirmCancel'))) return;
      if (what === 'delete' && !window.confirm(t('docConfirmDelete'))) return;
      if (what === 'delete') {
        await del(base);
        navigate(`/documents?team=${team.id}`);
        return;
      }
      const answer = await post<{ id: string }>(`${base}/${what}`);
      if (what === 'duplicate') {
        navigate(`/documents/${encodeURIComponent(answer.id)}?team=${team.id}`);
        return;
      }
      setDone(said);
      await load();
    });
  const pending = doc.status === 'PENDING';
  const file = (kind: string, itemId: string) => `${API}${base}/files/${kind}?itemId=${encodeURIComponent(itemId)}`;

  return (
    <>
      <Heading>{doc.title}</Heading>
      <p>
        <Link href={`/documents?team=${team.id}`}>{t('documentsTitle')}</Link> · {t(`status_${doc.status}`)}
      </p>
      {done && <Status>{done}</Status>}
      {error && (
        <p class="form-error" role="alert">
          {error}
        </p>
      )}
      <section aria-labelledby="document-recipients">
        <h2 id="document-recipients">{t('docRecipients')}</h2>
        <div class="table-wrap">
          <table>
            <thead>
              <tr>
                <th scope="col">{t('name')}</th>
                <th scope="col">{t('email')}</th>
                <th scope="col">{t('docColRole')}</th>
                <th scope="col">{t('docColState')}</th>
              </tr>
            </thead>
            <tbody>
              {doc.recipients.map((r) => (
                <tr key={r.id}>
                  <th scope="row">{r.name || r.email}</th>
                  <td>{r.email}</td>
                  <td>{t(`recipientRole_${r.role}`)}</td>
                  <td>{recipientState(r, t)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
      <section aria-labelledby="document-files">
        <h2 id="document-files">{t('docFiles')}</h2>
        <ul>
          {doc.items.map((item) => (
            <li key={item.id}>
              <a href={file('original', item.id)} download>
                {t('docOriginal', { title: item.title })}
              </a>
              {item.sealed && (
                <>
                  {' · '}
                  <a href={file('sealed', item.id)} download>
                    {t('docSealed', { title: item.title })}
                  </a>
                </>
              )}
            </li>
          ))}
          {doc.certificateAvailable && doc.items[0] && (
            <li>
              <a href={file('certificate', doc.items[0].id)} download>
                {t('docCertificate')}
              </a>
            </li>
          )}
        </ul>
      </section>
      <section aria-labelledby="document-actions">
        <h2 id="document-actions">{t('docActions')}</h2>
        <div class="actions">
          {doc.status === 'DRAFT' && (
            <Link href={`/documents/${encodeURIComponent(doc.id)}/edit?team=${team.id}`}>{t('ed_editLink')}</Link>
          )}
          {pending && (
            <button type="button" disabled={busy} onClick={() => void act('resend', t('docResent'))}>
              {t('docResend')}
            </button>
          )}
          {pending && (
            <button type="button" disabled={busy} onClick={() => void act('cancel', t('docCancelled'))}>
              {t('docCancel')}
            </button>
          )}
          <button type="button" disabled={busy} onClick={() => void act('duplicate', '')}>
            {t('docDuplicate')}
          </button>
          <button type="button" disabled={busy} onClick={() => void act('delete', '')}>
            {t('docDelete')}
          </button>
        </div>
      </section>
      <section aria-labelledby="document-timeline">
        <h2 id="document-timeline">{t('docTimeline')}</h2>
        <ol class="timeline">
          {doc.timeline.map((entry, index) => (
            <li key={index}>
              <time dateTime={entry.at}>{new Date(entry.at).toLocaleString()}</time> {entry.sentence}
            </li>
          ))}
        </ol>
      </section>
    </>
  );
}

/** Where a recipient stands, in a few words. */
function recipientState(r: AppRecipient, t: Translate): string {
  const at = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '');
  if (r.role === 'CC') return t('stateCc');
  if (r.signingStatus === 'SIGNED') return t('stateSigned', { at: at(r.signedAt) });
  if (r.signingStatus === 'REJECTED') return t('stateRejected', { at: at(r.signedAt) });
  if (r.readStatus === 'OPENED') return t('stateOpened');
  if (r.sendStatus === 'SENT') return t('stateWaiting');
  return t('stateNotSent');
}
