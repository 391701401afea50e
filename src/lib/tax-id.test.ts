import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkDigitOf, formatCuil, isValidCuil, isValidCuit, isValidDni, normalizeTaxId } from './tax-id.js';

test('the spec vectors: 20-12345678-6 is a valid CUIL and 20-12345678-5 is not', () => {
  assert.ok(isValidCuil('20-12345678-6'));
  assert.ok(isValidCuil('20123456786'));
  assert.ok(!isValidCuil('20-12345678-5'));
});

test('check digit: 11 maps to 0 and 10 has no valid number', () => {
  // 20-00000001: sum = 5*2 + 2*1 = 12 → 11 - 1 = 10 → no valid CUIL with this body and prefix.
  assert.equal(checkDigitOf('2000000001'), null);
  // 27-00000000: sum = 5*2 + 4*7 = 38 → 11 - 5 = 6.
  assert.equal(checkDigitOf('2700000000'), 6);
  // 20-00000002: sum = 10 + 4 = 14 → 11 - 3 = 8; 30-00000000: sum = 15 → 11 - 4 = 7.
  assert.equal(checkDigitOf('3000000000'), 7);
});

test('wrong length, letters and unknown prefixes are refused', () => {
  for (const bad of ['2012345678', '201234567860', '2O123456786', '', '99-12345678-0', '30-12345678-1']) {
    assert.ok(!isValidCuil(bad), bad);
  }
});

test('a company CUIT is a valid CUIT but not a person CUIL', () => {
  const body = '3012345678';
  const cuit = body + String(checkDigitOf(body));
  assert.ok(isValidCuit(cuit));
  assert.ok(!isValidCuil(cuit));
});

test('normalisation keeps 11 digits and formatting restores the hyphens', () => {
  assert.equal(normalizeTaxId(' 20-12345678-6 '), '20123456786');
  assert.equal(normalizeTaxId('20.12345678.6'), '20123456786');
  assert.equal(normalizeTaxId('20-1234'), null);
  assert.equal(formatCuil('20123456786'), '20-12345678-6');
});

test('DNI accepts 7-8 digits, with or without dots', () => {
  assert.ok(isValidDni('12345678'));
  assert.ok(isValidDni('1234567'));
  assert.ok(isValidDni('12.345.678'));
  assert.ok(!isValidDni('123456'));
  assert.ok(!isValidDni('12-345-678'));
});
