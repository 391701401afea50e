// Documenso's embed protocol on Firma's pages (/embed/sign/{token}, /embed/direct/{token},
// /embed/v1/multisign?token=…), so `@documenso/embed-react` and its twins work by changing only
// their `host`. Loaded before the page's own module (embed-sign.js, embed-direct.js): it reads the
// fragment's options, sets the language, the look and dark mode, and turns the page's events
// (postEmbedEvent) into Documenso's messages `{action, data}`. Those go to the parent window only
// when its origin is one FIRMA_FRAME_ANCESTORS names exactly (embedTargets), never to '*'.
import { embedTargets, pageMeta, useEmbedProtocol } from './embed-events.js';
import { PAGE_LANGUAGES } from './i18n.js';
import { readEmbedOptions } from './embed-options.js';
import { applyEmbedTheme } from './embed-theme.js';
import { EMBED_TEXT } from './embed-text.js';
import { el } from './dom.js';

const kind = pageMeta('firma-embed-page');
const root = document.documentElement;
const options = readEmbedOptions(location.hash.slice(1), kind === 'direct' ? 'direct' : 'sign', PAGE_LANGUAGES) ?? {};
const query = new URLSearchParams(location.search);

if (options.darkModeDisabled) root.classList.add('dark-mode-disabled');
if (options.language) {
  // Before the page's module reads it: the embedding app's choice wins over the sender's.
  root.lang = options.language;
  root.dataset.langChosen = '1';
}
if (pageMeta('firma-embed-white-label') === 'on') applyEmbedTheme(options);

/** Posts one message to the embedding app, when it may hear it. */
export function postToParent(action, data = null) {
  for (const origin of embedTargets()) window.parent.postMessage({ action, data }, origin);
}

/** The page's words for multisign and notices, in its language. */
export const embedText = () => EMBED_TEXT[root.lang] ?? EMBED_TEXT.en;

/** The multisign documents the server described (ids and reasons only with allowed origins). */
export const multisignDocuments = () => JSON.parse(pageMeta('firma-multisign-documents') || '[]');

/** The same multisign address on another document (`document` past the end: the summary). */
export function multisignUrl(index) {
  const url = new URL(location.href);
  url.searchParams.set('document', String(index));
  return url.toString();
}

const current = pageMeta('firma-multisign-current');
const tokens = query.getAll('token');
const ids = () => ({
  envelopeId: pageMeta('firma-envelope-id'),
  documentId: Number(pageMeta('firma-document-id')),
  recipientId: Number(pageMeta('firma-recipient-id')),
});
const signingToken = () =>
  kind === 'multisign'
    ? (tokens[Number(current)] ?? '')
    : decodeURIComponent(location.pathname.split('/').filter(Boolean).pop() || '');

const sent = new Set();
/** Once per page: a document is ready, completed or rejected once, however often the view reloads. */
function once(action, data) {
  if (sent.has(action)) return;
  sent.add(action);
  postToParent(action, data);
}

/** Multisign: after a document's outcome the next one opens (the server skips those already done). */
function advance() {
  if (kind === 'multisign') location.replace(multisignUrl(Number(current) + 1));
}

function completed() {
  once('document-completed', { token: signingToken(), ...ids() });
  advance();
}

function rejected(reason) {
  once('document-rejected', { token: signingToken(), ...ids(), reason: reason ?? undefined });
  advance();
}

/** What each state the page opens in says to the embedding app (the page itself shows why). */
function reportState(view) {
  switch (view.state) {
    case 'ready':
      return;
    case 'out_of_turn':
      return once('document-waiting-for-turn', null);
    case 'expired':
      return once('recipient-expired', null);
    // As Documenso: a recipient who already signed, or a finished envelope, is completed on load.
    case 'signed':
    case 'document_completed':
      return completed();
    case 'rejected':
      return rejected(view.recipient.rejectionReason);
    default:
      return once('document-error', null);
  }
}

useEmbedProtocol({
  token: signingToken,
  post(type, data, detail) {
    switch (type) {
      case 'document-ready':
        // Continued from the direct link's form, which already said ready.
        if (query.get('direct') !== '1') once('document-ready', null);
        return;
      case 'field-signed':
      case 'field-unsigned':
        return postToParent(type, { fieldId: data.fieldId });
      case 'document-completed':
        return completed();
      case 'document-rejected':
        return rejected(detail.reason);
      case 'document-error':
        // A state that cannot be signed was told by reportState; the direct link's page says why in a string.
        if (data.code === 'NOT_SIGNABLE') return;
        return postToParent('document-error', kind === 'direct' ? String(data.code ?? 'ERROR') : null);
      default:
        return;
    }
  },
  viewLoaded(view) {
    // The embedding app's name stands in only for a recipient the sender gave none.
    if (options.name && !view.recipient.name.trim()) view.recipient.name = options.name;
    view.recipient.nameLocked = options.lockName === true;
    view.hideReject = options.allowDocumentRejection !== true;
    reportState(view);
  },
  direct: {
    name: options.name ?? '',
    lockName: options.lockName === true && !!options.name,
    email: options.email ?? '',
    lockEmail: options.lockEmail === true && !!options.email,
    body: query.get('externalId') ? { externalId: query.get('externalId') } : {},
    signingUrl: (token) => `/embed/sign/${encodeURIComponent(token)}?direct=1${location.hash}`,
  },
});

// Multisign: which document of how many, and a way on to the next without acting on this one.
if (kind === 'multisign' && current !== '') {
  const t = embedText();
  const index = Number(current);
  const next = index + 1 < tokens.length ? t.nextDocument : t.summaryTitle;
  document.body.prepend(
    el(
      'nav',
      { class: 'multisign-bar', 'aria-label': t.multisignLabel },
      el('p', {}, t.documentOf.replace('{k}', String(index + 1)).replace('{n}', String(tokens.length))),
      el(
        'button',
        {
          type: 'button',
          class: 'button',
          id: 'multisign-next',
          onclick: () => location.assign(multisignUrl(index + 1)),
        },
        next,
      ),
    ),
  );
}
