import assert from 'node:assert/strict';
import { test } from 'node:test';
import { jsonNestsDeeperThan, MAX_JSON_DEPTH, valueNestsDeeperThan } from './json-nesting.js';

const arrays = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

test('counts arrays and objects, refusing one level past the bound', () => {
  assert.equal(jsonNestsDeeperThan(arrays(MAX_JSON_DEPTH)), false);
  assert.equal(jsonNestsDeeperThan(arrays(MAX_JSON_DEPTH + 1)), true);
  assert.equal(jsonNestsDeeperThan('{"a":{"b":[1,{"c":[]}]}}', 5), false);
  assert.equal(jsonNestsDeeperThan('{"a":{"b":[1,{"c":[]}]}}', 4), true);
  assert.equal(jsonNestsDeeperThan('[[],[],[],[]]', 2), false, 'siblings do not add up');
  assert.equal(jsonNestsDeeperThan('', 0), false);
  assert.equal(jsonNestsDeeperThan('1', 0), false);
});

test('brackets inside strings are text, whatever the escapes', () => {
  assert.equal(jsonNestsDeeperThan(`{"a":"${'['.repeat(1000)}"}`, 1), false);
  assert.equal(jsonNestsDeeperThan(String.raw`{"a":"\"[[[[","b":"\\"}`, 1), false);
  // An escaped backslash ends before the quote, which then closes the string: the next brackets count.
  assert.equal(jsonNestsDeeperThan(String.raw`["\\",[[]]]`, 2), true);
  assert.equal(jsonNestsDeeperThan(String.raw`["\\\"",[[]]]`, 2), true);
  assert.equal(jsonNestsDeeperThan(String.raw`["\\\",[[]]]"]`, 2), false, 'still inside the string');
});

test('reads UTF-8 bytes the same as text', () => {
  const text = `{"ñandú 💥":[${arrays(70)}],"x":"[[[é"}`;
  assert.equal(jsonNestsDeeperThan(Buffer.from(text)), true);
  assert.equal(jsonNestsDeeperThan(Buffer.from(text), 72), false);
  assert.equal(jsonNestsDeeperThan(text, 72), false);
});

test('stops at the first level past the bound on a body 500,000 deep', () => {
  assert.equal(jsonNestsDeeperThan(arrays(500_000)), true);
  assert.equal(jsonNestsDeeperThan(arrays(500_000), 500_000), false, 'one pass over 1 MB, no stack');
});

test('bounds parsed values the same way, iteratively', () => {
  assert.equal(valueNestsDeeperThan(JSON.parse(arrays(MAX_JSON_DEPTH))), false);
  assert.equal(valueNestsDeeperThan(JSON.parse(arrays(MAX_JSON_DEPTH + 1))), true);
  assert.equal(valueNestsDeeperThan({ a: { b: [1, { c: [] }] } }, 5), false);
  assert.equal(valueNestsDeeperThan({ a: { b: [1, { c: [] }] } }, 4), true);
  assert.equal(valueNestsDeeperThan('text', 0), false);
  assert.equal(valueNestsDeeperThan(JSON.parse(arrays(200_000)), 200_000), false, 'no stack overflow');
});
