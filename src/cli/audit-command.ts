import { verifyEnvelopeEvidence } from '../domain/audit/verify-envelope-evidence.js';
import type { Ctx } from '../domain/context.js';
import { AppError } from '../errors.js';

/**
 * `firma audit verify <envelopeId | documentId>`: exit 0 and "OK" when the chain and every stored
 * PDF hash hold; exit 1 naming the first broken link (and each file problem) otherwise.
 */
export async function auditVerifyCommand(ctx: Ctx, ref: string | undefined, json: boolean, out: (text: string) => void): Promise<number> {
  if (!ref) throw new AppError('VALIDATION_ERROR', 'audit verify needs an envelope id (envelope_…) or a document id');
  const key = /^\d+$/.test(ref) ? { documentId: Number(ref) } : { publicId: ref };
  const verdict = await verifyEnvelopeEvidence(ctx, key);
  if (json) {
    out(JSON.stringify(verdict));
    return verdict.ok ? 0 : 1;
  }
  const { chain } = verdict;
  if (verdict.ok) {
    out(`OK ${verdict.envelopeId} (document ${verdict.documentId}, ${verdict.status})`);
    out(`  audit chain: ${chain.length} entries, head ${chain.head ?? '(empty)'}`);
    for (const f of verdict.files) out(`  ${f.what}: ${f.sha256} intact`);
    return 0;
  }
  out(`BROKEN ${verdict.envelopeId} (document ${verdict.documentId}, ${verdict.status})`);
  for (const problem of verdict.problems) out(`  ${problem}`);
  return 1;
}
