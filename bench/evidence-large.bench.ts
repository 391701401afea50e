/**
 * The evidence of a large envelope (50 recipients, 500 events): the certificate of completion and
 * the audit pages, each rendered BENCH_REPS times in this process after a warm-up, as CPU time
 * (`process.cpuUsage`, so a loaded machine slows the wall clock, not the figure), beside the same
 * renderings of a realistic 3-recipient envelope in the same run. Target: under 2 s of CPU each.
 * These figures were assertions in the unit tests, where a busy machine made them fail; the tests
 * keep what they check of the output.
 */
import { loadavg } from 'node:os';
import { renderAuditPagesPdf } from '../src/infra/pdf/evidence/render-audit-pages.js';
import { renderCertificatePdf } from '../src/infra/pdf/evidence/render-certificate.js';
import { measure } from '../test/support/evidence-checks.js';
import { largeData, realisticData } from '../test/support/evidence-fixtures.js';

const REPS = Number(process.env.BENCH_REPS ?? 5);

export interface EvidenceLargeResult {
  loadAverage: number;
  certificate: { largeMs: number; realisticMs: number };
  auditPages: { largeMs: number; realisticMs: number };
}

async function medianCpuMs(render: () => Promise<unknown>): Promise<number> {
  const samples: number[] = [];
  for (let i = 0; i < REPS; i++) samples.push((await measure(render)).cpuMs);
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)]!;
}

export async function runEvidenceLargeBench(): Promise<EvidenceLargeResult> {
  const realistic = realisticData();
  const large = largeData(50, 500);
  const letter = { width: 612, height: 792 };
  // Warm-up: font parsing and JIT are per process, not per document.
  await renderCertificatePdf(realistic);
  await renderAuditPagesPdf(realistic, letter);
  const result = {
    loadAverage: loadavg()[0]!,
    certificate: {
      largeMs: await medianCpuMs(() => renderCertificatePdf(large)),
      realisticMs: await medianCpuMs(() => renderCertificatePdf(realistic)),
    },
    auditPages: {
      largeMs: await medianCpuMs(() => renderAuditPagesPdf(large, letter)),
      realisticMs: await medianCpuMs(() => renderAuditPagesPdf(realistic, letter)),
    },
  };
  for (const [name, r] of Object.entries({ certificate: result.certificate, 'audit pages': result.auditPages }))
    console.log(
      `${name}: 50 recipients / 500 events ${r.largeMs.toFixed(0)} ms CPU (target < 2000), realistic ${r.realisticMs.toFixed(0)} ms (load ${result.loadAverage.toFixed(1)})`,
    );
  return result;
}

if (import.meta.url === `file://${process.argv[1]}`) await runEvidenceLargeBench();
