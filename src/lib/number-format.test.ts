import assert from 'node:assert/strict';
import { test } from 'node:test';
import { formatNumber, readNumber } from './number-format.js';

test('each of Documenso’s formats writes a canonical number', () => {
  assert.equal(formatNumber('1234567.5', '123,456,789.00'), '1,234,567.5');
  assert.equal(formatNumber('1234567.50', '123.456.789,00'), '1.234.567,50');
  assert.equal(formatNumber('1234567.5', '123456,789.00'), '1234,567.5');
  assert.equal(formatNumber('-999', '123,456,789.00'), '-999');
  assert.equal(formatNumber('1000', '123.456.789,00'), '1.000');
  assert.equal(formatNumber('12,5', null), '12,5');
});

test('a number is read canonical first, then in the field’s format', () => {
  assert.equal(readNumber('1234.5', '123.456.789,00'), '1234.5');
  assert.equal(readNumber('1.234.567,5', '123.456.789,00'), '1234567.5');
  assert.equal(readNumber(' 1,234,567.25 ', '123,456,789.00'), '1234567.25');
  assert.equal(readNumber('1234,567.25', '123456,789.00'), '1234567.25');
  assert.equal(readNumber('-1.000', '123.456.789,00'), '-1.000');
  assert.equal(readNumber('12,5', '123.456.789,00'), '12.5');
  assert.equal(readNumber('12,5', null), '12.5');
});

test('what is not a number in the format is refused', () => {
  for (const [text, format] of [
    ['1,23,4', '123,456,789.00'],
    ['1.234,5', '123,456,789.00'],
    ['12.34.5', '123.456.789,00'],
    ['1,234,567', '123456,789.00'],
    ['abc', '123,456,789.00'],
    ['', '123,456,789.00'],
    ['1e5', null],
  ] as const)
    assert.equal(readNumber(text, format), null, `${text} in ${format}`);
});
