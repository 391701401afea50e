import assert from 'node:assert/strict';
import { test } from 'node:test';
import { decodeStoredMeta } from '../../lib/stored/envelope-meta.js';
import { chosenLanguage, DEFAULT_META, mergeMeta } from './envelope-meta.js';

test("the sender's language choice is remembered, so the signing page can follow the browser otherwise", () => {
  assert.equal(chosenLanguage(mergeMeta(DEFAULT_META, {})), null, 'not chosen: the browser decides');
  assert.equal(chosenLanguage(mergeMeta(DEFAULT_META, { language: 'en' })), 'en', 'English chosen stays English');
  const spanish = mergeMeta(DEFAULT_META, { language: 'es' });
  assert.equal(chosenLanguage(decodeStoredMeta(JSON.stringify(spanish))), 'es', 'and survives storage');
  assert.equal(chosenLanguage(mergeMeta(spanish, { subject: 'x' })), 'es', 'a later edit keeps it');
});

test('meta stored before the marker existed: a language other than the default counts as chosen', () => {
  const { languageChosen: _, ...old } = DEFAULT_META;
  assert.equal(chosenLanguage(decodeStoredMeta(JSON.stringify(old))), null);
  assert.equal(chosenLanguage(decodeStoredMeta(JSON.stringify({ ...old, language: 'es' }))), 'es');
});
