import { useState } from 'preact/hooks';
import { put, type TemplatePublication } from '../api.js';
import { Field, Form, Status, useAction } from '../components.js';
import { useI18n } from '../i18n/index.js';

/**
 * Whether the template is listed on the team's public profile, and the title and description
 * visitors read there. The profile lists a PUBLIC template only while its direct link is on, which
 * the page says; saving answers the listing as it now is.
 */
export function PublicationSection(props: { base: string; publication: TemplatePublication; hasEnabledLink: boolean }) {
  const { t } = useI18n();
  const { busy, error, run } = useAction();
  const [listed, setListed] = useState(props.publication.type === 'PUBLIC');
  const [title, setTitle] = useState(props.publication.publicTitle);
  const [description, setDescription] = useState(props.publication.publicDescription);
  const [said, setSaid] = useState('');
  const save = () =>
    run(async () => {
      const answer = await put<TemplatePublication>(`${props.base}/publication`, {
        // An ORGANISATION template stays one unless it is listed.
        type: listed ? 'PUBLIC' : props.publication.type === 'PUBLIC' ? 'PRIVATE' : props.publication.type,
        publicTitle: title.trim(),
        publicDescription: description.trim(),
      });
      setListed(answer.type === 'PUBLIC');
      setSaid(answer.type === 'PUBLIC' ? t('tplPublicListedNow') : t('tplPublicUnlistedNow'));
    });
  return (
    <section aria-labelledby="template-publication">
      <h2 id="template-publication">{t('tplPublicTitle')}</h2>
      <p>{t('tplPublicIntro')}</p>
      {listed && !props.hasEnabledLink && <p class="hint">{t('tplPublicNeedsLink')}</p>}
      {said && <Status>{said}</Status>}
      <Form id="template-publication-form" submitLabel={t('tplPublicSave')} busy={busy} error={error} onSubmit={save}>
        <div class="field">
          <label for="template-public-listed" class="check">
            <input
              id="template-public-listed"
              type="checkbox"
              checked={listed}
              onChange={(event) => setListed(event.currentTarget.checked)}
            />{' '}
            {t('tplPublicListed')}
          </label>
        </div>
        <Field id="template-public-title" label={t('tplPublicTitleLabel')} value={title} onInput={setTitle} />
        <Field
          id="template-public-description"
          label={t('tplPublicDescriptionLabel')}
          value={description}
          onInput={setDescription}
        />
      </Form>
    </section>
  );
}
