import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CsvLimitError, CsvStreamParser, CsvSyntaxError, parseCsv } from './parse-csv.js';

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

test('read in chunks cut anywhere (inside a quote pair, a CRLF, the BOM), the rows are the same', () => {
  const text = '\ufeffa,b,c\r\n1,"two, with comma","say ""hi"""\r\n\r\n"multi\nline",,x\r"q"\nlast,row,';
  const whole = parseCsv(text);
  for (let cut = 0; cut <= text.length; cut++) {
    for (const step of [1, 2, 3]) {
      const parser = new CsvStreamParser();
      const rows = [...parser.push(text.slice(0, cut))];
      for (let i = cut; i < text.length; i += step) rows.push(...parser.push(text.slice(i, i + step)));
      rows.push(...parser.end());
      assert.deepEqual(rows, whole, `cut at ${cut}, then ${step} at a time`);
    }
  }
  assert.deepEqual(whole.at(-1), { line: 6, cells: ['last', 'row', ''] });
});

test('a cell over the cap is refused as soon as it passes it, quoted or not, naming its line and column', () => {
  const caps = { maxCellChars: 5, maxColumns: 10 };
  assert.deepEqual(parseCsv('abcde,"ab""c"\n', caps), [{ line: 1, cells: ['abcde', 'ab"c'] }]);
  for (const [text, line, column] of [
    ['a\nb,abcdef', 2, 2],
    ['a\n\n"x\n","abc""de"', 3, 2],
  ] as const) {
    assert.throws(
      () => parseCsv(text, caps),
      (e: unknown) => e instanceof CsvLimitError && e.kind === 'cell' && e.line === line && e.column === column,
      text,
    );
  }
  // Fed a byte at a time, an endless cell is refused at the first character over the cap.
  const parser = new CsvStreamParser(caps);
  let fed = 0;
  assert.throws(() => {
    for (;;) {
      parser.push('x');
      fed++;
    }
  }, CsvLimitError);
  assert.equal(fed, 5);
});

test('a row wider than the cap is refused at the first column over it', () => {
  const caps = { maxCellChars: 100, maxColumns: 3 };
  assert.deepEqual(parseCsv('a,b,c\n1,2,3', caps).length, 2);
  assert.throws(
    () => parseCsv('a,b,c\n1,2,3,4', caps),
    (e: unknown) => e instanceof CsvLimitError && e.kind === 'columns' && e.line === 2 && e.column === 4,
  );
  const parser = new CsvStreamParser(caps);
  assert.throws(() => parser.push(',,,'), CsvLimitError, 'refused before the row ends');
});
