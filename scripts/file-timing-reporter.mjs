import { writeSync } from 'node:fs';

// A node:test reporter that prints, when the run ends, the files whose tests took longest: the sum
// of each file's top-level tests and suites (hooks included, process start not), so a growing suite
// shows where its time goes. Used beside the spec reporter by scripts/run-tests.mjs. Node 20 emits
// no event per file, and reports a file's events only when its turn to be printed comes, so
// wall-clock spans would measure the reporting order, not the file. The table is written on
// 'exit' because --test-force-exit ends the process before a reporter's last yield is read.
const totals = new Map();
const root = process.cwd() + '/';
// When run-tests.mjs runs the compiled files, a file is named by its source: test/api/x.test.ts.
const build = process.env.FIRMA_TEST_BUILD_DIR ? process.env.FIRMA_TEST_BUILD_DIR + '/' : undefined;

function shown(file) {
  if (build && file.startsWith(build)) return file.slice(build.length).replace(/\.js$/, '.ts');
  return file.startsWith(root) ? file.slice(root.length) : file;
}

function printTable() {
  const rows = [...totals].map(([file, ms]) => ({ file: shown(file), ms })).sort((a, b) => b.ms - a.ms);
  if (rows.length === 0) return;
  const total = rows.reduce((sum, row) => sum + row.ms, 0);
  let text = `\nslowest test files (${rows.length} files, ${(total / 1000).toFixed(0)} s of test time in all):\n`;
  for (const row of rows.slice(0, Number(process.env.FIRMA_TEST_SLOWEST ?? 25))) {
    text += `${(row.ms / 1000).toFixed(1).padStart(7)} s  ${row.file}\n`;
  }
  writeSync(1, text);
}

process.once('exit', printTable);

export default async function* fileTimingReporter(source) {
  for await (const event of source) {
    if (event.type !== 'test:pass' && event.type !== 'test:fail') continue;
    const { file, nesting, details } = event.data;
    if (!file || nesting !== 0) continue;
    totals.set(file, (totals.get(file) ?? 0) + (details?.duration_ms ?? 0));
  }
  process.removeListener('exit', printTable);
  printTable();
  yield '';
}
