import assert from 'node:assert/strict';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { LANGUAGES } from '../../lib/vocabulary/languages.js';

// Browser modules, loaded by path (they carry no types here).
const DIR = dirname(fileURLToPath(import.meta.url));
type Options = Record<string, unknown> | null;
const { readEmbedOptions } = (await import(pathToFileURL(join(DIR, 'embed-options.js')).href)) as {
  readEmbedOptions: (fragment: string, kind: 'sign' | 'direct', languages: readonly string[]) => Options;
};
const { sanitizeCss, parseColor, cssVarDeclarations, CSS_LIMIT } = (await import(
  pathToFileURL(join(DIR, 'embed-theme.js')).href
)) as {
  sanitizeCss: (css: unknown) => string | null;
  parseColor: (text: unknown) => { h: number; s: number; l: number } | null;
  cssVarDeclarations: (vars: Record<string, string>) => [string, string, string][];
  CSS_LIMIT: number;
};

/** As the components build it: `btoa(encodeURIComponent(JSON.stringify(options)))`. */
const fragment = (value: unknown) => btoa(encodeURIComponent(JSON.stringify(value)));
const read = (value: unknown, kind: 'sign' | 'direct' = 'sign') => readEmbedOptions(fragment(value), kind, LANGUAGES);

test('the fragment is read as Documenso reads it: defaults, emptied strings, languages', () => {
  assert.deepEqual(read({}), {
    darkModeDisabled: false,
    css: undefined,
    cssVars: {},
    language: undefined,
    name: undefined,
    lockName: false,
    email: undefined,
    lockEmail: false,
    allowDocumentRejection: undefined,
    showOtherRecipientsCompletedFields: undefined,
  });
  const full = read({
    name: 'Ana García',
    lockName: true,
    email: 'ana@example.com',
    lockEmail: true,
    language: 'pt-BR',
    darkModeDisabled: true,
    allowDocumentRejection: true,
    css: '.x { color: red }',
    cssVars: { primary: '#ff0000', radius: '0.5rem', unknownKey: 5 },
    fromAdditionalProps: { anything: [1, 2] },
  })!;
  assert.equal(full.name, 'Ana García', 'non-ASCII survives the URI encoding');
  assert.equal(full.language, 'pt-BR');
  assert.deepEqual(full.cssVars, { primary: '#ff0000', radius: '0.5rem' }, 'unknown keys are dropped');
  assert.equal('fromAdditionalProps' in full, false);
  assert.equal(read({ name: '', email: '', css: '' })!.name, undefined);
  assert.equal(read({ email: '' })!.email, undefined);
  assert.equal(read({ language: 'sv' })!.language, 'en', 'an unknown language is English');
  assert.equal(read({ language: 42 })!.language, 'en', 'even a number');
  assert.equal(read({ language: null })!.language, 'en');
});

test('one value of the wrong kind discards every option, as zod parse does there', () => {
  for (const bad of [
    { name: 'Ana', email: 'not-an-email' },
    { name: 'Ana', email: 'a..b@example.com' },
    { name: 7 },
    { name: 'Ana', lockName: 'yes' },
    { darkModeDisabled: 1 },
    { css: ['a'] },
    { cssVars: { primary: null } },
    { cssVars: { radius: '10vh' } },
    { cssVars: { radius: '1.5rem;x' } },
    { cssVars: [] },
    { allowDocumentRejection: 'true' },
  ])
    assert.equal(read(bad), null, JSON.stringify(bad));
  for (const radius of ['0', '4px', '0.5rem', '12', '50%', '1.25em', '2pt'])
    assert.ok(read({ cssVars: { radius } }), radius);
  // The direct link's schema has no allowDocumentRejection: there it is an extra key, dropped.
  assert.ok(read({ allowDocumentRejection: 'true' }, 'direct'));
  assert.equal('allowDocumentRejection' in read({ allowDocumentRejection: true }, 'direct')!, false);
});

test('no fragment, not base64, not JSON or not an object: no options', () => {
  assert.equal(readEmbedOptions('', 'sign', LANGUAGES), null);
  assert.equal(readEmbedOptions('!!!', 'sign', LANGUAGES), null);
  assert.equal(readEmbedOptions(btoa('%E0%A4%A'), 'sign', LANGUAGES), null, 'a broken URI escape');
  assert.equal(readEmbedOptions(btoa('{not json'), 'sign', LANGUAGES), null);
  for (const value of [null, 5, 'text', [1]]) assert.equal(read(value), null, JSON.stringify(value));
});

test('css that could load or run anything is refused whole; a theme passes as given', () => {
  const theme = '.notice h1 { color: #123456; font-weight: 700 } .button.primary { border-radius: 0 } /* ok */';
  assert.equal(sanitizeCss(theme), theme);
  assert.equal(sanitizeCss('html { scroll-behavior: smooth }'), 'html { scroll-behavior: smooth }');
  for (const hostile of [
    'body { background: url(https://evil.example/x.png) }',
    'body { background: URL( "data:image/png;base64,AAAA" ) }',
    'body { background: \\75 rl(https://evil.example/) }',
    'body { background: u\\rl(https://evil.example/) }',
    '@import "https://evil.example/x.css";',
    '@IMPORT url(x.css);',
    '@font-face { font-family: x; src: local(Arial) }',
    'a { background-image: image-set("x.png" 1x) }',
    'a { background-image: -webkit-image-set("x.png" 1x) }',
    'a { width: expression(alert(1)) }',
    'a { background: javascript:alert(1) }',
    'a { -moz-binding: x }',
    'a { behavior: x }',
    '</style><script>alert(1)</script>',
    'a {} </STYLE >',
    'a { color: red }\u0000',
    'x'.repeat(CSS_LIMIT + 1),
  ])
    assert.equal(sanitizeCss(hostile), null, hostile.slice(0, 60));
  assert.equal(sanitizeCss(''), null);
  assert.equal(sanitizeCss(5), null);
});

test('colours in hex, rgb() and hsl() become H S% L% custom properties; anything else is left out', () => {
  const hsl = (text: string) => {
    const c = parseColor(text);
    return c && [Math.round(c.h * 10) / 10, Math.round(c.s * 10) / 10, Math.round(c.l * 10) / 10];
  };
  assert.deepEqual(hsl('#fff'), [0, 0, 100]);
  assert.deepEqual(hsl('#FF0000'), [0, 100, 50]);
  assert.deepEqual(hsl('#f008'), [0, 100, 50], 'alpha is ignored');
  assert.deepEqual(hsl('#1d4ed8'), [224.3, 76.3, 48]);
  assert.deepEqual(hsl('rgb(0, 128, 0)'), [120, 100, 25.1]);
  assert.deepEqual(hsl('rgba(0 0 255 / 50%)'), [240, 100, 50]);
  assert.deepEqual(hsl('rgb(100%, 0%, 0%)'), [0, 100, 50]);
  assert.deepEqual(hsl('hsl(210 40% 96%)'), [210, 40, 96]);
  assert.deepEqual(hsl('hsla(0.5turn, 100%, 25%, 0.5)'), [180, 100, 25]);
  assert.deepEqual(hsl('  hsl(-90deg, 50%, 50%) '), [270, 50, 50]);
  for (const bad of ['red', 'rgb(1, 2)', '#12345', 'hsl(10, 20%)', 'url(x)', 'rgb(1,2,3);x', ''])
    assert.equal(parseColor(bad), null, bad);

  assert.deepEqual(
    cssVarDeclarations({
      primary: '#ff0000',
      mutedForeground: 'hsl(215 16% 47%)',
      radius: '0.5rem',
      warning: 'not a colour',
      cardBorderTint: 'rgb(255 255 255)',
    }),
    [
      ['--primary', '0 100% 50%', 'primary'],
      ['--muted-foreground', '215 16% 47%', 'mutedForeground'],
      ['--radius', '0.5rem', 'radius'],
      ['--card-border-tint', '0 0% 100%', 'cardBorderTint'],
    ],
  );
});
