/**
 * Helpers for tests that look at PDFs the way a person would: rasterised by poppler, text
 * extracted by pdftotext, structure checked by qpdf. No mocks: these are the real tools.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PNG } from 'pngjs';

export function withTempDir<T>(fn: (dir: string) => T): T {
  const dir = mkdtempSync(join(tmpdir(), 'firma-pdf-test-'));
  try {
    return fn(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function run(command: string, args: string[]): string {
  return execFileSync(command, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

export interface Raster {
  width: number;
  height: number;
  /** RGBA, row-major, top-left origin. */
  data: Buffer;
}

/**
 * Rasterises one page at 72 dpi (1 px = 1 pt) showing the CropBox with /Rotate applied, as a
 * viewer does. (pdftoppm shows the MediaBox unless told -cropbox.)
 */
export function rasterise(pdf: Uint8Array, page = 1): Raster {
  return withTempDir((dir) => {
    const input = join(dir, 'in.pdf');
    writeFileSync(input, pdf);
    run('/usr/bin/pdftoppm', [
      '-r',
      '72',
      '-cropbox',
      '-png',
      '-f',
      String(page),
      '-l',
      String(page),
      '-singlefile',
      input,
      join(dir, 'out'),
    ]);
    const png = PNG.sync.read(readFileSync(join(dir, 'out.png')));
    return { width: png.width, height: png.height, data: png.data };
  });
}

export function luminance(r: Raster, x: number, y: number): number {
  const i = (y * r.width + x) * 4;
  return 0.299 * r.data[i]! + 0.587 * r.data[i + 1]! + 0.114 * r.data[i + 2]!;
}

export interface PixelRect {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** Pixels of `r` inside rect (exclusive right/bottom), clamped to the image. */
export function* pixelsIn(r: Raster, rect: PixelRect): Generator<[number, number]> {
  for (let y = Math.max(0, Math.ceil(rect.top)); y < Math.min(r.height, Math.floor(rect.bottom)); y++) {
    for (let x = Math.max(0, Math.ceil(rect.left)); x < Math.min(r.width, Math.floor(rect.right)); x++) yield [x, y];
  }
}

/** Counts pixels darker than `threshold` inside `rect`. */
export function countDark(r: Raster, rect: PixelRect, threshold = 128): number {
  let n = 0;
  for (const [x, y] of pixelsIn(r, rect)) if (luminance(r, x, y) < threshold) n++;
  return n;
}

/** Counts non-white pixels (anything drawn) outside `rect`. */
export function countInkOutside(r: Raster, rect: PixelRect, threshold = 250): number {
  let n = 0;
  for (let y = 0; y < r.height; y++) {
    for (let x = 0; x < r.width; x++) {
      const inside = x >= rect.left && x < rect.right && y >= rect.top && y < rect.bottom;
      if (!inside && luminance(r, x, y) < threshold) n++;
    }
  }
  return n;
}

export function pdfToText(pdf: Uint8Array, extraArgs: string[] = []): string {
  return withTempDir((dir) => {
    const input = join(dir, 'in.pdf');
    writeFileSync(input, pdf);
    return run('/usr/bin/pdftotext', [...extraArgs, input, '-']);
  });
}

export interface WordBox {
  text: string;
  page: number;
  xMin: number;
  yMin: number;
  xMax: number;
  yMax: number;
}

/** Words with their boxes in displayed-page points (top-left origin), from pdftotext -bbox. */
export function pdfWords(pdf: Uint8Array): WordBox[] {
  const html = pdfToText(pdf, ['-bbox', '-cropbox']);
  const words: WordBox[] = [];
  let page = 0;
  for (const line of html.split('\n')) {
    if (line.includes('<page ')) page++;
    const m = /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">(.*)<\/word>/.exec(line);
    if (m) {
      const text = m[5]!
        .replace(/&amp;/g, '&')
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&quot;/g, '"')
        .replace(/&apos;/g, "'");
      words.push({ text, page, xMin: Number(m[1]), yMin: Number(m[2]), xMax: Number(m[3]), yMax: Number(m[4]) });
    }
  }
  return words;
}

/** Runs `qpdf --check`; returns its exit status and output (0 = clean, 3 = warnings). */
export function qpdfCheck(pdf: Uint8Array): { status: number; output: string } {
  return withTempDir((dir) => {
    const input = join(dir, 'in.pdf');
    writeFileSync(input, pdf);
    try {
      return { status: 0, output: run('/usr/bin/qpdf', ['--check', input]) };
    } catch (error) {
      const e = error as { status?: number; stdout?: string; stderr?: string };
      return { status: e.status ?? -1, output: `${e.stdout ?? ''}${e.stderr ?? ''}` };
    }
  });
}

/** Runs qpdf with arguments around an input PDF and returns the output PDF. */
export function qpdf(pdf: Uint8Array, args: string[]): Uint8Array {
  return withTempDir((dir) => {
    const input = join(dir, 'in.pdf');
    const output = join(dir, 'out.pdf');
    writeFileSync(input, pdf);
    run('/usr/bin/qpdf', [...args.map((a) => (a === '{in}' ? input : a === '{out}' ? output : a))]);
    return new Uint8Array(readFileSync(output));
  });
}

/** A solid-colour PNG (or two halves: left colour then right colour). */
export function makePng(width: number, height: number, left: [number, number, number], right = left): Uint8Array {
  const png = new PNG({ width, height });
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const c = x < width / 2 ? left : right;
      const i = (y * width + x) * 4;
      png.data[i] = c[0];
      png.data[i + 1] = c[1];
      png.data[i + 2] = c[2];
      png.data[i + 3] = 255;
    }
  }
  return new Uint8Array(PNG.sync.write(png));
}

/** What poppler's pdfsig says about every signature of a PDF (exit status and full output). */
export function pdfsig(pdf: Uint8Array): string {
  return withTempDir((dir) => {
    const input = join(dir, 'in.pdf');
    writeFileSync(input, pdf);
    try {
      return execFileSync('/usr/bin/pdfsig', [input], { encoding: 'utf8' });
    } catch (error) {
      const e = error as { stdout?: string; stderr?: string };
      return `${e.stdout ?? ''}${e.stderr ?? ''}`;
    }
  });
}
