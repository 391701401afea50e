/**
 * The field types, and what each one is: everything else that depends on a field's type is derived
 * from this table, so a new type is one row here (then its renderer, validator and page widget, which
 * the compiler points at).
 */

/** Every field type, in the order the API documents them. */
export const FIELD_TYPES = [
  'SIGNATURE',
  'FREE_SIGNATURE',
  'INITIALS',
  'NAME',
  'EMAIL',
  'DATE',
  'TEXT',
  'NUMBER',
  'RADIO',
  'CHECKBOX',
  'DROPDOWN',
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

interface FieldTypeTraits {
  /**
   * The lower-case name: fieldMeta's `type`, a placeholder tag's type (`{{signature, r1}}`) and a
   * prefill's `type`. Null for FREE_SIGNATURE, which has no fieldMeta and no tag.
   */
  name: string | null;
  /** Proves that its recipient signed: a signer needs one, and one filled counts as signed. */
  signs: boolean;
  /** Filled with a drawn or typed signature, so only its own recipient fills it (never an assistant). */
  takesSignature: boolean;
  /** Its value is burned in as text, laid out by fieldMeta.overflow (a typed INITIALS is text too). */
  burnedInAsText: boolean;
  /** Burned in as a list of options, each with its mark. */
  marks: 'radio' | 'checkbox' | null;
  /** A template's `prefillFields` may give it a value. */
  prefillable: boolean;
}

/** Filled with a drawn or typed signature. */
const HAND_SIGNED = {
  signs: true,
  takesSignature: true,
  burnedInAsText: false,
  marks: null,
  prefillable: false,
} as const;
/** Filled from the recipient's own name or e-mail address. */
const FROM_RECIPIENT = {
  signs: false,
  takesSignature: false,
  burnedInAsText: true,
  marks: null,
  prefillable: false,
} as const;
/** A text value: typed, chosen from a list or filled with the date; a template may prefill it. */
const TEXT_VALUE = {
  signs: false,
  takesSignature: false,
  burnedInAsText: true,
  marks: null,
  prefillable: true,
} as const;
/** Options marked on the page and burned in as a marked list. */
const MARKED = { signs: false, takesSignature: false, burnedInAsText: false, prefillable: true } as const;

export const FIELD_TYPE_TRAITS = {
  SIGNATURE: { name: 'signature', ...HAND_SIGNED },
  FREE_SIGNATURE: { name: null, ...HAND_SIGNED },
  INITIALS: { name: 'initials', ...HAND_SIGNED, signs: false, burnedInAsText: true },
  NAME: { name: 'name', ...FROM_RECIPIENT },
  EMAIL: { name: 'email', ...FROM_RECIPIENT },
  DATE: { name: 'date', ...TEXT_VALUE },
  TEXT: { name: 'text', ...TEXT_VALUE },
  NUMBER: { name: 'number', ...TEXT_VALUE },
  RADIO: { name: 'radio', ...MARKED, marks: 'radio' },
  CHECKBOX: { name: 'checkbox', ...MARKED, marks: 'checkbox' },
  DROPDOWN: { name: 'dropdown', ...TEXT_VALUE },
} as const satisfies Record<FieldType, FieldTypeTraits>;

type Traits = typeof FIELD_TYPE_TRAITS;
/** The lower-case names (fieldMeta's `type`): every type's but FREE_SIGNATURE's. */
export type FieldTypeName = NonNullable<Traits[FieldType]['name']>;
/** The types that have a lower-case name. */
export type NamedFieldType = { [T in FieldType]: Traits[T]['name'] extends null ? never : T }[FieldType];
/** The types a template's `prefillFields` may fill, and their lower-case names. */
export type PrefillableFieldType = { [T in FieldType]: Traits[T]['prefillable'] extends true ? T : never }[FieldType];
export type PrefillableFieldTypeName = Traits[PrefillableFieldType]['name'];

/** The lower-case name of a type (fieldMeta's `type`); null for FREE_SIGNATURE. */
export function fieldTypeName<T extends FieldType>(type: T): Traits[T]['name'] {
  return FIELD_TYPE_TRAITS[type].name;
}

const isNamed = (type: FieldType): type is NamedFieldType => FIELD_TYPE_TRAITS[type].name !== null;
const NAMED_TYPES: readonly NamedFieldType[] = FIELD_TYPES.filter(isNamed);
const BY_NAME = new Map<string, NamedFieldType>(NAMED_TYPES.map((type) => [FIELD_TYPE_TRAITS[type].name, type]));

/** Every lower-case name, in the types' order. */
export const FIELD_TYPE_NAMES: readonly FieldTypeName[] = NAMED_TYPES.map((type) => FIELD_TYPE_TRAITS[type].name);

/** The type of a lower-case name (a placeholder tag's, a prefill's); undefined for an unknown name. */
export function fieldTypeNamed(name: string): NamedFieldType | undefined {
  return BY_NAME.get(name);
}

/** The name a template's prefill gives this type (the prefill's `type`); null for a type no prefill fills. */
export function prefillName(type: FieldType): PrefillableFieldTypeName | null {
  const traits = FIELD_TYPE_TRAITS[type];
  return traits.prefillable ? traits.name : null;
}

/** Whether a filled field of this type proves its recipient signed (SIGNATURE, FREE_SIGNATURE). */
export const provesSigning = (type: FieldType): boolean => FIELD_TYPE_TRAITS[type].signs;

/** Whether this type is filled with a drawn or typed signature (SIGNATURE, FREE_SIGNATURE, INITIALS). */
export const takesSignature = (type: FieldType): boolean => FIELD_TYPE_TRAITS[type].takesSignature;
