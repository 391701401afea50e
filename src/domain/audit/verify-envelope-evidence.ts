import { createHash } from 'node:crypto';
import { listAuditEvents } from '../../db/repositories/audit.repo.js';
import { findEnvelopeForOperator, loadEnvelopeParts, type EnvelopeKey } from '../../db/repositories/envelope.repo.js';
import { notFound } from '../../errors.js';
import type { Ctx } from '../context.js';
import { verifyAuditChain, type ChainVerdict } from './verify-audit-chain.js';

export interface FileCheck {
  what: string;
  sha256: string;
  /** present: the stored bytes still hash to the name they were stored under. */
  present: boolean;
  intact: boolean;
  /** The audit log names this hash (at creation for originals, at completion for results). */
  recorded: boolean;
}

export interface EvidenceVerdict {
  ok: boolean;
  envelopeId: string;
  documentId: number;
  status: string;
  chain: ChainVerdict;
  files: FileCheck[];
  problems: string[];
}

/**
 * What `firma audit verify` reports: the hash chain recomputed entry by entry, and every PDF the
 * envelope points at (originals, sealed finals, certificate) re-hashed from storage and matched
 * against the hashes the chain recorded. A database edit that swaps a file reference, or a file
 * edited on disk, shows up here even when the chain itself is intact.
 */
export async function verifyEnvelopeEvidence(ctx: Ctx, key: EnvelopeKey): Promise<EvidenceVerdict> {
  const envelope = await findEnvelopeForOperator(ctx.db, key);
  if (!envelope) throw notFound('documentId' in key ? 'Document' : 'Envelope');
  const graph = await loadEnvelopeParts(ctx.db, envelope);
  const rows = await listAuditEvents(ctx.db, envelope.id);
  const chain = verifyAuditChain(rows);

  const recordedHashes = new Set<string>();
  for (const row of rows) {
    try {
      collectStrings(JSON.parse(row.data), recordedHashes);
    } catch {
      // The chain verdict already names an unreadable entry.
    }
  }

  const files: FileCheck[] = [];
  const check = async (what: string, sha256: string) => {
    const actual = await hashStored(ctx, sha256);
    files.push({ what, sha256, present: actual !== null, intact: actual === sha256, recorded: recordedHashes.has(sha256) });
  };
  for (const item of graph.items) {
    await check(`original "${item.title}"`, item.originalSha256);
    if (item.finalSha256) await check(`sealed final "${item.title}"`, item.finalSha256);
  }
  if (envelope.certificateSha256) await check('certificate', envelope.certificateSha256);

  const problems: string[] = [];
  if (chain.firstBreak) problems.push(`audit chain broken at entry ${chain.firstBreak.seq}: ${chain.firstBreak.detail}`);
  for (const f of files) {
    if (!f.present) problems.push(`${f.what}: no stored file ${f.sha256}`);
    else if (!f.intact) problems.push(`${f.what}: stored bytes no longer hash to ${f.sha256}`);
    if (!f.recorded) problems.push(`${f.what}: ${f.sha256} is not the hash the audit log recorded`);
  }
  const final = envelope.status === 'COMPLETED' || envelope.status === 'REJECTED';
  if (final && envelope.completedAt && !envelope.certificateSha256) problems.push('the document is final but has no certificate');

  return { ok: problems.length === 0, envelopeId: envelope.publicId, documentId: envelope.id, status: envelope.status, chain, files, problems };
}

async function hashStored(ctx: Ctx, sha256: string): Promise<string | null> {
  if (!(await ctx.storage.exists(sha256))) return null;
  const hash = createHash('sha256');
  for await (const chunk of ctx.storage.getStream(sha256)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

function collectStrings(value: unknown, into: Set<string>): void {
  if (typeof value === 'string') into.add(value);
  else if (Array.isArray(value)) for (const v of value) collectStrings(v, into);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) collectStrings(v, into);
}
