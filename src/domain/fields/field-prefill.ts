import { formatNumber, readNumber } from '../../lib/number-format.js';
import { isNumberFormat } from '../../lib/vocabulary/number-formats.js';
import type { FieldMeta } from './field-meta.js';
import type { StoredFieldValue } from './field-value.js';

export interface Prefill {
  stored: StoredFieldValue;
  /** As a signer's input would show it (a number in the field's format). */
  customText: string;
}

/**
 * The value the sender put in a field's fieldMeta (TEXT `text`, NUMBER `value`, the checked
 * RADIO/CHECKBOX options, DROPDOWN `defaultValue`), or null when none. It is the field's value
 * while the signer leaves the field alone: it satisfies a required field and is written as the
 * field's value when the recipient finishes, so every renderer burns it in like a typed one.
 */
export function fieldPrefill(meta: FieldMeta | null): Prefill | null {
  switch (meta?.type) {
    case 'text':
      return meta.text ? text(meta.text) : null;
    case 'number': {
      const format = isNumberFormat(meta.numberFormat) ? meta.numberFormat : null;
      const value = meta.value ? readNumber(meta.value, format) : null;
      return value === null ? null : { stored: { kind: 'text', text: value }, customText: formatNumber(value, format) };
    }
    case 'radio': {
      const checked = (meta.values ?? []).find((v) => v.checked);
      return checked ? text(checked.value) : null;
    }
    case 'checkbox': {
      const checked = (meta.values ?? []).filter((v) => v.checked).map((v) => v.value);
      return checked.length ? { stored: { kind: 'choices', values: checked }, customText: checked.join(', ') } : null;
    }
    case 'dropdown':
      return meta.defaultValue ? text(meta.defaultValue) : null;
    default:
      return null;
  }
}

function text(value: string): Prefill {
  return { stored: { kind: 'text', text: value }, customText: value };
}
