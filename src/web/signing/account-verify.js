// Recipient verification with a Firma account on the signing page: ACCOUNT (signed in to the
// account with the recipient's e-mail: a link to sign in, or a mailed link to create one), PASSKEY
// (a WebAuthn assertion of that account's passkeys) and the account's password (PASSWORD when the
// recipient's e-mail has an account). The server decides; this only asks `/verification/…`.
import { ApiError } from './signing-api.js';
import { el } from './signing-ui.js';

const fromBase64Url = (text) => {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
  return Uint8Array.from(window.atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '=')), (c) => c.charCodeAt(0));
};
const toBase64Url = (buffer) =>
  window
    .btoa(String.fromCharCode(...new Uint8Array(buffer)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

/** The browser's answer to the server's options, as the JSON the API takes (base64url members). */
async function passkeyAssertion(options) {
  const credential = await navigator.credentials.get({
    publicKey: {
      challenge: fromBase64Url(options.challenge),
      rpId: options.rpId,
      timeout: options.timeout,
      userVerification: options.userVerification,
      allowCredentials: (options.allowCredentials ?? []).map((c) => ({
        type: 'public-key',
        id: fromBase64Url(c.id),
        ...(c.transports ? { transports: c.transports } : {}),
      })),
    },
  });
  const r = credential.response;
  return {
    id: credential.id,
    rawId: toBase64Url(credential.rawId),
    type: credential.type,
    clientExtensionResults: credential.getClientExtensionResults(),
    ...(credential.authenticatorAttachment ? { authenticatorAttachment: credential.authenticatorAttachment } : {}),
    response: {
      clientDataJSON: toBase64Url(r.clientDataJSON),
      authenticatorData: toBase64Url(r.authenticatorData),
      signature: toBase64Url(r.signature),
      ...(r.userHandle ? { userHandle: toBase64Url(r.userHandle) } : {}),
    },
  };
}

/** The sign-in link that comes back to this signing page. */
const signInLink = (t, emailHint) =>
  el(
    'a',
    {
      class: 'button primary',
      id: 'verify-sign-in',
      href: `/sign-in?next=${encodeURIComponent(location.pathname)}`,
    },
    t.signInWith(emailHint),
  );

/**
 * ACCOUNT: tries the caller's session at once; signed out, offers the sign-in link, a mailed
 * sign-up link and "Continue" (after signing up in the mailed link's tab); signed in as another
 * account, says so and offers the sign-in link to switch.
 */
export function accountSection({ call, t, emailHint, fail, onStatus }) {
  const info = el('p', { 'aria-live': 'polite', id: 'verify-account-info' });
  const section = el('div', { class: 'verify-method', id: 'verify-account' }, info);
  const attempt = async () => {
    try {
      onStatus(await call('POST', '/verification/account'));
    } catch (e) {
      if (!(e instanceof ApiError)) return fail(e);
      if (e.code === 'RECIPIENT_SIGN_IN_REQUIRED') return offerSignIn();
      if (e.code === 'RECIPIENT_ACCOUNT_MISMATCH') {
        info.textContent = t.errors.RECIPIENT_ACCOUNT_MISMATCH;
        return section.replaceChildren(info, signInLink(t, emailHint));
      }
      fail(e);
    }
  };
  const offerSignIn = () => {
    info.textContent = t.accountIntro;
    const create = el('button', { class: 'button', type: 'button', id: 'verify-sign-up' }, t.createAccount);
    const again = el('button', { class: 'button', type: 'button', id: 'verify-account-continue' }, t.continueSignedIn);
    const sent = el('p', { 'aria-live': 'polite', id: 'verify-sign-up-info' });
    create.addEventListener('click', async () => {
      create.disabled = true;
      try {
        const answer = await call('POST', '/verification/sign-up-link');
        sent.textContent = t.signUpSent(answer.emailHint ?? emailHint);
      } catch (e) {
        fail(e);
      } finally {
        create.disabled = false;
      }
    });
    again.addEventListener('click', () => void attempt());
    section.replaceChildren(info, signInLink(t, emailHint), el('p', {}, t.noAccount), create, sent, again);
  };
  void attempt();
  return section;
}

/** PASSKEY: one button; the options, the browser's passkey prompt, the answer checked. */
export function passkeySection({ call, t, emailHint, fail, onStatus }) {
  const button = el('button', { class: 'button primary', type: 'button', id: 'verify-passkey' }, t.usePasskey);
  const section = el('div', { class: 'verify-method' }, button);
  button.addEventListener('click', async () => {
    button.disabled = true;
    try {
      const options = await call('POST', '/verification/passkey/options');
      let response;
      try {
        response = await passkeyAssertion(options);
      } catch {
        throw new Error(t.passkeyCancelled);
      }
      onStatus(await call('POST', '/verification/passkey', { response }));
    } catch (e) {
      fail(e);
      if (e instanceof ApiError && e.code === 'RECIPIENT_SIGN_IN_REQUIRED')
        section.replaceChildren(button, signInLink(t, emailHint));
    } finally {
      button.disabled = false;
    }
  });
  return section;
}

/** PASSWORD for a recipient whose e-mail has a Firma account: that account's password. */
export function accountPasswordSection({ call, t, fail, onStatus }) {
  const input = el('input', {
    id: 'verify-account-password',
    type: 'password',
    name: 'password',
    required: true,
    autocomplete: 'current-password',
  });
  const form = el(
    'form',
    { class: 'verify-method', novalidate: true },
    el('label', { for: 'verify-account-password' }, t.accountPasswordLabel),
    input,
    el('button', { class: 'button primary', type: 'submit', id: 'verify-account-password-submit' }, t.confirm),
  );
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    try {
      onStatus(await call('POST', '/verification/password', { password: input.value }));
    } catch (e) {
      input.value = '';
      fail(e);
    }
  });
  return form;
}
