import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Thin wrappers over poppler-utils and qpdf, run on a temporary copy of the PDF bytes. */

function withFile<T>(pdf: Uint8Array, run: (path: string, dir: string) => T): T {
  const dir = mkdtempSync(join(tmpdir(), 'firma-evidence-'));
  try {
    const path = join(dir, 'doc.pdf');
    writeFileSync(path, pdf);
    return run(path, dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** `raw`: content-stream order instead of reading order, so a table cell split over pages stays contiguous. */
export function pdfText(pdf: Uint8Array, page?: number, raw = false): string {
  const range = page === undefined ? [] : ['-f', String(page), '-l', String(page)];
  const mode = raw ? ['-raw'] : [];
  return withFile(pdf, (path) =>
    execFileSync('pdftotext', ['-enc', 'UTF-8', ...mode, ...range, path, '-'], {
      encoding: 'utf8',
      maxBuffer: 256 * 1024 * 1024,
    }),
  );
}

export function pdfImagesList(pdf: Uint8Array): string {
  return withFile(pdf, (path) => execFileSync('pdfimages', ['-list', path], { encoding: 'utf8' }));
}

export function qpdfCheck(pdf: Uint8Array): { status: number | null; output: string } {
  return withFile(pdf, (path) => {
    const r = spawnSync('qpdf', ['--check', path], { encoding: 'utf8' });
    return { status: r.status, output: `${r.stdout}${r.stderr}` };
  });
}

export interface WordBox {
  page: number;
  text: string;
  xMin: number;
  yMin: number;
  xMax: number;
  yMax: number;
}

/** Every word with its box, and every page's size, from `pdftotext -bbox`. */
export function wordBoxes(pdf: Uint8Array): { pages: { width: number; height: number }[]; words: WordBox[] } {
  const html = withFile(pdf, (path) =>
    execFileSync('pdftotext', ['-bbox', '-enc', 'UTF-8', path, '-'], {
      encoding: 'utf8',
      maxBuffer: 256 * 1024 * 1024,
    }),
  );
  const pages: { width: number; height: number }[] = [];
  const words: WordBox[] = [];
  const tag =
    /<page width="([\d.]+)" height="([\d.]+)">|<word xMin="([\d.-]+)" yMin="([\d.-]+)" xMax="([\d.-]+)" yMax="([\d.-]+)">([^<]*)<\/word>/g;
  for (const m of html.matchAll(tag)) {
    if (m[1] !== undefined) pages.push({ width: Number(m[1]), height: Number(m[2]) });
    else
      words.push({
        page: pages.length,
        text: m[7] ?? '',
        xMin: Number(m[3]),
        yMin: Number(m[4]),
        xMax: Number(m[5]),
        yMax: Number(m[6]),
      });
  }
  return { pages, words };
}

/** Renders one page to PNG (for looking at it); returns the PNG bytes. */
export function pageToPng(pdf: Uint8Array, page: number, dpi = 60): Uint8Array {
  return withFile(pdf, (path, dir) => {
    execFileSync('pdftoppm', [
      '-r',
      String(dpi),
      '-png',
      '-f',
      String(page),
      '-l',
      String(page),
      '-singlefile',
      path,
      join(dir, 'page'),
    ]);
    return readFileSync(join(dir, 'page.png'));
  });
}

export function pageCount(pdf: Uint8Array): number {
  const info = withFile(pdf, (path) => execFileSync('pdfinfo', [path], { encoding: 'utf8' }));
  return Number(/Pages:\s+(\d+)/.exec(info)?.[1] ?? NaN);
}

export function pageSizes(pdf: Uint8Array): string {
  return withFile(pdf, (path) => execFileSync('pdfinfo', ['-f', '1', '-l', '999', path], { encoding: 'utf8' }));
}

/** `pdffonts` rows as { name, embedded, subset }. */
export function pdfFonts(pdf: Uint8Array): { name: string; embedded: boolean; subset: boolean }[] {
  const out = withFile(pdf, (path) => execFileSync('pdffonts', [path], { encoding: 'utf8' }));
  return out
    .split('\n')
    .slice(2)
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const cols = line.trim().split(/\s+/);
      // name type encoding emb sub uni object ID; the yes/no columns are counted from the end.
      return {
        name: cols[0] ?? '',
        embedded: cols[cols.length - 5] === 'yes',
        subset: cols[cols.length - 4] === 'yes',
      };
    });
}
