import { dictionary } from './evidence-i18n.js';
import type { EvidenceLanguage } from './evidence-types.js';
import type { EditSentences } from './i18n/edit-sentence-shape.js';
import { EDIT_SENTENCES, memberOf } from './i18n/edit-sentences.js';
import type { EvidenceDictionary, EvidenceSentences } from './i18n/evidence-dictionary.js';

/**
 * The event timeline's wording: each audit entry as a sentence in the document's language, and
 * every hash it recorded as a labelled line, instead of the entry's JSON. The values are the ones
 * recorded (the hash chain covers them); only their wording is chosen here.
 */

/** Who wrote the entry, as the sentence names them. */
export type EventWho = { kind: 'recipient'; name: string } | { kind: 'sender' } | { kind: 'system' };

export interface AuditEventToWord {
  type: string;
  data: Record<string, unknown>;
  who: EventWho;
  /** The recipient the entry is about (an expiry is written by the system, about a recipient). */
  recipientName: string | null;
}

export interface WordedEvent {
  sentence: string;
  hashes: { label: string; value: string }[];
}

type Lang = EvidenceLanguage;

const str = (v: unknown): string | null => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : null);
const HEX64 = /^[0-9a-f]{64}$/i;

function whoText(w: EvidenceSentences, who: EventWho): string {
  if (who.kind === 'recipient') return who.name;
  if (who.kind === 'sender') return w.senderApi;
  return 'Firma';
}

function fieldText(d: EvidenceDictionary, data: Record<string, unknown>): string {
  const type = str(data.fieldType);
  const name = (type && d.fieldNames[type]) ?? type?.toLowerCase() ?? d.sentences.fieldUnknown;
  return d.sentences.field(name, str(data.fieldId));
}

/** A recorded field value in words; a drawn signature is its image's hash, given as a hash line. */
function valueText(
  w: EvidenceSentences,
  value: unknown,
): { text: string | null; sha256?: string; typed?: string; uploaded?: boolean } {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const v = value as Record<string, unknown>;
    if (typeof v.typedSignature === 'string') return { text: null, typed: v.typedSignature };
    if (typeof v.drawnSignatureSha256 === 'string') return { text: null, sha256: v.drawnSignatureSha256 };
    if (typeof v.uploadedSignatureSha256 === 'string')
      return { text: null, sha256: v.uploadedSignatureSha256, uploaded: true };
  }
  if (Array.isArray(value)) return { text: value.map((x) => w.quote(String(x))).join(', ') || null };
  const s = str(value);
  return { text: s === null || s === '' ? null : w.quote(s) };
}

const triesOf = (w: EvidenceSentences, left: unknown) => w.triesLeft(typeof left === 'number' ? left : null);

/** The sentence and hash lines of one audit entry. Unknown types are worded from what they recorded. */
export function wordAuditEvent(language: Lang, event: AuditEventToWord): WordedEvent {
  const d = dictionary(language);
  const w = d.sentences;
  const { data } = event;
  const who = whoText(w, event.who);
  const hashes: WordedEvent['hashes'] = [];
  const items = Array.isArray(data.items) ? (data.items as Record<string, unknown>[]) : [];
  const itemHashes = (member: string, label: string) => {
    for (const item of items) {
      const sha = str(item[member]);
      if (sha) hashes.push({ label: `${label} — ${str(item.title) ?? ''}`, value: sha });
    }
  };
  const done = (sentence: string): WordedEvent => ({ sentence, hashes });
  const forSigning = data.purpose === 'action';

  switch (event.type) {
    case 'DOCUMENT_CREATED': {
      itemHashes('sha256', w.hashOriginal);
      const title = str(data.title);
      const source = data.source as { templateId?: unknown } | undefined;
      const templateId = str(source?.templateId);
      const copyOf = str(data.duplicatedFrom);
      const from = templateId ? w.fromTemplate(templateId) : copyOf ? w.copyOf(copyOf) : '';
      return done(w.created(who, title ? w.quote(title) : null, from, items.length ? w.files(items.length) : null));
    }
    case 'DOCUMENT_SENT': {
      const notified = Array.isArray(data.notified) ? data.notified.length : 0;
      return done(w.sent(who, data.signingOrder === 'SEQUENTIAL', notified));
    }
    case 'DOCUMENT_RESENT':
      return done(w.resent(who, Array.isArray(data.recipients) ? data.recipients.length : 0));
    case 'DOCUMENT_OPENED':
      return done(w.opened(who));
    case 'DOCUMENT_ACCESS_AUTH_2FA_REQUESTED':
      return done(data.deliveredBy === 'SENDER' ? w.codeIssuedForSender(who) : w.codeRequested(who, forSigning));
    case 'DOCUMENT_ACCESS_AUTH_2FA_VALIDATED':
      return done(
        data.deliveredBy === 'SENDER' ? w.codeValidatedFromSender(who, forSigning) : w.codeValidated(who, forSigning),
      );
    case 'DOCUMENT_ACCESS_AUTH_2FA_FAILED':
      return done(w.codeFailed(who, triesOf(w, data.triesLeft)));
    case 'RECIPIENT_VERIFICATION_PASSED':
      if (data.method === 'ACCOUNT') return done(w.accountSignedIn(who));
      if (data.method === 'PASSKEY') return done(w.passkeyConfirmed(who));
      if (data.against === 'ACCOUNT_PASSWORD') return done(w.accountPasswordEntered(who));
      return done(data.method === 'CUIL' ? w.cuilConfirmed(who) : w.accessCodeEntered(who));
    case 'RECIPIENT_VERIFICATION_FAILED':
      if (data.method === 'ACCOUNT') return done(w.accountRefused(who));
      if (data.method === 'PASSKEY')
        return done(data.reason === 'other-account' ? w.accountRefused(who) : w.passkeyFailed(who));
      if (data.against === 'ACCOUNT_PASSWORD') return done(w.accountPasswordWrong(who, triesOf(w, data.triesLeft)));
      return done(
        data.method === 'CUIL'
          ? w.cuilWrong(who, triesOf(w, data.triesLeft))
          : w.accessCodeWrong(who, triesOf(w, data.triesLeft)),
      );
    case 'RECIPIENT_SIGN_UP_LINK_SENT':
      return done(w.signUpLinkSent(who));
    case 'DOCUMENT_FIELD_INSERTED':
    case 'DOCUMENT_FIELD_PREFILLED': {
      const field = fieldText(d, data);
      const value = valueText(w, data.value);
      const by = event.type === 'DOCUMENT_FIELD_PREFILLED' ? w.sender : who;
      if (value.typed !== undefined) return done(w.signedTyped(by, w.quote(value.typed)));
      if (value.sha256 !== undefined) {
        hashes.push({ label: w.hashSignatureImage, value: value.sha256 });
        return done(value.uploaded ? w.signedUploaded(by) : w.signedDrawn(by));
      }
      if (event.type === 'DOCUMENT_FIELD_PREFILLED') return done(w.prefilled(by, field, value.text ?? '—'));
      return done(w.filled(by, field, value.text));
    }
    case 'DOCUMENT_FIELD_UNINSERTED':
      return done(w.cleared(who, fieldText(d, data)));
    case 'DOCUMENT_RECIPIENT_COMPLETED': {
      const action = str(data.action);
      const known = action === 'signed' || action === 'approved' || action === 'viewed' ? action : null;
      return done(w.recipientCompleted(who, known));
    }
    case 'DOCUMENT_RECIPIENT_REJECTED': {
      const reason = str(data.reason);
      const onBehalf = data.recordedBy === 'api' && event.recipientName !== null;
      const subject = onBehalf ? event.recipientName! : who;
      return done(w.recipientRejected(subject, onBehalf, reason ? w.quote(reason) : null));
    }
    case 'DOCUMENT_COMPLETED':
    case 'DOCUMENT_REJECTED': {
      itemHashes('finalSha256', w.hashFinal);
      const cert = str(data.certificateSha256);
      if (cert) hashes.push({ label: w.hashCertificate, value: cert });
      return done(event.type === 'DOCUMENT_COMPLETED' ? w.documentCompleted : w.documentRejected);
    }
    case 'RECIPIENT_EXPIRED':
      return done(w.expired(event.recipientName ?? w.aRecipient));
    case 'RECIPIENT_CONSENT_ACCEPTED': {
      const text = str(data.statement);
      const args = [who, str(data.version) ?? '?', text ? w.quote(text) : null] as const;
      return done(str(data.level) === 'DIGITAL' ? w.consentDigital(...args) : w.consent(...args));
    }
    case 'DOCUMENT_RECIPIENT_DOWNLOADED':
      return done(w.downloaded(who, str(data.file) === 'certificate'));
    case 'DOCUMENT_REMINDER_SENT':
      return done(
        w.reminder(event.recipientName ?? w.aRecipient, typeof data.reminder === 'number' ? data.reminder : null),
      );
    case 'DOCUMENT_CANCELLED':
      return done(w.cancelled(who));
    case 'DOCUMENT_DELETED':
      return done(w.deleted(who));
    default:
      return done(editSentence(language, d, who, event, hashes));
  }
}

const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

/** The changed members an entry names (`changed` keys, or the `type`/`field` of each `changes` entry), in words. */
function changedText(e: EditSentences, data: Record<string, unknown>): string | null {
  const keys = [
    ...arr(data.changed).map(str),
    ...arr(data.changes).map((c) =>
      c && typeof c === 'object'
        ? (str((c as Record<string, unknown>).type) ?? str((c as Record<string, unknown>).field))
        : null,
    ),
  ].filter((k): k is string => k !== null);
  const names = [...new Set(keys.map(memberOf))];
  // "other settings" last, once, whatever the order the keys came in.
  names.sort((a, b) => Number(a === 'other') - Number(b === 'other'));
  return names.length ? e.list(names.map((n) => e.members[n])) : null;
}

/**
 * The edits before sending and the system's own entries, worded; a type added by a later version
 * gets a plain sentence naming who recorded it, never its raw members (its hashes still become lines).
 */
function editSentence(
  language: Lang,
  d: EvidenceDictionary,
  who: string,
  event: AuditEventToWord,
  hashes: WordedEvent['hashes'],
): string {
  const e = EDIT_SENTENCES[language];
  const { data, type } = event;
  const recipient = () => e.recipient(str(data.recipientName) ?? event.recipientName);
  const file = () => e.file(str(data.envelopeItemTitle));
  const attachment = () => e.attachment(str(data.label));
  const what = changedText(e, data);
  switch (type) {
    case 'RECIPIENT_CREATED':
      return e.added(who, recipient());
    case 'RECIPIENT_DELETED':
      return e.removed(who, recipient());
    case 'RECIPIENT_UPDATED':
      return e.changed(who, recipient(), what);
    case 'FIELD_CREATED':
      return e.added(who, fieldText(d, data));
    case 'FIELD_DELETED':
      return e.removed(who, fieldText(d, data));
    case 'FIELD_UPDATED':
      return e.changed(who, fieldText(d, data), what);
    case 'ENVELOPE_ITEM_CREATED': {
      const sha = str(data.sha256);
      if (sha && HEX64.test(sha))
        hashes.push({ label: `${d.sentences.hashOriginal} — ${str(data.envelopeItemTitle) ?? ''}`, value: sha });
      return e.added(who, file());
    }
    case 'ENVELOPE_ITEM_DELETED':
      return e.removed(who, file());
    case 'ENVELOPE_ITEM_UPDATED':
      return e.changed(who, file(), what);
    case 'ENVELOPE_ATTACHMENT_CREATED':
      return e.added(who, attachment());
    case 'ENVELOPE_ATTACHMENT_DELETED':
      return e.removed(who, attachment());
    case 'ENVELOPE_ATTACHMENT_UPDATED':
      return e.changed(who, attachment(), null);
    case 'DOCUMENT_META_UPDATED':
      return e.settingsChanged(who, what);
    case 'DOCUMENT_RECIPIENT_REJECTED_ON_BEHALF':
      return d.sentences.recipientRejected(event.recipientName ?? d.sentences.aRecipient, true, null);
    case 'TEMPLATE_DIRECT_LINK_CREATED':
      return e.added(who, e.directLink);
    case 'TEMPLATE_DIRECT_LINK_DELETED':
      return e.removed(who, e.directLink);
    case 'TEMPLATE_DIRECT_LINK_TOGGLED':
      return e.directLinkToggled(who, typeof data.enabled === 'boolean' ? data.enabled : null);
    case 'DIGITAL_SIGNATURE_PREPARED':
      return e.signaturePrepared(who);
    case 'AUDIT_CHAIN_TAMPERED':
      return e.chainTampered;
    default:
      hashesIn(data, hashes);
      return e.other(who);
  }
}

/** Every SHA-256 an unknown entry recorded, however nested, as a labelled line (the chain covers them). */
function hashesIn(value: unknown, hashes: WordedEvent['hashes']): void {
  if (typeof value === 'string' && HEX64.test(value)) hashes.push({ label: 'SHA-256', value });
  else if (value && typeof value === 'object') for (const v of Object.values(value)) hashesIn(v, hashes);
}
