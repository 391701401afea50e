// A template's direct link (/d/{token}): the visitor gives their name, e-mail and, for a signer,
// CUIL; Firma mails a code to that address, and with the code it makes the document from the
// template; the visitor continues on the normal signing page with their own signing token. The
// link's token is read from the address only.
import { directLinkEmbedding, postEmbedEvent } from './embed-events.js';
import { loadMessages, pageLanguage } from './i18n.js';
import { el, noticeScreen } from './signing-ui.js';

const token = decodeURIComponent(location.pathname.split('/').filter(Boolean).pop() || '');
const embedded = new URLSearchParams(location.search).get('embed') === '1';
// Documenso's embed (/embed/direct/{token}): the app's name and e-mail, maybe locked, its externalId.
const embedding = directLinkEmbedding();
const api = `/api/v2/direct/${encodeURIComponent(token)}`;
const root = document.getElementById('app');
const lang = pageLanguage(document.documentElement.lang);
const messages = await loadMessages(lang);
const t = { ...messages, ...messages.verify, ...messages.direct };

/** The CUIL rule the API applies (lib/tax-id.ts): person prefix and mod-11 check digit. */
export function isValidCuil(input) {
  const digits = input.replace(/[\s.-]/g, '');
  if (!/^\d{11}$/.test(digits) || !['20', '23', '24', '25', '26', '27'].includes(digits.slice(0, 2))) return false;
  const weights = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2];
  const sum = weights.reduce((acc, w, i) => acc + w * Number(digits[i]), 0);
  const dv = 11 - (sum % 11);
  const expected = dv === 11 ? 0 : dv === 10 ? null : dv;
  return expected === Number(digits[10]);
}

async function call(method, body, path = '') {
  let response;
  try {
    response = await fetch(api + path, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'omit',
      referrerPolicy: 'no-referrer',
    });
  } catch {
    throw Object.assign(new Error(t.networkError), { status: 0 });
  }
  const json = response.headers.get('content-type')?.includes('json') ? await response.json() : null;
  if (!response.ok)
    throw Object.assign(new Error(json?.message || `HTTP ${response.status}`), { status: response.status, body: json });
  return json;
}

function gone(error) {
  if (error.status === 404 || error.status === 410) postEmbedEvent('document-error', { code: error.body?.code });
  if (error.status === 404) noticeScreen(root, t.invalidTitle, t.invalidBody, 'error');
  else if (error.status === 410) noticeScreen(root, t.disabledTitle, t.disabledBody, 'error');
  else return false;
  return true;
}

function form(view) {
  const field = (id, label, attrs, help) => {
    const input = el('input', { id, name: id, class: 'input', ...attrs });
    const error = el('p', { class: 'field-error', id: `${id}-error`, 'aria-live': 'polite' });
    input.setAttribute('aria-describedby', `${id}-error`);
    return {
      input,
      error,
      node: el(
        'div',
        { class: 'form-row' },
        el('label', { for: id }, label),
        help ? el('p', { class: 'help' }, help) : null,
        input,
        error,
      ),
    };
  };
  // An embedding app may give the name and e-mail, and lock them (read-only).
  const given = (value, locked) => ({ value: value || undefined, readonly: locked });
  const name = field('visitor-name', t.name, {
    ...{ type: 'text', autocomplete: 'name', maxlength: 255, required: true },
    ...given(embedding?.name, embedding?.lockName),
  });
  const email = field('visitor-email', t.email, {
    ...{ type: 'email', autocomplete: 'email', maxlength: 254, required: true },
    ...given(embedding?.email, embedding?.lockEmail),
  });
  // The platform's identity rule names the ID (RUT, CI and CPF are names, alike in every language);
  // only a CUIL is checked here, the others by the server.
  const asksCuil = (view.identityRule ?? 'CUIL') === 'CUIL';
  const idLabel = { RUT: 'RUT', CI_UY: 'CI', CPF: 'CPF' }[view.identityRule] ?? t.cuil;
  const cuil = view.requiresCuil
    ? field(
        'visitor-cuil',
        idLabel,
        { type: 'text', inputmode: asksCuil ? 'numeric' : 'text', maxlength: 20, required: true },
        asksCuil ? t.cuilHelp : null,
      )
    : null;
  const failure = el('p', { class: 'dialog-error', role: 'alert' });
  // Step two, shown once a code was mailed: the code field and a way to ask for another.
  const code = field('visitor-code', t.codeLabel, {
    type: 'text',
    inputmode: 'numeric',
    autocomplete: 'one-time-code',
    maxlength: 6,
    pattern: '[0-9]{6}',
  });
  const sent = el('p', { class: 'help', role: 'status' });
  const resend = el('button', { class: 'button', type: 'button', onclick: () => void askCode() }, t.resend);
  const codeStep = el('div', { class: 'code-step', hidden: true }, sent, code.node, resend);
  let codeAsked = false;
  const submit = el('button', { class: 'button primary', type: 'submit' }, t.sendCode);
  const check = () => {
    name.error.textContent = name.input.value.trim() ? '' : t.nameMissing;
    email.error.textContent = /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.input.value.trim()) ? '' : t.emailInvalid;
    if (cuil) cuil.error.textContent = !asksCuil || isValidCuil(cuil.input.value) ? '' : t.cuilInvalid;
    code.error.textContent = !codeAsked || /^\d{6}$/.test(code.input.value.trim()) ? '' : t.codeInvalid;
    const fields = [name, email, cuil, codeAsked ? code : null].filter(Boolean);
    for (const f of fields) f.input.setAttribute('aria-invalid', f.error.textContent ? 'true' : 'false');
    return fields.find((f) => f.error.textContent);
  };
  const refused = (error) => {
    submit.disabled = false;
    resend.disabled = false;
    if (gone(error)) return;
    const reason = error.body?.code;
    if (reason === 'DIRECT_LINK_LIMIT_REACHED') failure.textContent = t.linkBusy;
    else if (error.status === 429) failure.textContent = t.tooMany;
    else if ((reason === 'RECIPIENT_INVALID_CUIL' || reason === 'RECIPIENT_INVALID_NATIONAL_ID') && cuil) {
      cuil.error.textContent = asksCuil ? t.cuilInvalid : `${idLabel} ✗`;
      cuil.input.setAttribute('aria-invalid', 'true');
      cuil.input.focus();
    } else if (reason === 'VERIFICATION_CODE_INVALID') {
      code.error.textContent = t.codeInvalid;
      code.input.setAttribute('aria-invalid', 'true');
      code.input.focus();
    } else if (reason === 'VERIFICATION_CODE_EXPIRED' || reason === 'VERIFICATION_CODE_LOCKED')
      failure.textContent = t.codeExpired;
    else if (reason === 'DIRECT_LINK_TEMPLATE_INCOMPLETE') failure.textContent = `${t.unusable}: ${error.message}`;
    else failure.textContent = error.message;
  };
  // Step one: the code goes to the address typed; nothing is made yet.
  const askCode = () => {
    failure.textContent = '';
    submit.disabled = true;
    resend.disabled = true;
    return call('POST', { email: email.input.value.trim() }, '/code').then((answer) => {
      codeAsked = true;
      submit.disabled = false;
      resend.disabled = false;
      submit.textContent = t.submit;
      sent.textContent = t.codeSent(answer.email);
      codeStep.hidden = false;
      code.input.required = true;
      code.input.focus();
    }, refused);
  };
  const node = el(
    'form',
    {
      class: 'visitor-form',
      novalidate: true,
      onsubmit: (event) => {
        event.preventDefault();
        failure.textContent = '';
        const invalid = check();
        if (invalid) return invalid.input.focus();
        if (!codeAsked) return void askCode();
        submit.disabled = true;
        call('POST', {
          name: name.input.value.trim(),
          email: email.input.value.trim(),
          ...(cuil ? { cuil: cuil.input.value.trim() } : {}),
          code: code.input.value.trim(),
          ...embedding?.body,
        }).then(
          // The visitor's own signing session: replace, so Back does not make another document.
          // An embedded form (`?embed=1`, Documenso's embed) continues on the embedded signing page.
          (made) =>
            location.replace(
              embedding?.signingUrl(made.token) ??
                `/sign/${encodeURIComponent(made.token)}${embedded ? '?embed=1' : ''}`,
            ),
          refused,
        );
      },
    },
    name.node,
    email.node,
    cuil?.node,
    codeStep,
    failure,
    el('div', { class: 'dialog-actions' }, submit),
  );
  root.replaceChildren(
    el(
      'section',
      { class: 'notice notice-info visitor' },
      el('h1', { tabindex: '-1' }, view.title),
      el('p', {}, `${t.intro} (${t.pages(view.pageCount)})`),
      node,
    ),
  );
  [name, email, cuil].find((f) => f && !f.input.readOnly)?.input.focus();
  postEmbedEvent('document-ready');
}

async function load() {
  try {
    form(await call('GET'));
  } catch (error) {
    if (gone(error)) return;
    postEmbedEvent('document-error', { code: error.body?.code || 'NETWORK_ERROR' });
    noticeScreen(root, t.networkError, error.message, 'error', [
      el('button', { class: 'button primary', onclick: () => void load() }, t.retry),
    ]);
  }
}

void load();
