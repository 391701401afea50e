import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

/**
 * Issue 33, item 5: all Spanish text a person reads (the signing page and its dialogs, the mails,
 * the certificate and evidence, the consent statement, the errors the page shows) speaks in one
 * register, the formal "usted" (neutral across Spanish-speaking countries, usual for legal
 * documents). This scans the source of every Spanish dictionary (every `es.ts`/`es.js`, and every
 * `es` block of a file holding several languages) for the forms of "vos" and "tú".
 */
const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '../../src');

/** Second-person forms that are never "usted": pronouns and possessives, voseo and tuteo verbs. */
const INFORMAL = new Set(
  [
    // pronouns and possessives of tú/vos
    'tu tus te ti vos contigo tuyo tuya tuyos tuyas sos',
    // voseo imperatives whose ending a future tense shares (-ará, -erá, -irá, -rrá), or in -é/-í
    'esperá mirá declará compará separá prepará generá operá recuperá borrá cerrá tirá',
    'hacé tené poné volvé leé sabé respondé mové traé devolvé comprendé corré escondé vendé',
    'pedí elegí escribí abrí subí seguí decí redistribuí imprimí compartí añadí repetí corregí describí permití definí',
    // voseo imperatives with a pronoun (usted: fírmelo, apruébelo…)
    'firmalo firmala aprobalo revisalo completalo descargalo guardalo ingresalo copialo reenvialo borralo',
    'pedilo abrilo hacelo elegilo escribilo confirmalo mandalo compartilo imprimilo',
    // tuteo present tense
    'puedes tienes recibes debes quieres sabes necesitas eres haces estás',
    // tú subjunctive (negative imperatives) and preterite
    'firmes revises compartas reenvíes intervengas olvides pediste firmaste recibiste aceptaste',
  ]
    .join(' ')
    .split(' '),
);
/** Words ending like a voseo form that are not one. */
const NOT_VOSEO = new Set(
  [
    'está acá allá sofá mamá papá',
    'más demás además jamás atrás detrás través después inglés francés japonés portugués holandés neerlandés',
    'interés revés cortés país anís',
  ]
    .join(' ')
    .split(' '),
);

/** Why a word is informal, or null. */
function informal(word: string): string | null {
  const w = word.toLowerCase();
  if (INFORMAL.has(w)) return 'a tú/vos form';
  if (NOT_VOSEO.has(w)) return null;
  // vos present tense: podés, tenés, recibís, necesitás
  if (/\p{L}{2,}(ás|és|ís)$/u.test(w)) return 'a vos present tense';
  // vos imperative of -ar verbs: firmá, revisá, ingresá (a future tense -ará/-erá/-irá/-drá/-brá/-rrá is usted's too)
  if (/\p{L}{2,}á$/u.test(w) && !/([aei]r|dr|br|rr)á$/u.test(w)) return 'a vos imperative';
  return null;
}

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return files(path);
    // A .js beside its .ts is the compiled copy scripts/run-tests.mjs runs, not a page script.
    if (name.endsWith('.js') && existsSync(path.replace(/\.js$/, '.ts'))) return [];
    return /\.(ts|js)$/.test(name) && !name.endsWith('.test.ts') ? [path] : [];
  });
}

/**
 * The Spanish text of a file, comment lines left out: all of it for `es.ts`/`es.js`; otherwise each
 * block opened by `export const es` / `es:` / `'es':`, up to the line closing it at the same
 * indent (or, for a one-value member, up to the line ending in a comma).
 */
function spanishOf(path: string): string {
  const lines = readFileSync(path, 'utf8').split('\n');
  const text = (from: string[]) => from.filter((l) => !/^\s*(\/\/|\/\*|\*)/.test(l)).join('\n');
  if (/^es\.(ts|js)$/.test(basename(path))) return text(lines);
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^(\s*)(?:export const es\b[^=]*=|es:|'es':)/.exec(lines[i]!);
    if (!open) continue;
    const indent = open[1]!;
    let j = i;
    if (/[{[]\s*$/.test(lines[i]!)) while (j < lines.length - 1 && !new RegExp(`^${indent}[}\\]]`).test(lines[j]!)) j++;
    else while (j < lines.length - 1 && !/,\s*$/.test(lines[j]!)) j++;
    out.push(...lines.slice(i, j + 1));
    i = j;
  }
  return text(out);
}

test('the informal-form detector knows vos and tú from usted', () => {
  for (const w of [
    'Revisá',
    'firmá',
    'tenés',
    'Podés',
    'recibís',
    'Ingresá',
    'pedí',
    'Volvé',
    'firmalo',
    'tu',
    'te',
    'reenvíes',
  ])
    assert.ok(informal(w), `${w} is informal`);
  for (const w of [
    'Revise',
    'firme',
    'tiene',
    'puede',
    'recibirá',
    'podrá',
    'está',
    'más',
    'demás',
    'después',
    'Leí',
    'su',
  ])
    assert.equal(informal(w), null, `${w} is usted's`);
});

test('every Spanish text speaks to the reader as "usted", never "vos" or "tú"', () => {
  const scanned = new Map<string, string>();
  for (const path of files(SRC)) {
    const spanish = spanishOf(path);
    if (spanish.trim()) scanned.set(relative(SRC, path), spanish);
  }
  // The scan finds what it must (a moved dictionary must not silently leave it).
  for (const known of [
    'domain/mail/i18n/es.ts',
    'web/signing/i18n/es.js',
    'web/signing/digital-i18n.js',
    'web/signing/csc-i18n.js',
    'http/page/page-shell-text.ts',
    'infra/pdf/evidence/i18n/es.ts',
    'infra/pdf/evidence/i18n/edit-sentences-europe.ts',
    'domain/model/signing-consent.ts',
  ])
    assert.ok((scanned.get(known) ?? '').length > 100, `${known}: its Spanish text is scanned`);
  const found: string[] = [];
  for (const [file, spanish] of scanned)
    for (const line of spanish.split('\n'))
      for (const [word] of line.matchAll(/\p{L}+/gu)) {
        const why = informal(word);
        if (why) found.push(`${file}: «${word}» (${why}) in: ${line.trim().slice(0, 120)}`);
      }
  assert.deepEqual(found, [], `Spanish in another register than "usted":\n${found.join('\n')}`);
});
