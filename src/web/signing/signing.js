// The recipient's signing page: renders the PDF with pdf.js, highlights the recipient's fields in
// place, guides through them, and talks to the signing API with the token from the address.
import { CODE_TO_STATE, loadMessages, pageLanguage } from './i18n.js';
import { languageMenu } from './language-menu.js';
import { completedScreen, completingScreen, doneScreen } from './done.js';
import { takeCscReturn } from './csc-sign.js';
import { paintCertificateField, signatureLevelNotice, signDigitally } from './digital-sign.js';
import { embedViewLoaded, pageToken, postEmbedEvent } from './embed-events.js';
import { actionLabelOf, paintFieldBox } from './field-paint.js';
import { prefillOf } from './field-values.js';
import { bringIntoView, fieldNavigator } from './field-list.js';
import { drawPdfPages, startPdfWorker } from './pdf-pages.js';
import { nextSignerFieldset, rejectDialog } from './final-dialogs.js';
import { ApiError, callSigningApi, errorText, verificationHeaders } from './signing-api.js';
import { el, emailParts, fieldDialog, noticeScreen, openDialog } from './signing-ui.js';
import { FIELD_TYPE_TRAITS } from './vocabulary.js';
import { verifyAccess, verifyAction } from './verify.js';

const token = pageToken();
const api = `/api/v2/signing/${encodeURIComponent(token)}`;
const root = document.getElementById('app');
let lang = pageLanguage(document.documentElement.lang);
let t = await loadMessages(lang);
let view = null;
// Back from the remote signing provider: the outcome was in the address fragment, now removed.
let cscBack = takeCscReturn();
// The field list of the page shown (field-list.js), made again with the page.
let fieldList = null;

/** What the done screens (done.js) need of this page; getters, since language and view change. */
const page = {
  root,
  api,
  call: (...args) => call(...args),
  reload: () => load(),
  languageSwitch: () => languageSwitch(),
  get t() {
    return t;
  },
  get lang() {
    return lang;
  },
  get view() {
    return view;
  },
  set view(next) {
    view = next;
  },
};

const call = (method, path, body) => callSigningApi(api, t.networkError, method, path, body);

/** A state conflict (expired, out of turn, already signed…) replaces the page with its notice. */
function handleConflict(error) {
  if (!(error instanceof ApiError)) return false;
  if (error.status === 404) {
    postEmbedEvent('document-error', { code: 'NOT_FOUND' });
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

async function load() {
  try {
    view = await call('GET');
    embedViewLoaded(view);
  } catch (error) {
    if (handleConflict(error)) return;
    postEmbedEvent('document-error', { code: error.code || 'NETWORK_ERROR' });
    noticeScreen(root, t.networkError, error.message, 'error', [
      el('button', { class: 'button primary', onclick: () => void load() }, t.retry),
    ]);
    return;
  }
  // The language is the shell's: the sender's choice, else the browser's Accept-Language.
  if (view.state === 'document_completed') {
    completedScreen(page);
    return;
  }
  if (view.state === 'signed' && view.everyoneActed) {
    completingScreen(page);
    return;
  }
  if (view.state !== 'ready') {
    // Nothing to sign here (expired, out of turn, already done, cancelled…): the state says why.
    postEmbedEvent('document-error', { code: 'NOT_SIGNABLE', state: view.state });
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
  // Back from the provider with a session or a refusal: the dialog opens again where the signer was.
  if (cscBack && !cscBack.signed && view.recipient.signatureLevel === 'DIGITAL' && pendingFields().length === 0)
    void finish();
}

function languageSwitch() {
  return languageMenu(lang, t.language, async (next) => {
    t = await loadMessages(next);
    lang = next;
    document.documentElement.lang = lang;
    document.documentElement.dataset.langChosen = '1';
    // The page is drawn again: focus stays on the menu, where the keyboard user left it.
    void load().then(() => root.querySelector('.lang-select')?.focus());
  });
}

const isSignature = (f) => FIELD_TYPE_TRAITS[f.type]?.takesSignature === true;
const isRequired = (f) => isSignature(f) || f.fieldMeta?.required === true;
// A prefilled field is satisfied by the sender's value (field-values.js), and a DIGITAL recipient's
// signature fields are the certificate's to fill (never drawn or typed first): neither is pending.
const pendingFields = () =>
  view.fields.filter(
    (f) => !f.inserted && isRequired(f) && !f.fieldMeta?.readOnly && !prefillOf(f) && !f.signedByCertificate,
  );

const actionLabel = () => actionLabelOf(t, view.recipient.role);

async function renderSigning() {
  startPdfWorker();
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
      // The address is one unit: on a phone it moves to a line of its own rather than breaking
      // mid-word, and only an address wider than the screen breaks (after the @ first).
      el(
        'p',
        { class: 'who' },
        el('span', {}, `${view.recipient.name} · `),
        el('span', { class: 'address' }, ...emailParts(view.recipient.email)),
      ),
    ),
    languageSwitch(),
  );
  const message = view.envelope.meta.message ? el('p', { class: 'message' }, view.envelope.meta.message) : null;
  const pages = el('div', { class: 'pages', id: 'pages' });
  fieldList = fieldNavigator(t, { fields: () => view.fields, required: isRequired });
  const footer = el(
    'footer',
    { class: 'actions' },
    el('div', { class: 'progress-row' }, progress, fieldList.button),
    el('div', { class: 'action-buttons' }, view.hideReject ? null : reject, view.fields.length ? next : null, complete),
  );
  const level = signatureLevelNotice(lang, view);
  root.replaceChildren(...[header, level, message, pages, footer].filter(Boolean));
  updateProgress();
  for (const item of view.envelope.items) if (!(await renderItem(pages, item))) return;
  fieldList.update();
  postEmbedEvent('document-ready', { state: view.state });
}

function updateProgress() {
  const left = pendingFields().length;
  const progress = document.getElementById('progress');
  if (progress) progress.textContent = view.fields.length === 0 ? '' : left ? t.fieldsLeft(left) : t.allFilled;
  const next = document.getElementById('next-field');
  if (next) next.hidden = left === 0;
  fieldList?.update();
  for (const f of view.fields) {
    const box = document.querySelector(`[data-field-id="${f.id}"]`);
    if (box) paintField(box, f);
  }
}

async function renderItem(container, item) {
  const response = await fetch(`${api}/item/${encodeURIComponent(item.id)}`, {
    headers: verificationHeaders(),
    credentials: 'same-origin',
    referrerPolicy: 'no-referrer',
  });
  if (!response.ok) {
    const error = new ApiError(response.status, await response.json().catch(() => null));
    if (handleConflict(error)) return false;
    postEmbedEvent('document-error', { code: error.code || 'NETWORK_ERROR' });
    container.append(el('p', { class: 'notice notice-error' }, t.networkError));
    return false;
  }
  const data = new Uint8Array(await response.arrayBuffer());
  try {
    await renderPages(container, item, data);
  } catch (error) {
    // pdf.js could not read or draw it: say so here and to an embedding app, rather than a blank page.
    console.error('the document could not be displayed', error);
    postEmbedEvent('document-error', { code: 'RENDER_ERROR' });
    container.append(el('p', { class: 'notice notice-error', role: 'alert' }, t.renderError));
    return false;
  }
  return true;
}

function renderPages(container, item, data) {
  return drawPdfPages(container, data, {
    el,
    pageLabel: t.page,
    decorate: (wrapper, n) => {
      // In reading order, so the tab order follows the document: top to bottom, then left to right.
      const onPage = view.fields.filter((f) => f.envelopeItemId === item.id && f.page === n);
      onPage.sort((a, b) => a.positionY - b.positionY || a.positionX - b.positionX);
      for (const field of onPage) wrapper.append(fieldBox(field));
    },
  });
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
  if (field.signedByCertificate) return paintCertificateField(box, lang);
  paintFieldBox(box, field, {
    t,
    required: isRequired(field),
    imageUrl: drawnImageUrl,
    legacy: view.envelope.legacyFieldInsertion,
  });
}

// Drawn just now: the image the recipient drew; after a reload, Firma's stored copy.
const drawnImages = new Map();
const drawnImageUrl = (field) => drawnImages.get(field.id) || `${api}/field/${field.id}/signature`;

async function goToNextField() {
  const next = pendingFields()[0];
  if (!next) return;
  bringIntoView(document.querySelector(`[data-field-id="${next.id}"]`), { focus: false });
  await editField(next.id);
}

async function editField(id) {
  const field = view.fields.find((f) => f.id === id);
  if (field?.signedByCertificate) return finish();
  if (!field || field.fieldMeta?.readOnly) return;
  const apply = (updated) => {
    Object.assign(field, updated);
    updateProgress();
    return updated;
  };
  const save = (body) =>
    call('POST', `/field/${id}`, body).then(
      (updated) => {
        if (body.signature?.image) drawnImages.set(id, body.signature.image);
        else drawnImages.delete(id);
        postEmbedEvent('field-signed', { fieldId: id, fieldType: field.type });
        return apply(updated);
      },
      (error) => {
        if (handleConflict(error)) return null;
        throw new Error(errorText(error));
      },
    );
  const remove = () =>
    call('DELETE', `/field/${id}`).then(
      (updated) => {
        postEmbedEvent('field-unsigned', { fieldId: id, fieldType: field.type });
        return apply(updated);
      },
      (error) => {
        if (handleConflict(error)) return null;
        throw new Error(errorText(error));
      },
    );
  const result = await fieldDialog(t, view, field, save, remove);
  if (result && pendingFields().length > 0 && document.getElementById('pages'))
    bringIntoView(document.querySelector(`[data-field-id="${pendingFields()[0].id}"]`), { focus: false });
}

async function finish() {
  if (pendingFields().length > 0) {
    await goToNextField();
    return;
  }
  if (view.recipient.signatureLevel === 'DIGITAL') {
    // Firma digital: the recipient's own certificate signs (digital-sign.js) instead of complete.
    const back = cscBack;
    cscBack = null;
    const signed = await signDigitally(page, back);
    if (signed?.conflict && !handleConflict(signed.conflict)) await load();
    else if (signed && !signed.conflict) doneScreen(page, signed);
    return;
  }
  // The final action needs the recipient's acceptance of the statement, in the page's language;
  // the API records it (version, words, time) in the audit log and so in the certificate.
  let conflict = null;
  let verification = null;
  const result = await openDialog(
    t,
    t.consentTitle,
    (body) => {
      const agree = el('input', { type: 'checkbox', id: 'consent-agree' });
      // Who acts next, to confirm or correct, when the document lets this recipient choose.
      const next = view.nextSigner ? nextSignerFieldset(t, view.nextSigner) : null;
      body.append(
        next?.fieldset ?? '',
        el('p', { class: 'consent-statement', id: 'consent-statement' }, view.consent.statements[lang]),
        el('label', { class: 'choice', for: 'consent-agree' }, agree, t.consentAgree),
      );
      return { agree, next, opened: () => (next ? next.fieldset.querySelector('input') : agree).focus() };
    },
    async ({ agree, next }) => {
      const nextSigner = next?.value();
      if (!agree.checked) throw new Error(t.consentMissing);
      try {
        return await call('POST', '/complete', {
          consent: { accepted: true, version: view.consent.version, language: lang },
          nextSigner,
        });
      } catch (error) {
        // Action verification (a code or the access code) is asked right before the final action.
        if (error instanceof ApiError && error.code === 'VERIFICATION_REQUIRED' && error.body?.stage === 'action') {
          const consent = { accepted: true, version: view.consent.version, language: lang };
          verification = Object.assign(error, { final: { consent, nextSigner } });
          return null;
        }
        if (error instanceof ApiError && (error.status === 404 || error.status === 409)) {
          conflict = error;
          return null;
        }
        throw new Error(errorText(error));
      }
    },
    { submitLabel: actionLabel() },
  );
  if (verification) {
    // Verified now: the consent just given stands, so the final action is sent again as it was.
    if (!(await verifyAction({ call, lang, pending: verification.body.pending }))) return;
    try {
      doneScreen(page, await call('POST', '/complete', verification.final));
    } catch (error) {
      if (!handleConflict(error)) window.alert(errorText(error));
    }
    return;
  }
  if (conflict) {
    if (handleConflict(conflict)) return;
    if (conflict.code === 'RECIPIENT_HAS_UNSIGNED_FIELDS') await load();
    else window.alert(errorText(conflict));
    return;
  }
  if (!result) return;
  doneScreen(page, result);
}

async function rejectDocument() {
  const rejected = await rejectDialog(t, call, handleConflict);
  if (!rejected) return;
  postEmbedEvent('document-rejected', {}, { reason: rejected.rejectionReason });
  noticeScreen(root, t.rejectedTitle, t.states.rejected[1], 'warning');
}

void load();
