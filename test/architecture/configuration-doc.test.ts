import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';

/**
 * docs/configuration.md is the operator's reference: every variable `src/config.ts` reads (the keys
 * of its environment schema, FIRMA_* and the standard ones such as PORT and DATABASE_URL) must be
 * named there, in backticks, so a new setting cannot ship undocumented.
 */
const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');

/** The keys of the environment schema: lines `  NAME: z…` or `  NAME: positiveInt…` inside `z.object({…})`. */
function variablesReadByConfig(): string[] {
  const source = read('src/config.ts');
  const schema = source.slice(source.indexOf('const EnvSchema'), source.indexOf('export type Env'));
  return [...schema.matchAll(/^\s{4}([A-Z][A-Z0-9_]+):/gm)].map((m) => m[1]!);
}

test('the schema scan finds the variables config.ts reads', () => {
  const names = variablesReadByConfig();
  // Guards the scan itself: were the pattern to stop matching, the next test would pass on nothing.
  for (const known of ['PORT', 'DATABASE_URL', 'FIRMA_DATA_DIR', 'FIRMA_SECRET_KEY', 'FIRMA_BLOB_GC_GRACE_MINUTES'])
    assert.ok(names.includes(known), `${known} found in src/config.ts`);
  assert.ok(names.filter((n) => n.startsWith('FIRMA_')).length >= 60);
});

test('docs/configuration.md names every variable src/config.ts reads', () => {
  const doc = read('docs/configuration.md');
  const missing = variablesReadByConfig().filter((name) => !doc.includes(`\`${name}\``));
  assert.deepEqual(missing, [], `add these to docs/configuration.md: ${missing.join(', ')}`);
});
