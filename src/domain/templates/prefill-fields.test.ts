import type { FieldMeta } from '../../lib/stored/field-meta.js';
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { FieldRow } from '../../db/repositories/envelope.repo.js';
import type { FieldType } from '../../lib/vocabulary/field-types.js';
import type { AppError } from '../../errors.js';
import { IssueCollector } from '../envelopes/validation-issues.js';
import { DEFAULT_META } from '../model/envelope-meta.js';
import { planPrefills, ZPrefillField } from './prefill-fields.js';

let nextId = 1;
function field(type: FieldType, fieldMeta: Record<string, unknown> | null = null): FieldRow {
  return {
    id: nextId++,
    secondaryId: `f${nextId}`,
    envelopeId: 1,
    envelopeItemId: 'item',
    recipientId: 1,
    type,
    page: 1,
    positionX: 10,
    positionY: 10,
    width: 20,
    height: 5,
    customText: '',
    inserted: 0,
    fieldMeta: (fieldMeta ?? null) as FieldMeta | null,
    value: null,
    signatureSha256: null,
    insertedAt: null,
    insertedByRecipientId: null,
  };
}

const options = (type: string) => ({
  type,
  values: [
    { id: 1, checked: false, value: 'A' },
    { id: 2, checked: false, value: 'B' },
  ],
});
const fields = {
  text: field('TEXT', { type: 'text', characterLimit: 5 }),
  number: field('NUMBER', { type: 'number', minValue: 0, maxValue: 100 }),
  radio: field('RADIO', options('radio')),
  checkbox: field('CHECKBOX', { ...options('checkbox'), validationRule: 'Select at most', validationLength: 1 }),
  dropdown: field('DROPDOWN', { type: 'dropdown', values: [{ value: 'X' }] }),
  date: field('DATE', { type: 'date' }),
};
const all = Object.values(fields);
const meta = { ...DEFAULT_META, dateFormat: 'dd/MM/yyyy' as const, timezone: 'America/Argentina/Buenos_Aires' };

function plan(prefills: unknown[]) {
  const issues = new IssueCollector();
  const parsed = prefills.map((p) => ZPrefillField.parse(p));
  const patches = planPrefills(parsed, all, meta, [], issues);
  let error: AppError | undefined;
  try {
    issues.throwIfAny('refused');
  } catch (e) {
    error = e as AppError;
  }
  return { patches, error };
}

test('every prefill type fills its field with a value the signer could have entered, read-only', () => {
  const { patches, error } = plan([
    { type: 'text', id: fields.text.id, value: 'Hola', label: 'Saludo' },
    { type: 'number', id: fields.number.id, value: '42' },
    { type: 'radio', id: fields.radio.id, value: 'B' },
    { type: 'checkbox', id: fields.checkbox.id, value: ['A'] },
    { type: 'dropdown', id: fields.dropdown.id, value: 'X' },
    { type: 'date', id: fields.date.id, value: '2026-03-05T18:07:00Z' },
  ]);
  assert.equal(error, undefined);
  const text = patches.get(fields.text.id)!;
  assert.deepEqual(text.filled, { value: { kind: 'text', text: 'Hola' }, customText: 'Hola' });
  assert.equal(text.fieldMeta!.label, 'Saludo');
  for (const patch of patches.values()) assert.equal(patch.fieldMeta!.readOnly, true);
  assert.deepEqual(patches.get(fields.checkbox.id)!.filled!.value, { kind: 'choices', values: ['A'] });
  assert.equal(patches.get(fields.radio.id)!.filled!.customText, 'B');
  // In the document's date format and time zone (18:07 UTC is 15:07 in Buenos Aires, same day).
  assert.equal(patches.get(fields.date.id)!.filled!.customText, '05/03/2026');
});

test('a calendar date stays that day in any time zone', () => {
  const { patches } = plan([{ type: 'date', id: fields.date.id, value: '2026-11-26' }]);
  assert.equal(patches.get(fields.date.id)!.filled!.customText, '26/11/2026');
});

test('a prefill without a value changes the label only and leaves the field to the signer', () => {
  const { patches } = plan([{ type: 'text', id: fields.text.id, label: 'Domicilio' }]);
  const patch = patches.get(fields.text.id)!;
  assert.equal(patch.filled, undefined);
  assert.equal(patch.fieldMeta!.label, 'Domicilio');
  assert.notEqual(patch.fieldMeta!.readOnly, true);
});

test('values the field refuses are 400s naming the entry; every problem is listed', () => {
  const { error } = plan([
    { type: 'text', id: fields.text.id, value: 'demasiado largo' },
    { type: 'number', id: fields.number.id, value: '101' },
    { type: 'radio', id: fields.radio.id, value: 'C' },
    { type: 'checkbox', id: fields.checkbox.id, value: ['A', 'B'] },
    { type: 'dropdown', id: fields.dropdown.id, value: 'Y' },
    { type: 'date', id: fields.date.id, value: 'mañana' },
    { type: 'text', id: fields.number.id, value: '1' },
    { type: 'text', id: 999_999, value: '1' },
  ]);
  assert.equal(error?.code, 'INVALID_FIELD_VALUE');
  const paths = error.issues!.map((i) => JSON.stringify(i.path));
  for (let index = 0; index < 6; index++) assert.ok(paths.includes(JSON.stringify(['prefillFields', index, 'value'])));
  assert.ok(paths.includes(JSON.stringify(['prefillFields', 6, 'type'])));
  assert.ok(paths.includes(JSON.stringify(['prefillFields', 7, 'id'])));
  assert.match(error.issues![0]!.message, new RegExp(`field ${fields.text.id}`));
});
