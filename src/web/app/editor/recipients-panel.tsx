import { useEffect, useState } from 'preact/hooks';
import { isValidCuil } from '../../../lib/tax-id.js';
import type { RecipientRole } from '../../../lib/vocabulary/recipients.js';
import { RoleSelect } from '../role-select.js';
import { useI18n } from '../i18n/index.js';
import type { EditorRecipient, IdentityOptions, RecipientInput, SignatureLevel } from './types.js';

interface Draft {
  key: string;
  id: number | null;
  name: string;
  email: string;
  role: RecipientRole;
  order: string;
  cuil: string;
  signatureLevel: SignatureLevel;
}

/** A first look at an address as typed; the server's rule (lib/email-address.ts) decides. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const draftOf = (r: EditorRecipient): Draft => ({
  key: `r${r.id}`,
  id: r.id,
  name: r.name,
  email: r.email,
  role: r.role,
  order: r.signingOrder === null ? '' : String(r.signingOrder),
  cuil: r.cuil ?? '',
  signatureLevel: r.signatureLevel,
});
let nextKey = 1;
const blank = (): Draft => ({
  key: `new${nextKey++}`,
  id: null,
  name: '',
  email: '',
  role: 'SIGNER',
  order: '',
  cuil: '',
  signatureLevel: 'ELECTRONIC',
});

/**
 * The recipients, each a small form saved on its own (the API's recipient create or update): name,
 * e-mail, role, signing order, the national ID the team's rule asks of signers (a CUIL's check
 * digit is checked as it is typed) and the signature level.
 */
export function RecipientsPanel(props: {
  recipients: EditorRecipient[];
  identity: IdentityOptions | null;
  /** A template's recipients may have no address yet (who they are is given when it is used). */
  emailOptional: boolean;
  colourOf: (recipientId: number) => number;
  busy: boolean;
  onSave: (id: number | null, input: RecipientInput) => Promise<boolean>;
  onRemove: (id: number) => void;
}) {
  const { t } = useI18n();
  const [drafts, setDrafts] = useState<Draft[]>(() => props.recipients.map(draftOf));
  const [problems, setProblems] = useState<Record<string, string>>({});

  // The server's answer is the truth: saved recipients take its values, unsaved forms stay.
  useEffect(() => {
    setDrafts((current) => [...props.recipients.map(draftOf), ...current.filter((d) => d.id === null)]);
  }, [props.recipients]);

  const idLabel = props.identity?.idLabel ?? null;
  const cuilRule = props.identity?.identityRule === 'CUIL';
  const idProblem = (d: Draft) => {
    const digits = d.cuil.replace(/[\s.-]/g, '');
    return cuilRule && digits.length >= 11 && !isValidCuil(digits) ? t('nd_cuilInvalid') : '';
  };
  const update = (key: string, changes: Partial<Draft>) =>
    setDrafts((all) => all.map((d) => (d.key === key ? { ...d, ...changes } : d)));

  const save = async (d: Draft) => {
    const found: Record<string, string> = {};
    if (d.name.trim() === '') found[`ed-name-${d.key}`] = t('required');
    const noEmail = props.emailOptional && d.email.trim() === '';
    if (!noEmail && !EMAIL.test(d.email.trim())) found[`ed-email-${d.key}`] = t('nd_emailInvalid');
    if (idProblem(d)) found[`ed-cuil-${d.key}`] = idProblem(d);
    setProblems(found);
    const first = Object.keys(found)[0];
    if (first) {
      document.getElementById(first)?.focus();
      return;
    }
    const signs = d.role === 'SIGNER' || d.role === 'APPROVER';
    const saved = await props.onSave(d.id, {
      name: d.name.trim(),
      email: d.email.trim(),
      role: d.role,
      signingOrder: d.order.trim() === '' ? null : Number(d.order),
      cuil: idLabel && d.role === 'SIGNER' ? (cuilRule ? d.cuil.replace(/[\s.-]/g, '') : d.cuil.trim()) : null,
      signatureLevel: signs ? d.signatureLevel : 'ELECTRONIC',
    });
    if (saved && d.id === null) setDrafts((all) => all.filter((x) => x.key !== d.key));
  };

  const problem = (id: string, text = problems[id]) =>
    text ? (
      <p id={`${id}-error`} class="field-error">
        {text}
      </p>
    ) : null;
  const input = (d: Draft, name: 'name' | 'email' | 'order' | 'cuil', label: string, extra = {}) => {
    const id = `ed-${name}-${d.key}`;
    const live = name === 'cuil' ? idProblem(d) : '';
    const said = problems[id] || live;
    return (
      <div class="field">
        <label for={id}>{label}</label>
        <input
          id={id}
          value={d[name]}
          autoComplete="off"
          aria-invalid={said ? 'true' : undefined}
          aria-describedby={said ? `${id}-error` : undefined}
          onInput={(event) => update(d.key, { [name]: event.currentTarget.value })}
          {...extra}
        />
        {problem(id, said)}
      </div>
    );
  };

  return (
    <section class="ed-panel" aria-labelledby="ed-recipients-title">
      <h2 id="ed-recipients-title">{t('ed_recipientsTitle')}</h2>
      {drafts.map((d, index) => (
        <fieldset key={d.key} class={`recipient ed-recipient ed-colour-${d.id === null ? 0 : props.colourOf(d.id)}`}>
          <legend>{t('nd_recipient', { n: index + 1 })}</legend>
          {input(d, 'name', t('nd_name'))}
          {input(d, 'email', t('nd_email'), { type: 'email' })}
          <RoleSelect id={`ed-role-${d.key}`} value={d.role} onChange={(role) => update(d.key, { role })} />
          {input(d, 'order', t('nd_order'), { type: 'number', min: 1, max: 10000, inputMode: 'numeric' })}
          {idLabel &&
            d.role === 'SIGNER' &&
            input(d, 'cuil', t('nd_id', { id: idLabel }), { inputMode: cuilRule ? 'numeric' : 'text' })}
          {(d.role === 'SIGNER' || d.role === 'APPROVER') && (
            <div class="field">
              <label for={`ed-level-${d.key}`}>{t('ed_signatureLevel')}</label>
              <select
                id={`ed-level-${d.key}`}
                value={d.signatureLevel}
                onChange={(event) => update(d.key, { signatureLevel: event.currentTarget.value as SignatureLevel })}
              >
                <option value="ELECTRONIC">{t('ed_level_ELECTRONIC')}</option>
                <option value="DIGITAL">{t('ed_level_DIGITAL')}</option>
              </select>
            </div>
          )}
          <div class="actions">
            <button type="button" disabled={props.busy} onClick={() => void save(d)}>
              {d.id === null ? t('ed_addThisRecipient') : t('ed_saveRecipient', { n: index + 1 })}
            </button>
            {d.id !== null ? (
              <button type="button" disabled={props.busy} onClick={() => props.onRemove(d.id!)}>
                {t('nd_removeRecipient', { n: index + 1 })}
              </button>
            ) : (
              <button type="button" onClick={() => setDrafts((all) => all.filter((x) => x.key !== d.key))}>
                {t('cancel')}
              </button>
            )}
          </div>
        </fieldset>
      ))}
      <div class="actions">
        <button type="button" onClick={() => setDrafts((all) => [...all, blank()])}>
          {t('nd_addRecipient')}
        </button>
      </div>
    </section>
  );
}
