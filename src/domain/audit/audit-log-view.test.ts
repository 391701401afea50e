import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { EnvelopeAuditLogFindDataUnion$inboundSchema } from '@documenso/sdk-typescript/models/operations/envelopeauditlogfind.js';
import { auditLogEntryView, type StoredAuditEntry } from './audit-log-view.js';

const parts = {
  envelopePublicId: 'envelope_abc',
  recipients: new Map([[7, { id: 7, email: 'ana@example.com', name: 'Ana', role: 'SIGNER' }]]),
  fields: new Map([[9, { id: 9, type: 'TEXT', recipientId: 7 }]]),
};

const entry = (type: string, data: Record<string, unknown>, recipientId: number | null = null): StoredAuditEntry => ({
  id: 1,
  seq: 1,
  type,
  data: JSON.stringify(data),
  actor: JSON.stringify({ kind: 'system' }),
  recipientId,
  ip: null,
  userAgent: null,
  createdAt: '2026-11-26T10:00:00.000Z',
  hash: 'a'.repeat(64),
});

/** Every audit type written anywhere in src/ (the literal after `type:` or the edit's audit name). */
function typesWrittenBySource(): Set<string> {
  const types = new Set<string>();
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (p.endsWith('.ts') && !p.endsWith('.test.ts')) {
        const text = readFileSync(p, 'utf8');
        for (const m of text.matchAll(/appendAuditEvent\([^)]*?type:\s*([^,\n]+)/gs))
          for (const t of m[1]!.matchAll(/'([A-Z_]+)'/g)) types.add(t[1]!);
        for (const m of text.matchAll(/editEnvelope\(\s*ctx,\s*caller,\s*\w+,\s*'([A-Z_]+)'/g)) types.add(m[1]!);
      }
    }
  };
  walk(new URL('../..', import.meta.url).pathname);
  return types;
}

test('every audit type Firma writes is answered in a shape Documenso’s SDK accepts, even with no data', () => {
  const types = typesWrittenBySource();
  for (const t of [
    'DOCUMENT_CREATED',
    'DOCUMENT_FIELD_INSERTED',
    'RECIPIENT_EXPIRED',
    'ENVELOPE_ATTACHMENT_CREATED',
    'DOCUMENT_REMINDER_SENT',
  ])
    assert.ok(types.has(t), `the scan finds ${t}`);
  for (const type of [...types, 'SOMETHING_NEW']) {
    for (const data of [{}, { fieldId: 9, fieldType: 'TEXT', value: 'x' }]) {
      const view = auditLogEntryView(entry(type, data, 7), parts);
      const parsed = EnvelopeAuditLogFindDataUnion$inboundSchema.safeParse(view);
      assert.ok(parsed.success, `${type} ${JSON.stringify(data)}: ${parsed.success ? '' : parsed.error.message}`);
    }
  }
});

test('Firma-only types keep their recorded name; recorded members stay beside Documenso’s', () => {
  const rejected = auditLogEntryView(entry('DOCUMENT_REJECTED', { certificateSha256: 'c'.repeat(64) }), parts);
  assert.equal(rejected.type, 'DOCUMENT_COMPLETED');
  assert.equal(rejected.firmaType, 'DOCUMENT_REJECTED');
  assert.equal(rejected.data.certificateSha256, 'c'.repeat(64));
  assert.equal(rejected.data.transactionId, 'a'.repeat(64));
  const inserted = auditLogEntryView(
    entry('DOCUMENT_FIELD_INSERTED', { fieldId: 9, fieldType: 'SIGNATURE', value: { typedSignature: 'Ana' } }, 7),
    parts,
  );
  assert.equal(inserted.firmaType, undefined);
  assert.deepEqual(
    {
      fieldId: inserted.data.fieldId,
      field: inserted.data.field,
      recipientEmail: inserted.data.recipientEmail,
      recipientRole: inserted.data.recipientRole,
    },
    {
      fieldId: '9',
      field: { type: 'SIGNATURE', data: 'Ana' },
      recipientEmail: 'ana@example.com',
      recipientRole: 'SIGNER',
    },
  );
  const deleted = auditLogEntryView(
    entry('RECIPIENT_DELETED', {
      recipientId: 3,
      recipientEmail: 'gone@example.com',
      recipientName: 'Gone',
      recipientRole: 'CC',
    }),
    parts,
  );
  assert.equal(deleted.data.recipientEmail, 'gone@example.com', 'a deleted recipient is described by the entry');
  const meta = auditLogEntryView(
    entry('DOCUMENT_META_UPDATED', { changed: ['title', 'meta.subject', 'meta.language'] }),
    parts,
  );
  assert.deepEqual(meta.data.changes, [{ type: 'SUBJECT', from: null, to: null }]);
  const reminder = auditLogEntryView(entry('DOCUMENT_REMINDER_SENT', { reminder: 2, dueAt: 'x' }, 7), parts);
  assert.equal(reminder.type, 'EMAIL_SENT');
  assert.equal(reminder.firmaType, 'DOCUMENT_REMINDER_SENT');
  assert.deepEqual(
    { email: reminder.data.recipientEmail, emailType: reminder.data.emailType, reminder: reminder.data.reminder },
    { email: 'ana@example.com', emailType: 'REMINDER', reminder: 2 },
  );
});
