import { FIELD_TYPE_TRAITS, FIELD_TYPES } from './field-types.js';
import { LANGUAGE_NAMES, LANGUAGES } from './languages.js';
import { NUMBER_FORMATS } from './number-formats.js';

/**
 * The vocabulary as a browser module (the signing page's `vocabulary.js`), written from the same
 * lists the server uses, so the page's scripts have no copy of their own to fall out of step.
 */
export function browserVocabularyModule(): string {
  const exports = { FIELD_TYPES, FIELD_TYPE_TRAITS, LANGUAGES, LANGUAGE_NAMES, NUMBER_FORMATS };
  return [
    '// Written by the server from src/lib/vocabulary (browser-module.ts): change the lists there.',
    ...Object.entries(exports).map(([name, value]) => `export const ${name} = ${JSON.stringify(value)};`),
    '',
  ].join('\n');
}
