import type { FieldType } from '../../db/schema.js';
import { fieldMetaInputSchema, type FieldMetaType } from './field-meta.js';

/**
 * Documenso's PDF placeholder syntax, `{{TYPE, rN, option=value, …}}`, read into field
 * definitions. Every tag either becomes a field or is refused: an unknown type, recipient or
 * option, or a value its option cannot take, is a problem naming the page and the tag.
 */

const TYPES: Record<string, FieldType> = {
  signature: 'SIGNATURE',
  initials: 'INITIALS',
  name: 'NAME',
  email: 'EMAIL',
  date: 'DATE',
  text: 'TEXT',
  number: 'NUMBER',
  radio: 'RADIO',
  checkbox: 'CHECKBOX',
  dropdown: 'DROPDOWN',
};

type OptionKind = 'boolean' | 'number' | 'string';
/** The options Documenso's placeholders take, by their canonical spelling. */
const OPTIONS: Record<string, OptionKind> = {
  required: 'boolean',
  readOnly: 'boolean',
  fontSize: 'number',
  textAlign: 'string',
  label: 'string',
  placeholder: 'string',
  text: 'string',
  characterLimit: 'number',
  value: 'string',
  minValue: 'number',
  maxValue: 'number',
  numberFormat: 'string',
};
const OPTION_BY_LOWER = new Map(Object.keys(OPTIONS).map((k) => [k.toLowerCase(), k]));

export interface ParsedTag {
  type: FieldType;
  /** 1-based recipient position (r1 is the first recipient created), or null for an anchor tag. */
  recipient: number | null;
  fieldMeta: Record<string, unknown>;
}

export type TagParse = { ok: true; tag: ParsedTag } | { ok: false; problem: string };

export function parsePlaceholderTag(text: string): TagParse {
  const inner = text.replace(/^\{\{/, '').replace(/\}\}$/, '');
  const parts = inner.split(',').map((p) => p.trim());
  const typeName = parts[0]!.toLowerCase();
  const type = TYPES[typeName];
  if (!type)
    return {
      ok: false,
      problem: `unknown field type "${parts[0]}" (one of ${Object.keys(TYPES).join(', ')})`,
    };
  let rest = parts.slice(1);
  let recipient: number | null = null;
  const r = rest[0] !== undefined ? /^r(\d+)$/i.exec(rest[0]) : null;
  if (r) {
    recipient = Number(r[1]);
    if (!Number.isSafeInteger(recipient) || recipient < 1)
      return { ok: false, problem: `"${rest[0]}" is not a recipient: r1 is the first` };
    rest = rest.slice(1);
  }
  const meta: Record<string, unknown> = {};
  for (const option of rest) {
    const eq = option.indexOf('=');
    if (eq <= 0) return { ok: false, problem: `"${option}" is neither a recipient (r1, r2, …) nor an option=value` };
    const key = OPTION_BY_LOWER.get(option.slice(0, eq).trim().toLowerCase());
    const raw = option.slice(eq + 1).trim();
    if (!key)
      return {
        ok: false,
        problem: `unknown option "${option.slice(0, eq).trim()}" (one of ${Object.keys(OPTIONS).join(', ')})`,
      };
    if (key in meta) return { ok: false, problem: `option "${key}" is given twice` };
    const kind = OPTIONS[key]!;
    if (kind === 'boolean') {
      if (!/^(true|false)$/i.test(raw)) return { ok: false, problem: `option "${key}" must be true or false` };
      meta[key] = raw.toLowerCase() === 'true';
    } else if (kind === 'number') {
      const value = Number(raw);
      if (raw === '' || !Number.isFinite(value)) return { ok: false, problem: `option "${key}" must be a number` };
      meta[key] = value;
    } else meta[key] = raw;
  }
  const metaType = typeName as FieldMetaType;
  const parsed = fieldMetaInputSchema(metaType).safeParse({ ...meta, type: metaType });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return { ok: false, problem: `option "${issue.path.join('.')}" ${issue.message.toLowerCase()}` };
  }
  // An option the type does not have would be dropped by the schema: refuse it instead.
  const dropped = Object.keys(meta).filter((k) => !(k in parsed.data));
  if (dropped.length > 0) return { ok: false, problem: `option "${dropped[0]}" does not apply to a ${typeName} field` };
  // The parsed form carries the defaults (fontSize…) a stored fieldMeta must have.
  return { ok: true, tag: { type, recipient, fieldMeta: parsed.data } };
}
