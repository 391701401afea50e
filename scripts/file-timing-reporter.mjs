import { writeSync } from 'node:fs';

// A node:test reporter that prints, when the run ends, how long each test file took (from its
// first to its last event), slowest first, so a growing suite shows where its time goes. Used
// beside the spec reporter by scripts/run-tests.mjs. The table is written on 'exit' because
// --test-force-exit ends the process before a reporter's last yield would be read.
const spans = new Map();
const root = process.cwd() + '/';

function printTable() {
  const rows = [...spans]
    .map(([file, span]) => ({
      file: file.startsWith(root) ? file.slice(root.length) : file,
      ms: span.last - span.first,
    }))
    .sort((a, b) => b.ms - a.ms);
  if (rows.length === 0) return;
  const total = rows.reduce((sum, row) => sum + row.ms, 0);
  let text = `\nslowest test files (${rows.length} files, ${(total / 1000).toFixed(0)} s of file time):\n`;
  for (const row of rows.slice(0, Number(process.env.FIRMA_TEST_SLOWEST ?? 25))) {
    text += `${(row.ms / 1000).toFixed(1).padStart(7)} s  ${row.file}\n`;
  }
  writeSync(1, text);
}

process.once('exit', printTable);

export default async function* fileTimingReporter(source) {
  for await (const event of source) {
    const file = event.data?.file;
    if (!file) continue;
    const now = Date.now();
    const span = spans.get(file);
    if (span) span.last = now;
    else spans.set(file, { first: now, last: now });
  }
  process.removeListener('exit', printTable);
  printTable();
  yield '';
}
