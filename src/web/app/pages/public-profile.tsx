import { useEffect, useState } from 'preact/hooks';
import { get } from '../api.js';
import { Heading, Link, messageOf } from '../components.js';
import { useI18n } from '../i18n/index.js';

/** A published profile (src/http/app/profile.schema.ts). */
interface PublicProfile {
  name: string;
  description: string;
  templates: { title: string; description: string; url: string }[];
}

/**
 * A team's public page, for anyone: its name and description and the documents a visitor may fill
 * in and sign (its PUBLIC templates' direct links). An unknown or unpublished profile shows the
 * app's page-not-found, which says nothing about the team.
 */
export function PublicProfilePage({ slug }: { slug: string }) {
  const { t } = useI18n();
  const [profile, setProfile] = useState<PublicProfile | { error: unknown } | null>(null);
  useEffect(() => {
    get<PublicProfile>(`/profiles/${encodeURIComponent(slug)}`).then(setProfile, (caught: unknown) =>
      setProfile({ error: caught }),
    );
  }, [slug]);

  if (profile === null) return <p role="status">{t('loading')}</p>;
  if ('error' in profile) {
    const missing = (profile.error as { status?: number }).status === 404;
    return (
      <>
        <Heading>{t('notFoundTitle')}</Heading>
        <p>{missing ? t('notFoundBody') : messageOf(profile.error, t)}</p>
        <p>
          <Link href="/">{t('backHome')}</Link>
        </p>
      </>
    );
  }
  return (
    <>
      <Heading>{profile.name}</Heading>
      {profile.description && <p>{profile.description}</p>}
      <section aria-labelledby="public-templates">
        <h2 id="public-templates">{t('publicTemplates')}</h2>
        {profile.templates.length === 0 ? (
          <p>{t('publicNoTemplates')}</p>
        ) : (
          <ul class="public-templates">
            {profile.templates.map((template) => (
              <li key={template.url}>
                <h3>{template.title}</h3>
                {template.description && <p>{template.description}</p>}
                <a href={template.url}>{t('publicOpen', { title: template.title })}</a>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
