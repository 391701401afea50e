import { everyMember } from './every-member.js';

/** A recipient's role, in the order the API documents them. */
export const RECIPIENT_ROLES = ['CC', 'SIGNER', 'VIEWER', 'APPROVER', 'ASSISTANT'] as const;
export type RecipientRole = (typeof RECIPIENT_ROLES)[number];

/** The same roles, the one that signs first: the order a direct link's answer documents them in. */
export const RECIPIENT_ROLES_SIGNER_FIRST = everyMember<RecipientRole>()([
  'SIGNER',
  'APPROVER',
  'VIEWER',
  'CC',
  'ASSISTANT',
] as const);

/** Whether the recipient opened their signing link. */
export const READ_STATUSES = ['NOT_OPENED', 'OPENED'] as const;
export type ReadStatus = (typeof READ_STATUSES)[number];

/** Where the recipient's own part stands. */
export const SIGNING_STATUSES = ['NOT_SIGNED', 'SIGNED', 'REJECTED'] as const;
export type SigningStatus = (typeof SIGNING_STATUSES)[number];

/** Whether the recipient's link was sent (or handed out). */
export const SEND_STATUSES = ['NOT_SENT', 'SENT'] as const;
export type SendStatus = (typeof SEND_STATUSES)[number];
