import assert from 'node:assert/strict';
import { test } from 'node:test';
import { PNG } from 'pngjs';
import { AppError } from '../../errors.js';
import type { FieldType } from '../../lib/vocabulary/field-types.js';
import { defaultFieldMeta, type FieldMeta } from './field-meta.js';
import { validateFieldValue, type InsertFieldBody } from './validate-field-value.js';

const fill = {
  recipient: { name: 'Ana García', email: 'ana@example.com' },
  now: new Date('2026-03-05T18:07:00Z'),
  timezone: 'America/Argentina/Buenos_Aires',
  dateFormat: 'dd/MM/yyyy',
  language: 'es',
  typedSignatureEnabled: true,
  drawSignatureEnabled: true,
  uploadSignatureEnabled: true,
};
const check = (type: FieldType, body: InsertFieldBody, meta: FieldMeta | null = defaultFieldMeta(type), f = fill) =>
  validateFieldValue(type, meta, body, f);
const refuses = (fn: () => unknown, pattern: RegExp) =>
  assert.throws(
    fn,
    (e: unknown) => e instanceof AppError && e.code === 'INVALID_FIELD_VALUE' && pattern.test(e.message),
  );

function pngDataUrl(w = 20, h = 10): string {
  const png = new PNG({ width: w, height: h });
  png.data.fill(0);
  return `data:image/png;base64,${PNG.sync.write(png).toString('base64')}`;
}

test('server-filled fields: NAME and EMAIL from the recipient, DATE in the envelope zone and format', () => {
  assert.equal(check('NAME', {}).customText, 'Ana García');
  assert.equal(check('NAME', { value: 'Ana M. García' }).customText, 'Ana M. García');
  assert.equal(check('EMAIL', {}).customText, 'ana@example.com');
  assert.equal(check('DATE', {}).customText, '05/03/2026');
  refuses(() => check('DATE', { value: '01/01/2000' }), /filled by Firma/);
  refuses(() => check('EMAIL', { value: 'x@y.z' }), /recipient record/);
});

test('TEXT: required, character limit and CUIL/CUIT/DNI presets', () => {
  const meta: FieldMeta = { type: 'text', fontSize: 12, required: true, characterLimit: 5 };
  assert.equal(check('TEXT', { value: 'hola' }, meta).customText, 'hola');
  refuses(() => check('TEXT', { value: '  ' }, meta), /required/);
  refuses(() => check('TEXT', { value: 'holaaa' }, meta), /at most 5/);
  assert.ok(check('TEXT', { value: '20-12345678-6' }, { type: 'text', fontSize: 12, validationPreset: 'cuil' }));
  refuses(
    () => check('TEXT', { value: '20-12345678-5' }, { type: 'text', fontSize: 12, validationPreset: 'cuil' }),
    /CUIL/,
  );
  refuses(() => check('TEXT', { value: '12-345' }, { type: 'text', fontSize: 12, validationPreset: 'dni' }), /DNI/);
  refuses(() => check('TEXT', {}), /value/);
});

test('NUMBER: format and bounds', () => {
  const meta: FieldMeta = { type: 'number', fontSize: 12, minValue: 1, maxValue: 10 };
  assert.equal(check('NUMBER', { value: '7,5' }, meta).customText, '7,5');
  refuses(() => check('NUMBER', { value: 'siete' }, meta), /number/);
  const outOfRange = (fn: () => unknown, pattern: RegExp) =>
    assert.throws(
      fn,
      (e: unknown) => e instanceof AppError && e.code === 'INVALID_FIELD_VALUE' && pattern.test(e.message),
    );
  outOfRange(() => check('NUMBER', { value: '0' }, meta), /at least 1/);
  outOfRange(() => check('NUMBER', { value: '11' }, meta), /at most 10/);
});

test('RADIO, DROPDOWN and CHECKBOX take only their options and honour the checkbox rule', () => {
  const radio: FieldMeta = {
    type: 'radio',
    fontSize: 12,
    direction: 'vertical',
    values: [
      { id: 1, checked: false, value: 'Sí' },
      { id: 2, checked: false, value: 'No' },
    ],
  };
  assert.equal(check('RADIO', { value: 'No' }, radio).customText, 'No');
  refuses(() => check('RADIO', { value: 'Tal vez' }, radio), /one of/);
  const dropdown: FieldMeta = { type: 'dropdown', fontSize: 12, values: [{ value: 'A' }, { value: 'B' }] };
  refuses(() => check('DROPDOWN', { value: 'C' }, dropdown), /one of/);
  const box: FieldMeta = {
    type: 'checkbox',
    fontSize: 12,
    direction: 'vertical',
    validationRule: 'Select at least',
    validationLength: 2,
    values: [1, 2, 3].map((id) => ({ id, checked: false, value: `o${id}` })),
  };
  assert.deepEqual(check('CHECKBOX', { values: ['o1', 'o3'] }, box).stored, { kind: 'choices', values: ['o1', 'o3'] });
  refuses(() => check('CHECKBOX', { values: ['o1'] }, box), /at least 2/);
  refuses(() => check('CHECKBOX', { values: ['o1', 'o9'] }, box), /not options/);
  refuses(
    () => check('CHECKBOX', { values: ['o1', 'o2', 'o3'] }, { ...box, validationRule: 'Select exactly' }),
    /exactly 2/,
  );
});

test('signatures: typed, or an image of bounded size to decode; each kind can be disabled', () => {
  assert.deepEqual(check('SIGNATURE', { signature: { type: 'typed', text: 'Ana García' } }).stored, {
    kind: 'signature',
    signature: { type: 'typed', text: 'Ana García' },
  });
  const drawn = check('SIGNATURE', { signature: { type: 'drawn', image: pngDataUrl() } });
  assert.equal(drawn.image?.format, 'png');
  assert.equal(drawn.image.reencode, false);
  assert.equal(drawn.image.bytes.subarray(1, 4).toString(), 'PNG');
  const uploaded = check('SIGNATURE', { signature: { type: 'uploaded', image: 'data:image/jpeg;base64,aGVsbG8=' } });
  assert.deepEqual([uploaded.image?.format, uploaded.image?.reencode], ['jpeg', true]);
  assert.deepEqual(uploaded.stored, { kind: 'signature', signature: { type: 'uploaded', sha256: '' } });
  refuses(
    () => check('SIGNATURE', { signature: { type: 'uploaded', image: 'data:image/gif;base64,aGVsbG8=' } }),
    /data URL/,
  );
  assert.throws(
    () =>
      check('SIGNATURE', { signature: { type: 'uploaded', image: pngDataUrl() } }, null, {
        ...fill,
        uploadSignatureEnabled: false,
      }),
    (e: unknown) => e instanceof AppError && e.code === 'SIGNATURE_UPLOAD_DISABLED',
  );
  refuses(
    () => check('SIGNATURE', { signature: { type: 'drawn', image: 'data:image/jpeg;base64,aGVsbG8=' } }),
    /data URL/,
  );
  refuses(() => check('SIGNATURE', { value: 'Ana' }), /signature/);
  refuses(
    () =>
      check('SIGNATURE', { signature: { type: 'typed', text: 'Ana' } }, null, {
        ...fill,
        typedSignatureEnabled: false,
      }),
    /disabled/,
  );
  assert.equal(check('INITIALS', { value: 'AG' }).customText, 'AG');
});

test('NUMBER with a numberFormat: read formatted or canonical, kept canonical, shown formatted', () => {
  const meta: FieldMeta = {
    type: 'number',
    fontSize: 12,
    numberFormat: '123.456.789,00',
    minValue: 0,
    maxValue: 2_000_000,
  };
  const typed = check('NUMBER', { value: '1.234.567,5' }, meta);
  assert.deepEqual(typed.stored, { kind: 'text', text: '1234567.5' });
  assert.equal(typed.customText, '1.234.567,5');
  assert.deepEqual(check('NUMBER', { value: '1234567.5' }, meta).stored, { kind: 'text', text: '1234567.5' });
  refuses(() => check('NUMBER', { value: '1,234,567.5' }, meta), /123\.456\.789,00/);
  assert.throws(
    () => check('NUMBER', { value: '2.000.001' }, meta),
    (e: unknown) => e instanceof AppError && e.code === 'INVALID_FIELD_VALUE' && /2\.000\.000/.test(e.message),
  );
});
