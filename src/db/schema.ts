import type { Generated } from 'kysely';
import type { TemplateType } from '../lib/vocabulary/template-types.js';
import type {
  AccountAuditTable,
  AccountLinkTable,
  PasskeyChallengeTable,
  PasskeyTable,
  PlatformMemberTable,
  SignInThrottleTable,
  TotpRecoveryCodeTable,
  UserAccountTable,
  UserSessionTable,
} from './schema-accounts.js';
import type {
  IdempotencyKeyTable,
  JobTable,
  RateLimitBucketTable,
  UploadUrlTable,
  WebhookAttemptTable,
  WebhookDeliveryTable,
  WebhookEndpointTable,
} from './schema-machinery.js';
import type { AuditMacFloorTable, DigitalSignatureTable, SealIdentityTable } from './schema-evidence.js';
import type { BulkSendRowTable, BulkSendTable, SenderIdentityTable } from './schema-sending.js';
import type { EnvelopeStatus } from '../lib/vocabulary/envelope-status.js';
import type { FieldType } from '../lib/vocabulary/field-types.js';
import type { ReadStatus, RecipientRole, SendStatus, SigningStatus } from '../lib/vocabulary/recipients.js';

export * from './schema-machinery.js';
export * from './schema-accounts.js';
export * from './schema-evidence.js';
export * from './schema-sending.js';

/**
 * Row types: the only place column types live. Columns are snake_case in the database and
 * camelCase here (Kysely's CamelCasePlugin maps them). Timestamps are ISO 8601 UTC text and
 * booleans are 0/1 integers in both dialects, so rows read the same on SQLite and PostgreSQL.
 */
export interface PlatformTable {
  id: Generated<number>;
  name: string;
  createdAt: string;
  /** Where owner notices go; null: none are sent. */
  notifyEmail: Generated<string | null>;
  /** Platform-wide reminder default, JSON `{sendAfter, repeatEvery}`; null: none. */
  reminderSettings: Generated<string | null>;
  /** The platform's CSC v2 provider (remote signing): base URL, client id, client secret sealed; null: none. */
  cscUrl: Generated<string | null>;
  cscClientId: Generated<string | null>;
  cscClientSecretSealed: Generated<string | null>;
  /** Who the mails say sent the platform's documents (free text); null: the platform's name. */
  senderName: Generated<string | null>;
  /** The national ID its signers need before sending: 'CUIL' (default), 'NONE', 'RUT', 'CI_UY', 'CPF'. */
  identityRule: Generated<string>;
  /** 0/1: a signer without an ID types their own on the signing page before signing. */
  signerEntersId: Generated<number>;
  /** 0/1: its embedded signing pages apply the embedding app's css and cssVars (white-label). */
  embedWhiteLabel: Generated<number>;
  /** 0/1: the team's public profile is published at /p/{profileSlug} (migration 0073). */
  profileEnabled: Generated<number>;
  profileSlug: string | null;
  profileName: Generated<string>;
  profileDescription: Generated<string>;
  /** The team's brand colour, `#rrggbb` (white text readable on it, 4.5:1); null: Firma's (migration 0077). */
  brandColor: Generated<string | null>;
  /** The team's logo, a PNG blob by SHA-256 (re-encoded from the upload); null: none. */
  brandLogoSha256: Generated<string | null>;
}

export type TokenScope = 'read' | 'full';
export type Environment = 'sandbox' | 'production';

export interface ApiTokenTable {
  id: string;
  platformId: number;
  name: string;
  tokenHash: string;
  /** The first characters after `api_`, so a person can tell tokens apart in a listing. */
  tokenHint: string;
  environment: Environment;
  scope: TokenScope;
  expiresAt: string | null;
  revokedAt: string | null;
  createdAt: string;
  /** When the token last authenticated a request, to the hour (recorded at most once an hour). */
  lastUsedAt: Generated<string | null>;
}

export type EnvelopeType = 'DOCUMENT' | 'TEMPLATE';

export interface EnvelopeTable {
  /** The public numeric `documentId`. */
  id: Generated<number>;
  /** The public string `envelopeId` (`envelope_…`). */
  publicId: string;
  platformId: number;
  type: EnvelopeType;
  status: EnvelopeStatus;
  source: 'DOCUMENT' | 'TEMPLATE' | 'TEMPLATE_DIRECT_LINK';
  visibility: 'EVERYONE' | 'MANAGER_AND_ABOVE' | 'ADMIN';
  title: string;
  externalId: string | null;
  metaId: string;
  /** JSON of `EnvelopeMeta`. */
  meta: string;
  authOptions: string | null;
  formValues: string | null;
  /** Bumped by every change: cache validator. */
  version: Generated<number>;
  certificateSha256: string | null;
  completionClaimedUntil: Generated<string | null>;
  /** The last completion failure, visible while it is retried. */
  completionError: string | null;
  createdAt: string;
  updatedAt: string;
  sentAt: string | null;
  completedAt: string | null;
  deletedAt: string | null;
  /** The folder (`folder.id`, same platform, same type) the envelope sits in; null: the root. */
  folderId: Generated<string | null>;
  /** The template (its numeric id) this document was made from; null otherwise. Kept when the template is deleted. */
  templateId: Generated<number | null>;
  /** 1: Documenso's `useLegacyFieldInsertion` — fields burned in the older layout (field-render-inputs.ts). */
  legacyFieldInsertion: Generated<number>;
  /** A template's Documenso type (migration 0073); PUBLIC ones may be listed on the team's profile. */
  templateType: Generated<TemplateType>;
  /** What the public profile shows of a PUBLIC template. */
  publicTitle: Generated<string>;
  publicDescription: Generated<string>;
  /** The member (user account) who owns it; null: the platform alone (migration 0070). */
  ownerUserId: Generated<string | null>;
}

/**
 * Live envelopes per key, kept by triggers (migration 0078): on SQLite one row per key, on
 * PostgreSQL deltas to sum (folded by `compactEnvelopeCounts`).
 */
export interface EnvelopeCountTable {
  platformId: number;
  type: EnvelopeType;
  status: EnvelopeStatus;
  visibility: Visibility;
  /** The folder's id, or '' for the root. */
  folder: string;
  /** bigint: the driver may answer a string. */
  n: number | string;
}

export interface PageSize {
  width: number;
  height: number;
  rotation: number;
}

export interface EnvelopeItemTable {
  id: string;
  envelopeId: number;
  documentDataId: string;
  title: string;
  order: number;
  originalSha256: string;
  originalSize: number;
  pageCount: number;
  /** JSON of `PageSize[]`, as displayed. */
  pages: string;
  finalSha256: string | null;
  /** The latest revision carrying signers' own signatures (Firma digital); null: none yet. */
  revisionSha256: Generated<string | null>;
  createdAt: string;
}

export interface AttachmentTable {
  id: string;
  envelopeId: number;
  type: 'link';
  label: string;
  data: string;
  createdAt: string;
}

export interface RecipientTable {
  id: Generated<number>;
  envelopeId: number;
  email: string;
  name: string;
  role: RecipientRole;
  signingOrder: number | null;
  readStatus: ReadStatus;
  signingStatus: SigningStatus;
  sendStatus: SendStatus;
  /** SHA-256 of the signing token: the lookup key. */
  tokenHash: string | null;
  /** The token itself, encrypted (secret box), to hand the same URL out again. */
  tokenSealed: string | null;
  cuil: string | null;
  phone: string | null;
  idDocumentCountry: string | null;
  idDocumentNumber: string | null;
  idDocumentType: string | null;
  firstName: string | null;
  lastName: string | null;
  authOptions: string | null;
  expiresAt: string | null;
  expirationNotifiedAt: string | null;
  sentAt: string | null;
  openedAt: string | null;
  signedAt: string | null;
  rejectionReason: string | null;
  /** The automatic reminder this recipient waits for (a job with this due time exists); null: none. */
  reminderDueAt: Generated<string | null>;
  /** Automatic reminders since the recipient was last sent the document (for the cap). */
  remindersSent: Generated<number>;
  /** PASSWORD action auth: the sender's access code, scrypt `salt:hash` (never answered). */
  accessCodeHash: Generated<string | null>;
  /** 0/1: the signer must type their CUIL before completing (Firma extension). */
  requireCuil: Generated<number>;
  /** ELECTRONIC (drawn/typed, Firma's seal) or DIGITAL (the signer's own certificate; Firma extension). */
  signatureLevel: Generated<'ELECTRONIC' | 'DIGITAL'>;
  createdAt: string;
  updatedAt: string;
}

/** Server-side verification state of one recipient (domain/recipients/verification-state.ts). */
export interface RecipientVerificationTable {
  recipientId: number;
  /** The signing token this state was earned with: a new token (redistribute) starts over. */
  tokenHash: string;
  otpHash: string | null;
  otpPurpose: 'access' | 'action' | 'external' | null; // external: the sender's code, for the step the recipient is at
  otpExpiresAt: string | null;
  otpTries: number;
  otpLastSentAt: string | null;
  otpWindowStart: string | null;
  otpWindowCount: number;
  accessVerifiedAt: string | null;
  actionOtpVerifiedAt: string | null;
  accessCodeVerifiedAt: string | null;
  accessCodeTries: number;
  cuilVerifiedAt: string | null;
  cuilTries: number;
  lockedUntil: string | null;
  updatedAt: string;
}

export interface FieldTable {
  id: Generated<number>;
  secondaryId: string;
  envelopeId: number;
  envelopeItemId: string;
  recipientId: number;
  type: FieldType;
  page: number;
  positionX: number;
  positionY: number;
  width: number;
  height: number;
  customText: string;
  inserted: number;
  fieldMeta: string | null;
  /** JSON of the inserted value (see domain/fields/field-value.ts). */
  value: string | null;
  /** A drawn signature's blob (also inside `value`), in a column of its own for the blob garbage collection. */
  signatureSha256: Generated<string | null>;
  insertedAt: string | null;
  insertedByRecipientId: number | null;
}

export interface AuditEventTable {
  id: Generated<number>;
  envelopeId: number;
  seq: number;
  type: string;
  data: string;
  actor: string;
  recipientId: number | null;
  ip: string | null;
  userAgent: string | null;
  createdAt: string;
  prevHash: string;
  hash: string;
  /** HMAC of `hash` under the instance's audit subkey; null on entries older than migration 0018. */
  mac: string | null;
}

export interface EventTable {
  id: string;
  platformId: number;
  envelopeId: number | null;
  type: string;
  payload: string;
  createdAt: string;
  dispatchedAt: string | null;
}

export type FolderType = 'DOCUMENT' | 'TEMPLATE';
export type Visibility = 'EVERYONE' | 'MANAGER_AND_ABOVE' | 'ADMIN';

export interface FolderTable {
  /** Public id, `folder_…`. */
  id: string;
  platformId: number;
  name: string;
  type: FolderType;
  /** The enclosing folder (same platform, same type); null: a root folder. */
  parentId: string | null;
  /** Stored and answered; Firma has no team roles, so it restricts nothing. */
  visibility: Visibility;
  /** 0/1. */
  pinned: number;
  createdAt: string;
  updatedAt: string;
}

/** A template's direct link (one per template): a public capability to make a document from it. */
export interface TemplateDirectLinkTable {
  /** Public id, `direct_…`. */
  id: string;
  platformId: number;
  /** The template envelope. */
  envelopeId: number;
  /** The template recipient the visitor becomes. */
  directRecipientId: number;
  /** SHA-256 of the token: the lookup key. */
  tokenHash: string;
  /** The token itself, encrypted (secret box), to answer it again. */
  tokenSealed: string;
  /** 0/1. */
  enabled: number;
  createdAt: string;
  updatedAt: string;
}

/** A code mailed to confirm a direct-link visitor's e-mail (migration 0051). */
export interface DirectLinkChallengeTable {
  id: string;
  linkId: string;
  /** The address the code went to, lower-cased. */
  email: string;
  /** slowHash of the 6-digit code. */
  codeHash: string;
  expiresAt: string;
  /** Tries spent on the code (each counted before it is checked). */
  tries: number;
  /** When its document was made; a code makes one document. */
  usedAt: string | null;
  createdAt: string;
}

export interface DB {
  digitalSignature: DigitalSignatureTable;
  bulkSend: BulkSendTable;
  bulkSendRow: BulkSendRowTable;
  platform: PlatformTable;
  apiToken: ApiTokenTable;
  envelope: EnvelopeTable;
  envelopeCount: EnvelopeCountTable;
  envelopeItem: EnvelopeItemTable;
  attachment: AttachmentTable;
  recipient: RecipientTable;
  recipientVerification: RecipientVerificationTable;
  field: FieldTable;
  auditEvent: AuditEventTable;
  event: EventTable;
  job: JobTable;
  webhookEndpoint: WebhookEndpointTable;
  webhookDelivery: WebhookDeliveryTable;
  webhookAttempt: WebhookAttemptTable;
  uploadUrl: UploadUrlTable;
  rateLimitBucket: RateLimitBucketTable;
  idempotencyKey: IdempotencyKeyTable;
  folder: FolderTable;
  templateDirectLink: TemplateDirectLinkTable;
  auditMacFloor: AuditMacFloorTable;
  directLinkChallenge: DirectLinkChallengeTable;
  senderIdentity: SenderIdentityTable;
  sealIdentity: SealIdentityTable;
  userAccount: UserAccountTable;
  userSession: UserSessionTable;
  totpRecoveryCode: TotpRecoveryCodeTable;
  accountLink: AccountLinkTable;
  platformMember: PlatformMemberTable;
  accountAudit: AccountAuditTable;
  signInThrottle: SignInThrottleTable;
  passkey: PasskeyTable;
  passkeyChallenge: PasskeyChallengeTable;
}
