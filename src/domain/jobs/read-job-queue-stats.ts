import { jobQueueStats } from '../../db/repositories/job.repo.js';
import type { JobQueueStat } from '../../infra/metrics/metrics.js';
import type { Ctx } from '../context.js';
import { jobCatalogue } from './job-catalogue.js';

const STATES = ['ready', 'scheduled', 'running'] as const;

/**
 * The job queue as the metrics show it: every kind of the catalogue in every state, zero when it
 * has no job (so a drained queue reads 0 rather than a series that vanished), and for due jobs how
 * long the oldest has waited. Operational totals over the whole database, not any platform's data.
 */
export async function readJobQueueStats(ctx: Pick<Ctx, 'db' | 'clock'>): Promise<JobQueueStat[]> {
  const now = ctx.clock();
  const rows = await jobQueueStats(ctx.db, now.toISOString());
  const found = new Map(rows.map((r) => [`${r.kind} ${r.state}`, r]));
  const kinds = new Set([...Object.keys(jobCatalogue), ...rows.map((r) => r.kind)]);
  const stats: JobQueueStat[] = [];
  for (const kind of kinds)
    for (const state of STATES) {
      const row = found.get(`${kind} ${state}`);
      const oldest = row?.oldestRunAt ? Date.parse(row.oldestRunAt) : NaN;
      stats.push({
        kind,
        state,
        count: row?.count ?? 0,
        oldestAgeSeconds:
          state === 'ready' && Number.isFinite(oldest) ? Math.max(0, (now.getTime() - oldest) / 1000) : 0,
      });
    }
  return stats;
}
