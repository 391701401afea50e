import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parsePlaceholderTag } from './placeholder-tags.js';

void test('types are case-insensitive, recipients and options are read', () => {
  assert.deepEqual(parsePlaceholderTag('{{ SIGNATURE, r1 }}'), {
    ok: true,
    tag: { type: 'SIGNATURE', recipient: 1, fieldMeta: { type: 'signature', fontSize: 12, overflow: 'auto' } },
  });
  assert.deepEqual(parsePlaceholderTag('{{text,R2,required=true,textAlign=right,fontSize=14,characterLimit=20}}'), {
    ok: true,
    tag: {
      type: 'TEXT',
      recipient: 2,
      fieldMeta: { type: 'text', required: true, textAlign: 'right', fontSize: 14, characterLimit: 20 },
    },
  });
  assert.deepEqual(parsePlaceholderTag('{{number, r1, minValue=1, maxValue=9, readonly=false}}'), {
    ok: true,
    tag: {
      type: 'NUMBER',
      recipient: 1,
      fieldMeta: { type: 'number', minValue: 1, maxValue: 9, readOnly: false, fontSize: 12 },
    },
  });
  assert.deepEqual(parsePlaceholderTag('{{signature}}'), {
    ok: true,
    tag: { type: 'SIGNATURE', recipient: null, fieldMeta: { type: 'signature', fontSize: 12, overflow: 'auto' } },
  });
});

void test('overflow= sets fieldMeta.overflow to one of the four modes', () => {
  for (const overflow of ['auto', 'horizontal', 'vertical', 'crop']) {
    assert.deepEqual(parsePlaceholderTag(`{{text, r1, overflow=${overflow}}}`), {
      ok: true,
      tag: { type: 'TEXT', recipient: 1, fieldMeta: { type: 'text', fontSize: 12, overflow } },
    });
  }
  assert.deepEqual(parsePlaceholderTag('{{signature, r1, overflow=crop}}'), {
    ok: true,
    tag: { type: 'SIGNATURE', recipient: 1, fieldMeta: { type: 'signature', fontSize: 12, overflow: 'crop' } },
  });
});

void test('unknown types, options and malformed values are problems', () => {
  for (const [tag, words] of [
    ['{{stamp, r1}}', 'unknown field type'],
    ['{{text, r1, colour=red}}', 'unknown option'],
    ['{{text, r1, required=yes}}', 'true or false'],
    ['{{text, r1, fontSize=big}}', 'must be a number'],
    ['{{text, r1, textAlign=middle}}', 'textAlign'],
    ['{{text, r1, overflow=diagonal}}', 'overflow'],
    ['{{signature, r1, characterLimit=3}}', 'does not apply'],
    ['{{signature, r0}}', 'not a recipient'],
    ['{{signature, bob}}', 'neither a recipient'],
    ['{{text, r1, required=true, required=false}}', 'twice'],
  ] as const) {
    const parsed = parsePlaceholderTag(tag);
    assert.equal(parsed.ok, false, tag);
    if (!parsed.ok) assert.match(parsed.problem, new RegExp(words), tag);
  }
});

void test('width= and height= take points (180, 180pt) or percent of the page (30%), apart from fieldMeta', () => {
  assert.deepEqual(parsePlaceholderTag('{{signature, r1, width=200, Height=48pt}}'), {
    ok: true,
    tag: {
      type: 'SIGNATURE',
      recipient: 1,
      fieldMeta: { type: 'signature', fontSize: 12, overflow: 'auto' },
      size: { width: { value: 200, unit: 'pt' }, height: { value: 48, unit: 'pt' } },
    },
  });
  assert.deepEqual(parsePlaceholderTag('{{date, r2, width=30%}}'), {
    ok: true,
    tag: {
      type: 'DATE',
      recipient: 2,
      fieldMeta: { type: 'date', fontSize: 12, overflow: 'auto' },
      size: { width: { value: 30, unit: '%' } },
    },
  });
  for (const tag of [
    '{{signature, r1, width=0}}',
    '{{signature, r1, width=-5}}',
    '{{signature, r1, width=wide}}',
    '{{signature, r1, height=120%}}',
    '{{signature, r1, height=20000}}',
    '{{signature, r1, width=3cm}}',
    '{{signature, r1, width=}}',
  ]) {
    const parsed = parsePlaceholderTag(tag);
    assert.equal(parsed.ok, false, tag);
    if (!parsed.ok)
      assert.match(parsed.problem, /option "(width|height)" must be a size in points .* or in percent/, tag);
  }
  const twice = parsePlaceholderTag('{{signature, r1, width=100, width=120}}');
  assert.ok(!twice.ok && /twice/.test(twice.problem));
});

test('a number format keeps its commas, and a number tag takes a prefilled value', () => {
  assert.deepEqual(parsePlaceholderTag('{{number,r2,value=50,maxValue=99,numberFormat=123,456,789.00}}'), {
    ok: true,
    tag: {
      type: 'NUMBER',
      recipient: 2,
      fieldMeta: { type: 'number', value: '50', maxValue: 99, numberFormat: '123,456,789.00', fontSize: 12 },
    },
  });
  const dotted = parsePlaceholderTag('{{number, r1, numberFormat=123.456.789,00, readOnly=true}}');
  assert.ok(dotted.ok);
  assert.equal(dotted.tag.fieldMeta.numberFormat, '123.456.789,00');
  assert.equal(dotted.tag.fieldMeta.readOnly, true);
  const last = parsePlaceholderTag('{{number, r1, numberFormat=123456,789.00}}');
  assert.ok(last.ok);
  assert.equal(last.tag.fieldMeta.numberFormat, '123456,789.00');
  // A stray part elsewhere is still refused.
  assert.equal(parsePlaceholderTag('{{number, r1, value=1, 456}}').ok, false);
});
