import { z } from 'zod';
import type { FieldRow } from '../../db/repositories/envelope.repo.js';
import { fieldTypeNamed } from '../../lib/vocabulary/field-types.js';
import { AppError } from '../../errors.js';
import { formatDate } from '../../lib/format-date.js';
import { defaultFieldMeta, type FieldMeta } from '../fields/field-meta.js';
import type { StoredFieldValue } from '../fields/field-value.js';
import { validateFieldValue } from '../fields/validate-field-value.js';
import type { EnvelopeMeta } from '../model/envelope-meta.js';
import type { IssueCollector } from '../envelopes/validation-issues.js';
import { ZRecordId } from '../../lib/record-id.js';

type Path = (string | number)[];

const id = ZRecordId;
const label = z.string().max(255).optional();
const placeholder = z.string().max(255).optional();

/** Documenso's `ZFieldMetaPrefillFieldsSchema`: a value (and label/placeholder) for one template field, by id. */
export const ZPrefillField = z.discriminatedUnion('type', [
  z.object({ type: z.literal('text'), id, label, placeholder, value: z.string().max(10_000).optional() }),
  z.object({ type: z.literal('number'), id, label, placeholder, value: z.string().max(64).optional() }),
  z.object({ type: z.literal('radio'), id, label, value: z.string().max(255).optional() }),
  z.object({
    type: z.literal('checkbox'),
    id,
    label,
    value: z.array(z.string().max(255)).max(100).optional(),
  }),
  z.object({ type: z.literal('dropdown'), id, label, value: z.string().max(255).optional() }),
  z.object({
    type: z.literal('date'),
    id,
    value: z.string().max(64).optional().describe('A date (ISO 8601); shown in the document’s date format'),
  }),
]);
export type PrefillField = z.output<typeof ZPrefillField>;

/** What a prefill changes on the copied field: its meta, and, when a value was given, the value. */
export interface PrefillPatch {
  fieldMeta: FieldMeta | null;
  filled?: { value: StoredFieldValue; customText: string };
}

/**
 * Checks every prefill against the template's fields (known id, once, the field's type, a value
 * the field accepts: the same rules as a signer's input) and returns the patch per template field
 * id. A filled field becomes read-only, so the signer sees it and cannot change it. Problems are
 * collected, each naming its entry.
 */
export function planPrefills(
  prefills: PrefillField[],
  fields: FieldRow[],
  meta: EnvelopeMeta,
  base: Path,
  issues: IssueCollector,
): Map<number, PrefillPatch> {
  const patches = new Map<number, PrefillPatch>();
  for (const [index, prefill] of prefills.entries()) {
    const path = [...base, 'prefillFields', index];
    const field = fields.find((f) => f.id === prefill.id);
    if (!field || patches.has(prefill.id)) {
      issues.add(
        'PREFILL_FIELD_NOT_FOUND',
        [...path, 'id'],
        field ? `field ${prefill.id} is prefilled twice` : `field ${prefill.id} is not a field of this template`,
      );
      continue;
    }
    // A prefill names its field's type as fieldMeta does: the lower-case name.
    const prefilled = fieldTypeNamed(prefill.type);
    if (prefilled !== field.type) {
      issues.add(
        'PREFILL_FIELD_TYPE_MISMATCH',
        [...path, 'type'],
        `field ${prefill.id} is a ${field.type} field; "${prefill.type}" prefills ${prefilled} fields`,
      );
      continue;
    }
    try {
      patches.set(prefill.id, prefillPatch(field, prefill, meta));
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== 'INVALID_FIELD_VALUE') throw error;
      issues.add('INVALID_FIELD_VALUE', [...path, 'value'], `field ${prefill.id}: ${error.message}`);
    }
  }
  return patches;
}

function prefillPatch(field: FieldRow, prefill: PrefillField, meta: EnvelopeMeta): PrefillPatch {
  const current: FieldMeta | null = field.fieldMeta ?? defaultFieldMeta(field.type);
  const next = { ...current } as Record<string, unknown>;
  if ('label' in prefill && prefill.label !== undefined) next.label = prefill.label;
  if ('placeholder' in prefill && prefill.placeholder !== undefined) next.placeholder = prefill.placeholder;
  if (prefill.value === undefined) return { fieldMeta: current ? (next as FieldMeta) : null };
  const filled = prefill.type === 'date' ? dateValue(prefill.value, meta) : validatedValue(field, current, prefill);
  next.readOnly = true;
  return { fieldMeta: next as FieldMeta, filled };
}

function validatedValue(field: FieldRow, meta: FieldMeta | null, prefill: PrefillField) {
  const body = Array.isArray(prefill.value) ? { values: prefill.value } : { value: prefill.value ?? '' };
  // The fill context matters only to server-filled and signature fields, which prefills never reach.
  const validated = validateFieldValue(field.type, meta, body, {
    recipient: { name: '', email: '' },
    now: new Date(0),
    timezone: 'Etc/UTC',
    dateFormat: 'yyyy-MM-dd',
    language: 'en',
    typedSignatureEnabled: false,
    drawSignatureEnabled: false,
    uploadSignatureEnabled: false,
  });
  return { value: validated.stored, customText: validated.customText };
}

/** A prefilled DATE is shown, on the page and in the PDF, in the document's own format and zone. */
function dateValue(value: string, meta: EnvelopeMeta) {
  const date = /^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(value.trim())
    ? new Date(value.trim())
    : null;
  if (!date || Number.isNaN(date.getTime()))
    throw new AppError('INVALID_FIELD_VALUE', 'must be an ISO 8601 date, such as 2026-11-26 or 2026-11-26T10:00:00Z');
  // A calendar date (no time) is that day wherever the document's zone is: read and shown in UTC.
  const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(value.trim());
  const text = formatDate(date, meta.dateFormat, dateOnly ? 'Etc/UTC' : meta.timezone, meta.language);
  return { value: { kind: 'text' as const, text }, customText: text };
}
