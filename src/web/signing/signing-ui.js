// Small DOM helpers and the dialogs of the signing page. No framework: the page must stay light
// on a phone and load nothing from outside Firma.
import { formatNumber, numberFormatOf, prefillOf, readNumber } from './field-values.js';
import { el } from './dom.js';
import { createSignaturePad } from './signature-pad.js';
import { uploadPanel } from './signature-upload.js';
import { FIELD_TYPE_TRAITS } from './vocabulary.js';

// The element builder lives in dom.js (the upload panel needs it too); the page's modules import it from here.
export { el };

/** A full-page message: done, rejected, expired, out of turn… */
export function noticeScreen(root, title, body, kind = 'info', extra = []) {
  root.replaceChildren(
    el(
      'section',
      { class: `notice notice-${kind}`, role: kind === 'error' ? 'alert' : 'status' },
      el('h1', { tabindex: '-1' }, title),
      el('p', {}, body),
      ...extra,
    ),
  );
  root.querySelector('h1').focus();
}

const FOCUSABLE = 'button:not([disabled]), input:not([disabled]), select, textarea, a[href], [tabindex="0"]';

/**
 * Keeps Tab inside a modal dialog (the page behind is inert, but the browser would otherwise move
 * focus out to its own toolbar). Returns `closed`, to call once the dialog is closed: focus goes
 * back to what opened it, when that is still on the page.
 */
export function holdFocus(dialog) {
  const opener = document.activeElement;
  dialog.addEventListener('keydown', (event) => {
    if (event.key !== 'Tab') return;
    const items = [...dialog.querySelectorAll(FOCUSABLE)].filter((n) => !n.closest('[hidden]'));
    if (items.length === 0) return;
    const first = items[0];
    const last = items[items.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  });
  return function closed() {
    if (opener && opener !== document.body && opener.isConnected) opener.focus?.();
  };
}

let dialogCount = 0;

/** A modal dialog; resolves with what `onSubmit` returns, or null when cancelled. */
export function openDialog(
  t,
  title,
  buildBody,
  onSubmit,
  { submitLabel = t.save, danger = false, extraButtons = [] } = {},
) {
  return new Promise((resolve) => {
    const error = el('p', { class: 'dialog-error', role: 'alert' });
    const body = el('div', { class: 'dialog-body' });
    const submit = el('button', { type: 'submit', class: danger ? 'button danger' : 'button primary' }, submitLabel);
    const close = (value) => {
      dialog.close();
      dialog.remove();
      closed();
      resolve(value);
    };
    const titleId = `dialog-title-${++dialogCount}`;
    const form = el(
      'form',
      { method: 'dialog', novalidate: true },
      el('h2', { id: titleId }, title),
      body,
      error,
      el(
        'div',
        { class: 'dialog-actions' },
        ...extraButtons.map((b) =>
          el(
            'button',
            {
              type: 'button',
              class: 'button',
              onclick: () => void b.onClick().then(close, (e) => (error.textContent = e.message)),
            },
            b.label,
          ),
        ),
        el('button', { type: 'button', class: 'button', onclick: () => close(null) }, t.cancel),
        submit,
      ),
    );
    const dialog = el('dialog', { class: 'dialog', 'aria-labelledby': titleId }, form);
    const closed = holdFocus(dialog);
    const api = buildBody(body) || {};
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      error.textContent = '';
      submit.disabled = true;
      new Promise((done) => done(onSubmit(api)))
        .then(close, (e) => {
          error.textContent = e.message;
        })
        .finally(() => (submit.disabled = false));
    });
    dialog.addEventListener('cancel', (event) => {
      event.preventDefault();
      close(null);
    });
    document.body.append(dialog);
    dialog.showModal();
    api.opened?.();
  });
}

/** The input a field needs, and the request body it produces. */
export function fieldDialog(t, view, field, save, remove) {
  const meta = field.fieldMeta || {};
  const label = meta.label || t.fill[field.type];
  const extraButtons = field.inserted ? [{ label: t.remove, onClick: remove }] : [];
  // Editable prefilled fields open with the sender's value; the signer's own value replaces it.
  const prefill = prefillOf(field);
  const chosenText = field.inserted ? field.customText : prefill?.text;
  if (FIELD_TYPE_TRAITS[field.type]?.takesSignature) return signatureDialog(t, view, field, label, save, extraButtons);
  return openDialog(
    t,
    label,
    (body) => {
      if (meta.helpText) body.append(el('p', { class: 'help' }, meta.helpText));
      switch (field.type) {
        case 'NUMBER':
          return numberInput(t, body, field, label, prefill);
        case 'TEXT':
        case 'NAME': {
          const input = el('input', {
            id: 'field-input',
            type: 'text',
            maxlength: meta.characterLimit || undefined,
            placeholder: meta.placeholder || undefined,
            value: field.inserted
              ? field.customText
              : field.type === 'NAME'
                ? view.recipient.name
                : prefill?.text || '',
            autocomplete: field.type === 'NAME' ? 'name' : 'off',
            // An embedding app may lock the name it gave (Documenso's lockName).
            readonly: field.type === 'NAME' && view.recipient.nameLocked === true,
          });
          body.append(el('label', { for: 'field-input' }, label), input);
          return { value: () => ({ value: input.value }), opened: () => input.focus() };
        }
        case 'RADIO':
        case 'DROPDOWN': {
          const options = (meta.values || []).map((v) => v.value).filter((v) => v !== '');
          if (field.type === 'DROPDOWN') {
            const select = el(
              'select',
              { id: 'field-input' },
              el('option', { value: '' }, t.choose),
              ...options.map((o) => el('option', { value: o, selected: o === chosenText }, o)),
            );
            body.append(el('label', { for: 'field-input' }, label), select);
            return { value: () => ({ value: select.value }), opened: () => select.focus() };
          }
          const group = el(
            'fieldset',
            {},
            el('legend', {}, label),
            ...options.map((o, i) =>
              el(
                'label',
                { class: 'choice' },
                el('input', {
                  type: 'radio',
                  name: 'choice',
                  value: o,
                  checked: o === chosenText,
                  id: `choice-${i}`,
                }),
                o,
              ),
            ),
          );
          body.append(group);
          return {
            value: () => ({ value: group.querySelector('input:checked')?.value ?? '' }),
            opened: () => group.querySelector('input')?.focus(),
          };
        }
        case 'CHECKBOX': {
          const chosen = new Set(field.inserted ? field.values || [] : prefill?.values || []);
          const group = el(
            'fieldset',
            {},
            el('legend', {}, label),
            ...(meta.values || []).map((v, i) =>
              el(
                'label',
                { class: 'choice' },
                el('input', { type: 'checkbox', value: v.value, checked: chosen.has(v.value), id: `check-${i}` }),
                v.value || '✓',
              ),
            ),
          );
          body.append(group);
          return {
            value: () => ({ values: [...group.querySelectorAll('input:checked')].map((i) => i.value) }),
            opened: () => group.querySelector('input')?.focus(),
          };
        }
        default:
          // EMAIL and DATE are filled by Firma from the recipient and the clock.
          body.append(
            el(
              'p',
              {},
              field.type === 'DATE' ? new Date().toLocaleDateString(view.envelope.meta.language) : view.recipient.email,
            ),
          );
          return { value: () => ({}) };
      }
    },
    (api) => save(api.value()),
    { extraButtons },
  );
}

/**
 * A NUMBER field's input: written in the field's numberFormat when the signer leaves it (blur),
 * checked against the format and minValue/maxValue before anything is sent, and sent canonical
 * (`1234.5`) when the field has a format, so the API never has to guess which mark is the decimal.
 */
function numberInput(t, body, field, label, prefill) {
  const meta = field.fieldMeta || {};
  const format = numberFormatOf(field);
  const hint = el('p', { class: 'help', id: 'field-hint' }, format ? t.numberFormatHint(format) : '');
  const input = el('input', {
    id: 'field-input',
    type: 'text',
    inputmode: 'decimal',
    placeholder: meta.placeholder || undefined,
    value: field.inserted ? field.customText : prefill?.text || '',
    autocomplete: 'off',
    'aria-describedby': format ? 'field-hint' : undefined,
    onblur: () => {
      const canonical = readNumber(input.value, format);
      if (canonical !== null) input.value = formatNumber(canonical, format);
    },
  });
  body.append(el('label', { for: 'field-input' }, label), input);
  if (format) body.append(hint);
  return {
    opened: () => input.focus(),
    value: () => {
      if (input.value.trim() === '') return { value: '' };
      const canonical = readNumber(input.value, format);
      if (canonical === null) throw new Error(t.notANumber(format ? formatNumber('1234.5', format) : '1234.5'));
      const n = Number(canonical);
      if (typeof meta.minValue === 'number' && n < meta.minValue)
        throw new Error(t.numberAtLeast(formatNumber(String(meta.minValue), format)));
      if (typeof meta.maxValue === 'number' && n > meta.maxValue)
        throw new Error(t.numberAtMost(formatNumber(String(meta.maxValue), format)));
      return { value: format ? canonical : input.value.trim() };
    },
  };
}

function signatureDialog(t, view, field, label, save, extraButtons) {
  const { typedSignatureEnabled, drawSignatureEnabled, uploadSignatureEnabled } = view.envelope.meta;
  const modes = [
    drawSignatureEnabled && 'drawn',
    typedSignatureEnabled && 'typed',
    uploadSignatureEnabled && 'uploaded',
  ].filter(Boolean);
  let mode = modes[0] || 'drawn';
  const initials = view.recipient.name
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => w[0].toUpperCase())
    .join('');
  return openDialog(
    t,
    label,
    (body) => {
      const typed = el('input', {
        id: 'signature-text',
        type: 'text',
        maxlength: 100,
        value: field.type === 'INITIALS' ? initials : view.recipient.name,
        class: 'typed-signature',
        autocomplete: 'off',
      });
      const canvas = el('canvas', { class: 'signature-pad', 'aria-label': t.drawHere, role: 'img' });
      const pad = createSignaturePad(canvas);
      // Tabs when both ways are offered: each tab names its panel, the panel is labelled by its tab.
      const tabbed = modes.length > 1;
      const panelAttrs = (m) =>
        tabbed
          ? { class: 'panel', id: `panel-${m}`, role: 'tabpanel', 'aria-labelledby': `tab-${m}` }
          : { class: 'panel' };
      const panels = {
        drawn: el(
          'div',
          panelAttrs('drawn'),
          el('p', { class: 'help' }, t.drawHere),
          tabbed ? el('p', { class: 'help' }, t.drawKeyboardHint) : null,
          canvas,
          el('button', { type: 'button', class: 'button link', onclick: () => pad.clear() }, t.clear),
        ),
        typed: el('div', panelAttrs('typed'), el('label', { for: 'signature-text' }, t.typeYourName), typed),
      };
      const upload = uploadPanel(t, panelAttrs('uploaded'));
      panels.uploaded = upload.panel;
      const tabs = el('div', { class: 'tabs', role: 'tablist' });
      const show = (m) => {
        mode = m;
        for (const [name, panel] of Object.entries(panels)) panel.hidden = name !== m;
        for (const button of tabs.children) button.setAttribute('aria-selected', String(button.dataset.mode === m));
        if (m === 'drawn') requestAnimationFrame(() => pad.resize());
        else if (m === 'uploaded') upload.focus();
        else typed.focus();
      };
      for (const m of modes)
        tabs.append(
          el(
            'button',
            {
              type: 'button',
              role: 'tab',
              id: `tab-${m}`,
              'aria-controls': `panel-${m}`,
              'data-mode': m,
              class: 'tab',
              onclick: () => show(m),
            },
            t[m],
          ),
        );
      if (tabbed) body.append(tabs);
      body.append(panels.drawn, panels.typed, panels.uploaded);
      return {
        opened: () => show(mode),
        value: () => {
          if (mode === 'typed') return { signature: { type: 'typed', text: typed.value } };
          if (mode === 'uploaded') return upload.value();
          if (pad.isEmpty()) throw new Error(t.drawHere);
          return { signature: { type: 'drawn', image: pad.toDataUrl() } };
        },
      };
    },
    (api) => save(api.value()),
    { extraButtons },
  );
}

/** The address with a break opportunity right after its @ (a <wbr>), the natural place to wrap. */
export function emailParts(email) {
  const at = email.indexOf('@');
  return at < 0 ? [email] : [email.slice(0, at + 1), el('wbr'), email.slice(at + 1)];
}
