/** The forms of a counted word, by CLDR plural category; `other` is required, the rest as the language has them. */
export type PluralForms = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };

const rules = new Map<string, Intl.PluralRules>();

/** The form of `forms` that `n` takes in `locale` (Polish 2 → few, 5 → many; Japanese always other). */
export function plural(locale: string, n: number, forms: PluralForms): string {
  let rule = rules.get(locale);
  if (!rule) {
    rule = new Intl.PluralRules(locale);
    rules.set(locale, rule);
  }
  return forms[rule.select(n)] ?? forms.other;
}
