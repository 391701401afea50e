import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import { en, type Dictionary, type WordKey } from './en.js';
import { LANGUAGE_NAMES, type Language } from '../../../lib/vocabulary/languages.js';

// The server's languages and their names (lib/vocabulary: no dependency, bundled as is), not a
// copy; in the order of the signing page's menu.
export { LANGUAGE_NAMES, type Language };
export const LANGUAGES = Object.keys(LANGUAGE_NAMES) as Language[];

export const isLanguage = (value: unknown): value is Language => LANGUAGES.includes(value as Language);

/** Each dictionary is its own chunk, fetched only when the page shows that language. */
const LOADERS: Record<Language, () => Promise<Dictionary>> = {
  en: () => Promise.resolve(en),
  de: () => import('./de.js').then((m) => m.de),
  es: () => import('./es.js').then((m) => m.es),
  fr: () => import('./fr.js').then((m) => m.fr),
  it: () => import('./it.js').then((m) => m.it),
  nl: () => import('./nl.js').then((m) => m.nl),
  pl: () => import('./pl.js').then((m) => m.pl),
  'pt-BR': () => import('./pt-BR.js').then((m) => m.ptBR),
  ja: () => import('./ja.js').then((m) => m.ja),
  ko: () => import('./ko.js').then((m) => m.ko),
  zh: () => import('./zh.js').then((m) => m.zh),
};

export const loadDictionary = (language: Language): Promise<Dictionary> => LOADERS[language]();

export type Translate = (key: WordKey, values?: Record<string, string | number>) => string;

/** A translate function over a dictionary: `{name}` placeholders filled from `values`. */
export function translator(words: Dictionary): Translate {
  return (key, values) =>
    words[key].replace(/\{(\w+)\}/g, (whole, name: string) =>
      values && name in values ? String(values[name]) : whole,
    );
}

/** The sentence for an API error code: a known one in words, anything else a general message. */
export function errorKey(code: string): WordKey {
  const key = `err_${code}`;
  return key in en ? (key as WordKey) : 'err_UNKNOWN';
}

export interface I18n {
  language: Language;
  t: Translate;
  setLanguage: (language: Language) => void;
}

export const I18nContext = createContext<I18n>({
  language: 'en',
  t: translator(en),
  setLanguage: () => undefined,
});

export const useI18n = (): I18n => useContext(I18nContext);
