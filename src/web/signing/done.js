// The screens after the final action and once the document is final: each tells the truth for
// its state (others still to act, the signed copy being sealed, complete with its downloads).
import { postEmbedEvent } from './embed-events.js';
import { el, noticeScreen } from './signing-ui.js';

/** After the final action: the truth for each state (others still to act, sealing, complete). */
export function doneScreen(page, result) {
  const { root, t } = page;
  postEmbedEvent('document-completed', { documentState: result.documentState });
  const redirect =
    result.redirectUrl && /^https?:\/\//.test(result.redirectUrl)
      ? el(
          'a',
          {
            class: 'button primary',
            href: result.redirectUrl,
            rel: 'noreferrer',
            // Embedded, the sender's page replaces the embedding app's window, not just the frame.
            ...(document.documentElement.classList.contains('embed') ? { target: '_top' } : {}),
          },
          t.continue,
        )
      : null;
  const title = t.doneTitle[page.view.recipient.role] || t.doneTitle.SIGNER;
  if (result.documentState === 'WAITING_FOR_OTHERS') {
    noticeScreen(root, title, t.doneWaiting, 'success', [redirect]);
    return;
  }
  if (result.documentState === 'COMPLETING') {
    completingScreen(page, title, redirect);
    return;
  }
  void page.reload();
}

/** Everyone has acted and the completion job is sealing: say so and look again until it is done. */
export function completingScreen(page, title = null, redirect = null) {
  const { root, t } = page;
  title ??= t.doneTitle[page.view.recipient.role] || t.doneTitle.SIGNER;
  noticeScreen(root, title, t.doneCompleting, 'success', [
    redirect,
    el('p', { class: 'spinner', 'aria-hidden': 'true' }),
  ]);
  let tries = 0;
  const again = async () => {
    tries += 1;
    try {
      const next = await page.call('GET');
      page.view = next;
      if (next.state === 'document_completed') {
        completedScreen(page, title, redirect);
        return;
      }
    } catch {
      // A passing network failure: try again on the next tick.
    }
    if (tries < 120) setTimeout(again, Math.min(1000 + tries * 250, 5000));
  };
  setTimeout(again, 800);
}

/** The document is final: the signed copy and the certificate, from this link, for a bounded time. */
export function completedScreen(page, title = null, redirect = null) {
  const { root, t, lang, api, view } = page;
  title ??= t.states.document_completed[0];
  const download = view.download;
  if (!download || download.expired) {
    noticeScreen(root, title, download?.expired ? t.downloadExpired : t.states.document_completed[1], 'success', [
      redirect,
      page.languageSwitch(),
    ]);
    return;
  }
  const until = new Date(download.availableUntil).toLocaleDateString(lang, {
    dateStyle: 'long',
  });
  const links = el(
    'div',
    { class: 'downloads' },
    ...view.envelope.items.map((item) =>
      el(
        'a',
        {
          class: 'button primary',
          href: `${api}/download/${encodeURIComponent(item.id)}`,
          download: '',
          rel: 'noreferrer',
          'data-download': 'signed',
        },
        t.downloadSigned(item.title),
      ),
    ),
    el(
      'a',
      { class: 'button', href: `${api}/certificate`, download: '', rel: 'noreferrer', 'data-download': 'certificate' },
      t.downloadCertificate,
    ),
  );
  noticeScreen(root, title, t.doneCompleted, 'success', [
    links,
    el('p', { class: 'help' }, t.downloadUntil(until)),
    redirect,
    page.languageSwitch(),
  ]);
}
