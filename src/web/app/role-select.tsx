import { RECIPIENT_ROLES, type RecipientRole } from '../../lib/vocabulary/recipients.js';
import { useI18n } from './i18n/index.js';

/** A recipient's role, labelled, every role of the vocabulary in its words (New document, the editor). */
export function RoleSelect(props: { id: string; value: RecipientRole; onChange: (role: RecipientRole) => void }) {
  const { t } = useI18n();
  return (
    <div class="field">
      <label for={props.id}>{t('nd_role')}</label>
      <select
        id={props.id}
        value={props.value}
        onChange={(event) => props.onChange(event.currentTarget.value as RecipientRole)}
      >
        {RECIPIENT_ROLES.map((role) => (
          <option key={role} value={role}>
            {t(`recipientRole_${role}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
