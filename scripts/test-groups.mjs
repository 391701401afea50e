// How scripts/run-tests.mjs puts test files in shared processes, and the check that grouping ran
// every test of every file.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * A file whose first lines hold this comment runs in a process of its own: it changes something
 * process-wide that the next file in a shared process would inherit, or its tests cost more in a
 * big process (the blob-store contract's); it says why beside the marker.
 */
export const OWN_PROCESS_MARKER = 'firma-test: own-process';

/**
 * Splits `files` (repository paths) into groups of at most `size` (≥ 1), the marked files each
 * in a group of its own.
 * Files go to the groups in turn (the first to group 1, the second to group 2…), so each group
 * holds a mix of directories rather than, say, eight of the heaviest API files, and the two
 * processes running at a time finish close together.
 */
export function planGroups(root, files, size) {
  const alone = files.filter((f) => readFileSync(join(root, f), 'utf8').slice(0, 2000).includes(OWN_PROCESS_MARKER));
  const shared = files.filter((f) => !alone.includes(f));
  const count = Math.ceil(shared.length / size);
  const groups = Array.from({ length: count }, () => []);
  shared.forEach((f, i) => groups[i % count].push(f));
  return { alone, groups: [...alone.map((f) => [f]), ...groups] };
}

/**
 * Writes one entry per group into `dir` and returns their paths. An entry is a suite per file,
 * named by the file, whose body imports it: the tests and top-level hooks a file declares while it
 * loads belong to that suite (node:test files them under the suite whose body is running, through
 * top-level awaits too), so one file's `after` runs before the next file starts. The suite's
 * deadline is the file's; its tests inherit it.
 */
export function writeGroupEntries(dir, groups, { importOf, fileTimeoutMs }) {
  return groups.map((group, i) => {
    const path = join(dir, `group-${String(i + 1).padStart(2, '0')}.test.mjs`);
    const suites = group.map(
      (f) =>
        `describe(${JSON.stringify(f)}, { timeout: ${fileTimeoutMs} }, async () => {\n` +
        `  await import(${JSON.stringify(pathToFileURL(importOf(f)).href)});\n});\n`,
    );
    writeFileSync(path, `import { describe } from 'node:test';\n\n${suites.join('')}`);
    return path;
  });
}

/**
 * The file-timing reporter writes how many tests each file ran (FIRMA_TEST_COUNTS_OUT). A file
 * that ran no test (it failed to load, or a group dropped it) fails the run, as does a count that
 * does not add up to the run's total: the grouped run must be the ungrouped one, only cheaper.
 */
export function checkTestCounts(countsFile, files, { perFileCounted }) {
  if (!existsSync(countsFile)) {
    console.error('the test counts were not written: the run did not finish');
    return false;
  }
  const { perFile, skippedFiles, total } = JSON.parse(readFileSync(countsFile, 'utf8'));
  // A file whose suites all wait for a tier this run lacks (a database, a browser) ran none, on
  // purpose: it said so by skipping. Unwrapped files (FIRMA_TEST_GROUP_SIZE=0) cannot be told
  // apart in the events: the total only.
  const ran = (f) => perFile[f] > 0 || skippedFiles.includes(f);
  const empty = perFileCounted ? files.filter((f) => !ran(f)) : total > 0 ? [] : files;
  const summed = Object.values(perFile).reduce((sum, n) => sum + n, 0);
  if (process.env.FIRMA_TEST_COUNTS_FILE)
    writeFileSync(process.env.FIRMA_TEST_COUNTS_FILE, JSON.stringify(perFile, null, 2));
  if (empty.length > 0) console.error(`these files ran no test: ${empty.join(', ')}`);
  if (perFileCounted && summed !== total)
    console.error(`the files' tests add up to ${summed}, the run counted ${total}`);
  return empty.length === 0 && (!perFileCounted || summed === total);
}
