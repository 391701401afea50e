import assert from 'node:assert/strict';
import { test } from 'node:test';
import { csrfTokenFor, hashRecoveryCode, newRecoveryCodes, secretsEqual } from './account-secrets.js';
import { mayInvite, mayManage, normalizeEmail } from './account-rules.js';
import { checkPasswordPolicy } from './password-policy.js';
import { lockoutMs } from './sign-in-throttle.js';

const refusal = (password: string, email = 'ana@example.com') => {
  try {
    checkPasswordPolicy(password, email);
    return null;
  } catch (error) {
    return (error as { code: string; issues: { message: string }[] }).issues[0]!.message;
  }
};

test('the password policy: 10 characters at least, not the address, not one character, not a common one', () => {
  assert.equal(refusal('nine char'), 'must be at least 10 characters long');
  assert.equal(refusal('ñandú ñandú'), null, 'counted in characters, not bytes');
  assert.equal(refusal('🔑🔑🔑🔑🔑🔑🔑🔑🔑'), 'must be at least 10 characters long');
  assert.equal(refusal('x'.repeat(257)), 'must be at most 256 characters long');
  assert.equal(refusal('Ana@Example.com'), 'must not be your e-mail address');
  assert.equal(refusal('ana', 'ana@example.com'), 'must be at least 10 characters long');
  assert.equal(refusal('anastasia1', 'anastasia1@example.com'), 'must not be your e-mail address');
  assert.equal(refusal('zzzzzzzzzzzz'), 'must not be one character repeated');
  assert.equal(refusal('Password123'), 'is one of the most common passwords: choose another');
  assert.equal(refusal('QWERTYUIOP'), 'is one of the most common passwords: choose another');
  assert.equal(refusal('a long and personal phrase'), null);
});

test('lockout: none before the threshold, then the base, doubling, at most an hour', () => {
  assert.deepEqual(
    [1, 4, 5, 6, 7, 20, 5000].map((failures) => lockoutMs(failures, 5, 60_000)),
    [0, 0, 60_000, 120_000, 240_000, 3_600_000, 3_600_000],
  );
});

test('recovery codes: ten, 80 bits each, typed in any case with or without dashes', () => {
  const codes = newRecoveryCodes();
  assert.equal(codes.length, 10);
  assert.equal(new Set(codes).size, 10);
  for (const code of codes) assert.match(code, /^[a-z2-7]{4}-[a-z2-7]{4}-[a-z2-7]{4}-[a-z2-7]{4}$/);
  const code = codes[0]!;
  assert.equal(hashRecoveryCode(code.toUpperCase().replace(/-/g, ' ')), hashRecoveryCode(code));
  assert.notEqual(hashRecoveryCode(codes[1]!), hashRecoveryCode(code));
});

test('the CSRF token is derived from the session token, and compared in constant time', () => {
  assert.equal(csrfTokenFor('abc'), csrfTokenFor('abc'));
  assert.notEqual(csrfTokenFor('abc'), csrfTokenFor('abd'));
  assert.equal(secretsEqual(csrfTokenFor('abc'), csrfTokenFor('abc')), true);
  assert.equal(secretsEqual(csrfTokenFor('abc'), 'short'), false);
});

test('addresses compare lower-cased and trimmed; who may invite whom', () => {
  assert.equal(normalizeEmail('  Ana@Example.COM '), 'ana@example.com');
  assert.equal(mayInvite('ADMIN', 'ADMIN'), true);
  assert.equal(mayInvite('MANAGER', 'ADMIN'), false);
  assert.equal(mayInvite('MANAGER', 'MEMBER'), true);
  assert.equal(mayInvite('MEMBER', 'MEMBER'), false);
});

test('an admin manages anyone; a manager members and managers, never to ADMIN; a member nobody', () => {
  assert.equal(mayManage('ADMIN', 'ADMIN', 'MEMBER'), true);
  assert.equal(mayManage('ADMIN', 'ADMIN'), true);
  assert.equal(mayManage('MANAGER', 'MEMBER', 'MANAGER'), true);
  assert.equal(mayManage('MANAGER', 'MANAGER'), true);
  assert.equal(mayManage('MANAGER', 'MEMBER', 'ADMIN'), false);
  assert.equal(mayManage('MANAGER', 'ADMIN', 'MEMBER'), false);
  assert.equal(mayManage('MANAGER', 'ADMIN'), false);
  assert.equal(mayManage('MEMBER', 'MEMBER', 'MEMBER'), false);
  assert.equal(mayManage('MEMBER', 'MEMBER'), false);
});
