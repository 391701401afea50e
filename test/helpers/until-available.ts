/**
 * Runs a step again while the server answers 503 (the database or the blob store briefly
 * unavailable: a loaded machine's full pool, PostgreSQL's connection limit), after the answer's
 * Retry-After, as a real client does. A step is a call that returns the answer, or a helper such as
 * `signAll` that throws "… failed: 503 …" on a step's answer. Only 503 is retried: any other answer
 * or error is the step's own and goes to the test. `retries` counts what was retried, for the
 * test's diagnostics.
 */
export async function untilAvailable<T>(
  step: () => Promise<T>,
  retries: { count: number } = { count: 0 },
  deadlineMs = 90_000,
): Promise<T> {
  const deadline = Date.now() + deadlineMs;
  for (;;) {
    let waitMs: number;
    try {
      const result = await step();
      const answer = result as { status?: number; headers?: Headers };
      if (answer?.status !== 503) return result;
      waitMs = Number(answer.headers?.get('retry-after') ?? 1) * 1000;
    } catch (error) {
      if (!/ failed: 503 /.test(String(error))) throw error;
      waitMs = 1000;
    }
    retries.count++;
    if (Date.now() + waitMs > deadline) throw new Error(`still 503 after ${deadlineMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, waitMs));
  }
}

/** The reasons the processes' JSON logs gave for their 503s (`database unavailable; answered 503`), counted. */
export function unavailableReasons(logs: string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const log of logs)
    for (const line of log.split('\n')) {
      if (!line.includes('answered 503')) continue;
      try {
        const entry = JSON.parse(line) as { reason?: string; msg?: string };
        const key = `${entry.msg ?? '?'}: ${entry.reason ?? '?'}`;
        counts[key] = (counts[key] ?? 0) + 1;
      } catch {
        counts['unparsed'] = (counts['unparsed'] ?? 0) + 1;
      }
    }
  return counts;
}
