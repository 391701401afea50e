import { useEffect, useState } from 'preact/hooks';
import { del, get, patch, post, type Membership } from '../api.js';
import { CopyValue, Field, Form, messageOf, Status, useAction } from '../components.js';
import { useI18n } from '../i18n/index.js';
import type { WordKey } from '../i18n/en.js';
import { TeamSettingsPage, TimeOrNone } from './team-settings.js';
import { WebhookDeliveries } from './webhook-deliveries.js';

interface TeamWebhook {
  id: string;
  url: string;
  events: string[];
  enabled: boolean;
  consecutiveFailures: number;
  createdAt: string;
}

/** A team's webhooks (admins only): add (secret shown once), edit, turn on or off, test, log, replay, delete. */
export function WebhooksPage() {
  return (
    <TeamSettingsPage title="webhooksTitle" path="/settings/webhooks">
      {(team) => <TeamWebhooks key={team.id} team={team} />}
    </TeamSettingsPage>
  );
}

function TeamWebhooks({ team }: { team: Membership }) {
  const { t } = useI18n();
  const [hooks, setHooks] = useState<{ data: TeamWebhook[]; eventTypes: string[] } | { error: unknown } | null>(null);
  const load = () =>
    get<{ data: TeamWebhook[]; eventTypes: string[] }>(`/platforms/${team.id}/webhooks`).then(setHooks, (caught) =>
      setHooks({ error: caught }),
    );
  useEffect(() => {
    void load();
  }, [team.id]);
  return (
    <>
      <p>{t('webhooksIntro')}</p>
      {hooks === null && <p role="status">{t('loading')}</p>}
      {hooks && 'error' in hooks && (
        <p class="form-error" role="alert">
          {messageOf(hooks.error, t)}
        </p>
      )}
      {hooks && 'data' in hooks && (
        <>
          <WebhookForm team={team} eventTypes={hooks.eventTypes} onSaved={() => void load()} />
          <section aria-labelledby="webhooks-list">
            <h2 id="webhooks-list">{t('webhooksListTitle')}</h2>
            {hooks.data.length === 0 && <p>{t('webhooksNone')}</p>}
            {hooks.data.map((hook) => (
              <WebhookItem
                key={hook.id}
                team={team}
                hook={hook}
                eventTypes={hooks.eventTypes}
                onChanged={() => void load()}
              />
            ))}
          </section>
        </>
      )}
    </>
  );
}

/** The form that adds a webhook, or (with `hook`) edits one. */
function WebhookForm(props: {
  team: Membership;
  eventTypes: string[];
  hook?: TeamWebhook;
  onSaved: () => void;
  onCancel?: () => void;
}) {
  const { t } = useI18n();
  const prefix = props.hook ? `edit-${props.hook.id}` : 'new-webhook';
  const [url, setUrl] = useState(props.hook?.url ?? '');
  const [events, setEvents] = useState<string[]>(props.hook?.events ?? ['DOCUMENT_COMPLETED']);
  const [made, setMade] = useState<string | null>(null);
  const { busy, error, setError, run } = useAction();
  const submit = () =>
    run(async () => {
      if (events.length === 0) {
        setError(t('webhookEventsNone'));
        return;
      }
      if (props.hook) {
        await patch(`/platforms/${props.team.id}/webhooks/${props.hook.id}`, { url, events });
      } else {
        const created = await post<{ secret: string }>(`/platforms/${props.team.id}/webhooks`, { url, events });
        setUrl('');
        setMade(created.secret);
      }
      props.onSaved();
    });
  const toggle = (event: string, on: boolean) =>
    setEvents((current) => (on ? [...current, event] : current.filter((e) => e !== event)));
  const body = (
    <Form
      id={prefix}
      submitLabel={props.hook ? t('webhookSave') : t('webhookCreate')}
      busy={busy}
      error={error}
      onSubmit={submit}
      extra={
        props.onCancel && (
          <button type="button" onClick={props.onCancel}>
            {t('cancel')}
          </button>
        )
      }
    >
      <Field id={`${prefix}-url`} label={t('webhookUrl')} value={url} onInput={setUrl} autoComplete="off" required />
      <fieldset class="field">
        <legend>{t('webhookEvents')}</legend>
        {props.eventTypes.map((event) => (
          <div key={event}>
            <input
              type="checkbox"
              id={`${prefix}-${event}`}
              checked={events.includes(event)}
              onChange={(e) => toggle(event, e.currentTarget.checked)}
            />{' '}
            <label for={`${prefix}-${event}`}>
              <code>{event}</code>
            </label>
          </div>
        ))}
      </fieldset>
    </Form>
  );
  if (props.hook) return body;
  return (
    <section aria-labelledby="webhook-create">
      <h2 id="webhook-create">{t('webhookCreateTitle')}</h2>
      {body}
      {made && (
        <div class="notice">
          <Status>{t('webhookCreated')}</Status>
          <CopyValue id="new-webhook-secret" label={t('webhookSecret')} value={made} />
        </div>
      )}
    </section>
  );
}

function WebhookItem(props: { team: Membership; hook: TeamWebhook; eventTypes: string[]; onChanged: () => void }) {
  const { t } = useI18n();
  const { team, hook } = props;
  const [editing, setEditing] = useState(false);
  const [showLog, setShowLog] = useState(false);
  const [said, setSaid] = useState<WordKey | null>(null);
  const [logVersion, setLogVersion] = useState(0);
  const { busy, error, run } = useAction();
  const base = `/platforms/${team.id}/webhooks/${hook.id}`;
  const act = (action: () => Promise<unknown>, done: WordKey) =>
    run(async () => {
      setSaid(null);
      await action();
      setSaid(done);
      setLogVersion((v) => v + 1);
      props.onChanged();
    });
  const headingId = `hook-${hook.id}`;
  return (
    <article class="session" aria-labelledby={headingId}>
      <h3 id={headingId}>
        <code>{hook.url}</code>
      </h3>
      <p>
        {hook.enabled ? t('webhookOn') : t('webhookOff')} · {hook.events.join(', ')} ·{' '}
        <TimeOrNone at={hook.createdAt} none="" />
      </p>
      {editing ? (
        <WebhookForm
          team={team}
          eventTypes={props.eventTypes}
          hook={hook}
          onSaved={() => {
            setEditing(false);
            props.onChanged();
          }}
          onCancel={() => setEditing(false)}
        />
      ) : (
        <div class="actions">
          <button type="button" onClick={() => setEditing(true)} aria-describedby={headingId}>
            {t('webhookEdit')}
          </button>
          <button
            type="button"
            disabled={busy}
            aria-describedby={headingId}
            onClick={() =>
              void act(
                () => patch(base, { enabled: !hook.enabled }),
                hook.enabled ? 'webhookDisabledDone' : 'webhookEnabledDone',
              )
            }
          >
            {hook.enabled ? t('webhookDisable') : t('webhookEnable')}
          </button>
          <button
            type="button"
            disabled={busy}
            aria-describedby={headingId}
            onClick={() => void act(() => post(`${base}/test`), 'webhookTestQueued')}
          >
            {t('webhookTest')}
          </button>
          <button
            type="button"
            aria-expanded={showLog}
            aria-controls={`log-${hook.id}`}
            aria-describedby={headingId}
            onClick={() => setShowLog(!showLog)}
          >
            {t('webhookLog')}
          </button>
          <button
            type="button"
            disabled={busy}
            aria-describedby={headingId}
            onClick={() => void act(() => del(base), 'webhookDeleted')}
          >
            {t('webhookDelete')}
          </button>
        </div>
      )}
      {error && (
        <p class="form-error" role="alert">
          {error}
        </p>
      )}
      {said && <Status>{t(said)}</Status>}
      <div id={`log-${hook.id}`}>{showLog && <WebhookDeliveries key={logVersion} base={base} url={hook.url} />}</div>
    </article>
  );
}
