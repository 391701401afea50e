import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  MAX_AUTOMATIC_REMINDERS,
  addReminderInterval,
  firstReminderDue,
  nextReminderDue,
  parseReminderPart,
  reminderSettingsInForce,
  reminderSettingsProblem,
} from './reminder-rules.js';

const day = (amount: number) => ({ unit: 'day' as const, amount });
const off = { disabled: true as const };
const at = (iso: string) => new Date(iso);

test('calendar intervals: months keep the day of the month, weeks are seven days', () => {
  assert.equal(
    addReminderInterval(at('2026-01-31T10:00:00Z'), { unit: 'week', amount: 2 }, null).toISOString(),
    '2026-02-14T10:00:00.000Z',
  );
  assert.equal(
    addReminderInterval(at('2026-03-15T10:00:00Z'), { unit: 'month', amount: 1 }, null).toISOString(),
    '2026-04-15T10:00:00.000Z',
  );
  assert.equal(
    addReminderInterval(at('2026-03-15T10:00:00Z'), { unit: 'month', amount: 1 }, 1000).toISOString(),
    '2026-03-15T10:00:30.000Z',
  );
});

test('the document’s own settings win over the platform default, even both disabled', () => {
  const platform = { sendAfter: day(2), repeatEvery: off };
  assert.deepEqual(reminderSettingsInForce({ reminderSettings: null }, platform), platform);
  assert.equal(reminderSettingsInForce({ reminderSettings: { sendAfter: off, repeatEvery: off } }, platform), null);
  assert.equal(reminderSettingsInForce({ reminderSettings: null }, null), null);
  assert.match(reminderSettingsProblem({ sendAfter: off, repeatEvery: day(1) }) ?? '', /sendAfter/);
  assert.equal(reminderSettingsProblem({ sendAfter: day(1), repeatEvery: off }), null);
});

test('schedule: first after sendAfter, then from the due time, a full interval after a late run, never past expiry or the cap', () => {
  const s = { sendAfter: day(3), repeatEvery: day(2) };
  const sent = at('2026-05-01T12:00:00Z');
  assert.equal(firstReminderDue(s, sent, null, null)?.toISOString(), '2026-05-04T12:00:00.000Z');
  assert.equal(firstReminderDue(s, sent, '2026-05-04T12:00:00.000Z', null), null, 'due at the expiry: none');
  const due = at('2026-05-04T12:00:00Z');
  const next = (now: string, sentCount = 1, expiresAt: string | null = null) =>
    nextReminderDue(s, { due, now: at(now), sent: sentCount, expiresAt, dayMs: null })?.toISOString() ?? null;
  assert.equal(next('2026-05-04T12:00:01Z'), '2026-05-06T12:00:00.000Z');
  assert.equal(next('2026-05-10T00:00:00Z'), '2026-05-12T00:00:00.000Z', 'after an outage: one interval from now');
  assert.equal(next('2026-05-04T12:00:01Z', MAX_AUTOMATIC_REMINDERS), null);
  assert.equal(next('2026-05-04T12:00:01Z', 1, '2026-05-05T00:00:00.000Z'), null);
  assert.equal(
    nextReminderDue({ ...s, repeatEvery: off }, { due, now: due, sent: 1, expiresAt: null, dayMs: null }),
    null,
  );
});

test('the CLI’s spelling of an interval', () => {
  assert.deepEqual(parseReminderPart('3d'), day(3));
  assert.deepEqual(parseReminderPart('2w'), { unit: 'week', amount: 2 });
  assert.deepEqual(parseReminderPart('1m'), { unit: 'month', amount: 1 });
  assert.deepEqual(parseReminderPart('off'), off);
  for (const bad of ['0d', '366d', '1y', 'd', '', ' 1d']) assert.equal(parseReminderPart(bad), null, bad);
});
