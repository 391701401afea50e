import type { EnvelopeGraph } from '../../db/repositories/envelope.repo.js';
import { readEvidenceRecord } from '../../infra/pdf/evidence/evidence-record.js';
import { verifyPdfSeal, type KnownSealCertificate } from '../../infra/pdf/seal/index.js';
import { listSealCertificates } from '../seal-identity/list-seal-certificates.js';
import type { Ctx } from '../context.js';
import type { StoredAuditEntry } from './verify-audit-chain.js';
import { parseAuditData } from './stored-audit.js';

export type CheckStatus = 'pass' | 'fail' | 'unanchored';

/** One line of `firma audit verify`: what was checked and how it came out. */
export interface Check {
  name: string;
  status: CheckStatus;
  detail: string;
}

/**
 * The checks that need the sealing key to forge: the certificate's seal, the record sealed into
 * it (envelope, item hashes, and the chain head and length when it was made) against the database
 * and the recomputed chain, and the seal of every final document. `sealedThrough` is the number
 * of leading chain entries the certificate vouches for (0 when it vouches for none). A seal counts
 * when its signature holds under the certificate it carries and that certificate is one of the
 * installation's recorded identities (any node's, any identity before a rotation).
 */
export async function verifySealedEvidence(
  ctx: Ctx,
  graph: EnvelopeGraph,
  rows: readonly StoredAuditEntry[],
): Promise<{ checks: Check[]; sealedThrough: number }> {
  const { envelope } = graph;
  // Records this node's identity first (at the first run after an upgrade, the data dir's key).
  await ctx.sealIdentity();
  const known = await listSealCertificates(ctx);
  const checks: Check[] = [];
  for (const item of graph.items) {
    if (item.finalSha256)
      checks.push(await sealCheck(ctx, `seal of sealed final "${item.title}"`, item.finalSha256, known));
  }
  if (!envelope.certificateSha256) return { checks, sealedThrough: 0 };

  const certificate = await readStored(ctx, envelope.certificateSha256);
  if (!certificate)
    return {
      checks: [{ name: 'certificate seal', status: 'fail', detail: 'the certificate is not stored' }, ...checks],
      sealedThrough: 0,
    };
  const seal = verifyPdfSeal(certificate, known);
  if (!seal.ok)
    return {
      checks: [{ name: 'certificate seal', status: 'fail', detail: `the certificate ${seal.problem}` }, ...checks],
      sealedThrough: 0,
    };
  const sealCheckLine: Check = {
    name: 'certificate seal',
    status: 'pass',
    detail: `valid, made by ${seal.signer.subject} (${seal.signer.fingerprintSha256})`,
  };

  const read = readEvidenceRecord(seal.reader);
  if ('problem' in read)
    return {
      checks: [sealCheckLine, { name: 'certificate record', status: 'unanchored', detail: read.problem }, ...checks],
      sealedThrough: 0,
    };
  const { record } = read;
  const fail = (detail: string) => ({
    checks: [sealCheckLine, { name: 'certificate record', status: 'fail' as const, detail }, ...checks],
    sealedThrough: 0,
  });

  if (record.envelopeId !== envelope.publicId || record.documentId !== envelope.id) {
    return fail(
      `the certificate was issued for ${record.envelopeId} (document ${record.documentId}), not this envelope`,
    );
  }
  if (record.status !== envelope.status)
    return fail(`the certificate states ${record.status}, the database ${envelope.status}`);
  const stated = new Set(record.items.map((i) => `${i.originalSha256}:${i.finalSha256 ?? ''}`));
  const stored = new Set(graph.items.map((i) => `${i.originalSha256}:${i.finalSha256 ?? ''}`));
  if (stated.size !== stored.size || [...stated].some((pair) => !stored.has(pair))) {
    return fail('the documents (original and final hashes) differ from those the certificate states');
  }

  const length = record.auditChain.length;
  const head = rows[length - 1];
  if (length === 0 || !head || head.seq !== length || head.hash !== record.auditChain.head) {
    return fail(`the chain's entry ${length} is not the head the certificate sealed (${record.auditChain.head})`);
  }
  // The entry that finished the envelope came after the certificate and names it: it must name this one.
  const closing = rows[length];
  const expectedType = envelope.status === 'COMPLETED' ? 'DOCUMENT_COMPLETED' : 'DOCUMENT_REJECTED';
  if (!closing || closing.type !== expectedType || !closingMatches(closing, envelope.certificateSha256, record.items)) {
    return fail(`entry ${length + 1} is not the ${expectedType} entry naming this certificate and these documents`);
  }
  const recordCheck: Check = {
    name: 'certificate record',
    status: 'pass',
    detail: `entries 1–${length} end at the sealed head ${record.auditChain.head}; entry ${length + 1} names this certificate`,
  };
  return { checks: [sealCheckLine, recordCheck, ...checks], sealedThrough: length };
}

function closingMatches(
  entry: StoredAuditEntry,
  certificateSha256: string,
  items: readonly { originalSha256: string; finalSha256: string | null }[],
): boolean {
  let data: { certificateSha256?: unknown; items?: unknown };
  try {
    data = parseAuditData(entry);
  } catch {
    return false;
  }
  if (data.certificateSha256 !== certificateSha256 || !Array.isArray(data.items)) return false;
  const named = new Set(
    (data.items as { originalSha256?: unknown; finalSha256?: unknown }[]).map(
      (i) => `${String(i.originalSha256)}:${String(i.finalSha256)}`,
    ),
  );
  return named.size === items.length && items.every((i) => named.has(`${i.originalSha256}:${String(i.finalSha256)}`));
}

async function sealCheck(ctx: Ctx, name: string, sha256: string, known: KnownSealCertificate[]): Promise<Check> {
  const bytes = await readStored(ctx, sha256);
  if (!bytes) return { name, status: 'fail', detail: 'not stored' };
  const seal = verifyPdfSeal(bytes, known);
  return seal.ok
    ? {
        name,
        status: 'pass',
        detail: `valid, made by ${seal.signer.subject} (${seal.signer.fingerprintSha256}), one of this installation's seal identities, and covering the whole file`,
      }
    : { name, status: 'fail', detail: seal.problem };
}

async function readStored(ctx: Ctx, sha256: string): Promise<Buffer | null> {
  return (await ctx.storage.exists(sha256)) ? ctx.storage.getBytes(sha256) : null;
}
