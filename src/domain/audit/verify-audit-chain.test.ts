import assert from 'node:assert/strict';
import { test } from 'node:test';
import { auditEntryHash, GENESIS_HASH } from './audit-hash.js';
import { verifyAuditChain, type StoredAuditEntry } from './verify-audit-chain.js';

function chain(n: number): StoredAuditEntry[] {
  const out: StoredAuditEntry[] = [];
  let prev = GENESIS_HASH;
  for (let seq = 1; seq <= n; seq++) {
    const fields = {
      envelopeId: 7,
      seq,
      type: seq === 1 ? 'DOCUMENT_CREATED' : 'DOCUMENT_FIELD_INSERTED',
      data: JSON.stringify({ fieldId: seq, value: `v${seq}` }),
      actor: JSON.stringify({ kind: 'system' }),
      recipientId: null,
      ip: '203.0.113.9',
      userAgent: 'test',
      createdAt: new Date(Date.UTC(2026, 10, 22, 10, 0, seq)).toISOString(),
      prevHash: prev,
    };
    const hash = auditEntryHash(fields);
    out.push({ ...fields, hash });
    prev = hash;
  }
  return out;
}

test('an untouched chain verifies and reports its head', () => {
  const entries = chain(5);
  assert.deepEqual(verifyAuditChain(entries), { ok: true, length: 5, head: entries[4]!.hash, firstBreak: null });
  assert.deepEqual(verifyAuditChain([]), { ok: true, length: 0, head: null, firstBreak: null });
});

test('a changed value is found at the entry that was changed', () => {
  const entries = chain(5);
  entries[2] = { ...entries[2]!, data: JSON.stringify({ fieldId: 3, value: 'forged' }) };
  const verdict = verifyAuditChain(entries);
  assert.equal(verdict.ok, false);
  assert.deepEqual(verdict.firstBreak, {
    seq: 3,
    reason: 'HASH_MISMATCH',
    detail: 'entry 3 was changed after it was written',
  });
});

test('a changed IP, time or actor breaks the chain too', () => {
  for (const patch of [
    { ip: '198.51.100.1' },
    { createdAt: '2020-01-01T00:00:00.000Z' },
    { actor: JSON.stringify({ kind: 'api' }) },
  ]) {
    const entries = chain(3);
    entries[1] = { ...entries[1]!, ...patch };
    assert.equal(verifyAuditChain(entries).firstBreak?.seq, 2);
  }
});

test('a re-hashed entry still breaks the link of the next one', () => {
  const entries = chain(4);
  const forged = { ...entries[1]!, data: JSON.stringify({ fieldId: 2, value: 'forged' }) };
  entries[1] = { ...forged, hash: auditEntryHash(forged) };
  assert.deepEqual(verifyAuditChain(entries).firstBreak, {
    seq: 3,
    reason: 'PREVIOUS_HASH_MISMATCH',
    detail: 'entry 3 does not link to entry 2',
  });
});

test('a deleted entry is a sequence gap; unreadable data is reported, not thrown', () => {
  const entries = chain(4);
  entries.splice(1, 1);
  assert.equal(verifyAuditChain(entries).firstBreak?.reason, 'SEQUENCE_GAP');
  const bad = chain(2);
  bad[1] = { ...bad[1]!, data: '{not json' };
  assert.equal(verifyAuditChain(bad).firstBreak?.reason, 'UNREADABLE');
});
