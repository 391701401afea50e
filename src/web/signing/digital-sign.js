// Firma digital on the signing page: a DIGITAL recipient signs with the certificate in their
// PKCS#12 file. The page reads the file locally (pkcs12-reader.js), shows whose certificate it is,
// sends the certificate chain to `signature/prepare`, signs each document's CMS signed attributes
// with WebCrypto and sends the values to `signature/submit` with the consent. The file, its
// password and the private key never leave the browser.
import { remoteMessage, remoteSigningPart } from './csc-sign.js';
import { digitalMessages } from './digital-i18n.js';
import { Pkcs12Problem, readPkcs12, signAttributes } from './pkcs12-reader.js';
import { ApiError } from './signing-api.js';
import { el, holdFocus } from './signing-ui.js';
import { verifyAction } from './verify.js';

const MAX_P12_BYTES = 1024 * 1024;

/**
 * The dialog that replaces the consent dialog for a DIGITAL recipient. Resolves with submit's
 * answer (as complete's, for the done screen), `{conflict}` when the recipient's state changed
 * (the page shows why), or null when cancelled. `back`: what a round trip to the remote signing
 * provider brought back (csc-sign.js), when the page was opened by it.
 */
export function signDigitally(page, back = null) {
  const { t, lang, view, call } = page;
  const d = digitalMessages(lang);
  const consent = { accepted: true, version: view.consent.version, language: lang };
  return new Promise((resolve) => {
    let certificate = null;
    const file = el('input', { type: 'file', id: 'p12-file', accept: '.p12,.pfx,application/x-pkcs12' });
    const password = el('input', { type: 'password', id: 'p12-password', autocomplete: 'off' });
    const agree = el('input', { type: 'checkbox', id: 'digital-consent-agree' });
    const cn = el('dd', { id: 'p12-common-name' });
    const cuil = el('dd', { id: 'p12-cuil' });
    const issuer = el('dd', { id: 'p12-issuer' });
    const expires = el('dd', { id: 'p12-expires' });
    const details = el(
      'section',
      { class: 'certificate-details', id: 'p12-certificate', 'aria-labelledby': 'p12-certificate-title' },
      el('h3', { id: 'p12-certificate-title' }, d.certificate),
      el(
        'dl',
        {},
        ...[el('dt', {}, d.name), cn, el('dt', {}, d.cuil), cuil, el('dt', {}, d.issuer), issuer],
        ...[el('dt', {}, d.expires), expires],
      ),
    );
    details.hidden = true;
    const status = el('p', { class: 'help', role: 'status', 'aria-live': 'polite' });
    const error = el('p', { class: 'dialog-error', role: 'alert', id: 'digital-error' });
    const submit = el('button', { type: 'submit', class: 'button primary', id: 'digital-submit' }, d.read);
    const form = el(
      'form',
      { method: 'dialog', novalidate: true },
      el('h2', { id: 'digital-title' }, d.title),
      el('p', { class: 'help' }, d.intro),
      el('label', { for: 'p12-file' }, d.file),
      file,
      el('label', { for: 'p12-password' }, d.password),
      password,
      details,
      el('p', { class: 'consent-statement', id: 'digital-consent-statement' }, view.consent.statements[lang]),
      el('label', { class: 'choice', for: 'digital-consent-agree' }, agree, t.consentAgree),
      status,
      error,
      el(
        'div',
        { class: 'dialog-actions' },
        el('button', { type: 'button', class: 'button', onclick: () => close(null) }, t.cancel),
        submit,
      ),
    );
    // Remote signing (a CSC provider), when the sender set one up: its part goes above the buttons.
    const remote = view.remoteSigning
      ? remoteSigningPart(page, back, { agree, status, error, messageOf: (err, c) => messageOf(err, d, c) })
      : null;
    if (remote) form.insertBefore(remote.part, form.lastElementChild);
    if (back?.error) error.textContent = remoteMessage(lang, back.error) || d.errors[back.error] || back.error;
    const dialog = el('dialog', { class: 'dialog digital', 'aria-labelledby': 'digital-title' }, form);
    const closed = holdFocus(dialog);
    const close = (value) => {
      certificate = null;
      password.value = '';
      dialog.close();
      dialog.remove();
      closed();
      resolve(value);
    };

    // Another file or password: the certificate shown no longer stands, it is read again.
    const forget = () => {
      certificate = null;
      details.hidden = true;
      submit.textContent = d.read;
    };
    file.addEventListener('change', forget);
    password.addEventListener('input', forget);

    async function read() {
      const chosen = file.files?.[0];
      if (!chosen) {
        file.focus();
        throw new Error(d.fileMissing);
      }
      // A certificate file is a few kilobytes; anything far larger is not one (and would keep forge busy).
      if (chosen.size > MAX_P12_BYTES) throw new Pkcs12Problem('notP12');
      const bytes = new Uint8Array(await chosen.arrayBuffer());
      certificate = await readPkcs12(bytes, password.value);
      cn.textContent = certificate.commonName || '—';
      cuil.textContent = cuilOf(certificate.serialNumber) || certificate.serialNumber || '—';
      issuer.textContent = certificate.issuerName || '—';
      expires.textContent = certificate.notAfter
        ? new Intl.DateTimeFormat(lang, { dateStyle: 'long' }).format(certificate.notAfter)
        : '—';
      details.hidden = false;
      submit.textContent = d.sign;
      agree.focus();
    }

    async function sign() {
      if (!agree.checked) {
        agree.focus();
        throw new Error(t.consentMissing);
      }
      status.textContent = d.working;
      const prepared = await prepare(certificate.certificateChain);
      if (!prepared) return;
      const signatures = [];
      for (const s of prepared.signatures)
        signatures.push({
          itemId: s.itemId,
          signatureValue: await signAttributes(certificate.key, s.signedAttributes),
        });
      const result = await call('POST', '/signature/submit', {
        preparationId: prepared.preparationId,
        signatures,
        consent,
      });
      close(result);
    }

    // Action verification (a code, the access code) is asked right before signing, as for complete.
    async function prepare(certificateChain) {
      try {
        return await call('POST', '/signature/prepare', { certificateChain });
      } catch (err) {
        if (err instanceof ApiError && err.code === 'VERIFICATION_REQUIRED' && err.body?.stage === 'action') {
          if (!(await verifyAction({ call, lang, pending: err.body.pending }))) return null;
          return call('POST', '/signature/prepare', { certificateChain });
        }
        throw err;
      }
    }

    form.addEventListener('submit', (event) => {
      event.preventDefault();
      error.textContent = '';
      submit.disabled = true;
      (certificate ? sign() : read())
        .catch((err) => {
          // The recipient's state changed (expired, signed elsewhere, out of turn…): the page shows why.
          // A stale preparation is no such change: signing again prepares anew.
          const conflict = err instanceof ApiError && (err.status === 404 || err.status === 409);
          if (conflict && err.code !== 'SIGNATURE_PREPARATION_STALE') return close({ conflict: err });
          error.textContent = messageOf(err, d);
        })
        .finally(() => {
          submit.disabled = false;
          status.textContent = '';
        });
    });
    dialog.addEventListener('cancel', (event) => {
      event.preventDefault();
      close(null);
    });
    document.body.append(dialog);
    dialog.showModal();
    if (remote && back) remote.focus();
    else file.focus();
  });
}

/**
 * Which signature the recipient gives, above the document: a DIGITAL signer signs with their own
 * certificate (under Ley 25.506 a firma digital, when a licensed certifier issued it); an
 * ELECTRONIC one signs electronically, which the page does not present as a handwritten
 * signature's equal. Null for roles that do not sign.
 */
export function signatureLevelNotice(lang, view) {
  const { role, signatureLevel } = view.recipient;
  if (role !== 'SIGNER' && role !== 'APPROVER') return null;
  const d = digitalMessages(lang);
  const digital = signatureLevel === 'DIGITAL';
  return el(
    'p',
    { class: `notice signature-level ${digital ? 'digital' : 'electronic'}`, id: 'signature-level' },
    el('strong', {}, digital ? d.levelDigitalTitle : d.levelElectronicTitle),
    ' ',
    digital ? d.levelDigital : d.levelElectronic,
  );
}

/** A signature field the certificate fills: it says so, and selecting it opens the certificate dialog. */
export function paintCertificateField(box, lang) {
  const d = digitalMessages(lang);
  box.classList.add('certificate-signature');
  box.classList.remove('required');
  box.textContent = d.byCertificate;
  box.setAttribute('aria-label', d.byCertificate);
}

/** `CUIL 20123456786`, `CUIT 20-12345678-6` or the bare digits, as 20-12345678-6; else null. */
function cuilOf(serialNumber) {
  const digits = /^(?:CUI[LT]\s?)?(\d{2})-?(\d{8})-?(\d)$/i.exec((serialNumber || '').trim());
  return digits ? `${digits[1]}-${digits[2]}-${digits[3]}` : null;
}

/** The refusal in the recipient's words: the dialog's own message per code (`c`: remote signing's), else the API's. */
function messageOf(error, d, c) {
  if (error instanceof Pkcs12Problem) return d[error.kind] || d.notP12;
  if (error instanceof ApiError) {
    const own = d.errors[error.code] || c?.errors[error.code];
    if (own) return own;
    const detail = error.issues?.map((i) => i.message).join(' ');
    return detail ? `${error.message}: ${detail}` : error.message;
  }
  return error?.message || String(error);
}
