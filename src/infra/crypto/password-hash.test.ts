import assert from 'node:assert/strict';
import { test } from 'node:test';
import { hashPassword, passwordMatches, spendPasswordCheck } from './password-hash.js';

test('argon2id with OWASP’s minimum (m=19 MiB, t=2, p=1), a salt per hash, the parameters in the PHC string', async () => {
  const a = await hashPassword('correct horse battery 42');
  const b = await hashPassword('correct horse battery 42');
  assert.match(a, /^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
  assert.notEqual(a, b, 'a fresh salt each time');
  assert.equal(await passwordMatches(a, 'correct horse battery 42'), true);
  assert.equal(await passwordMatches(a, 'correct horse battery 43'), false);
  assert.equal(await passwordMatches('not a hash', 'x'), false, 'a malformed stored value is no match, not a throw');
  assert.equal(await spendPasswordCheck('anything'), false);
});

test('the same characters match however they were composed (NFC)', async () => {
  const stored = await hashPassword('contrase\u00f1a larga 7');
  assert.equal(await passwordMatches(stored, 'contrasen\u0303a larga 7'), true);
});

test('hashing runs off the event loop: the loop keeps turning while a hash is computed', async () => {
  let turns = 0;
  let done = false;
  const spin = () => {
    if (done) return;
    turns++;
    setImmediate(spin);
  };
  setImmediate(spin);
  // Were the hash computed on this thread, the promise would already be settled when it returns
  // and no setImmediate callback could run before it resolves.
  await hashPassword('a password to hash off the loop');
  done = true;
  assert.ok(turns > 0, `the loop turned ${turns} times while hashing`);
});
