// Parts of the final dialogs: the next-signer choice (a document with meta.allowDictateNextSigner, signed in order): the
// recipient confirms or corrects who acts after them, inside the final dialog, prefilled with
// the recipient the sender named. Nothing is sent when nothing was changed.
import { errorText } from './signing-api.js';
import { el, openDialog } from './signing-ui.js';

/** The national ID's name on the page (the identity rule's label). */
const ID_LABELS = { CUIL: 'CUIL', RUT: 'RUT', CI_UY: 'CI', CPF: 'CPF' };

/** The fieldset to put in the dialog, and `value()`: the `nextSigner` member or undefined; throws what is missing. */
export function nextSignerFieldset(t, next) {
  const name = el('input', {
    id: 'next-signer-name',
    type: 'text',
    value: next.name,
    maxlength: 255,
    autocomplete: 'off',
  });
  const email = el('input', {
    id: 'next-signer-email',
    type: 'email',
    value: next.email,
    maxlength: 254,
    autocomplete: 'off',
  });
  const idLabel = next.idRule ? ID_LABELS[next.idRule] || next.idRule : null;
  const id = idLabel
    ? el('input', { id: 'next-signer-id', type: 'text', maxlength: 20, autocomplete: 'off', inputmode: 'numeric' })
    : null;
  const fieldset = el(
    'fieldset',
    { class: 'next-signer', 'aria-describedby': 'next-signer-help' },
    el('legend', {}, t.nextSignerTitle),
    el('p', { class: 'help', id: 'next-signer-help' }, t.nextSignerHelp),
    el('label', { for: 'next-signer-name' }, t.nextSignerName),
    name,
    el('label', { for: 'next-signer-email' }, t.nextSignerEmail),
    email,
    id ? [el('label', { for: 'next-signer-id' }, t.nextSignerId(idLabel)), id] : null,
  );
  return {
    fieldset,
    value: () => {
      const chosen = { name: name.value.trim(), email: email.value.trim() };
      const cuil = id?.value.trim() ?? '';
      if (chosen.name === next.name && chosen.email.toLowerCase() === next.email.toLowerCase() && !cuil)
        return undefined;
      if (!chosen.name) throw new Error(t.nextSignerName);
      if (!chosen.email) throw new Error(t.nextSignerEmail);
      if (id && !cuil) throw new Error(t.nextSignerIdMissing(idLabel));
      return cuil ? { ...chosen, cuil } : chosen;
    },
  };
}

/** The rejection dialog: resolves with the API's answer, or null (cancelled, or a conflict `handleConflict` took). */
export function rejectDialog(t, call, handleConflict) {
  return openDialog(
    t,
    t.rejectTitle,
    (body) => {
      const reason = el('textarea', { id: 'reject-reason', rows: 4, maxlength: 2000, required: true });
      body.append(el('label', { for: 'reject-reason' }, t.rejectReason), reason);
      return { reason, opened: () => reason.focus() };
    },
    async ({ reason }) => {
      if (!reason.value.trim()) throw new Error(t.rejectReason);
      try {
        return await call('POST', '/reject', { reason: reason.value });
      } catch (error) {
        if (handleConflict(error)) return null;
        throw new Error(errorText(error));
      }
    },
    { submitLabel: t.rejectConfirm, danger: true },
  );
}
