import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { FIELD_TYPE_NAMES, FIELD_TYPES } from '../../src/lib/vocabulary/field-types.js';
import { LANGUAGE_NAMES, LANGUAGES } from '../../src/lib/vocabulary/languages.js';
import { compiledCopy } from './import-graph.js';

/**
 * The vocabulary (field types, their lower-case names, languages) is written once, in
 * src/lib/vocabulary: everything else, server and signing page, derives from it. This scans the
 * production sources (TypeScript, the web app's TSX and the page's JavaScript) for a second copy:
 * a list of field types or of languages, the languages' own names, a map between a type and its lower-case name, or a type test spelled as
 * a chain of types ("is a signature"). Per-type behaviour (a `case 'TEXT':` in a renderer,
 * validator or widget) is not a list and is allowed.
 */
const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '../../src');
const VOCABULARY = join(SRC, 'lib', 'vocabulary');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return path === VOCABULARY ? [] : sources(path);
    return /\.(ts|tsx|js)$/.test(name) && !/\.test\.[jt]s$/.test(name) && !compiledCopy(path) ? [path] : [];
  });
}

const quoted = (words: readonly string[]) => `['"](?:${words.map((w) => w.replace(/[-]/g, '\\$&')).join('|')})['"]`;
const TYPE = quoted(FIELD_TYPES);
const NAME = quoted(FIELD_TYPE_NAMES);
const LANGUAGE = quoted(LANGUAGES);
const LANGUAGE_NAME = quoted(Object.values(LANGUAGE_NAMES));

/** What a second copy looks like; each pattern is matched against a whole file. */
const COPIES: { what: string; pattern: RegExp }[] = [
  // 'SIGNATURE', 'INITIALS', 'NAME' or 'SIGNATURE' | 'INITIALS' | 'NAME': an array, a Set, a union.
  { what: 'a list of field types', pattern: new RegExp(`${TYPE}(?:\\s*[,|]\\s*${TYPE}){2,}`, 'g') },
  // f.type === 'SIGNATURE' || f.type === 'FREE_SIGNATURE'
  {
    what: 'a chain of field types',
    pattern: new RegExp(`===?\\s*${TYPE}\\s*(?:\\|\\||&&)[^;\\n]*?===?\\s*${TYPE}`, 'g'),
  },
  // SIGNATURE: 'signature' (type → name) or signature: 'SIGNATURE' (name → type)
  { what: 'a field type mapped to its name', pattern: new RegExp(`\\b[A-Z_]+\\s*:\\s*${NAME}`, 'g') },
  {
    what: 'a name mapped to its field type',
    pattern: new RegExp(`\\b(?:${FIELD_TYPE_NAMES.join('|')})\\s*:\\s*${TYPE}`, 'g'),
  },
  // 'de', 'en', 'fr'
  { what: 'a list of languages', pattern: new RegExp(`${LANGUAGE}(?:\\s*,\\s*${LANGUAGE}){2,}`, 'g') },
  // de: 'Deutsch', en: 'English', es: 'Español' (a language menu's words)
  { what: "the languages' names", pattern: new RegExp(`${LANGUAGE_NAME}(?:[^;]{0,80}?${LANGUAGE_NAME}){2,}`, 'g') },
];

/**
 * Known look-alikes that are not the vocabulary: the evidence's words for each field type
 * (`CHECKBOX: 'checkbox'` is the English word, translated in every other language), and the
 * renderer's own form-field kinds, which are PDF AcroForm kinds, not field types.
 */
const ALLOWED: { file: string; what: string }[] = [
  { file: 'infra/pdf/evidence/i18n/en.ts', what: 'a field type mapped to its name' },
  { file: 'infra/pdf/evidence/i18n/fr.ts', what: 'a field type mapped to its name' },
];

function copiesIn(file: string): { file: string; what: string; text: string }[] {
  const text = readFileSync(file, 'utf8');
  const rel = relative(SRC, file);
  return COPIES.flatMap(({ what, pattern }) =>
    [...text.matchAll(pattern)].map((m) => ({ file: rel, what, text: m[0] })),
  );
}

test('field types, their names and the languages are written only in src/lib/vocabulary', () => {
  const found = sources(SRC).flatMap(copiesIn);
  const allowed = (c: { file: string; what: string }) => ALLOWED.some((a) => a.file === c.file && a.what === c.what);
  assert.deepEqual(
    found.filter((c) => !allowed(c)),
    [],
    'derive these from src/lib/vocabulary instead',
  );
  // An allowance that no longer matches anything is removed, so the list stays short and true.
  for (const a of ALLOWED)
    assert.ok(
      found.some((c) => c.file === a.file && c.what === a.what),
      `stale: ${a.file}`,
    );
});

test('the scan finds the copies it is meant to find', () => {
  // A guard that finds nothing proves nothing: each pattern must catch its own example.
  const examples: Record<string, string> = {
    'a list of field types': "const SIGNING = new Set(['SIGNATURE', 'FREE_SIGNATURE', 'INITIALS']);",
    'a chain of field types': "const signs = f.type === 'SIGNATURE' || f.type === 'FREE_SIGNATURE';",
    'a field type mapped to its name': "const META = { RADIO: 'radio' };",
    'a name mapped to its field type': "const TAGS = { signature: 'SIGNATURE' };",
    'a list of languages': "export const PAGE_LANGUAGES = ['de', 'en', 'es', 'fr'];",
    "the languages' names": "const NAMES = { de: 'Deutsch', en: 'English', es: 'Español' };",
  };
  for (const { what, pattern } of COPIES) {
    const example = examples[what];
    assert.ok(example, what);
    assert.ok([...example.matchAll(pattern)].length > 0, `${what} is not caught in: ${example}`);
  }
  assert.equal([..."case 'TEXT':\n      case 'NUMBER':".matchAll(COPIES[0]!.pattern)].length, 0, 'a switch is no list');
});
