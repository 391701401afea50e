import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CsvSyntaxError, parseCsv } from './parse-csv.js';

test('plain, quoted, CRLF, BOM, blank lines, and the line each row starts on', () => {
  const text = '\ufeffa,b,c\r\n1,"two, with comma","say ""hi"""\r\n\r\n"multi\nline",,x\nlast,row,here';
  assert.deepEqual(parseCsv(text), [
    { line: 1, cells: ['a', 'b', 'c'] },
    { line: 2, cells: ['1', 'two, with comma', 'say "hi"'] },
    { line: 4, cells: ['multi\nline', '', 'x'] },
    { line: 6, cells: ['last', 'row', 'here'] },
  ]);
});

test('an unclosed quote, text after a closing quote and a stray quote are refused with their line', () => {
  for (const [text, line] of [
    ['a,b\n"open,x', 2],
    ['a,b\n"x"y,z', 2],
    ['a,b\nc,d\ne"f,g', 3],
  ] as const) {
    assert.throws(
      () => parseCsv(text),
      (e: unknown) => e instanceof CsvSyntaxError && e.line === line,
    );
  }
});

test('empty input has no rows; a trailing newline adds none', () => {
  assert.deepEqual(parseCsv(''), []);
  assert.deepEqual(parseCsv('a\n'), [{ line: 1, cells: ['a'] }]);
});
