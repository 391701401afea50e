// The recipient's signing page: renders the PDF with pdf.js, highlights the recipient's fields in
// place, guides through them, and talks to the signing API with the token from the address.
import * as pdfjs from './pdf.mjs';
import { CODE_TO_STATE, MESSAGES } from './i18n.js';
import { el, fieldDialog, noticeScreen, openDialog } from './signing-ui.js';
import { verifyAccess, verifyAction } from './verify.js';

pdfjs.GlobalWorkerOptions.workerSrc = '/sign-assets/pdf.worker.mjs';

const token = decodeURIComponent(location.pathname.split('/').filter(Boolean).pop() || '');
const api = `/api/v2/signing/${encodeURIComponent(token)}`;
const root = document.getElementById('app');
let lang = document.documentElement.lang === 'es' ? 'es' : 'en';
let t = MESSAGES[lang];
let view = null;

class ApiError extends Error {
  constructor(status, body) {
    super(body?.message || `HTTP ${status}`);
    this.status = status;
    this.code = body?.code;
    this.issues = body?.issues;
    this.body = body;
  }
}

async function call(method, path = '', body) {
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
    throw new Error(t.networkError);
  }
  const json = response.headers.get('content-type')?.includes('json') ? await response.json() : null;
  if (!response.ok) throw new ApiError(response.status, json);
  return json;
}

/** A state conflict (expired, out of turn, already signed…) replaces the page with its notice. */
function handleConflict(error) {
  if (!(error instanceof ApiError)) return false;
  if (error.status === 404) {
    noticeScreen(root, t.invalidTitle, t.invalidBody, 'error');
    return true;
  }
  if (error.code === 'VERIFICATION_REQUIRED' && error.body?.stage === 'access') {
    void verifyAccess(root, { call, lang, pending: error.body.pending }).then(load);
    return true;
  }
  if (error.status === 409 && error.code in CODE_TO_STATE) {
    void load();
    return true;
  }
  return false;
}

function errorText(error) {
  const detail = error.issues?.map((i) => i.message).join(' ');
  return detail ? `${error.message}: ${detail}` : error.message;
}

async function load() {
  try {
    view = await call('GET');
  } catch (error) {
    if (handleConflict(error)) return;
    noticeScreen(root, t.networkError, error.message, 'error', [
      el('button', { class: 'button primary', onclick: () => void load() }, t.retry),
    ]);
    return;
  }
  if (!document.documentElement.dataset.langChosen) {
    lang = view.envelope.meta.language === 'es' ? 'es' : 'en';
    t = MESSAGES[lang];
    document.documentElement.lang = lang;
  }
  if (view.state !== 'ready') {
    const [title, body] = t.states[view.state];
    noticeScreen(
      root,
      title,
      body,
      view.state === 'expired' || view.state.startsWith('document_') ? 'warning' : 'info',
      [languageSwitch()],
    );
    return;
  }
  await renderSigning();
}

function languageSwitch() {
  return el(
    'button',
    {
      class: 'button link lang',
      type: 'button',
      onclick: () => {
        lang = lang === 'es' ? 'en' : 'es';
        t = MESSAGES[lang];
        document.documentElement.lang = lang;
        document.documentElement.dataset.langChosen = '1';
        void load();
      },
    },
    t.language,
  );
}

const isSignature = (f) => f.type === 'SIGNATURE' || f.type === 'FREE_SIGNATURE' || f.type === 'INITIALS';
const isRequired = (f) => isSignature(f) || f.fieldMeta?.required === true;
const pendingFields = () => view.fields.filter((f) => !f.inserted && isRequired(f) && !f.fieldMeta?.readOnly);

function actionLabel() {
  switch (view.recipient.role) {
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

async function renderSigning() {
  const progress = el('p', { class: 'progress', id: 'progress', 'aria-live': 'polite' });
  const next = el(
    'button',
    { class: 'button', type: 'button', id: 'next-field', onclick: () => void goToNextField() },
    t.nextField,
  );
  const complete = el(
    'button',
    { class: 'button primary', type: 'button', id: 'complete', onclick: () => void finish() },
    actionLabel(),
  );
  const reject = el(
    'button',
    { class: 'button danger-outline', type: 'button', id: 'reject', onclick: () => void rejectDocument() },
    t.reject,
  );
  const header = el(
    'header',
    { class: 'bar' },
    el(
      'div',
      { class: 'bar-title' },
      el('h1', {}, view.envelope.title),
      el('p', { class: 'who' }, `${view.recipient.name} · ${view.recipient.email}`),
    ),
    languageSwitch(),
  );
  const message = view.envelope.meta.message ? el('p', { class: 'message' }, view.envelope.meta.message) : null;
  const pages = el('div', { class: 'pages', id: 'pages' });
  const footer = el(
    'footer',
    { class: 'actions' },
    progress,
    el('div', { class: 'action-buttons' }, reject, view.fields.length ? next : null, complete),
  );
  root.replaceChildren(...[header, message, pages, footer].filter(Boolean));
  updateProgress();
  for (const item of view.envelope.items) await renderItem(pages, item);
}

function updateProgress() {
  const left = pendingFields().length;
  const progress = document.getElementById('progress');
  if (progress) progress.textContent = view.fields.length === 0 ? '' : left ? t.fieldsLeft(left) : t.allFilled;
  const next = document.getElementById('next-field');
  if (next) next.hidden = left === 0;
  for (const f of view.fields) {
    const box = document.querySelector(`[data-field-id="${f.id}"]`);
    if (box) paintField(box, f);
  }
}

async function renderItem(container, item) {
  const response = await fetch(`${api}/item/${encodeURIComponent(item.id)}`, {
    credentials: 'omit',
    referrerPolicy: 'no-referrer',
  });
  if (!response.ok) {
    if (handleConflict(new ApiError(response.status, await response.json().catch(() => null)))) return;
    container.append(el('p', { class: 'notice notice-error' }, t.networkError));
    return;
  }
  const data = new Uint8Array(await response.arrayBuffer());
  const pdf = await pdfjs.getDocument({ data, isEvalSupported: false, disableAutoFetch: true, useSystemFonts: false })
    .promise;
  for (let n = 1; n <= pdf.numPages; n++) {
    const page = await pdf.getPage(n);
    const base = page.getViewport({ scale: 1 });
    const wrapper = el('div', { class: 'page', 'aria-label': t.page(n, pdf.numPages), role: 'group' });
    wrapper.style.aspectRatio = `${base.width} / ${base.height}`;
    const canvas = el('canvas', { 'aria-hidden': 'true' });
    wrapper.append(canvas);
    container.append(wrapper);
    const cssWidth = Math.min(container.clientWidth || 800, 900);
    const scale = (cssWidth / base.width) * (window.devicePixelRatio || 1);
    const viewport = page.getViewport({ scale });
    canvas.width = Math.round(viewport.width);
    canvas.height = Math.round(viewport.height);
    await page.render({ canvasContext: canvas.getContext('2d'), viewport }).promise;
    for (const field of view.fields.filter((f) => f.envelopeItemId === item.id && f.page === n))
      wrapper.append(fieldBox(field));
  }
}

function fieldBox(field) {
  const box = el('button', {
    type: 'button',
    class: 'field',
    'data-field-id': field.id,
    onclick: () => void editField(field.id),
  });
  box.style.left = `${field.positionX}%`;
  box.style.top = `${field.positionY}%`;
  box.style.width = `${field.width}%`;
  box.style.height = `${field.height}%`;
  paintField(box, field);
  return box;
}

function paintField(box, field) {
  const label = field.fieldMeta?.label || t.fill[field.type];
  box.classList.toggle('filled', field.inserted);
  box.classList.toggle('required', isRequired(field) && !field.inserted);
  box.classList.toggle('other', !field.isOwn);
  // Filled in advance by the sender (a prefilled template field): shown, never editable.
  box.classList.toggle('read-only', Boolean(field.fieldMeta?.readOnly));
  let shown = label;
  if (field.inserted) {
    if (field.signature?.type === 'typed') shown = field.signature.text;
    else if (field.signature) shown = `✓ ${t.signedIn}`;
    else if (field.values) shown = field.values.join(', ') || '✓';
    else shown = field.customText || '✓';
  }
  box.classList.toggle('typed-signature', field.signature?.type === 'typed');
  box.textContent = shown;
  const state = field.inserted ? '✓' : isRequired(field) ? `(${t.required})` : '';
  box.setAttribute('aria-label', `${label} ${state}`.trim());
}

async function goToNextField() {
  const next = pendingFields()[0];
  if (!next) return;
  const box = document.querySelector(`[data-field-id="${next.id}"]`);
  box?.scrollIntoView({ behavior: 'smooth', block: 'center' });
  await editField(next.id);
}

async function editField(id) {
  const field = view.fields.find((f) => f.id === id);
  if (!field || field.fieldMeta?.readOnly) return;
  const apply = (updated) => {
    Object.assign(field, updated);
    updateProgress();
    return updated;
  };
  const save = (body) =>
    call('POST', `/field/${id}`, body).then(apply, (error) => {
      if (handleConflict(error)) return null;
      throw new Error(errorText(error));
    });
  const remove = () =>
    call('DELETE', `/field/${id}`).then(apply, (error) => {
      if (handleConflict(error)) return null;
      throw new Error(errorText(error));
    });
  const result = await fieldDialog(t, view, field, save, remove);
  if (result && pendingFields().length > 0 && document.getElementById('pages')) {
    const following = pendingFields()[0];
    document
      .querySelector(`[data-field-id="${following.id}"]`)
      ?.scrollIntoView({ behavior: 'smooth', block: 'center' });
  }
}

async function finish() {
  if (pendingFields().length > 0) {
    await goToNextField();
    return;
  }
  const button = document.getElementById('complete');
  button.disabled = true;
  try {
    const result = await call('POST', '/complete');
    const redirect =
      result.redirectUrl && /^https?:\/\//.test(result.redirectUrl)
        ? el('a', { class: 'button primary', href: result.redirectUrl, rel: 'noreferrer' }, t.continue)
        : null;
    noticeScreen(root, t.doneTitle[view.recipient.role] || t.doneTitle.SIGNER, t.doneBody, 'success', [redirect]);
  } catch (error) {
    button.disabled = false;
    if (error.code === 'VERIFICATION_REQUIRED' && error.body?.stage === 'action') {
      if (await verifyAction({ call, lang, pending: error.body.pending })) await finish();
      return;
    }
    if (handleConflict(error)) return;
    if (error.code === 'RECIPIENT_HAS_UNSIGNED_FIELDS') {
      await load();
      return;
    }
    window.alert(errorText(error));
  }
}

async function rejectDocument() {
  const done = await openDialog(
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
  if (done) noticeScreen(root, t.rejectedTitle, t.states.rejected[1], 'warning');
}

void load();
