// Recipient verification on the signing page: the step before the document when access must be
// verified (a one-time code mailed to the recipient, or one the sender delivered), and the dialog
// before completing when the action must be (a code again, the sender's access code, the CUIL). The state lives in the
// server: this only asks the signing API (`/verification…`) and says what it answered. The methods
// that need the recipient's Firma account (ACCOUNT, PASSKEY, its password) are in account-verify.js.
import { accountPasswordSection, accountSection, passkeySection } from './account-verify.js';
import { messagesFor } from './i18n.js';
import { ApiError } from './signing-api.js';
import { el, holdFocus } from './signing-ui.js';

/** What each identity rule's ID is called (the API names the rules; `NONE` asks for no ID). */
const ID_NAMES = { CUIL: 'CUIL', RUT: 'RUT', CI_UY: 'CI', CPF: 'CPF' };

/**
 * The forms for what is pending at one stage. `onStatus` gets each successful answer (the
 * server's verification status); the caller decides whether the stage is over.
 */
function verificationForms({ call, lang, stage, pending, emailHint, identityRule, password, onStatus }) {
  const t = messagesFor(lang).verify;
  const error = el('p', { class: 'dialog-error', role: 'alert', id: `verify-error-${stage}` });
  // A refusal in the page's language by the API's code (the API's message is English); any other
  // error is the page's own (its network message is already translated).
  // The `CUIL` method asks for the platform's national ID, named as its country names it.
  const idName = ID_NAMES[identityRule] ?? 'CUIL';
  const refusal = (code) =>
    code === 'CUIL_MISMATCH' && idName !== 'CUIL' ? t.idMismatch(idName) : (t.errors[code] ?? t.errors.other);
  const fail = (e) => {
    error.textContent = e instanceof ApiError ? refusal(e.code) : e?.message || t.errors.other;
  };
  const sections = [];
  const forAccount = { call, t, emailHint, fail, onStatus };
  if (pending.includes('ACCOUNT')) sections.push(accountSection(forAccount));
  if (pending.includes('PASSKEY')) sections.push(passkeySection(forAccount));

  if (pending.includes('TWO_FACTOR_AUTH')) {
    const info = el('p', { 'aria-live': 'polite', id: 'verify-code-info' });
    const input = el('input', {
      id: 'verify-code',
      type: 'text',
      name: 'code',
      inputmode: 'numeric',
      autocomplete: 'one-time-code',
      pattern: '[0-9]{6}',
      maxlength: 6,
      required: true,
    });
    const send = el('button', { class: 'button', type: 'button', id: 'verify-send-code' }, t.sendCode(emailHint));
    const codeForm = el(
      'form',
      { class: 'verify-code', hidden: true, novalidate: true },
      el('label', { for: 'verify-code' }, t.codeLabel),
      input,
      el('button', { class: 'button primary', type: 'submit', id: 'verify-submit-code' }, t.verify),
    );
    send.addEventListener('click', async () => {
      error.textContent = '';
      send.disabled = true;
      try {
        const sent = await call('POST', '/verification/code');
        info.textContent = t.codeSent(sent.emailHint);
        send.textContent = t.resend;
        codeForm.hidden = false;
        input.focus();
      } catch (e) {
        fail(e);
      } finally {
        send.disabled = false;
      }
    });
    codeForm.addEventListener('submit', async (event) => {
      event.preventDefault();
      error.textContent = '';
      try {
        onStatus(await call('POST', '/verification/code/verify', { code: input.value.trim() }));
      } catch (e) {
        input.value = '';
        fail(e);
      }
    });
    sections.push(el('div', { class: 'verify-method' }, send, info, codeForm));
  }

  // The code the sender delivers itself (SMS, WhatsApp): typed here, never mailed by Firma, so
  // there is nothing to ask for, only the field.
  if (pending.includes('EXTERNAL_TWO_FACTOR_AUTH')) {
    const input = el('input', {
      id: 'verify-external-code',
      type: 'text',
      name: 'code',
      inputmode: 'numeric',
      autocomplete: 'one-time-code',
      pattern: '[0-9]{6}',
      maxlength: 6,
      required: true,
    });
    const form = el(
      'form',
      { class: 'verify-method verify-code', novalidate: true },
      el('label', { for: 'verify-external-code' }, t.externalCodeLabel),
      input,
      el('button', { class: 'button primary', type: 'submit', id: 'verify-external-code-submit' }, t.verify),
    );
    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      error.textContent = '';
      try {
        onStatus(await call('POST', '/verification/code/verify', { code: input.value.trim() }));
      } catch (e) {
        input.value = '';
        fail(e);
      }
    });
    sections.push(form);
  }

  const typed = (method, id, label, path, member) => {
    const input = el('input', { id, type: 'text', name: member, required: true, autocomplete: 'off' });
    const form = el(
      'form',
      { class: 'verify-method', novalidate: true },
      el('label', { for: id }, label),
      input,
      el('button', { class: 'button primary', type: 'submit', id: `${id}-submit` }, t.confirm),
    );
    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      error.textContent = '';
      try {
        onStatus(await call('POST', path, { [member]: input.value }));
      } catch (e) {
        input.value = '';
        fail(e);
      }
    });
    sections.push(form);
  };
  if (pending.includes('PASSWORD') && password === 'ACCOUNT_PASSWORD')
    sections.push(accountPasswordSection(forAccount));
  else if (pending.includes('PASSWORD'))
    typed('PASSWORD', 'verify-access-code', t.accessCodeLabel, '/verification/access-code', 'accessCode');
  if (pending.includes('CUIL')) typed('CUIL', 'verify-cuil', t.idLabel(idName), '/verification/cuil', 'cuil');

  // Only nodes: a null here would reach `replaceChildren`, which prints it as the text "null".
  const anyOf = pending.filter((m) => m !== 'CUIL').length > 1;
  return [...(anyOf ? [el('p', {}, t.oneOf)] : []), ...sections, error];
}

/** Access: replaces the page with the verification step; resolves once access is verified. */
export async function verifyAccess(root, { call, lang, pending }) {
  const t = messagesFor(lang).verify;
  let emailHint = null;
  let identityRule = null;
  let password = null;
  try {
    ({ emailHint, identityRule, password } = await call('GET', '/verification'));
  } catch {
    // The hint is a courtesy; the step works without it.
  }
  return new Promise((resolve) => {
    const forms = verificationForms({
      call,
      lang,
      stage: 'access',
      pending,
      emailHint,
      identityRule,
      password,
      onStatus: (status) => {
        if (status.access.pending.length === 0) resolve();
      },
    });
    root.replaceChildren(
      el(
        'section',
        { class: 'notice notice-info verify', id: 'verify-access' },
        el('h1', { tabindex: '-1' }, t.accessTitle),
        // Only the code the sender delivers is asked: the intro must not promise a mail.
        el(
          'p',
          {},
          pending.includes('ACCOUNT') && pending.length === 1
            ? t.accountAccessIntro
            : pending.includes('EXTERNAL_TWO_FACTOR_AUTH') && !pending.includes('TWO_FACTOR_AUTH')
              ? t.externalIntro
              : t.accessIntro,
        ),
        ...forms,
      ),
    );
    root.querySelector('h1').focus();
  });
}

/** Action: a modal dialog before completing; resolves true once verified, false if cancelled. */
export function verifyAction({ call, lang, pending }) {
  const t = messagesFor(lang).verify;
  return new Promise((resolve) => {
    let remaining = pending;
    const dialog = el('dialog', {
      class: 'dialog verify',
      id: 'verify-action',
      'aria-labelledby': 'verify-action-title',
    });
    const closed = holdFocus(dialog);
    const close = (value) => {
      dialog.close();
      dialog.remove();
      closed();
      resolve(value);
    };
    const render = ({ emailHint, identityRule, password }) => {
      dialog.replaceChildren(
        el('h2', { id: 'verify-action-title' }, t.actionTitle),
        el('p', {}, t.actionIntro),
        ...verificationForms({
          call,
          lang,
          stage: 'action',
          pending: remaining,
          emailHint,
          identityRule,
          password,
          onStatus: (status) => {
            remaining = status.action.pending;
            if (remaining.length === 0) close(true);
            else render({ emailHint, identityRule, password });
          },
        }),
        el(
          'div',
          { class: 'dialog-actions' },
          el('button', { class: 'button', type: 'button', onclick: () => close(false) }, t.cancel),
        ),
      );
    };
    dialog.addEventListener('cancel', (event) => {
      event.preventDefault();
      close(false);
    });
    document.body.append(dialog);
    call('GET', '/verification')
      .then((s) => render(s))
      .catch(() => render({ emailHint: null, identityRule: null, password: null }))
      .finally(() => dialog.showModal());
  });
}
