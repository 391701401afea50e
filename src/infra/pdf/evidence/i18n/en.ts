import type { EvidenceDictionary } from './evidence-dictionary.js';
import { messages } from './en-messages.js';
import { plural } from './plural.js';

const L = 'en';
const recipients = (n: number) => `${n} ${plural(L, n, { one: 'recipient', other: 'recipients' })}`;

export const en: EvidenceDictionary = {
  locale: 'en-GB',
  day: ({ day, month, year }) => `${day} ${month} ${year}`,
  messages,
  roles: {
    SIGNER: 'Signer',
    APPROVER: 'Approver',
    VIEWER: 'Viewer',
    CC: 'Receives a copy (CC)',
    ASSISTANT: 'Assistant',
  },
  doneByRole: { SIGNER: 'Signed', APPROVER: 'Approved', VIEWER: 'Viewed', CC: 'Completed', ASSISTANT: 'Completed' },
  notDoneByRole: {
    SIGNER: 'Not signed',
    APPROVER: 'Not approved',
    VIEWER: 'Not viewed',
    CC: 'No action required',
    ASSISTANT: 'Not completed',
  },
  envelopeStatus: {
    DRAFT: 'Draft',
    PENDING: 'Pending (not final)',
    COMPLETED: 'Completed',
    REJECTED: 'Rejected',
    CANCELLED: 'Cancelled',
  },
  eventTypes: {
    DOCUMENT_CREATED: 'Document created',
    DOCUMENT_SENT: 'Document sent',
    DOCUMENT_OPENED: 'Document opened',
    DOCUMENT_VIEWED: 'Document viewed',
    DOCUMENT_FIELD_INSERTED: 'Field completed',
    DOCUMENT_FIELD_PREFILLED: 'Field prefilled by the sender',
    DOCUMENT_FIELD_UNINSERTED: 'Field cleared',
    DOCUMENT_RECIPIENT_COMPLETED: 'Recipient completed',
    DOCUMENT_RECIPIENT_REJECTED: 'Recipient rejected',
    DOCUMENT_COMPLETED: 'Document completed',
    DOCUMENT_REJECTED: 'Document rejected',
    DOCUMENT_SEALED: 'Document sealed',
    EMAIL_SENT: 'Email sent',
    DOCUMENT_RESENT: 'Signing request sent again',
    RECIPIENT_CONSENT_ACCEPTED: 'Consent to sign',
    DOCUMENT_RECIPIENT_DOWNLOADED: 'Downloaded by a recipient',
    DOCUMENT_REMINDER_SENT: 'Reminder sent',
    RECIPIENT_EXPIRED: 'Signing period expired',
    DOCUMENT_CANCELLED: 'Document cancelled',
  },
  fieldNames: {
    SIGNATURE: 'signature',
    FREE_SIGNATURE: 'signature',
    INITIALS: 'initials',
    NAME: 'name',
    EMAIL: 'email',
    DATE: 'date',
    TEXT: 'text',
    NUMBER: 'number',
    RADIO: 'option',
    CHECKBOX: 'checkbox',
    DROPDOWN: 'list',
  },
  sentences: {
    quote: (text) => `“${text}”`,
    senderApi: 'The sender (API)',
    sender: 'The sender',
    aRecipient: 'a recipient',
    field: (name, id) => `the ${name} field${id ? ` #${id}` : ''}`,
    fieldUnknown: 'field',
    files: (n) => `${n} ${plural(L, n, { one: 'file', other: 'files' })}`,
    fromTemplate: (id) => ` from template #${id}`,
    copyOf: (id) => ` as a copy of ${id}`,
    created: (who, title, from, files) =>
      `${who} created the document${title ? ` ${title}` : ''}${from}${files ? `, with ${files}` : ''}.`,
    sent: (who, sequential, notified) =>
      `${who} sent the document for signing (${sequential ? 'signing in order' : 'signing in parallel'}); ${
        notified > 0 ? `${recipients(notified)} notified by email` : 'no email sent (the sender hands out the links)'
      }.`,
    resent: (who, n) => `${who} sent the signing request again to ${recipients(n)}.`,
    opened: (who) => `${who} opened the document.`,
    codeRequested: (who, forSigning) =>
      `${who} asked for a verification code by email ${forSigning ? 'to sign' : 'to see the document'}.`,
    codeValidated: (who, forSigning) =>
      `${who} verified their identity with the code sent by email ${forSigning ? 'before signing' : 'to see the document'}.`,
    codeIssuedForSender: (who) =>
      `${who} obtained a verification code for the recipient, to deliver through their own channel.`,
    codeValidatedFromSender: (who, forSigning) =>
      `${who} verified their identity with the code the sender gave them ${forSigning ? 'before signing' : 'to see the document'}.`,
    codeFailed: (who, tries) => `${who} typed a wrong verification code (${tries}).`,
    cuilConfirmed: (who) => `${who} confirmed their CUIL.`,
    accessCodeEntered: (who) => `${who} entered the access code the sender gave them.`,
    cuilWrong: (who, tries) => `${who} typed a CUIL that is not theirs (${tries}).`,
    accessCodeWrong: (who, tries) => `${who} entered a wrong access code (${tries}).`,
    accountSignedIn: (who) => `${who} signed in to their Firma account with the recipient’s e-mail address.`,
    accountRefused: (who) => `${who} was signed in to another Firma account and was refused.`,
    passkeyConfirmed: (who) => `${who} confirmed with a passkey of their Firma account.`,
    passkeyFailed: (who) => `${who} tried a passkey that did not confirm.`,
    accountPasswordEntered: (who) => `${who} entered the password of their Firma account.`,
    accountPasswordWrong: (who, tries) => `${who} entered a wrong Firma account password (${tries}).`,
    signUpLinkSent: (who) => `A link to create a Firma account was sent to ${who}.`,
    triesLeft: (n) =>
      n === null
        ? 'failed try'
        : n <= 0
          ? 'no tries left'
          : `${n} ${plural(L, n, { one: 'try', other: 'tries' })} left`,
    signedTyped: (by, typed) => `${by} signed by typing ${typed}.`,
    signedDrawn: (by) => `${by} signed by drawing their signature.`,
    signedUploaded: (by) => `${by} signed by uploading an image of their signature.`,
    prefilled: (by, field, value) => `${by} prefilled ${field} with ${value}.`,
    filled: (by, field, value) => (value ? `${by} filled in ${field} with ${value}.` : `${by} filled in ${field}.`),
    cleared: (who, field) => `${who} cleared ${field}.`,
    recipientCompleted: (who, action) =>
      `${who} ${
        action === 'signed'
          ? 'signed the document'
          : action === 'approved'
            ? 'approved the document'
            : action === 'viewed'
              ? 'viewed the document'
              : 'completed their part'
      }.`,
    recipientRejected: (subject, bySender, reason) =>
      `${subject} rejected the document${bySender ? ' (recorded by the sender)' : ''}.${reason ? ` Reason: ${reason}.` : ''}`,
    documentCompleted: 'Every recipient finished; the document was sealed.',
    documentRejected: 'The document was closed as rejected and sealed.',
    expired: (name) => `The signing period of ${name} expired.`,
    consentDigital: (who, version, statement) =>
      `${who} agreed to sign digitally with their own certificate (statement version ${version})${statement ? `: ${statement}` : ''}.`,
    consent: (who, version, statement) =>
      `${who} agreed to sign electronically (statement version ${version})${statement ? `: ${statement}` : ''}.`,
    downloaded: (who, certificate) =>
      `${who} downloaded ${certificate ? 'the certificate' : 'the signed document'} through their link.`,
    reminder: (name, n) => `Firma sent ${name} reminder${n ? ` #${n}` : ''} to sign.`,
    cancelled: (who) => `${who} cancelled the document.`,
    deleted: (who) => `${who} deleted the document.`,
    hashOriginal: 'SHA-256 of the original',
    hashFinal: 'SHA-256 of the sealed final file',
    hashSignatureImage: 'SHA-256 of the signature image',
    hashCertificate: 'SHA-256 of the certificate of completion',
  },
};
