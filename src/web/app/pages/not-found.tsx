import { Heading, Link } from '../components.js';
import { useI18n } from '../i18n/index.js';

export function NotFoundPage() {
  const { t } = useI18n();
  return (
    <section>
      <Heading>{t('notFoundTitle')}</Heading>
      <p>{t('notFoundBody')}</p>
      <p>
        <Link href="/">{t('backHome')}</Link>
      </p>
    </section>
  );
}
