/**
 * The languages a document can have (the API's `meta.language`), in the order the API documents
 * them. Every one is fully translated: mails, the signing page, the evidence.
 */
export const LANGUAGES = ['de', 'en', 'fr', 'es', 'it', 'nl', 'pl', 'pt-BR', 'ja', 'ko', 'zh'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Each language in its own words, in the order the signing page's language menu lists them. */
export const LANGUAGE_NAMES = {
  de: 'Deutsch',
  en: 'English',
  es: 'Español',
  fr: 'Français',
  it: 'Italiano',
  nl: 'Nederlands',
  pl: 'Polski',
  'pt-BR': 'Português (Brasil)',
  ja: '日本語',
  ko: '한국어',
  zh: '中文（简体）',
} as const satisfies Record<Language, string>;
