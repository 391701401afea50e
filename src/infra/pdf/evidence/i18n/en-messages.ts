// Apart from en.ts (the English dictionary) so the dictionary's shape (evidence-dictionary.ts) can
// name the message keys without importing a dictionary that is typed by that shape.

/** English; its message keys are the ones every other language must have. */
export const messages = {
  certificateTitle: 'Certificate of completion',
  auditTrailTitle: 'Audit trail',
  page: 'Page {n} of {m}',
  envelope: 'Envelope',
  generated: 'Generated',

  sectionDocument: 'Document',
  sectionItems: 'Files',
  sectionRecipients: 'Recipients',
  sectionEvents: 'Event timeline',
  sectionIntegrity: 'Integrity',
  sectionDigitalSignatures: 'Digital signatures',
  digitalSigner: 'Signer',
  digitalSubject: 'Certificate subject',
  digitalCuil: 'CUIL',
  digitalIssuer: 'Issuer',
  digitalSerial: 'Serial number',
  digitalTime: 'Signed',
  digitalTimeSource: 'Time source',
  digitalTimeStamped: 'a timestamp authority (RFC 3161 signature timestamp)',
  digitalTimeClaimed:
    'the time Firma’s server recorded when the signature was prepared, which the signer’s signature covers; not attested by a timestamp authority',
  digitalValidation: 'Validation',
  digitalValidated:
    'At signing: CUIL matched the recipient’s, key usage allowed signing, valid and chained to a trusted authority, not revoked ({source})',

  title: 'Title',
  envelopeId: 'Envelope ID',
  documentId: 'Document ID',
  status: 'Status',
  created: 'Created',
  sent: 'Sent',
  opened: 'Opened',
  completed: 'Completed',
  signed: 'Signed',
  rejected: 'Rejected',
  timezone: 'Time zone',
  timezoneInvalid: 'UTC (the configured time zone "{tz}" is not recognised)',
  platform: 'Platform',
  verifyAt: 'Public URL',
  notAvailable: '—',

  rejectedBanner: 'This document was rejected',
  rejectedBy: 'Rejected by {who} on {when}.',
  rejectedNoDetail: 'The signing process ended without all signatures.',
  reason: 'Reason',
  noReason: 'No reason given.',

  itemTitle: 'File',
  itemPages: 'Pages',
  itemOriginal: 'SHA-256 of the original',
  itemFinal: 'SHA-256 of the sealed final file',
  itemsAuditNote:
    'The SHA-256 of the final file cannot be printed inside that same file; it is stated in the separate certificate of completion.',

  email: 'Email',
  role: 'Role',
  cuil: 'CUIL',
  nationalId: 'National ID',
  nationalIdNone: 'not required: the platform has no national ID rule',
  signingOrder: 'Signing order',
  ip: 'IP address',
  userAgent: 'User agent',
  signature: 'Signature',
  signatureDrawn: 'Drawn signature',
  signatureTyped: 'Typed signature',
  signatureNone: 'No signature applied',
  signatureUnreadable: 'The signature image could not be read',
  signatureText: 'Signature text',
  recipientsNone: 'This document has no recipients.',

  eventTime: 'Time (UTC / local)',
  eventEvent: 'Event',
  eventActor: 'Actor',
  eventIp: 'IP address',
  eventUserAgent: 'User agent',
  eventHash: 'Entry SHA-256',
  eventsNone: 'No events were recorded.',

  chainTitle: 'Audit chain',
  chainAlgorithm: 'Algorithm',
  chainLength: 'Entries',
  chainHead: 'Head (hash of the last entry)',
  chainExplanation:
    'Every audit entry carries the hash of the previous entry, so changing, removing or reordering any entry changes every later hash and the head above. The command `firma audit verify {id}` recomputes the chain from the stored entries and compares it with this head.',
  sealTitle: 'Seal',
  sealSubject: 'Certificate subject',
  sealFingerprint: 'Certificate SHA-256 fingerprint',
  sealExplanation:
    'The final document and its certificate of completion are digitally sealed with this certificate; any later change to either file invalidates its seal.',
  sealLaterUpdates:
    "After the seal, Firma appends the data that keeps the signatures verifiable for years (every signature's certificates and revocation answers: PAdES long-term validation) and, when a timestamp authority is configured, a document timestamp. These additions come after the sealed bytes and change nothing the seal covers. That is why some tools (pdfsig, for instance) report that the seal does not cover the whole file: this is expected. Validators that examine each addition (Adobe Reader, pyHanko) report them as permitted updates, and `firma audit verify {id}` checks that nothing else follows the seal.",
} as const;

export type MessageKey = keyof typeof messages;
