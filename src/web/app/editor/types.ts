import type { EnvelopeStatus } from '../../../lib/vocabulary/envelope-status.js';
import type { FieldType } from '../../../lib/vocabulary/field-types.js';
import type { Language } from '../../../lib/vocabulary/languages.js';
import type { RecipientRole, SigningStatus } from '../../../lib/vocabulary/recipients.js';

/* The editor's shapes: src/http/app/editor.schema.ts is the source of truth. */

export interface PageSize {
  width: number;
  height: number;
}

export interface EditorItem {
  id: string;
  title: string;
  order: number;
  pageCount: number;
  pages: PageSize[];
}

export type SignatureLevel = 'ELECTRONIC' | 'DIGITAL';

export interface EditorRecipient {
  id: number;
  name: string;
  email: string;
  role: RecipientRole;
  signingOrder: number | null;
  cuil: string | null;
  signatureLevel: SignatureLevel;
  signingStatus: SigningStatus;
}

/** A field's `fieldMeta` as the API stores it (lib/stored/field-meta.ts), always with its `type`. */
export type FieldMeta = Record<string, unknown> & { type: string };

/** Where a field sits, in percent of its page (what the API stores and the signing page reads). */
export interface Box {
  page: number;
  positionX: number;
  positionY: number;
  width: number;
  height: number;
}

export interface EditorField extends Box {
  id: number;
  envelopeItemId: string;
  type: FieldType;
  recipientId: number;
  fieldMeta: FieldMeta | null;
}

export interface EditorMeta {
  subject: string;
  message: string;
  language: Language;
  dateFormat: string;
  timezone: string;
  redirectUrl: string;
  distributionMethod: 'EMAIL' | 'NONE';
  signingOrder: 'PARALLEL' | 'SEQUENTIAL';
}

export interface EditorDocument {
  id: string;
  type: 'DOCUMENT' | 'TEMPLATE';
  title: string;
  status: EnvelopeStatus;
  items: EditorItem[];
  recipients: EditorRecipient[];
  fields: EditorField[];
  meta: EditorMeta;
  /** The date formats meta.dateFormat may take. */
  dateFormats: string[];
}

export interface RecipientInput {
  name: string;
  email: string;
  role: RecipientRole;
  signingOrder: number | null;
  cuil: string | null;
  signatureLevel: SignatureLevel;
}

export interface FieldPlacement extends Box {
  recipientId: number;
  envelopeItemId: string;
  type: FieldType;
  fieldMeta?: FieldMeta;
}

export interface FieldChange extends Partial<Box> {
  id: number;
  type: FieldType;
  fieldMeta?: FieldMeta;
}

export interface SettingsInput {
  title?: string;
  meta?: Partial<EditorMeta>;
}

/** The team's rule for signers' national IDs (what the recipients panel checks as typed). */
export interface IdentityOptions {
  identityRule: 'CUIL' | 'NONE' | 'RUT' | 'CI_UY' | 'CPF';
  idLabel: string | null;
}

/**
 * The editor's one door to the server. The web app's implementation (app-source.ts) speaks to
 * /api/app with the session; the embedded authoring pages (issue #38 item 3) will give one that
 * speaks with a presign token. Every change answers the document as it now is.
 */
export interface EditorSource {
  load(): Promise<EditorDocument>;
  identity(): Promise<IdentityOptions>;
  /** The bytes of one PDF of the document (its original upload). */
  pdf(itemId: string): Promise<ArrayBuffer>;
  createRecipient(input: RecipientInput): Promise<EditorDocument>;
  updateRecipient(id: number, input: RecipientInput): Promise<EditorDocument>;
  deleteRecipient(id: number): Promise<EditorDocument>;
  createFields(fields: FieldPlacement[]): Promise<EditorDocument>;
  updateField(change: FieldChange): Promise<EditorDocument>;
  deleteField(id: number): Promise<EditorDocument>;
  updateSettings(input: SettingsInput): Promise<EditorDocument>;
  /** Sends the document; null where this editor does not send (a template, an embed without the feature). */
  distribute: (() => Promise<void>) | null;
}

/** One control of the document settings panel, as an embedding app may hide it. */
export type EditorSettingKey =
  'title' | 'communication' | 'language' | 'dateFormat' | 'timezone' | 'redirectUrl' | 'distribution' | 'signingOrder';

/**
 * What the editor leaves out (the embedded editor's `features` and `onlyEditFields`): whole
 * panels, or single settings. Hiding is only a view: what the source allows is the server's.
 */
export interface EditorHidden {
  recipients?: boolean;
  settings?: boolean;
  setting?: Partial<Record<EditorSettingKey, boolean>>;
}
