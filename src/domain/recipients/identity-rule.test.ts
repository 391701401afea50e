import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  compactNationalId,
  nationalIdRule,
  parseIdentityRule,
  rulesSatisfiedBy,
  satisfiesIdentityRule,
  storedIdentityRule,
} from './identity-rule.js';
import { formatCpf, isValidCpf } from './national-id/brazil-cpf.js';
import { formatRut, isValidRut, rutCheckDigit } from './national-id/chile-rut.js';
import { ciCheckDigit, formatUruguayCi, isValidUruguayCi } from './national-id/uruguay-ci.js';

const valid = (rule: Parameters<typeof satisfiesIdentityRule>[0], value: string | null) =>
  satisfiesIdentityRule(rule, value);

test('Chile RUT: mod 11 with weights 2..7 from the right; 11 is 0 and 10 is K', () => {
  assert.equal(rutCheckDigit('12345678'), '5');
  assert.equal(rutCheckDigit('11111111'), '1');
  assert.equal(rutCheckDigit('10000013'), 'K');
  for (const ok of ['12.345.678-5', '123456785', '11.111.111-1', '10.000.013-K', '10000013k', '7.654.321-6'])
    assert.ok(valid('RUT', ok), ok);
  for (const bad of ['12.345.678-4', '10.000.013-0', '123456-0', '123.456.789-0', '12.345.678-X', ''])
    assert.ok(!valid('RUT', bad), bad);
  assert.ok(isValidRut('10000013K'));
  assert.equal(formatRut('10000013K'), '10.000.013-K');
  assert.equal(formatRut('76543216'), '7.654.321-6');
});

test('Uruguay CI: weights 2,9,8,7,6,3,4 over the padded body, the digit that makes a multiple of 10', () => {
  assert.equal(ciCheckDigit('1234567'), 2);
  const short = '765432';
  const sevenDigits = short + String(ciCheckDigit(short));
  for (const ok of ['1.234.567-2', '12345672', sevenDigits]) assert.ok(valid('CI_UY', ok), ok);
  for (const bad of ['1.234.567-3', '123456', '123456789', '1.234.567-A']) assert.ok(!valid('CI_UY', bad), bad);
  assert.ok(isValidUruguayCi('12345672'));
  assert.equal(formatUruguayCi('12345672'), '1.234.567-2');
});

test('Brazil CPF: two mod-11 check digits; numbers of one repeated digit are refused', () => {
  for (const ok of ['529.982.247-25', '52998224725', '111.444.777-35']) assert.ok(valid('CPF', ok), ok);
  for (const bad of [
    '529.982.247-24',
    '529.982.247-15',
    '111.111.111-11',
    '000.000.000-00',
    '5299822472',
    '529982247250',
  ])
    assert.ok(!valid('CPF', bad), bad);
  assert.ok(isValidCpf('52998224725'));
  assert.equal(formatCpf('52998224725'), '529.982.247-25');
});

test('CUIL stays the spec’s rule and the default; NONE asks for nothing', () => {
  assert.ok(valid('CUIL', '20-12345678-6'));
  assert.ok(!valid('CUIL', '20-12345678-5'));
  assert.ok(!valid('CUIL', '529.982.247-25'), 'a CPF is not a CUIL');
  assert.ok(!valid('CUIL', null));
  assert.ok(valid('NONE', null));
  assert.ok(valid('NONE', ''));
  assert.equal(nationalIdRule('NONE'), null);
  assert.equal(storedIdentityRule(undefined), 'CUIL');
  assert.equal(storedIdentityRule('bogus'), 'CUIL', 'an unknown stored value never loosens the rule');
  assert.equal(storedIdentityRule('CPF'), 'CPF');
});

test('the CLI spellings map to the stored names; anything else is null', () => {
  assert.equal(parseIdentityRule('cuil'), 'CUIL');
  assert.equal(parseIdentityRule('none'), 'NONE');
  assert.equal(parseIdentityRule('rut'), 'RUT');
  assert.equal(parseIdentityRule('ci-uy'), 'CI_UY');
  assert.equal(parseIdentityRule('CPF'), 'CPF');
  for (const bad of ['dni', 'ci', '', 'cuil;drop']) assert.equal(parseIdentityRule(bad), null, bad);
});

test('compaction removes separators and upper-cases; the CUILs the tests call wrong are wrong under every rule', () => {
  assert.equal(compactNationalId(' 10.000.013-k '), '10000013K');
  assert.deepEqual(
    rulesSatisfiedBy('20123456786').map((r) => r.name),
    ['CUIL'],
  );
  for (const wrong of ['20123456785', '30123456781', '27287654321', '201234567861'])
    assert.deepEqual(rulesSatisfiedBy(wrong), [], wrong);
});
