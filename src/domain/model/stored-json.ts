import type { PageSize } from '../../db/schema.js';
import type { FieldType } from '../../lib/vocabulary/field-types.js';
import type { FieldMeta } from '../fields/field-meta.js';
import { ZStoredFieldValue, type StoredFieldValue } from '../fields/field-value.js';
import type { AccessAuth, ActionAuth, GlobalActionAuth } from '../recipients/recipient-input.js';
import type { ReminderSettings } from './envelope-meta.js';

/**
 * The one place that decodes the JSON text columns the repositories hand back, one function per
 * stored kind (the envelope's `meta` has its own, `parseStoredMeta`, which also fills defaults).
 * The text was validated when it was written, so these only decode, except a field's value, whose
 * kind the renderers and presenters branch on and which is checked again. An empty column is null.
 * Moving to the repositories (issue #32): a webhook endpoint's `events` already arrive decoded.
 */
const decode = <T>(text: string | null): T | null => (text ? (JSON.parse(text) as T) : null);

export const parseStoredFieldMeta = (text: string | null): FieldMeta | null => decode<FieldMeta>(text);

export function parseStoredFieldValue(text: string | null): StoredFieldValue | null {
  return text === null ? null : ZStoredFieldValue.parse(JSON.parse(text));
}

/** An item's page sizes (`item.pages`), in points, as displayed. */
export const parseStoredPages = (text: string): PageSize[] => JSON.parse(text) as PageSize[];

// Type literals, not interfaces: read as records of method lists by the verification check.
export type StoredRecipientAuth = {
  accessAuth?: AccessAuth[];
  actionAuth?: ActionAuth[];
};
export const parseStoredRecipientAuth = (text: string | null) => decode<StoredRecipientAuth>(text);

export type StoredEnvelopeAuth = {
  globalAccessAuth?: AccessAuth[];
  globalActionAuth?: GlobalActionAuth[];
};
export const parseStoredEnvelopeAuth = (text: string | null) => decode<StoredEnvelopeAuth>(text);

export const parseStoredFormValues = (text: string | null) => decode<Record<string, string | number | boolean>>(text);

/**
 * A field a creation asked for before its PDF arrived (`upload_url.pending_fields`): the request's
 * field for one recipient, with where it sat in the request so a refusal names it.
 */
export type StoredPendingField = {
  recipientId: number;
  type: FieldType;
  fieldMeta?: Record<string, unknown> | undefined;
  page: number;
  positionX: number;
  positionY: number;
  width: number;
  height: number;
  path: (string | number)[];
  names?: Partial<Record<'page' | 'positionX' | 'positionY' | 'width' | 'height', string>> | undefined;
};
export const parseStoredPendingFields = (text: string | null): StoredPendingField[] =>
  decode<StoredPendingField[]>(text) ?? [];

/** A platform's reminder default (`platform.reminder_settings`), validated when it was set. */
export const parseStoredReminderSettings = (text: string | null) => decode<ReminderSettings>(text);
