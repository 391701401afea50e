import type { Selectable } from 'kysely';
import type { StoredEnvelopeAuth, StoredRecipientAuth } from '../../lib/stored/auth-methods.js';
import { decodeStoredMeta, type EnvelopeMeta } from '../../lib/stored/envelope-meta.js';
import type { FieldMeta } from '../../lib/stored/field-meta.js';
import { ZStoredFieldValue, type StoredFieldValue } from '../../lib/stored/field-value.js';
import type { EnvelopeItemTable, EnvelopeTable, FieldTable, PageSize, RecipientTable } from '../schema.js';

/**
 * The one place that decodes the JSON text columns: each repository that reads one of these rows
 * hands it on through the decoder below, so the rest of Firma sees objects and never parses. The
 * text was validated when it was written, so these only decode, except a field's value, whose
 * kind the renderers and presenters branch on and which is checked again. An empty column is null.
 */
const decode = <T>(text: string | null): T | null => (text ? (JSON.parse(text) as T) : null);

/** A document's form values (`envelope.form_values`), by AcroForm field name. */
export type FormValues = Record<string, string | number | boolean>;

export type EnvelopeRow = Omit<Selectable<EnvelopeTable>, 'meta' | 'authOptions' | 'formValues'> & {
  meta: EnvelopeMeta;
  authOptions: StoredEnvelopeAuth | null;
  formValues: FormValues | null;
};
export type ItemRow = Omit<Selectable<EnvelopeItemTable>, 'pages'> & { pages: PageSize[] };
export type RecipientRow = Omit<Selectable<RecipientTable>, 'authOptions'> & {
  authOptions: StoredRecipientAuth | null;
};
export type FieldRow = Omit<Selectable<FieldTable>, 'fieldMeta' | 'value'> & {
  fieldMeta: FieldMeta | null;
  value: StoredFieldValue | null;
};

export const decodeEnvelopeRow = (row: Selectable<EnvelopeTable>): EnvelopeRow => ({
  ...row,
  meta: decodeStoredMeta(row.meta),
  authOptions: decode<StoredEnvelopeAuth>(row.authOptions),
  formValues: decode<FormValues>(row.formValues),
});

export const decodeItemRow = (row: Selectable<EnvelopeItemTable>): ItemRow => ({
  ...row,
  pages: JSON.parse(row.pages) as PageSize[],
});

export const decodeRecipientRow = (row: Selectable<RecipientTable>): RecipientRow => ({
  ...row,
  authOptions: decode<StoredRecipientAuth>(row.authOptions),
});

export const decodeFieldValue = (text: string | null): StoredFieldValue | null =>
  text === null ? null : ZStoredFieldValue.parse(JSON.parse(text));

export const decodeFieldRow = (row: Selectable<FieldTable>): FieldRow => ({
  ...row,
  fieldMeta: decode<FieldMeta>(row.fieldMeta),
  value: decodeFieldValue(row.value),
});

export const decodeJsonColumn = decode;

/**
 * The other way, for writes: the domain hands rows and patches over decoded, and the repository
 * writes the JSON text (a member left out of a patch stays as stored; null clears a nullable one).
 */
type Encoded<T, K extends PropertyKey> = { [P in keyof T]: P extends K ? string | Extract<T[P], null> : T[P] };

function encodeColumns<T extends object, K extends PropertyKey>(row: T, columns: readonly K[]): Encoded<T, K> {
  const out = { ...row } as Record<string, unknown>;
  for (const column of columns as readonly string[]) {
    const value = out[column];
    if (value !== undefined && value !== null) out[column] = JSON.stringify(value);
  }
  return out as Encoded<T, K>;
}

export const encodeEnvelope = <T extends Partial<EnvelopeRow>>(row: T) =>
  encodeColumns(row, ['meta', 'authOptions', 'formValues'] as const);
export const encodeItem = <T extends Partial<ItemRow>>(row: T) => encodeColumns(row, ['pages'] as const);
export const encodeRecipient = <T extends Partial<RecipientRow>>(row: T) =>
  encodeColumns(row, ['authOptions'] as const);
export const encodeField = <T extends Partial<FieldRow>>(row: T) => encodeColumns(row, ['fieldMeta', 'value'] as const);

/** What the domain may change of a row: any column but its identity, decoded. */
export type EnvelopePatch = Partial<Omit<EnvelopeRow, 'id' | 'version'>>;
export type ItemPatch = Partial<Omit<ItemRow, 'id'>>;
export type RecipientPatch = Partial<Omit<RecipientRow, 'id'>>;
export type FieldPatch = Partial<Omit<FieldRow, 'id'>>;
/** A field to insert: its drawn signature's column is the database's to fill, unless copied. */
export type NewFieldRow = Omit<FieldRow, 'id' | 'signatureSha256'> & { signatureSha256?: string | null };
