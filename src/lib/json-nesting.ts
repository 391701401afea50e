/**
 * How deep a JSON document may nest. Firma's deepest legitimate body (a field's meta inside a
 * field inside a recipient inside an envelope) is under 10 levels; 64 leaves room for any client
 * wrapper while keeping every later walk (the NUL guard, schema validation, idempotency hashing,
 * logging) trivially bounded.
 */
export const MAX_JSON_DEPTH = 64;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;

/**
 * Whether JSON text opens more than `max` arrays/objects inside one another. One pass over the
 * characters, no allocation, no recursion, stopping at the first level past `max`: it runs before
 * JSON.parse, whose own cost on a 1 MB body 500,000 levels deep is most of a second. Brackets inside
 * strings (escaped quotes included) are text. Malformed text is not judged here: JSON.parse
 * refuses it next. Works on a string or on UTF-8 bytes alike, since every byte of a multi-byte
 * UTF-8 sequence is above 0x7f.
 */
export function jsonNestsDeeperThan(text: string | Uint8Array, max: number = MAX_JSON_DEPTH): boolean {
  const isString = typeof text === 'string';
  const length = text.length;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < length; i++) {
    const c = isString ? text.charCodeAt(i) : text[i]!;
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) inString = true;
    else if (c === OPEN_BRACKET || c === OPEN_BRACE) {
      if (++depth > max) return true;
    } else if (c === CLOSE_BRACKET || c === CLOSE_BRACE) depth--;
  }
  return false;
}

/**
 * The same bound for a value already parsed by someone else (a multipart part the upload plugin
 * read as JSON): iterative, each node visited once, stopping at the first level past `max`.
 */
export function valueNestsDeeperThan(value: unknown, max: number = MAX_JSON_DEPTH): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [current, depth] = stack.pop()!;
    if (current === null || typeof current !== 'object') continue;
    if (depth + 1 > max) return true;
    for (const item of Array.isArray(current) ? current : Object.values(current))
      if (item !== null && typeof item === 'object') stack.push([item, depth + 1]);
  }
  return false;
}
