import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { wordAuditEvent } from './evidence-sentences.js';
import { LANGUAGES } from '../../../lib/vocabulary/languages.js';

/** Every audit type written anywhere in src/, found the way audit-log-view.test.ts finds them. */
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
  walk(new URL('../../..', import.meta.url).pathname);
  return types;
}

/** Data shaped like what each writer records (the members the raw dump used to print). */
const SAMPLES: Record<string, unknown>[] = [
  {},
  {
    recipientId: 19,
    recipientEmail: 'bo@example.com',
    recipientName: 'Bo',
    recipientRole: 'SIGNER',
    signatureLevel: 'SES',
    changes: [],
    changed: ['cuil', 'phone', 'signingOrder', 'accessCodeHash', 'requireCuil', 'idDocumentNumber', 'zzUnknown'],
  },
  { fieldId: '9', fieldType: 'DATE', fieldRecipientId: 19, changes: [{ type: 'POSITION' }, { type: 'DIMENSION' }] },
  { envelopeItemId: 3, envelopeItemTitle: 'a.pdf', sha256: 'a'.repeat(64), pages: 2, changes: [{ field: 'title' }] },
  { changed: ['title', 'folderId', 'meta.subject', 'meta.language', 'meta.somethingNew'] },
  { id: 'att_1', label: 'Terms' },
  { directLinkId: 4, enabled: false },
  { problem: 'entry 3 hash mismatch', refused: 'completion' },
  { certificateSubject: 'CN=Ana', cuil: '20123456786', revocationSource: 'OCSP', items: [1] },
];

test('every audit type Firma writes is a sentence in every language: no code, no "key:", no undefined/null', () => {
  const types = typesWrittenBySource();
  for (const t of ['RECIPIENT_UPDATED', 'FIELD_UPDATED', 'DOCUMENT_META_UPDATED', 'AUDIT_CHAIN_TAMPERED'])
    assert.ok(types.has(t), `the scan finds ${t}`);
  for (const type of [...types, 'SOMETHING_NEW'])
    for (const language of LANGUAGES)
      for (const data of SAMPLES)
        for (const who of [{ kind: 'sender' }, { kind: 'recipient', name: 'Ana' }, { kind: 'system' }] as const) {
          const { sentence, hashes } = wordAuditEvent(language, { type, data, who, recipientName: 'Bo' });
          const where = `${language} ${type} ${JSON.stringify(data)}: ${sentence}`;
          assert.doesNotMatch(sentence, /[A-Z]+_[A-Z_]+/, where);
          assert.doesNotMatch(sentence, /[A-Za-z]+:\s/, where);
          assert.doesNotMatch(sentence, /\b(undefined|null|NaN)\b|\[object/, where);
          assert.doesNotMatch(sentence, /zzUnknown|somethingNew|accessCodeHash|signingOrder|folderId/, where);
          for (const h of hashes) assert.doesNotMatch(h.label, /undefined|null|\(\w+\)$/, where);
        }
});
