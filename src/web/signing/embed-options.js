// The options Documenso's embed components put in the frame's address fragment: `#` + base64 of
// the URI-encoded JSON. Read as Documenso's embed pages read them (their Zod schemas, `parse`):
// a value of the wrong kind anywhere (a malformed e-mail, a number for a name, a bad radius)
// discards every option, silently; keys the page does not know are dropped (the components spread
// `additionalProps` into the same object); an unknown `language` becomes English.

/** The `cssVars` keys Documenso's embed pages take (its `envelopeEditorBackground` is the editor's). */
export const CSS_VAR_KEYS = [
  'background',
  'foreground',
  'muted',
  'mutedForeground',
  'popover',
  'popoverForeground',
  'card',
  'cardBorder',
  'cardBorderTint',
  'cardForeground',
  'fieldCard',
  'fieldCardBorder',
  'fieldCardForeground',
  'widget',
  'widgetForeground',
  'border',
  'input',
  'primary',
  'primaryForeground',
  'secondary',
  'secondaryForeground',
  'accent',
  'accentForeground',
  'destructive',
  'destructiveForeground',
  'ring',
  'radius',
  'warning',
  'envelopeEditorBackground',
];

const RADIUS = /^(0|\d+(\.\d+)?(rem|px|em|%|pt|))$/;
// Zod 3's e-mail check, which Documenso's schemas use.
const EMAIL = /^(?!\.)(?!.*\.\.)([A-Z0-9_'+\-.]*)[A-Z0-9_+-]@([A-Z0-9][A-Z0-9-]*\.)+[A-Z]{2,}$/i;

/** Thrown for a value of the wrong kind; caught once, where every option is discarded. */
class Invalid extends Error {}

const isObject = (v) => typeof v === 'object' && v !== null && !Array.isArray(v);
const optional = (v, check) => {
  if (v === undefined) return undefined;
  if (!check(v)) throw new Invalid();
  return v;
};
const bool = (v) => optional(v, (x) => typeof x === 'boolean');
const text = (v) => optional(v, (x) => typeof x === 'string');

function cssVars(v) {
  if (v === undefined) return {};
  if (!isObject(v)) throw new Invalid();
  const out = {};
  for (const key of CSS_VAR_KEYS) {
    const value = text(v[key]);
    if (value === undefined) continue;
    if (key === 'radius' && !RADIUS.test(value)) throw new Invalid();
    out[key] = value;
  }
  return out;
}

/**
 * The options of a page kind (`sign`: one document or several; `direct`: a template's direct
 * link) from the fragment without its `#`; null when there are none or they were discarded.
 * `languages`: those Documenso's embed pages take, which are Firma's eleven (the page's list).
 */
export function readEmbedOptions(fragment, kind, languages) {
  let data;
  try {
    data = JSON.parse(decodeURIComponent(globalThis.atob(fragment)));
  } catch {
    return null;
  }
  try {
    if (!isObject(data)) throw new Invalid();
    const email = optional(data.email, (x) => typeof x === 'string' && (x === '' || EMAIL.test(x)));
    const options = {
      darkModeDisabled: bool(data.darkModeDisabled) ?? false,
      css: text(data.css) || undefined,
      cssVars: cssVars(data.cssVars),
      // Any other value, even not a string, is English (Documenso's `.catch('en')`).
      language: data.language === undefined ? undefined : (languages.find((l) => l === data.language) ?? 'en'),
      name: text(data.name) || undefined,
      lockName: bool(data.lockName) ?? false,
      email: email || undefined,
      lockEmail: bool(data.lockEmail) ?? false,
    };
    if (kind === 'direct') return options;
    return {
      ...options,
      allowDocumentRejection: bool(data.allowDocumentRejection),
      showOtherRecipientsCompletedFields: bool(data.showOtherRecipientsCompletedFields),
    };
  } catch (error) {
    if (error instanceof Invalid) return null;
    throw error;
  }
}
