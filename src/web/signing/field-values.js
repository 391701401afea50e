// What a field holds before the signer touches it (the sender's prefill) and how a NUMBER field's
// value is read and written in its numberFormat. The same rules as the server's
// src/lib/number-format.ts and src/domain/fields/field-prefill.ts, over the served format table.
import { NUMBER_FORMATS } from './vocabulary.js';

const CANONICAL = /^-?\d+(\.\d+)?$/;
const escape = (mark) => mark.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The field's number format, or null (none, or one this page does not know). */
export function numberFormatOf(field) {
  const format = field.fieldMeta?.numberFormat;
  return format && Object.hasOwn(NUMBER_FORMATS, format) ? format : null;
}

/** The canonical number (`-1234.5`) the text stands for, or null: canonical first, then the format. */
export function readNumber(text, format) {
  const t = String(text).trim();
  if (CANONICAL.test(t)) return t;
  if (!format) return /^-?\d+,\d+$/.test(t) ? t.replace(',', '.') : null;
  const spec = NUMBER_FORMATS[format];
  const group = escape(spec.group);
  const decimal = escape(spec.decimal);
  const pattern =
    spec.grouping === 'thousands'
      ? new RegExp(`^(-?)(\\d{1,3}(?:${group}\\d{3})+|\\d+)(?:${decimal}(\\d+))?$`)
      : new RegExp(`^(-?)(\\d+(?:${group}\\d{3})?)(?:${decimal}(\\d+))?$`);
  const m = pattern.exec(t);
  if (!m) return null;
  return `${m[1]}${m[2].split(spec.group).join('')}${m[3] ? `.${m[3]}` : ''}`;
}

/** A canonical number written in the format (unchanged without one). */
export function formatNumber(canonical, format) {
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(String(canonical));
  if (!format || !m) return String(canonical);
  const spec = NUMBER_FORMATS[format];
  const digits = m[2];
  const grouped =
    spec.grouping === 'thousands'
      ? digits.replace(/\B(?=(\d{3})+(?!\d))/g, spec.group)
      : digits.length > 3
        ? `${digits.slice(0, -3)}${spec.group}${digits.slice(-3)}`
        : digits;
  return `${m[1]}${grouped}${m[3] ? `${spec.decimal}${m[3]}` : ''}`;
}

/**
 * The sender's prefill of a field still empty: `{text}` to show, and `values` for checkboxes; null
 * when none. It counts as the field's value: Firma writes it in when the recipient finishes.
 */
export function prefillOf(field) {
  if (field.inserted) return null;
  const meta = field.fieldMeta || {};
  switch (field.type) {
    case 'TEXT':
      return meta.text ? { text: meta.text } : null;
    case 'NUMBER': {
      const format = numberFormatOf(field);
      const value = meta.value ? readNumber(meta.value, format) : null;
      return value === null ? null : { text: formatNumber(value, format) };
    }
    case 'RADIO': {
      const checked = (meta.values || []).find((v) => v.checked);
      return checked ? { text: checked.value } : null;
    }
    case 'CHECKBOX': {
      const values = (meta.values || []).filter((v) => v.checked).map((v) => v.value);
      return values.length ? { text: values.join(', '), values } : null;
    }
    case 'DROPDOWN':
      return meta.defaultValue ? { text: meta.defaultValue } : null;
    default:
      return null;
  }
}
