import type { RecipientRole } from '../../../lib/vocabulary/recipients.js';

/** The mails Firma sends, by kind. */
export type MailKind =
  | 'signingRequest'
  | 'reminder'
  | 'completed'
  | 'rejected'
  | 'cancelled'
  | 'recipientSigned'
  | 'recipientRemoved'
  | 'documentPending'
  | 'senderVerification'
  | 'ownerCreated'
  | 'ownerCompleted'
  | 'ownerRecipientExpired'
  | 'verificationCode'
  | 'directLinkCode'
  | 'accountVerification'
  | 'passwordReset'
  | 'invitation'
  | 'recipientSignUp';

/** One kind of mail: its subject and first line (both given the document's title) and its button. */
export interface MailKindText {
  subject(title: string): string;
  intro(title: string): string;
  /** The button's words; '' when the mail has no button. */
  button: string;
}

/**
 * Every word of the mails in one language. Each language file is typed with this interface, so a
 * language missing a kind or a line does not compile (a unit test renders each one too).
 */
export interface MailDictionary {
  /** The salutation line, with the addressee's name (or none), punctuation included. */
  greeting(name: string): string;
  kinds: Record<MailKind, MailKindText>;
  /** The line saying who sent the document (a label, so no name needs declining or a full stop). */
  sender(name: string): string;
  code(code: string): string;
  codeHint: string;
  /** What the recipient is asked to do, by role. */
  roles: Record<RecipientRole, string>;
  /**
   * What a DIGITAL signer is asked instead: to sign with their own certificate (under Ley 25.506
   * a different act from an electronic signature, so the mail does not ask for "a signature" alone).
   */
  digitalSigner: string;
  reason: string;
  attached: string;
  linkHint: string;
  privacy: string;
  footer: string;
  /**
   * The owner's notice of a document made through a template's direct link: who made it, named only
   * by the address their code confirmed (never by what the visitor typed).
   */
  directLinkUsed(email: string): string;
}
