import { useEffect, useState } from 'preact/hooks';
import { del, get, post, type EnvelopeDetail, type Membership } from '../api.js';
import { Field, Form, Heading, Link, messageOf, useAction } from '../components.js';
import { useI18n } from '../i18n/index.js';
import { navigate } from '../router.js';
import { useTeam } from '../team.js';
import { BulkSendSection } from './template-bulk-send.js';
import { DirectLinkSection, type DirectLinkState } from './template-direct-link.js';
import { PublicationSection } from './template-publication.js';

/**
 * One template: its recipients and fields, its direct link, a document made from it for the people
 * named, bulk send from a CSV, copy and delete. Every action is the API's own use case on the
 * server; the page only asks, and reloads what it shows.
 */
export function TemplatePage({ envelopeId }: { envelopeId: string }) {
  const { t } = useI18n();
  const { teams, team } = useTeam();
  return (
    <>
      {teams && 'error' in teams && (
        <p class="form-error" role="alert">
          {messageOf(teams.error, t)}
        </p>
      )}
      {team ? <TemplateOfTeam key={`${team.id}:${envelopeId}`} team={team} envelopeId={envelopeId} /> : null}
      {teams === null && <p role="status">{t('loading')}</p>}
    </>
  );
}

function TemplateOfTeam({ team, envelopeId }: { team: Membership; envelopeId: string }) {
  const { t, language } = useI18n();
  const base = `/platforms/${team.id}/templates/${encodeURIComponent(envelopeId)}`;
  const [template, setTemplate] = useState<EnvelopeDetail | { error: unknown } | null>(null);
  const [linkState, setLinkState] = useState<DirectLinkState | null>(null);
  const { busy, error, run } = useAction();
  useEffect(() => {
    get<EnvelopeDetail>(`${base}?language=${encodeURIComponent(language)}`).then(setTemplate, (caught: unknown) =>
      setTemplate({ error: caught }),
    );
    get<DirectLinkState>(`${base}/direct-link`).then(setLinkState, () => setLinkState(null));
  }, [base, language]);

  if (template === null) return <p role="status">{t('loading')}</p>;
  if ('error' in template)
    return (
      <>
        <Heading>{t('notFoundTitle')}</Heading>
        <p class="form-error" role="alert">
          {messageOf(template.error, t)}
        </p>
        <p>
          <Link href={`/templates?team=${team.id}`}>{t('templatesTitle')}</Link>
        </p>
      </>
    );

  const act = (what: 'duplicate' | 'delete') =>
    run(async () => {
      if (what === 'delete') {
        if (!window.confirm(t('tplConfirmDelete'))) return;
        await del(base);
        navigate(`/templates?team=${team.id}`);
        return;
      }
      const answer = await post<{ id: string }>(`${base}/duplicate`);
      navigate(`/templates/${encodeURIComponent(answer.id)}?team=${team.id}`);
    });

  return (
    <>
      <Heading>{template.title}</Heading>
      <p>
        <Link href={`/templates?team=${team.id}`}>{t('templatesTitle')}</Link> ·{' '}
        {t('tplFieldCount', { count: template.fieldCount })}
      </p>
      <section aria-labelledby="template-recipients">
        <h2 id="template-recipients">{t('docRecipients')}</h2>
        <div class="table-wrap">
          <table>
            <thead>
              <tr>
                <th scope="col">{t('name')}</th>
                <th scope="col">{t('email')}</th>
                <th scope="col">{t('docColRole')}</th>
              </tr>
            </thead>
            <tbody>
              {template.recipients.map((r) => (
                <tr key={r.id}>
                  <th scope="row">{r.name || t('tplNoName')}</th>
                  <td>{r.email || t('tplNoEmail')}</td>
                  <td>{t(`recipientRole_${r.role}`)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
      {linkState && <UseSection base={base} team={team} template={template} identityRule={linkState.identityRule} />}
      {linkState && <DirectLinkSection base={base} template={template} state={linkState} onChange={setLinkState} />}
      {template.publication && (
        <PublicationSection
          base={base}
          publication={template.publication}
          hasEnabledLink={linkState?.link?.enabled === true}
        />
      )}
      <BulkSendSection base={base} team={team} />
      <section aria-labelledby="template-actions">
        <h2 id="template-actions">{t('docActions')}</h2>
        {error && (
          <p class="form-error" role="alert">
            {error}
          </p>
        )}
        <div class="actions">
          <Link href={`/templates/${encodeURIComponent(template.id)}/edit?team=${team.id}`}>{t('ed_editLink')}</Link>
          <button type="button" disabled={busy} onClick={() => void act('duplicate')}>
            {t('docDuplicate')}
          </button>
          <button type="button" disabled={busy} onClick={() => void act('delete')}>
            {t('tplDelete')}
          </button>
        </div>
      </section>
    </>
  );
}

interface Person {
  name: string;
  email: string;
  cuil: string;
}

/** The people a new document is for, one group of fields per template recipient; sent at once. */
function UseSection(props: { base: string; team: Membership; template: EnvelopeDetail; identityRule: string }) {
  const { t } = useI18n();
  const { busy, error, run } = useAction();
  const [people, setPeople] = useState<Record<number, Person>>(() =>
    Object.fromEntries(props.template.recipients.map((r) => [r.id, { name: r.name, email: r.email, cuil: '' }])),
  );
  const needsId = (role: string) => props.identityRule !== 'NONE' && role === 'SIGNER';
  const idLabel = props.identityRule === 'CI_UY' ? 'CI' : props.identityRule;
  const change = (id: number, key: keyof Person, value: string) =>
    setPeople((now) => ({ ...now, [id]: { ...now[id]!, [key]: value } }));
  const submit = () =>
    run(async () => {
      const recipients = props.template.recipients.map((r) => {
        const person = people[r.id]!;
        return {
          id: r.id,
          email: person.email.trim(),
          ...(person.name.trim() ? { name: person.name.trim() } : {}),
          ...(needsId(r.role) && person.cuil.trim() ? { cuil: person.cuil.trim() } : {}),
        };
      });
      const made = await post<{ id: string }>(`${props.base}/use`, { recipients });
      navigate(`/documents/${encodeURIComponent(made.id)}?team=${props.team.id}`);
    });
  return (
    <section aria-labelledby="template-use">
      <h2 id="template-use">{t('tplUseTitle')}</h2>
      <p>{t('tplUseIntro')}</p>
      <Form id="template-use-form" submitLabel={t('tplUseSubmit')} busy={busy} error={error} onSubmit={submit}>
        {props.template.recipients.map((r, index) => {
          const person = people[r.id]!;
          return (
            <fieldset key={r.id}>
              <legend>{t('tplRecipientN', { n: index + 1, role: t(`recipientRole_${r.role}`) })}</legend>
              <Field
                id={`use-${r.id}-name`}
                label={t('name')}
                value={person.name}
                onInput={(v) => change(r.id, 'name', v)}
              />
              <Field
                id={`use-${r.id}-email`}
                label={t('email')}
                type="email"
                required
                value={person.email}
                onInput={(v) => change(r.id, 'email', v)}
              />
              {needsId(r.role) && (
                <Field
                  id={`use-${r.id}-id`}
                  label={t('tplIdNumber', { rule: idLabel })}
                  hint={t('tplIdHint')}
                  value={person.cuil}
                  onInput={(v) => change(r.id, 'cuil', v)}
                />
              )}
            </fieldset>
          );
        })}
      </Form>
    </section>
  );
}
