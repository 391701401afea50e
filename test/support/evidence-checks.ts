import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { PNG } from 'pngjs';

import { pageToPng, pdfFonts, qpdfCheck, wordBoxes } from './poppler.js';

/** Extracted text without any whitespace, so wrapped values can be searched for whole. */
export const flat = (text: string): string => text.replace(/\s+/g, '');

export function assertContainsAll(text: string, values: string[]): void {
  const haystack = flat(text);
  for (const value of values) assert.ok(haystack.includes(flat(value)), `missing from the PDF text: ${value}`);
}

export function assertStructurallyValid(pdf: Uint8Array): void {
  const check = qpdfCheck(pdf);
  assert.equal(check.status, 0, check.output);
  assert.match(check.output, /No syntax or stream encoding errors found/);
  const fonts = pdfFonts(pdf);
  assert.ok(fonts.length >= 2);
  for (const font of fonts) assert.ok(font.embedded && font.subset, `font not embedded as a subset: ${font.name}`);
}

/** Every word poppler finds lies inside its page, at least `inset` points from the edges. */
export function assertTextInsidePages(pdf: Uint8Array, inset = 12): void {
  const { pages, words } = wordBoxes(pdf);
  assert.ok(words.length > 0);
  for (const w of words) {
    const page = pages[w.page - 1];
    assert.ok(page, `word on unknown page: ${w.text}`);
    const inside = w.xMin >= inset && w.yMin >= inset && w.xMax <= page.width - inset && w.yMax <= page.height - inset;
    assert.ok(
      inside,
      `"${w.text}" on page ${w.page} at [${w.xMin}, ${w.yMin}, ${w.xMax}, ${w.yMax}] is outside ${page.width}x${page.height}`,
    );
  }
}

/**
 * Renders a page at 60 dpi (the preview the brief asks to look at) and checks it is not blank.
 * Set FIRMA_EVIDENCE_PREVIEW=<dir> to keep the PNGs for a human look.
 */
export function previewPage(pdf: Uint8Array, page: number, name: string): void {
  const bytes = pageToPng(pdf, page, 60);
  const png = PNG.sync.read(Buffer.from(bytes));
  let ink = 0;
  for (let i = 0; i < png.data.length; i += 4) if ((png.data[i] ?? 255) < 200) ink++;
  const share = ink / (png.width * png.height);
  assert.ok(share > 0.01 && share < 0.5, `page ${page} of ${name} looks blank or flooded (${share})`);
  const dir = process.env.FIRMA_EVIDENCE_PREVIEW;
  if (dir) {
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, `${name}-p${page}.png`), bytes);
  }
}

/**
 * CPU time (user + system) of `run`. The "< 2 s" budget is asserted on CPU time, not wall time:
 * tests run two files at a time on shared machines, and other processes' load is not our cost.
 */
export async function measure<T>(run: () => Promise<T>): Promise<{ result: T; cpuMs: number; wallMs: number }> {
  const cpu = process.cpuUsage();
  const started = performance.now();
  const result = await run();
  const used = process.cpuUsage(cpu);
  return { result, cpuMs: (used.user + used.system) / 1000, wallMs: performance.now() - started };
}
