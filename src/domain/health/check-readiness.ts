import { createReadinessProbe } from '../../db/readiness-probe.js';
import type { Ctx } from '../context.js';

/**
 * Readiness for `/ready`: a check answering whether the database takes writes now. One check per
 * caller, as it keeps state: its last answer is reused for a second and concurrent calls share one
 * probe (`db/readiness-probe.ts`), so a load balancer polling often costs no round trip each time.
 */
export function createReadinessCheck(ctx: Ctx): () => Promise<boolean> {
  return createReadinessProbe(ctx.db);
}
