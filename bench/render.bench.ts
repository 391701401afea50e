/**
 * Burn-in benchmark: 1, 10, 100 and 500-page documents with 20 fields and 2 PNG signatures on
 * page 1. Prints the median time per render and writes bench/results/render.json. Beside it, the
 * placeholder-tag scan of the same document as uploads run it (inspection, which includes the
 * pre-check naming the pages that may show a brace, then pdf.js on those pages: held to burn-in's
 * time), and the worst case, pdf.js on every page (as if every page showed a brace).
 *   npx tsx bench/render.bench.ts
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { PNG } from 'pngjs';
import { inspectPdf } from '../src/infra/pdf/inspect-pdf.js';
import { renderFields } from '../src/infra/pdf/render/index.js';
import { findTags } from '../src/infra/pdf/tags/find-tags.js';
import type { RenderField } from '../src/infra/pdf/render/index.js';

export interface RenderBenchResult {
  pages: number;
  runs: number;
  medianMs: number;
  minMs: number;
  maxMs: number;
  inspectMedianMs: number;
  /** The tag scan as uploads run it: inspection (with its pre-check) plus pdf.js on its candidate pages. */
  tagScanMedianMs: number;
  tagScanWithinBurnIn: boolean;
  /** pdf.js text of every page, median. */
  fullTagScanMedianMs: number;
  inputBytes: number;
  outputBytes: number;
}

const SIZES = [1, 10, 100, 500];

async function sourcePdf(pages: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 1; i <= pages; i++) {
    const page = doc.addPage([595.28, 841.89]);
    for (let line = 0; line < 40; line++) {
      page.drawText(`Página ${i}, cláusula ${line + 1}: texto del contrato de ejemplo para medir el renderizado.`, {
        x: 50,
        y: 790 - line * 18,
        size: 10,
        font,
      });
    }
  }
  return doc.save();
}

/** A 600 × 200 signature-like PNG: a dark wave on a transparent background. */
function signaturePng(seed: number): Uint8Array {
  const png = new PNG({ width: 600, height: 200 });
  png.data.fill(0);
  for (let x = 20; x < 580; x++) {
    const y = Math.round(100 + 60 * Math.sin((x + seed * 37) / 40) * Math.cos(x / 97));
    for (let dy = -2; dy <= 2; dy++) {
      const i = ((y + dy) * 600 + x) * 4;
      png.data[i] = 10;
      png.data[i + 1] = 20;
      png.data[i + 2] = 80;
      png.data[i + 3] = 255;
    }
  }
  return new Uint8Array(PNG.sync.write(png));
}

function fields(): RenderField[] {
  const list: RenderField[] = [];
  const box = (i: number) => ({
    page: 1,
    positionX: i % 2 ? 52 : 8,
    positionY: 5 + Math.floor(i / 2) * 8,
    width: 40,
    height: 5,
  });
  const values = [
    'Ñandú García',
    'nandu@example.com',
    '21/11/2025',
    'Calle Mayor 1, Madrid',
    '12.345,67',
    'Opción B',
    'NG',
  ];
  for (let i = 0; i < 14; i++) list.push({ ...box(i), value: { kind: 'text', text: values[i % values.length]! } });
  list.push({
    ...box(14),
    value: {
      kind: 'text',
      text: 'Observaciones largas que obligan a ajustar el texto a la caja, con acentos: acción, pingüino, año.',
    },
  });
  list.push({ ...box(15), value: { kind: 'typed-signature', text: 'Ñandú García' } });
  list.push({ ...box(16), value: { kind: 'typed-signature', text: 'José Müller' } });
  const options = [
    { label: 'Sí', checked: true },
    { label: 'No', checked: false },
  ];
  list.push({ ...box(17), value: { kind: 'choices', style: 'checkbox', direction: 'horizontal', options } });
  list.push({ ...box(18), value: { kind: 'choices', style: 'radio', direction: 'horizontal', options } });
  list.push({ ...box(19), value: { kind: 'text', text: 'Fin' } });
  // Plus two drawn signatures.
  list.push({
    page: 1,
    positionX: 8,
    positionY: 88,
    width: 35,
    height: 8,
    value: { kind: 'image', png: signaturePng(1) },
  });
  list.push({
    page: 1,
    positionX: 52,
    positionY: 88,
    width: 35,
    height: 8,
    value: { kind: 'image', png: signaturePng(2) },
  });
  return list;
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};
const round = (n: number): number => Math.round(n * 10) / 10;

export async function runRenderBench(sizes: number[] = SIZES): Promise<RenderBenchResult[]> {
  const results: RenderBenchResult[] = [];
  const list = fields();
  for (const pages of sizes) {
    const input = await sourcePdf(pages);
    const runs = pages >= 500 ? 5 : pages >= 100 ? 7 : 11;
    let output = await renderFields(input, list); // warm-up
    const times: number[] = [];
    const inspectTimes: number[] = [];
    const scanTimes: number[] = [];
    const fullScanTimes: number[] = [];
    await findTags(input); // warm-up (loads pdf.js)
    for (let r = 0; r < runs; r++) {
      const t0 = performance.now();
      output = await renderFields(input, list);
      times.push(performance.now() - t0);
      const t1 = performance.now();
      await inspectPdf(input);
      inspectTimes.push(performance.now() - t1);
      const t2 = performance.now();
      const { tagPages } = await inspectPdf(input);
      if (tagPages?.length) await findTags(input, tagPages);
      scanTimes.push(performance.now() - t2);
      const t3 = performance.now();
      await findTags(input);
      fullScanTimes.push(performance.now() - t3);
    }
    const result = {
      pages,
      runs,
      medianMs: round(median(times)),
      minMs: round(Math.min(...times)),
      maxMs: round(Math.max(...times)),
      inspectMedianMs: round(median(inspectTimes)),
      tagScanMedianMs: round(median(scanTimes)),
      tagScanWithinBurnIn: median(scanTimes) <= median(times),
      fullTagScanMedianMs: round(median(fullScanTimes)),
      inputBytes: input.length,
      outputBytes: output.length,
    };
    results.push(result);
    console.log(
      `render ${String(pages).padStart(3)} pages: median ${result.medianMs} ms (min ${result.minMs}, max ${result.maxMs}, ${runs} runs); ` +
        `inspect ${result.inspectMedianMs} ms; tag scan ${result.tagScanMedianMs} ms ` +
        `(${result.tagScanWithinBurnIn ? 'within' : 'OVER'} burn-in; every page ${result.fullTagScanMedianMs} ms); ` +
        `${input.length} → ${output.length} bytes`,
    );
  }
  const file = join(dirname(fileURLToPath(import.meta.url)), 'results', 'render.json');
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(
    file,
    `${JSON.stringify({ benchmark: 'render', fieldsOnPage1: list.length, node: process.version, date: new Date().toISOString(), results }, null, 2)}\n`,
  );
  return results;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await runRenderBench();
}
