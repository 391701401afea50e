// /embed/v1/multisign once no document is left to open from where the signer is: what became of
// each, a way back to any still to sign, and, when every recipient has signed or rejected, the
// message Documenso's multisign sends (`all-documents-completed`, with each document's outcome).
import { embedText, multisignDocuments, multisignUrl, postToParent } from './documenso-embed.js';
import { el } from './dom.js';

const t = embedText();
const documents = multisignDocuments();
const tokens = new URLSearchParams(location.search).getAll('token');
const acted = (d) => d.signingStatus === 'SIGNED' || d.signingStatus === 'REJECTED';
const allActed = documents.length > 0 && documents.every(acted);

/** The word for where a document stands for this recipient. */
function statusOf(d) {
  if (d.signingStatus === 'SIGNED') return t.status.signed;
  if (d.signingStatus === 'REJECTED') return t.status.rejected;
  return t.status[d.state] ?? t.status.closed;
}

const list = el(
  'ul',
  { class: 'multisign-list' },
  ...documents.map((d, i) =>
    el(
      'li',
      {},
      el('span', { class: 'multisign-title' }, d.title ?? t.documentNumber.replace('{k}', String(i + 1))),
      el('span', { class: 'multisign-status' }, statusOf(d)),
      d.state === 'ready'
        ? el('button', { type: 'button', class: 'button', onclick: () => location.replace(multisignUrl(i)) }, t.open)
        : null,
    ),
  ),
);
const root = document.getElementById('app');
root.replaceChildren(
  el(
    'section',
    { class: `notice ${allActed ? 'notice-success' : 'notice-info'} multisign-summary`, role: 'status' },
    el('h1', { tabindex: '-1' }, allActed ? t.allDoneTitle : t.summaryTitle),
    el('p', {}, allActed ? t.allDoneBody : t.pendingBody),
    list,
  ),
);
root.querySelector('h1').focus();

if (allActed)
  postToParent('all-documents-completed', {
    documents: documents.map((d, i) => ({
      token: tokens[i],
      documentId: d.documentId,
      recipientId: d.recipientId,
      action: d.signingStatus === 'SIGNED' ? 'document-completed' : 'document-rejected',
      ...(d.signingStatus === 'REJECTED' ? { reason: d.reason ?? undefined } : {}),
    })),
  });
