import { testDatabases, testRedisUrl, type TestDatabase } from './test-server.js';

/**
 * Runs a rate-limit scenario within one of the limiter's fixed one-minute windows. On a busy
 * machine a scenario can straddle a minute boundary, where the counts start again and "the third
 * request is 429" becomes 200; when a failure came with a boundary crossed, the scenario runs once
 * more from the start of a fresh minute (nothing counted in it yet). A failure inside one window
 * is a real failure and is thrown as it is.
 */
export async function inOneRateWindow(scenario: () => Promise<void>): Promise<void> {
  const windowOf = (ms: number) => Math.floor(ms / 60_000);
  const started = windowOf(Date.now());
  try {
    await scenario();
    return;
  } catch (error) {
    if (windowOf(Date.now()) === started) throw error;
  }
  await new Promise((resolve) => setTimeout(resolve, 60_000 - (Date.now() % 60_000) + 100));
  await scenario();
}

/**
 * Where rate limits are counted in a run: in memory (SQLite), per node with batched flushes
 * (PostgreSQL), and in Redis when FIRMA_TEST_REDIS_URL is set.
 */
export function limiterSetups(): { database: TestDatabase; redis: boolean }[] {
  return [
    ...testDatabases().map((database) => ({ database, redis: false })),
    ...(testRedisUrl() ? [{ database: testDatabases().at(-1)!, redis: true }] : []),
  ];
}
