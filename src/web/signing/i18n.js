// The page's words: one module per language in i18n/ (each with the same keys as i18n/en.js, which
// a unit test checks), loaded when needed, so a page fetches only the language it shows.
import { LANGUAGE_NAMES } from './vocabulary.js';

/** Each language in its own words, for the language menu (the server's list, lib/vocabulary). */
export { LANGUAGE_NAMES };

/** Every language a document can have (the API's `meta.language`), each fully translated, in the menu's order. */
export const PAGE_LANGUAGES = Object.keys(LANGUAGE_NAMES);

/** The page language for a document language tag (the shell's `<html lang>`); English otherwise. */
export function pageLanguage(tag) {
  return PAGE_LANGUAGES.includes(tag) ? tag : 'en';
}

const loaded = new Map();

/** The messages of `lang`, fetched once (`/sign-assets/i18n/<lang>.js`). */
export async function loadMessages(lang) {
  const language = pageLanguage(lang);
  if (!loaded.has(language)) loaded.set(language, (await import(`./i18n/${language}.js`)).default);
  return loaded.get(language);
}

/** The messages of a language already loaded with `loadMessages` (the page loads its language first). */
export function messagesFor(lang) {
  return loaded.get(pageLanguage(lang)) ?? loaded.get('en') ?? [...loaded.values()][0];
}

/** The API's error codes for state conflicts map onto the page's state screens. */
export const CODE_TO_STATE = {
  RECIPIENT_OUT_OF_TURN: 'out_of_turn',
  RECIPIENT_EXPIRED: 'expired',
  RECIPIENT_ALREADY_SIGNED: 'signed',
  RECIPIENT_REJECTED: 'rejected',
  DOCUMENT_NOT_PENDING: null,
};
