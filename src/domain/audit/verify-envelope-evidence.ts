import { createHash } from 'node:crypto';
import { listAuditEvents } from '../../db/repositories/audit.repo.js';
import { findEnvelopeForOperator, loadEnvelopeParts, type EnvelopeKey } from '../../db/repositories/envelope.repo.js';
import { notFound } from '../../errors.js';
import type { Ctx } from '../context.js';
import { verifyAuditChain, type ChainVerdict } from './verify-audit-chain.js';
import { checkEntryMacs } from './verify-entry-macs.js';
import { readAuditMacFloor } from './audit-mac-floor.js';
import { verifyDigitalSignatures } from './verify-digital-signatures.js';
import { verifySealedEvidence, type Check } from './verify-sealed-evidence.js';
import { parseAuditData } from './stored-audit.js';

export type { Check } from './verify-sealed-evidence.js';

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
  /** True only when every check passed; false when any failed or some entries are unanchored. */
  ok: boolean;
  /** OK; BROKEN: some check failed; UNANCHORED: nothing failed, but some entries nothing vouches for. */
  verdict: 'OK' | 'BROKEN' | 'UNANCHORED';
  envelopeId: string;
  documentId: number;
  status: string;
  chain: ChainVerdict;
  files: FileCheck[];
  /** Every check, in the order `firma audit verify` prints them. */
  checks: Check[];
  /** The detail of every check that did not pass. */
  problems: string[];
}

/**
 * What `firma audit verify` reports. Recomputing the chain and re-hashing the stored PDFs finds
 * careless edits; a writer who recomputes the chain is caught by what he cannot recompute: the
 * MAC of every entry (keyed by the instance secret) and, once the envelope is final, the sealed
 * certificate, whose record states the chain head at completion and the documents' hashes, and
 * the seals of the final documents (keyed by the sealing identity). What this cannot catch is
 * written down in docs/design/completion-and-audit.md.
 */
export async function verifyEnvelopeEvidence(ctx: Ctx, key: EnvelopeKey): Promise<EvidenceVerdict> {
  const envelope = await findEnvelopeForOperator(ctx.db, key);
  if (!envelope) throw notFound('documentId' in key ? 'Document' : 'Envelope');
  const graph = await loadEnvelopeParts(ctx.db, envelope);
  const rows = await listAuditEvents(ctx.db, envelope.id);
  const chain = verifyAuditChain(rows);
  const checks: Check[] = [
    chain.firstBreak
      ? {
          name: 'audit chain',
          status: 'fail',
          detail: `audit chain broken at entry ${chain.firstBreak.seq}: ${chain.firstBreak.detail}`,
        }
      : { name: 'audit chain', status: 'pass', detail: `${chain.length} entries, head ${chain.head ?? '(empty)'}` },
  ];

  const recordedHashes = new Set<string>();
  for (const row of rows) {
    try {
      collectStrings(parseAuditData(row), recordedHashes);
    } catch {
      // The chain verdict already names an unreadable entry.
    }
  }

  const files: FileCheck[] = [];
  const check = async (what: string, sha256: string) => {
    const actual = await hashStored(ctx, sha256);
    const file = {
      what,
      sha256,
      present: actual !== null,
      intact: actual === sha256,
      recorded: recordedHashes.has(sha256),
    };
    files.push(file);
    const problem = !file.present
      ? `${what}: no stored file ${sha256}`
      : !file.intact
        ? `${what}: stored bytes no longer hash to ${sha256}`
        : null;
    checks.push(
      problem
        ? { name: `file ${what}`, status: 'fail', detail: problem }
        : { name: `file ${what}`, status: 'pass', detail: `${sha256} intact` },
    );
    if (!file.recorded)
      checks.push({
        name: `file ${what}`,
        status: 'fail',
        detail: `${what}: ${sha256} is not the hash the audit log recorded`,
      });
  };
  for (const item of graph.items) {
    await check(`original "${item.title}"`, item.originalSha256);
    if (item.finalSha256) await check(`sealed final "${item.title}"`, item.finalSha256);
  }
  if (envelope.certificateSha256) await check('certificate', envelope.certificateSha256);

  const final = envelope.status === 'COMPLETED' || envelope.status === 'REJECTED';
  if (final && envelope.completedAt && !envelope.certificateSha256)
    checks.push({ name: 'certificate', status: 'fail', detail: 'the document is final but has no certificate' });
  let sealedThrough = 0;
  if (final && envelope.completedAt) {
    const sealed = await verifySealedEvidence(ctx, graph, rows);
    checks.push(...sealed.checks);
    sealedThrough = sealed.sealedThrough;
    checks.push(...(await verifyDigitalSignatures(ctx, graph)));
  }
  checks.push(checkEntryMacs(ctx.auditMac, rows, sealedThrough, await readAuditMacFloor(ctx)));

  const problems = checks.filter((c) => c.status !== 'pass').map((c) => c.detail);
  const verdict = checks.some((c) => c.status === 'fail')
    ? 'BROKEN'
    : checks.some((c) => c.status === 'unanchored')
      ? 'UNANCHORED'
      : 'OK';
  return {
    ok: verdict === 'OK',
    verdict,
    envelopeId: envelope.publicId,
    documentId: envelope.id,
    status: envelope.status,
    chain,
    files,
    checks,
    problems,
  };
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
