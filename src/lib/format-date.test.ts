import assert from 'node:assert/strict';
import { test } from 'node:test';
import { formatDate } from './format-date.js';

const at = new Date('2026-03-05T18:07:09.042Z');

test('patterns of the API in a time zone', () => {
  assert.equal(formatDate(at, 'yyyy-MM-dd hh:mm a', 'Etc/UTC'), '2026-03-05 06:07 PM');
  assert.equal(formatDate(at, 'dd/MM/yyyy HH:mm', 'America/Argentina/Buenos_Aires'), '05/03/2026 15:07');
  assert.equal(formatDate(at, 'yy-MM-dd', 'Asia/Tokyo'), '26-03-06');
  assert.equal(
    formatDate(at, "yyyy-MM-dd'T'HH:mm:ss.SSSXXX", 'America/Argentina/Buenos_Aires'),
    '2026-03-05T15:07:09.042-03:00',
  );
  assert.equal(formatDate(at, "yyyy-MM-dd'T'HH:mm:ss.SSSXXX", 'Etc/UTC'), '2026-03-05T18:07:09.042Z');
});

test('month and weekday names follow the language', () => {
  assert.equal(formatDate(at, 'EEEE, MMMM dd, yyyy', 'Etc/UTC', 'en'), 'Thursday, March 05, 2026');
  assert.equal(formatDate(at, 'MMMM dd, yyyy', 'Etc/UTC', 'es'), 'marzo 05, 2026');
});

test('midnight and noon in 12-hour form; an unknown zone falls back to UTC', () => {
  assert.equal(formatDate(new Date('2026-01-01T00:30:00Z'), 'hh:mm a', 'Etc/UTC'), '12:30 AM');
  assert.equal(formatDate(new Date('2026-01-01T12:30:00Z'), 'hh:mm a', 'Etc/UTC'), '12:30 PM');
  assert.equal(formatDate(at, 'HH:mm', 'Not/AZone'), '18:07');
});
