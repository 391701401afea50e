import { FIELD_TYPE_NAMES, fieldTypeNamed, type FieldType } from '../../lib/vocabulary/field-types.js';
import { fieldMetaInputSchema, type FieldMetaType } from './field-meta.js';

/**
 * Documenso's PDF placeholder syntax, `{{TYPE, rN, option=value, …}}`, read into field
 * definitions. Every tag either becomes a field or is refused: an unknown type, recipient or
 * option, or a value its option cannot take, is a problem naming the page and the tag.
 * Firma adds `width=` and `height=` (the field's size: points, `180` or `180pt`, or percent of
 * the page, `30%`), which are geometry, not fieldMeta.
 */

type OptionKind = 'boolean' | 'number' | 'string';
/** The options Documenso's placeholders take (and `overflow`), by their canonical spelling. */
const OPTIONS: Record<string, OptionKind> = {
  required: 'boolean',
  readOnly: 'boolean',
  fontSize: 'number',
  textAlign: 'string',
  // Not one of Documenso's: the spec's fieldMeta.overflow (auto, horizontal, vertical, crop), so a tag can set it too.
  overflow: 'string',
  label: 'string',
  placeholder: 'string',
  text: 'string',
  characterLimit: 'number',
  value: 'string',
  minValue: 'number',
  maxValue: 'number',
  numberFormat: 'string',
};
/** Firma's own options: the field's size, instead of the tag's box grown to its type's minimum. */
const SIZE_OPTIONS = ['width', 'height'] as const;
type SizeOption = (typeof SIZE_OPTIONS)[number];
const OPTION_BY_LOWER = new Map<string, string>(
  [...Object.keys(OPTIONS), ...SIZE_OPTIONS].map((k) => [k.toLowerCase(), k]),
);

/** A length given in a tag: points, or percent of the page's width (for width) or height (for height). */
export interface TagLength {
  value: number;
  unit: 'pt' | '%';
}

/** The largest page side PDF allows (14 400 pt, 200 inches): no field can be larger. */
const MAX_POINTS = 14_400;

export interface ParsedTag {
  type: FieldType;
  /** 1-based recipient position (r1 is the first recipient created), or null for an anchor tag. */
  recipient: number | null;
  fieldMeta: Record<string, unknown>;
  /** The `width=`/`height=` options, when the tag gives either. */
  size?: Partial<Record<SizeOption, TagLength>>;
}

/** `180`, `180pt` or `30%`; null when the text is none of them or not a usable size. */
function parseLength(raw: string): TagLength | null {
  const m = /^(\d+(?:\.\d+)?|\.\d+)\s*(pt|%)?$/i.exec(raw);
  if (!m) return null;
  const value = Number(m[1]);
  const unit = m[2] === '%' ? '%' : 'pt';
  if (!(value > 0) || value > (unit === '%' ? 100 : MAX_POINTS)) return null;
  return { value, unit };
}

/**
 * Documenso's number formats hold commas (`numberFormat=123,456,789.00`), which also separate a
 * tag's options: a part without `=` right after `numberFormat=` is the rest of the format.
 */
function rejoinNumberFormat(parts: string[]): string[] {
  const out: string[] = [];
  for (const part of parts) {
    const previous = out.at(-1);
    if (previous !== undefined && !part.includes('=') && /^numberformat\s*=/i.test(previous))
      out[out.length - 1] = `${previous},${part}`;
    else out.push(part);
  }
  return out;
}

export type TagParse = { ok: true; tag: ParsedTag } | { ok: false; problem: string };

export function parsePlaceholderTag(text: string): TagParse {
  const inner = text.replace(/^\{\{/, '').replace(/\}\}$/, '');
  const parts = inner.split(',').map((p) => p.trim());
  const typeName = parts[0]!.toLowerCase();
  // A tag names its type as fieldMeta does: the lower-case name.
  const type = fieldTypeNamed(typeName);
  if (!type)
    return {
      ok: false,
      problem: `unknown field type "${parts[0]}" (one of ${FIELD_TYPE_NAMES.join(', ')})`,
    };
  let rest = rejoinNumberFormat(parts.slice(1));
  let recipient: number | null = null;
  const r = rest[0] !== undefined ? /^r(\d+)$/i.exec(rest[0]) : null;
  if (r) {
    recipient = Number(r[1]);
    if (!Number.isSafeInteger(recipient) || recipient < 1)
      return { ok: false, problem: `"${rest[0]}" is not a recipient: r1 is the first` };
    rest = rest.slice(1);
  }
  const meta: Record<string, unknown> = {};
  const size: Partial<Record<SizeOption, TagLength>> = {};
  for (const option of rest) {
    const eq = option.indexOf('=');
    if (eq <= 0) return { ok: false, problem: `"${option}" is neither a recipient (r1, r2, …) nor an option=value` };
    const key = OPTION_BY_LOWER.get(option.slice(0, eq).trim().toLowerCase());
    const raw = option.slice(eq + 1).trim();
    if (!key)
      return {
        ok: false,
        problem: `unknown option "${option.slice(0, eq).trim()}" (one of ${[...Object.keys(OPTIONS), ...SIZE_OPTIONS].join(', ')})`,
      };
    if (key in meta || key in size) return { ok: false, problem: `option "${key}" is given twice` };
    if (key === 'width' || key === 'height') {
      const length = parseLength(raw);
      if (!length)
        return {
          ok: false,
          problem: `option "${key}" must be a size in points (180 or 180pt, at most ${MAX_POINTS}) or in percent of the page (30%, at most 100%), greater than 0`,
        };
      size[key] = length;
      continue;
    }
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
  const tag: ParsedTag = { type, recipient, fieldMeta: parsed.data };
  if (size.width || size.height) tag.size = size;
  return { ok: true, tag };
}
