import { verifyEnvelopeEvidence } from '../domain/audit/verify-envelope-evidence.js';
import type { Ctx } from '../domain/context.js';
import { AppError } from '../errors.js';

const MARK = { pass: 'ok  ', fail: 'FAIL', unanchored: 'WARN' } as const;

/**
 * `firma audit verify <envelopeId | documentId>`: the verdict line (OK, BROKEN or UNANCHORED),
 * then what did not hold, then every check with its outcome. Exit 0 when every check passed,
 * 1 when any failed, 2 when none failed but some entries are unanchored (nothing vouches for
 * them: written before entry MACs existed and not covered by a sealed certificate).
 */
export async function auditVerifyCommand(
  ctx: Ctx,
  ref: string | undefined,
  json: boolean,
  out: (text: string) => void,
): Promise<number> {
  if (!ref) throw new AppError('VALIDATION_ERROR', 'audit verify needs an envelope id (envelope_…) or a document id');
  const key = /^\d+$/.test(ref) ? { documentId: Number(ref) } : { publicId: ref };
  const verdict = await verifyEnvelopeEvidence(ctx, key);
  const code = verdict.verdict === 'OK' ? 0 : verdict.verdict === 'BROKEN' ? 1 : 2;
  if (json) {
    out(JSON.stringify(verdict));
    return code;
  }
  out(`${verdict.verdict} ${verdict.envelopeId} (document ${verdict.documentId}, ${verdict.status})`);
  for (const problem of verdict.problems) out(`  ${problem}`);
  out('checks:');
  for (const check of verdict.checks) out(`  [${MARK[check.status]}] ${check.name}: ${check.detail}`);
  return code;
}
