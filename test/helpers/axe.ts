import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type axeCore from 'axe-core';
import type { Page } from 'playwright-core';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
/** WCAG 2.1 level A and AA, as axe-core tags its rules. */
const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * axe-core's WCAG 2.1 A/AA verdict on the page as it stands (one line per violating node, so a
 * failure says what and where), evaluated over the DevTools protocol, which the page's CSP (no
 * inline script) does not govern; and that nothing is wider than the window (a phone's 390 px
 * scrolls no page sideways).
 */
export async function assertAccessible(page: Page, state: string): Promise<void> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const { passed, violations } = await page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: typeof axeCore }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return {
      passed: result.passes.length,
      violations: result.violations.flatMap((v) =>
        v.nodes.map((n) => `${v.id} at ${n.target.join(' ')}: ${n.failureSummary?.replace(/\s+/g, ' ')}`),
      ),
    };
  }, WCAG_21_AA);
  assert.deepEqual(violations, [], `no WCAG 2.1 AA violation in "${state}"`);
  assert.ok(passed >= 5, `axe ran its rules in "${state}"`);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `"${state}" fits the width (${overflow}px over)`);
}
