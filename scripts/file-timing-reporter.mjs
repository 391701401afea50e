import { writeFileSync, writeSync } from 'node:fs';

// A node:test reporter that prints, when the run ends, the files whose tests took longest: the sum
// of each file's top-level tests and suites (hooks included, process start not), so a growing suite
// shows where its time goes. Used beside the spec reporter by scripts/run-tests.mjs. Node 20 emits
// no event per file, and reports a file's events only when its turn to be printed comes, so
// wall-clock spans would measure the reporting order, not the file. The table is written on
// 'exit' because --test-force-exit ends the process before a reporter's last yield is read.
//
// Files that share a process (scripts/test-groups.mjs) are the top-level suites of their group's
// entry, each named by its file: their time is the suite's, module loading included.
//
// It also counts the tests each file ran, and the run's total as node reports it, into the JSON
// file FIRMA_TEST_COUNTS_OUT names, for run-tests.mjs to check that no file's tests went missing.
const totals = new Map();
const counts = new Map();
/** Files whose tests or suites were skipped on purpose (a tier this run does not have). */
const skipped = new Set();
/** Nested tests reported since the last top-level one, and whether one of them was skipped. */
let pendingTests = 0;
let pendingSkip = false;
let reportedTotal = 0;
const isGroupEntry = (file) => /\/group-\d+\.test\.mjs$/.test(file);
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

function writeCounts() {
  if (!process.env.FIRMA_TEST_COUNTS_OUT) return;
  const perFile = Object.fromEntries([...counts].map(([file, n]) => [shown(file), n]));
  const skippedFiles = [...skipped].map(shown);
  writeFileSync(process.env.FIRMA_TEST_COUNTS_OUT, JSON.stringify({ perFile, skippedFiles, total: reportedTotal }));
}

function atExit() {
  writeCounts();
  printTable();
}

process.once('exit', atExit);

/**
 * Counts a test (not a suite) and times a file's top-level tests. A nested test names the file
 * that declared it (a helper, for shared contract suites), so it is counted for the top-level test
 * or file suite that follows it: node reports each process's events together, children first.
 */
function record({ file, name, nesting, details, skip }) {
  const isTest = details?.type !== 'suite';
  if (nesting > 0) {
    if (isTest) pendingTests += 1;
    if (skip !== undefined && skip !== false) pendingSkip = true;
    return;
  }
  const owner = isGroupEntry(file) ? name : file;
  counts.set(owner, (counts.get(owner) ?? 0) + pendingTests + (isTest ? 1 : 0));
  if (pendingSkip || (skip !== undefined && skip !== false)) skipped.add(owner);
  pendingTests = 0;
  pendingSkip = false;
  totals.set(owner, (totals.get(owner) ?? 0) + (details?.duration_ms ?? 0));
}

export default async function* fileTimingReporter(source) {
  for await (const event of source) {
    if (event.type === 'test:diagnostic') {
      const tests = /^tests (\d+)$/.exec(event.data.message ?? '');
      if (tests && event.data.nesting === 0) reportedTotal = Number(tests[1]);
      continue;
    }
    if (event.type !== 'test:pass' && event.type !== 'test:fail') continue;
    if (event.data.file) record(event.data);
  }
  process.removeListener('exit', atExit);
  atExit();
  yield '';
}
