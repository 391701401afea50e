import { describe, test } from 'node:test';

/**
 * `describe(name, { skip }, fn)`, except that a suite skipped for a reason (no browser, no
 * PostgreSQL) is registered as one skipped test of the same name: node's runner counts a skipped
 * suite in none of its totals (the summary said "skipped 0" beside suites printed as skipped),
 * while a skipped test is counted as skipped.
 */
export function describeOrSkip(name: string, options: { skip: string | false }, fn: () => void): void {
  if (options.skip) test(name, { skip: options.skip }, () => undefined);
  else describe(name, fn);
}
