import assert from 'node:assert/strict';
import { test } from 'node:test';
import { LANGUAGES } from '../../../../lib/vocabulary/languages.js';
import { wordAuditEvent } from '../evidence-sentences.js';
import { timeFormatter } from '../evidence-format.js';
import { en } from './en.js';
import { EVIDENCE_DICTIONARIES } from './index.js';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

test('every document language has every message, role, status, event name and field name of English', () => {
  assert.deepEqual(Object.keys(EVIDENCE_DICTIONARIES).sort(), [...LANGUAGES].sort());
  for (const language of LANGUAGES) {
    const d = EVIDENCE_DICTIONARIES[language];
    for (const table of [
      'messages',
      'roles',
      'doneByRole',
      'notDoneByRole',
      'envelopeStatus',
      'eventTypes',
      'fieldNames',
    ] as const) {
      assert.deepEqual(Object.keys(d[table]).sort(), Object.keys(en[table]).sort(), `${language} ${table}`);
      for (const [key, value] of Object.entries(d[table])) assert.ok(value.trim(), `${language} ${table}.${key}`);
    }
    for (const [key, value] of Object.entries(en.messages))
      assert.deepEqual(
        placeholders(d.messages[key as keyof typeof en.messages]),
        placeholders(value),
        `${language} ${key}`,
      );
    assert.deepEqual(Object.keys(d.sentences).sort(), Object.keys(en.sentences).sort(), `${language} sentences`);
    if (language !== 'en') {
      // Names and symbols every language writes alike ("CUIL", "—") are not untranslated words.
      const universal = new Set(['cuil', 'digitalCuil', 'notAvailable']);
      const same = Object.entries(en.messages).filter(
        ([k, v]) => !universal.has(k) && d.messages[k as keyof typeof en.messages] === v,
      );
      assert.ok(same.length <= 5, `${language}: still English: ${same.map(([k]) => k).join(', ')}`);
    }
  }
});

test('every timeline sentence is worded in every language, with its values and no blanks', () => {
  const who = { kind: 'recipient', name: 'Ana' } as const;
  const events: [string, Record<string, unknown>][] = [
    [
      'DOCUMENT_CREATED',
      { title: 'T', items: [{ title: 'a.pdf', sha256: 'a'.repeat(64) }], source: { templateId: 4 } },
    ],
    ['DOCUMENT_SENT', { signingOrder: 'SEQUENTIAL', notified: [1, 2, 3] }],
    ['DOCUMENT_SENT', { notified: [] }],
    ['DOCUMENT_RESENT', { recipients: [1] }],
    ['DOCUMENT_OPENED', {}],
    ['DOCUMENT_ACCESS_AUTH_2FA_REQUESTED', { purpose: 'action' }],
    ['DOCUMENT_ACCESS_AUTH_2FA_VALIDATED', { purpose: 'access' }],
    ['DOCUMENT_ACCESS_AUTH_2FA_FAILED', { triesLeft: 2 }],
    ['RECIPIENT_VERIFICATION_PASSED', { method: 'CUIL' }],
    ['RECIPIENT_VERIFICATION_FAILED', { method: 'PASSWORD', triesLeft: 0 }],
    ['DOCUMENT_FIELD_INSERTED', { fieldId: 3, fieldType: 'TEXT', value: 'Calle 1' }],
    ['DOCUMENT_FIELD_INSERTED', { fieldId: 3, fieldType: 'SIGNATURE', value: { typedSignature: 'Ana' } }],
    ['DOCUMENT_FIELD_PREFILLED', { fieldId: 5, fieldType: 'NUMBER', value: '7' }],
    ['DOCUMENT_FIELD_UNINSERTED', { fieldId: 5, fieldType: 'DATE' }],
    ['DOCUMENT_RECIPIENT_COMPLETED', { action: 'approved' }],
    ['DOCUMENT_RECIPIENT_REJECTED', { reason: 'No' }],
    ['DOCUMENT_COMPLETED', {}],
    ['RECIPIENT_EXPIRED', {}],
    ['RECIPIENT_CONSENT_ACCEPTED', { version: 'v1', statement: 'S' }],
    ['RECIPIENT_CONSENT_ACCEPTED', { version: 'v1', level: 'DIGITAL', statement: 'S' }],
    ['DOCUMENT_RECIPIENT_DOWNLOADED', { file: 'certificate' }],
    ['DOCUMENT_REMINDER_SENT', { reminder: 2 }],
    ['DOCUMENT_CANCELLED', {}],
    ['SOMETHING_NEW', { a: 1 }],
  ];
  for (const language of LANGUAGES) {
    for (const [type, data] of events) {
      const worded = wordAuditEvent(language, { type, data, who, recipientName: 'Bruno' });
      assert.ok(
        worded.sentence.trim() && !/undefined|NaN|\bnull\b|\[object|\$\{/.test(worded.sentence),
        `${language} ${type}: ${worded.sentence}`,
      );
      if (language !== 'en' && type !== 'SOMETHING_NEW')
        assert.notEqual(worded.sentence, wordAuditEvent('en', { type, data, who, recipientName: 'Bruno' }).sentence);
    }
    assert.match(timeFormatter(language, 'UTC').local(new Date('2025-03-14T15:09:26Z')), /2025.*15:09:26 UTC\+00:00$/);
  }
  assert.equal(
    wordAuditEvent('pl', { type: 'DOCUMENT_ACCESS_AUTH_2FA_FAILED', data: { triesLeft: 3 }, who, recipientName: null })
      .sentence,
    'Ana wpisał(a) błędny kod weryfikacyjny (pozostały 3 próby).',
  );
  assert.equal(timeFormatter('ja', 'UTC').local(new Date('2025-03-14T15:09:26Z')), '2025年3月14日, 15:09:26 UTC+00:00');
});
