import assert from 'node:assert/strict';
import { test } from 'node:test';
import { asciiFallback, contentDisposition } from './content-disposition.js';

/** What a client following RFC 8187 reads from the header (as curl -OJ and browsers do). */
function utf8Name(header: string): string {
  const value = /filename\*=UTF-8''([^;]+)/.exec(header)?.[1];
  assert.ok(value, header);
  return decodeURIComponent(value);
}

test('an accented title travels whole in filename* and as plain ASCII in filename', () => {
  const header = contentDisposition('Contrato de Locación — Núñez.pdf');
  assert.equal(utf8Name(header), 'Contrato de Locación — Núñez.pdf');
  assert.match(header, /^attachment; filename="Contrato de Locacion _ Nunez\.pdf"; /);
  assert.ok(/^[\x20-\x7e]*$/.test(header), 'the header itself is ASCII only');
});

test('quotes, backslashes and the characters RFC 8187 reserves are escaped', () => {
  assert.equal(asciiFallback('a"b\\c'), 'a_b_c');
  const header = contentDisposition("it's (v2)*.pdf");
  assert.match(header, /filename\*=UTF-8''it%27s%20%28v2%29%2A\.pdf$/);
  assert.equal(utf8Name(header), "it's (v2)*.pdf");
});
