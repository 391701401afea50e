import assert from 'node:assert/strict';
import { test } from 'node:test';
import { LANGUAGES } from '../../src/lib/vocabulary/languages.js';
import { de } from '../../src/web/app/i18n/de.js';
import { en } from '../../src/web/app/i18n/en.js';
import { es } from '../../src/web/app/i18n/es.js';
import { fr } from '../../src/web/app/i18n/fr.js';
import { it } from '../../src/web/app/i18n/it.js';
import { ja } from '../../src/web/app/i18n/ja.js';
import { ko } from '../../src/web/app/i18n/ko.js';
import { nl } from '../../src/web/app/i18n/nl.js';
import { pl } from '../../src/web/app/i18n/pl.js';
import { ptBR } from '../../src/web/app/i18n/pt-BR.js';
import { zh } from '../../src/web/app/i18n/zh.js';
import { ERROR_STATUS } from '../../src/errors.js';

const DICTIONARIES: Record<string, Record<string, unknown>> = {
  en,
  de,
  es,
  fr,
  it,
  ja,
  ko,
  nl,
  pl,
  'pt-BR': ptBR,
  zh,
};

test('the web app has a dictionary for every language, each with every key of English and no other', () => {
  assert.deepEqual(Object.keys(DICTIONARIES).sort(), [...LANGUAGES].sort());
  const keys = Object.keys(en).sort();
  for (const [lang, words] of Object.entries(DICTIONARIES)) assert.deepEqual(Object.keys(words).sort(), keys, lang);
});

test('no word is empty, "undefined" or "null", and each keeps English’s {placeholders}', () => {
  const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
  for (const [lang, words] of Object.entries(DICTIONARIES))
    for (const [key, value] of Object.entries(words)) {
      assert.equal(typeof value, 'string', `${lang}.${key}`);
      const text = String(value).trim();
      assert.ok(text.length > 0, `${lang}.${key} is empty`);
      assert.ok(!/\b(undefined|null)\b/.test(text), `${lang}.${key}: ${text}`);
      assert.deepEqual(placeholders(text), placeholders(en[key as keyof typeof en]), `${lang}.${key}`);
    }
});

test('every error code the app names in words is one the server answers', () => {
  const named = Object.keys(en)
    .filter((k) => k.startsWith('err_'))
    .map((k) => k.slice(4));
  for (const code of named)
    assert.ok(
      // The app's own: no answer at all, an unknown one, and the browser refusing a passkey
      // ceremony (src/web/app/passkey.ts).
      code in ERROR_STATUS || ['NETWORK_ERROR', 'UNKNOWN', 'PASSKEY_CANCELLED'].includes(code),
      `${code} is not a server error code`,
    );
});
