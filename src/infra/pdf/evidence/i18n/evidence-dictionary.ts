import type { EvidenceEnvelopeStatus, EvidenceRole } from '../evidence-types.js';
import type { MessageKey } from './en-messages.js';

/** The parts of a date Intl gives in the evidence's language, to be put in that language's order. */
export interface DayParts {
  day: string;
  month: string;
  year: string;
}

/**
 * Everything the evidence says in one language: labels, role and status names, event names and
 * the sentences of the event timeline. Each language file is typed with this interface, so a
 * language missing a key or a sentence does not compile (and a unit test checks the same at run
 * time). The recorded values (names, titles, hashes) are passed in; only the wording is here.
 */
export interface EvidenceDictionary {
  /** The BCP 47 locale for dates and plural rules. */
  readonly locale: string;
  /** "14 Mar 2025" in this language's order, from Intl's parts (month abbreviated). */
  day: (parts: DayParts) => string;
  messages: Record<MessageKey, string>;
  roles: Record<EvidenceRole, string>;
  /** What "done" means depends on the role: a viewer views, an approver approves. */
  doneByRole: Record<EvidenceRole, string>;
  /** A CC never acts, so "not signed" would wrongly suggest a missing signature. */
  notDoneByRole: Record<EvidenceRole, string>;
  envelopeStatus: Record<EvidenceEnvelopeStatus, string>;
  eventTypes: Record<string, string>;
  /** Field types as the sentences name them ("the signature field"). */
  fieldNames: Record<string, string>;
  sentences: EvidenceSentences;
}

/** A recipient's completing action, as the audit entry recorded it (null: another role's part). */
export type CompletedAction = 'signed' | 'approved' | 'viewed' | null;

/** The timeline's sentences; `who` and names are already worded, values already quoted. */
export interface EvidenceSentences {
  quote(text: string): string;
  /** The API caller, as the actor of a sentence. */
  senderApi: string;
  /** The sender, as the one who prefilled a field. */
  sender: string;
  aRecipient: string;
  field(name: string, id: string | null): string;
  fieldUnknown: string;
  files(n: number): string;
  fromTemplate(id: string): string;
  copyOf(id: string): string;
  created(who: string, title: string | null, from: string, files: string | null): string;
  sent(who: string, sequential: boolean, notified: number): string;
  resent(who: string, recipients: number): string;
  opened(who: string): string;
  codeRequested(who: string, forSigning: boolean): string;
  codeValidated(who: string, forSigning: boolean): string;
  /** EXTERNAL_TWO_FACTOR_AUTH: the sender (API caller) got a code to deliver itself. */
  codeIssuedForSender(who: string): string;
  codeValidatedFromSender(who: string, forSigning: boolean): string;
  codeFailed(who: string, tries: string): string;
  cuilConfirmed(who: string): string;
  accessCodeEntered(who: string): string;
  cuilWrong(who: string, tries: string): string;
  accessCodeWrong(who: string, tries: string): string;
  /** Recipient verification with the recipient's Firma account (ACCOUNT, PASSKEY, its password). */
  accountSignedIn(who: string): string;
  accountRefused(who: string): string;
  passkeyConfirmed(who: string): string;
  passkeyFailed(who: string): string;
  accountPasswordEntered(who: string): string;
  accountPasswordWrong(who: string, tries: string): string;
  signUpLinkSent(who: string): string;
  /** What a failed verification left: null unknown, 0 locked. */
  triesLeft(left: number | null): string;
  signedTyped(by: string, typed: string): string;
  signedDrawn(by: string): string;
  signedUploaded(by: string): string;
  prefilled(by: string, field: string, value: string): string;
  filled(by: string, field: string, value: string | null): string;
  cleared(who: string, field: string): string;
  recipientCompleted(who: string, action: CompletedAction): string;
  recipientRejected(subject: string, recordedBySender: boolean, reason: string | null): string;
  documentCompleted: string;
  documentRejected: string;
  expired(name: string): string;
  /** An ELECTRONIC signer's statement: signing electronically, no more. */
  consent(who: string, version: string, statement: string | null): string;
  /** A DIGITAL signer's statement: signing with their own certificate. */
  consentDigital(who: string, version: string, statement: string | null): string;
  downloaded(who: string, certificate: boolean): string;
  reminder(name: string, n: number | null): string;
  cancelled(who: string): string;
  deleted(who: string): string;
  hashOriginal: string;
  hashFinal: string;
  hashSignatureImage: string;
  hashCertificate: string;
}
