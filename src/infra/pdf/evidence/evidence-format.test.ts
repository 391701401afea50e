import assert from 'node:assert/strict';
import { test } from 'node:test';

import { formatCuil, timeFormatter } from './evidence-format.js';
import { translator } from './evidence-i18n.js';

const at = new Date('2025-03-14T15:09:26.412Z');

void test('CUIL is shown as NN-NNNNNNNN-N, missing as a dash, malformed as given', () => {
  assert.equal(formatCuil('20123456786'), '20-12345678-6');
  assert.equal(formatCuil('20-12345678-6'), '20-12345678-6');
  assert.equal(formatCuil(null), '—');
  assert.equal(formatCuil('  '), '—');
  assert.equal(formatCuil('12345'), '12345');
});

void test('times are ISO 8601 UTC plus the local time with its offset', () => {
  const en = timeFormatter('en', 'America/Argentina/Buenos_Aires');
  assert.equal(en.utc(at), '2025-03-14T15:09:26.412Z');
  assert.equal(en.local(at), '14 Mar 2025, 12:09:26 UTC-03:00');
  const es = timeFormatter('es', 'America/Argentina/Buenos_Aires');
  assert.equal(es.local(at), '14 mar 2025, 12:09:26 UTC-03:00');
  assert.equal(timeFormatter('en', 'UTC').local(at), '14 Mar 2025, 15:09:26 UTC+00:00');
  assert.equal(timeFormatter('en', 'Asia/Kolkata').local(at), '14 Mar 2025, 20:39:26 UTC+05:30');
});

void test('an invalid time zone falls back to UTC instead of throwing', () => {
  const time = timeFormatter('es', 'Mars/Olympus_Mons');
  assert.equal(time.zone, 'UTC');
  assert.equal(time.zoneValid, false);
  assert.equal(time.local(at), '14 mar 2025, 15:09:26 UTC+00:00');
  assert.equal(time.utc(new Date(Number.NaN)), '—');
});

void test('both languages translate roles, statuses and known event types', () => {
  const en = translator('en');
  const es = translator('es');
  assert.equal(es.t('certificateTitle'), 'Certificado de finalización');
  assert.equal(en.t('page', { n: 2, m: 9 }), 'Page 2 of 9');
  assert.equal(es.t('page', { n: 2, m: 9 }), 'Página 2 de 9');
  assert.equal(es.role('SIGNER'), 'Firmante');
  assert.equal(en.recipientStatus('APPROVER', 'SIGNED'), 'Approved');
  assert.equal(es.recipientStatus('CC', 'NOT_SIGNED'), 'No requiere acción');
  assert.equal(es.eventType('DOCUMENT_SENT'), 'Documento enviado');
  assert.equal(en.eventType('SOMETHING_NEW'), 'SOMETHING_NEW');
});
