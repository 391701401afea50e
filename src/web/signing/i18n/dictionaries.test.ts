import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { browserVocabularyModule } from '../../../lib/vocabulary/browser-module.js';
import { LANGUAGES } from '../../../lib/vocabulary/languages.js';

// The page's dictionaries are plain browser modules: loaded by path, so they carry no types here.
const DIR = dirname(fileURLToPath(import.meta.url));
type Dictionary = Record<string, unknown>;
const load = async (file: string): Promise<Dictionary> =>
  ((await import(pathToFileURL(join(DIR, file)).href)) as { default: Dictionary }).default;

/** Functions called with counts; every other function is given text (a name, a title, a date). */
const COUNTED = new Set([
  'fieldsLeft',
  'page',
  'direct.pages',
  'fieldList.open',
  'fieldList.pageNumber',
  'fieldList.noSuchPage',
]);
const COUNTS = [0, 1, 2, 3, 5, 11, 22, 25];
/** Words that are the same in English and another language (an acronym, a loan word). */
const SAME_AS_ENGLISH_MAX = 0.15;

function leaves(value: unknown, path: string, out: Map<string, unknown>): Map<string, unknown> {
  if (value && typeof value === 'object' && !Array.isArray(value))
    for (const [k, v] of Object.entries(value)) leaves(v, path ? `${path}.${k}` : k, out);
  else out.set(path, value);
  return out;
}

function samples(path: string, fn: (...args: unknown[]) => unknown): string[] {
  if (COUNTED.has(path)) return COUNTS.map((n) => String(fn(...Array<number>(fn.length).fill(n))));
  return [String(fn(...Array<string>(fn.length).fill('Ana'))), ...(fn.length === 1 ? [String(fn(null))] : [])];
}

// This test's own compiled .js lies here too when scripts/run-tests.mjs runs the tests compiled.
const files = readdirSync(DIR).filter((f) => f.endsWith('.js') && !f.includes('.test.'));
const english = leaves(await load('en.js'), '', new Map());

test('there is one page dictionary per document language, and the page takes its languages from the server', async () => {
  assert.deepEqual(files.map((f) => f.replace(/\.js$/, '')).sort(), [...LANGUAGES].sort());
  // The page's scripts import the served vocabulary.js, written from lib/vocabulary: no list of their own.
  const served = (await import(`data:text/javascript,${encodeURIComponent(browserVocabularyModule())}`)) as {
    LANGUAGES: string[];
    LANGUAGE_NAMES: Record<string, string>;
  };
  assert.deepEqual(served.LANGUAGES, [...LANGUAGES]);
  assert.deepEqual(Object.keys(served.LANGUAGE_NAMES).sort(), [...LANGUAGES].sort());
  const i18n = readFileSync(join(DIR, '..', 'i18n.js'), 'utf8');
  assert.match(i18n, /import \{ LANGUAGE_NAMES \} from '\.\/vocabulary\.js';/);
});

for (const file of files) {
  test(`page dictionary ${file}: every key of English, same kinds, placeholders filled, really translated`, async () => {
    const dictionary = leaves(await load(file), '', new Map());
    assert.deepEqual([...dictionary.keys()].sort(), [...english.keys()].sort(), 'same keys as en.js');
    let same = 0;
    let strings = 0;
    for (const [path, reference] of english) {
      const value = dictionary.get(path);
      if (Array.isArray(reference)) {
        assert.ok(Array.isArray(value) && value.length === reference.length, `${path}: an array like English's`);
        for (const [i, item] of (value as unknown[]).entries()) {
          assert.equal(typeof item, 'string', `${path}[${i}]`);
          assert.ok((item as string).trim(), `${path}[${i}] is empty`);
          strings += 1;
          if (item === reference[i]) same += 1;
        }
        continue;
      }
      assert.equal(typeof value, typeof reference, `${path}: ${typeof reference} in English`);
      if (typeof reference === 'function') {
        const fn = value as (...args: unknown[]) => unknown;
        assert.equal(fn.length, (reference as () => unknown).length, `${path} takes the same arguments`);
        for (const out of samples(path, fn)) {
          assert.ok(out.trim() && !/undefined|NaN|\[object|\$\{/.test(out), `${path} gave "${out}"`);
        }
        continue;
      }
      assert.ok((value as string).trim(), `${path} is empty`);
      strings += 1;
      if (value === reference) same += 1;
    }
    if (file !== 'en.js')
      assert.ok(same / strings <= SAME_AS_ENGLISH_MAX, `${same} of ${strings} strings are still English`);
  });
}

test('counted phrases follow the language’s plural rules (Polish few/many)', async () => {
  const pl = (await load('pl.js')) as { fieldsLeft: (n: number) => string; direct: { pages: (n: number) => string } };
  assert.equal(pl.fieldsLeft(1), 'Pozostało 1 pole obowiązkowe');
  assert.equal(pl.fieldsLeft(3), 'Pozostały 3 pola obowiązkowe');
  assert.equal(pl.fieldsLeft(5), 'Pozostało 5 pól obowiązkowych');
  assert.equal(pl.fieldsLeft(22), 'Pozostały 22 pola obowiązkowe');
  assert.equal(pl.direct.pages(12), '12 stron');
  const fr = (await load('fr.js')) as { fieldsLeft: (n: number) => string };
  assert.equal(fr.fieldsLeft(0), '0 champ obligatoire restant', 'French counts zero as singular');
});
