// Remote signing on the signing page: a DIGITAL recipient whose certificate a signing service (a
// CSC v2 provider) keeps. The page never sees their username, PIN or key: Firma sends the browser
// to the provider to authorise, the provider sends it back to Firma's callback, which returns to
// this page with the outcome in the address fragment (`#csc=<session>`, `#csc-signed`,
// `#csc-error=<code>`). The fragment is read once and removed from the address at once.
import { cscMessages } from './csc-i18n.js';
import { ApiError, callSigningApi } from './signing-api.js';
import { el } from './signing-ui.js';
import { verifyAction } from './verify.js';

/** What the provider's round trip brought back, taken out of the address; null when nothing. */
export function takeCscReturn() {
  const hash = location.hash.slice(1);
  if (!hash.startsWith('csc')) return null;
  window.history.replaceState(null, '', location.pathname + location.search);
  if (hash === 'csc-signed') return { signed: true };
  if (hash.startsWith('csc-error=')) return { error: decodeURIComponent(hash.slice('csc-error='.length)) };
  if (hash.startsWith('csc=')) return { session: decodeURIComponent(hash.slice('csc='.length)) };
  return null;
}

/**
 * The dialog's remote-signing part. Before the provider's first authorisation, a button that
 * starts it; after it (`back.session`), the signer's credentials (the choice skipped when there is
 * one) and a button that prepares with the credential chosen and goes to authorise the signature.
 * `ui` gives the dialog's consent box and message lines.
 */
export function remoteSigningPart(page, back, ui) {
  const { lang, view, api } = page;
  const c = cscMessages(lang);
  const call = (path, body) => callSigningApi(api, page.t.networkError, 'POST', path, body);
  const part = el('section', { class: 'remote-signing', 'aria-labelledby': 'remote-title' });
  part.append(el('h3', { id: 'remote-title' }, c.remoteTitle), el('p', { class: 'help' }, c.remoteIntro));
  const go = (url) => location.assign(url);

  // Action verification (a code, the access code) is asked before leaving for the provider.
  async function verified(action) {
    try {
      return await action();
    } catch (err) {
      if (err instanceof ApiError && err.code === 'VERIFICATION_REQUIRED' && err.body?.stage === 'action') {
        if (!(await verifyAction({ call: page.call, lang, pending: err.body.pending }))) return null;
        return action();
      }
      throw err;
    }
  }
  const busy = async (button, work) => {
    ui.error.textContent = '';
    ui.status.textContent = c.remoteWorking;
    button.disabled = true;
    try {
      await work();
    } catch (err) {
      ui.error.textContent = ui.messageOf(err, c);
    } finally {
      button.disabled = false;
      ui.status.textContent = '';
    }
  };

  if (!back?.session) {
    const start = el('button', { type: 'button', class: 'button', id: 'remote-start' }, c.remoteStart);
    start.addEventListener('click', () =>
      busy(start, async () => {
        const answer = await verified(() => call('/csc/authorize'));
        if (answer) go(answer.authorizeUrl);
      }),
    );
    part.append(start);
    return { part, focus: () => start.focus() };
  }

  const list = el('fieldset', { class: 'remote-credentials', id: 'remote-credentials' });
  list.append(el('legend', {}, c.remoteChoose));
  const sign = el('button', { type: 'button', class: 'button primary', id: 'remote-sign' }, c.remoteSign);
  sign.disabled = true;
  part.append(list, sign);
  let credentials = [];
  void busy(sign, async () => {
    credentials = (await call('/csc/credentials', { session: back.session })).credentials;
    if (credentials.length === 0) throw new Error(c.remoteNone);
    credentials.forEach((credential, index) => {
      const radio = el('input', { type: 'radio', name: 'remote-credential', id: `remote-credential-${index}` });
      radio.value = credential.credentialId;
      radio.checked = index === 0;
      list.append(el('label', { class: 'choice', for: radio.id }, radio, credential.subject));
    });
    // One credential: nothing to choose.
    list.hidden = credentials.length === 1;
  }).then(() => {
    sign.disabled = credentials.length === 0;
  });
  sign.addEventListener('click', () =>
    busy(sign, async () => {
      if (!ui.agree.checked) {
        ui.agree.focus();
        throw new Error(page.t.consentMissing);
      }
      const chosen = list.querySelector('input:checked')?.value ?? credentials[0]?.credentialId;
      const consent = { accepted: true, version: view.consent.version, language: lang };
      const answer = await verified(() =>
        call('/csc/credential-authorization', { session: back.session, credentialId: chosen, consent }),
      );
      if (answer) go(answer.authorizeUrl);
    }),
  );
  return { part, focus: () => ui.agree.focus() };
}

/** A remote-signing refusal in the signer's words, if it is one of these codes. */
export function remoteMessage(lang, code) {
  return cscMessages(lang).errors[code];
}
