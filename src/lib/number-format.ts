import { NUMBER_FORMATS, type NumberFormat } from './vocabulary/number-formats.js';

/**
 * Reading and writing NUMBER field values. A value is kept canonical (`-1234.5`: optional minus,
 * digits, optional point and digits) and shown in the field's `numberFormat`. The signing page has
 * the same two functions in src/web/signing/number-format.js, over the same table.
 */
const CANONICAL = /^-?\d+(\.\d+)?$/;

const escape = (mark: string) => mark.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The canonical form of `text`, or null when it is not a number. A canonical number is read as
 * such first (an API client sends those), then the field's format; without a format a decimal
 * comma (`12,5`) is accepted too, as before formats existed.
 */
export function readNumber(text: string, format: NumberFormat | null | undefined): string | null {
  const t = text.trim();
  if (CANONICAL.test(t)) return t;
  if (!format) return /^-?\d+,\d+$/.test(t) ? t.replace(',', '.') : null;
  const spec = NUMBER_FORMATS[format];
  const [group, decimal] = [escape(spec.group), escape(spec.decimal)];
  const pattern =
    spec.grouping === 'thousands'
      ? new RegExp(`^(-?)(\\d{1,3}(?:${group}\\d{3})+|\\d+)(?:${decimal}(\\d+))?$`)
      : new RegExp(`^(-?)(\\d+(?:${group}\\d{3})?)(?:${decimal}(\\d+))?$`);
  const m = pattern.exec(t);
  if (!m) return null;
  const digits = m[2]!.split(spec.group).join('');
  return `${m[1]}${digits}${m[3] ? `.${m[3]}` : ''}`;
}

/** A canonical number written in `format` (unchanged without one). */
export function formatNumber(canonical: string, format: NumberFormat | null | undefined): string {
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(canonical);
  if (!format || !m) return canonical;
  const spec = NUMBER_FORMATS[format];
  const digits = m[2]!;
  const grouped =
    spec.grouping === 'thousands'
      ? digits.replace(/\B(?=(\d{3})+(?!\d))/g, spec.group)
      : digits.length > 3
        ? `${digits.slice(0, -3)}${spec.group}${digits.slice(-3)}`
        : digits;
  return `${m[1]}${grouped}${m[3] ? `${spec.decimal}${m[3]}` : ''}`;
}
