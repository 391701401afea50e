// How a field's box on the page shows its state: its label, the value filled in, or a signature
// as it will be burned in (the drawn image, or the typed text in the signature font).
import { prefillOf } from './field-values.js';
import { el } from './signing-ui.js';
import { FIELD_TYPE_TRAITS } from './vocabulary.js';

const OVERFLOWS = ['auto', 'horizontal', 'vertical', 'crop'];
const JUSTIFY = { left: 'flex-start', center: 'center', right: 'flex-end' };

export function paintFieldBox(box, field, { t, required, imageUrl, legacy = false }) {
  const label = field.fieldMeta?.label || t.fill[field.type];
  const asText = FIELD_TYPE_TRAITS[field.type]?.burnedInAsText;
  // The box previews the final PDF: grows right, grows down or clips as the sender chose (signing.css).
  // Only a value burned in as text is laid out by fieldMeta.overflow (the PDF renderer's
  // text-layout.ts); signatures are scaled to their box and choices drawn as a list there. The
  // legacy layout (useLegacyFieldInsertion) keeps every value in its box.
  const overflow = !asText ? null : legacy ? 'auto' : field.fieldMeta?.overflow || 'auto';
  for (const mode of OVERFLOWS) box.classList.toggle(`overflow-${mode}`, overflow === mode);
  // Those modes also keep the PDF's alignment (default left; centre in the legacy layout), which
  // decides which side text is cut on.
  const legacyAligned = Boolean(legacy && asText && JUSTIFY[field.fieldMeta?.textAlign]);
  box.classList.toggle('legacy-aligned', legacyAligned);
  if ((overflow && overflow !== 'auto') || legacyAligned) {
    const fallback = legacy ? 'center' : 'left';
    const align = JUSTIFY[field.fieldMeta?.textAlign] ? field.fieldMeta.textAlign : fallback;
    box.style.setProperty('--field-align', align);
    box.style.setProperty('--field-justify', JUSTIFY[align]);
  } else {
    box.style.removeProperty('--field-align');
    box.style.removeProperty('--field-justify');
  }
  // The sender's prefill is the field's value until the signer changes it (written in on finishing).
  const prefill = prefillOf(field);
  const filled = Boolean(field.inserted || prefill);
  box.classList.toggle('filled', filled);
  box.classList.toggle('required', required && !filled);
  box.classList.toggle('other', !field.isOwn);
  // Filled in advance by the sender: shown, never editable. Still focusable (aria-disabled, not
  // disabled), so a keyboard or screen reader user reaches and hears the value.
  const readOnly = Boolean(field.fieldMeta?.readOnly);
  box.classList.toggle('read-only', readOnly);
  if (readOnly) box.setAttribute('aria-disabled', 'true');
  else box.removeAttribute('aria-disabled');
  let shown = prefill ? prefill.text : label;
  if (field.inserted) {
    if (field.signature?.type === 'typed') shown = field.signature.text;
    else if (field.values) shown = field.values.join(', ') || '✓';
    else shown = field.customText || '✓';
  }
  box.classList.toggle('typed-signature', field.signature?.type === 'typed');
  box.classList.toggle('drawn-signature', field.signature?.type === 'drawn' || field.signature?.type === 'uploaded');
  if (field.signature && field.inserted) {
    // The signature as it will be burned in: the drawn image, or the typed text in the signature
    // font; the field stays a button, so selecting it again redoes the signature.
    const mark =
      field.signature.type !== 'typed'
        ? el('img', { src: imageUrl(field), alt: '', class: 'signature-image', draggable: 'false' })
        : el('span', { class: 'signature-text' }, field.signature.text);
    // The space keeps the two words apart for assistive technology; the flex box does not show it.
    box.replaceChildren(mark, ' ', el('span', { class: 'redo', 'aria-hidden': 'true' }, t.redo));
    // The name holds what is shown (WCAG 2.5.3, label in name): the typed text and the hint to change it.
    box.setAttribute(
      'aria-label',
      field.signature.type === 'typed' ? t.signedWith(label, field.signature.text) : t.signatureOf(label),
    );
    return;
  }
  box.textContent = shown;
  if (filled) box.setAttribute('aria-label', t.filledWith(label, shown) + (readOnly ? `, ${t.readOnly}` : ''));
  else box.setAttribute('aria-label', required ? `${label} (${t.required})` : label);
}

/** The final action's name for the recipient's role (the footer's button and the consent dialog's). */
export function actionLabelOf(t, role) {
  switch (role) {
    case 'APPROVER':
      return t.approve;
    case 'VIEWER':
      return t.confirmView;
    case 'ASSISTANT':
      return t.assist;
    default:
      return t.sign;
  }
}
