import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { chooseSearchAnchors, likeTrigrams } from '../../src/db/repositories/envelope-search-anchors.js';

/** What the trigram index is asked for, given which trigrams are common (pure: no database). */
const COMMON = new Set([
  'see',
  'eed',
  'ede',
  'ded',
  'ed ',
  '  c',
  ' co',
  'con',
  'ont',
  'ntr',
  'tra',
  'rac',
  'act',
  'ct ',
]);
const isCommon = (t: string) => COMMON.has(t) || t === '  1' || t === '  9';
const anchorsOf = (query: string) =>
  chooseSearchAnchors(query, isCommon)?.map((a) => [...query].slice(a.start, a.end).join('')) ?? null;

describe('search anchors', () => {
  test('trigrams as pg_trgm takes them from like %query%: no padding against the outer wildcards', () => {
    assert.deepEqual(
      likeTrigrams('ab 9876').map((t) => t.text),
      ['ab ', '  9', ' 98', '987', '876'],
    );
    assert.deepEqual(likeTrigrams('ab'), [], 'a short word touching both wildcards has none');
    assert.deepEqual(
      likeTrigrams('a_b').map((t) => t.text),
      ['  b'],
      '`_` separates words like any non-letter',
    );
  });

  test('the rare part of a query whose start every title shares', () => {
    assert.deepEqual(anchorsOf('ntract 9876'), ['9876']);
    assert.deepEqual(anchorsOf('seed-4242'), ['d-4242']);
  });

  test('rare stretches on both sides of a common word are asked for together', () => {
    assert.deepEqual(anchorsOf('x 9876 contract 4321'), ['9876 ', 't 4321']);
  });

  test('every anchor is a substring standing on rare trigrams only', () => {
    for (const query of ['ntract 9876', 'seed-4242', 'x 9876 contract 4321', 'córdoba contract 55%']) {
      for (const anchor of anchorsOf(query) ?? []) {
        assert.ok(query.includes(anchor));
        const trigrams = likeTrigrams(anchor);
        assert.ok(trigrams.length > 0 && trigrams.every((t) => !isCommon(t.text)), `${query} → ${anchor}`);
      }
    }
  });

  test('no anchor when nothing is common, everything is, or the rare trigrams stand on common ones', () => {
    assert.equal(anchorsOf('córdoba 77'), null);
    assert.equal(anchorsOf('seeded contract'), null);
    assert.equal(anchorsOf('contract 12'), null, '" 12" needs the blank of "  1"; "12" alone has no trigram');
  });
});
