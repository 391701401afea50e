import { useEffect, useState } from 'preact/hooks';
import { get, post } from '../api.js';
import { CopyValue, Field, Form, Heading, messageOf, Status, useAction } from '../components.js';
import { useI18n } from '../i18n/index.js';
import { useTeam } from '../team.js';

/** The team's public profile settings (src/http/app/profile.schema.ts). */
interface TeamProfile {
  enabled: boolean;
  slug: string | null;
  name: string;
  description: string;
  url: string | null;
}

/**
 * The team's public profile, for its administrators: published or not, its address, the name and
 * description the page shows. The page lists the team's PUBLIC templates whose direct link is on.
 */
export function ProfileSettingsPage() {
  const { t } = useI18n();
  const { teams, team } = useTeam();
  const [profile, setProfile] = useState<TeamProfile | { error: unknown } | null>(null);
  const [enabled, setEnabled] = useState(false);
  const [slug, setSlug] = useState('');
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [saved, setSaved] = useState(false);
  const { busy, error, run } = useAction();

  const show = (answer: TeamProfile) => {
    setProfile(answer);
    setEnabled(answer.enabled);
    setSlug(answer.slug ?? '');
    setName(answer.name || (team?.name ?? ''));
    setDescription(answer.description);
  };
  useEffect(() => {
    if (!team) return;
    get<TeamProfile>(`/platforms/${team.id}/profile`).then(show, (caught: unknown) => setProfile({ error: caught }));
  }, [team?.id]);

  const save = () =>
    run(async () => {
      setSaved(false);
      show(await post<TeamProfile>(`/platforms/${team!.id}/profile`, { enabled, slug, name, description }));
      setSaved(true);
    });

  return (
    <>
      <Heading>{t('publicProfileTitle')}</Heading>
      <p>{t('profileIntro')}</p>
      {teams && 'error' in teams && (
        <p class="form-error" role="alert">
          {messageOf(teams.error, t)}
        </p>
      )}
      {team && profile === null && <p role="status">{t('loading')}</p>}
      {profile && 'error' in profile && (
        <p class="form-error" role="alert">
          {messageOf(profile.error, t)}
        </p>
      )}
      {profile && !('error' in profile) && (
        <>
          {saved && <Status>{t('profileSaved')}</Status>}
          {profile.url && profile.enabled && (
            <CopyValue id="profile-url" label={t('profileAddress')} value={profile.url} />
          )}
          <Form id="profile" submitLabel={t('profileSave')} busy={busy} error={error} onSubmit={save}>
            <div class="field">
              <label for="profile-enabled" class="check">
                <input
                  id="profile-enabled"
                  type="checkbox"
                  checked={enabled}
                  onChange={(event) => setEnabled(event.currentTarget.checked)}
                />{' '}
                {t('profileEnabled')}
              </label>
            </div>
            <Field
              id="profile-slug"
              label={t('profileSlug')}
              hint={t('profileSlugHint')}
              required
              value={slug}
              onInput={setSlug}
            />
            <Field id="profile-name" label={t('profileName')} required value={name} onInput={setName} />
            <div class="field">
              <label for="profile-description">{t('profileDescription')}</label>
              <textarea
                id="profile-description"
                rows={3}
                maxLength={500}
                value={description}
                onInput={(event) => setDescription(event.currentTarget.value)}
              />
            </div>
          </Form>
        </>
      )}
    </>
  );
}
