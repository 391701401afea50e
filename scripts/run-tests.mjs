#!/usr/bin/env node
import { setTimeout } from 'node:timers';
// Runs every *.test.ts under src/ and test/ with node's own test runner. Node 20's runner does not
// expand globs, so the files are listed here. Pass paths or substrings to run a subset:
// `npm run test:only -- signing`.
//
// The files run compiled: src/ and test/ are compiled to JavaScript once (scripts/compile-tests.mjs,
// a second or two), and each file's process loads that instead of compiling TypeScript through tsx
// (which cost each of the ~160 processes a second or two of CPU). FIRMA_TEST_TSX=1 runs the sources
// through tsx as before; one file by hand: `node --import tsx --test test/api/x.test.ts`.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { compileTests, removeTestBuild } from './compile-tests.mjs';
import { checkTestCounts, planGroups, writeGroupEntries } from './test-groups.mjs';

const root = new URL('..', import.meta.url).pathname;
const roots = ['src', 'test'];

function walk(dir, out) {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules') continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path, out);
    else if (name.endsWith('.test.ts')) out.push(relative(root, path));
  }
  return out;
}

// Tiers. The unit, API and SDK tests on SQLite always run: that is a newcomer's `npm test`. Each
// further tier runs when its environment is set, and .ci/run sets them all:
//   FIRMA_TEST_DATABASE_URL   the repository, API and page tests on PostgreSQL as well
//   FIRMA_TEST_BROWSER        the pages driven in Chromium (test/browser)
//   FIRMA_TEST_REDIS_URL      the rate limiter and the cluster on Redis
//   FIRMA_TEST_S3=1           the blob store on an S3-protocol server the tests start (the S3
//                             store's contract, the API on S3, an S3 outage, garbage collection
//                             on S3): the scale-out store, as PostgreSQL and Redis are
//   FIRMA_TEST_PROCESSES=1    real `firma` processes started, killed and restarted (test/cli, test/cluster)
//   FIRMA_TEST_STRESS=1       the attacks that load the machine on purpose: decompression bombs, hostile
//                             requests, the fuzzer (each holds both cores for a minute or more)
//   FIRMA_TEST_EXTENDED=1     the slowest end-to-end scenarios, whose behaviour faster files also test:
//                             - postman-flow: the Postman collection run in newman, 16 requests from
//                               upload to sealed PDF (the API it calls: the other API files; the
//                               collection's shape: api-docs.test.ts);
//                             - placeholder-positioning: create-many placing fields on text, PDF
//                               rewriting per test (placeholder and matchAll: placeholder.sdk.test.ts;
//                               tags and hidden text: placeholder-tags.test.ts)
//                             - bulk-send's run at 1,000 rows (a newcomer's run sends 100: the same
//                               checks, line numbers and documents, ten times fewer)
// A file named on the command line runs whatever its tier.
const PROCESS_TIER = ['test/cli/', 'test/cluster/'];
const processesOn = process.env.FIRMA_TEST_PROCESSES === '1';
const browserOn = Boolean(process.env.FIRMA_TEST_BROWSER);
const STRESS_TIER = ['test/api/hostile-requests.test.ts', 'test/api/hostile-files.test.ts', 'test/api/fuzz.test.ts'];
const stressOn = process.env.FIRMA_TEST_STRESS === '1';
const S3_TIER = [
  'src/infra/storage/s3-blob-store.test.ts',
  'test/api/s3-storage.test.ts',
  'test/api/storage-outage.test.ts',
];
const s3On = process.env.FIRMA_TEST_S3 === '1';
const EXTENDED_TIER = ['test/api/postman-flow.test.ts', 'test/api/placeholder-positioning.test.ts'];
const extendedOn = process.env.FIRMA_TEST_EXTENDED === '1';

const filters = process.argv.slice(2);
const matched = roots
  .flatMap((r) => walk(join(root, r), []))
  .filter((f) => filters.length === 0 || filters.some((s) => f.includes(s)))
  .sort();
const offTier = (f) =>
  filters.length === 0 &&
  ((!processesOn && PROCESS_TIER.some((dir) => f.startsWith(dir))) ||
    (!stressOn && STRESS_TIER.includes(f)) ||
    (!s3On && S3_TIER.includes(f)) ||
    (!extendedOn && EXTENDED_TIER.includes(f)) ||
    (!browserOn && f.startsWith('test/browser/')));
const files = matched.filter((f) => !offTier(f));

if (files.length === 0) {
  console.error('no test files matched');
  process.exit(1);
}
const tiers = [
  'sqlite',
  process.env.FIRMA_TEST_DATABASE_URL ? 'postgres' : '-postgres (FIRMA_TEST_DATABASE_URL)',
  browserOn ? 'browser' : '-browser (FIRMA_TEST_BROWSER)',
  process.env.FIRMA_TEST_REDIS_URL ? 'redis' : '-redis (FIRMA_TEST_REDIS_URL)',
  s3On || filters.length > 0 ? 's3' : '-s3 (FIRMA_TEST_S3=1)',
  processesOn || filters.length > 0 ? 'processes' : '-processes (FIRMA_TEST_PROCESSES=1)',
  stressOn || filters.length > 0 ? 'stress' : '-stress (FIRMA_TEST_STRESS=1)',
  extendedOn || filters.length > 0 ? 'extended' : '-extended (FIRMA_TEST_EXTENDED=1)',
];
console.log(`${files.length} test files; tiers: ${tiers.filter((t) => !t.startsWith('-')).join(', ')}`);
const off = tiers.filter((t) => t.startsWith('-')).map((t) => t.slice(1));
if (off.length > 0) console.log(`not run here (set to run them; .ci/run sets all): ${off.join('; ')}`);

// The web app's bundle, fresh for this run (the pages' tests never see a stale one).
await (await import('./build-web.mjs')).buildWebApp(root);
const viaTsx = process.env.FIRMA_TEST_TSX === '1';
const build = viaTsx ? undefined : await compileTests(root);
/** The file node runs for the repository's test file `f`. */
const testFile = (f) => (build ? join(build, f.replace(/\.ts$/, '.js')) : join(root, f));
const loader = build ? ['--enable-source-maps'] : ['--import', 'tsx'];

// One freshly started SQLite installation for the whole run, which each test server copies instead
// of migrating its own database (test/helpers/sqlite-template.ts).
const sqliteTemplate = mkdtempSync(join(tmpdir(), 'firma-sqlite-template-'));
const helper = pathToFileURL(join(build ?? root, `test/helpers/sqlite-template.${build ? 'js' : 'ts'}`)).href;
const made = spawnSync(
  process.execPath,
  [
    ...loader,
    '--input-type=module',
    '-e',
    `await (await import(${JSON.stringify(helper)})).makeSqliteTemplate(process.argv[1]);`,
    sqliteTemplate,
  ],
  { cwd: root, stdio: 'inherit' },
);
const removeBuild = () => {
  if (build) removeTestBuild(build);
  rmSync(sqliteTemplate, { recursive: true, force: true });
};
if (made.status !== 0) {
  console.error('could not make the SQLite template the test servers copy');
  removeBuild();
  process.exit(1);
}

const concurrency = process.env.FIRMA_TEST_CONCURRENCY ?? '2';
// A hung test must fail the run, never stall CI: each file gets a deadline (a test that hangs fails
// its file, the others go on), the runner exits once the files are done even if a handle is left
// open, and the whole run has a last-resort limit. Both are far above what a file or a run takes on
// a quiet machine (bulk-send's 1,000 rows once took 7 minutes at load average 17 on two cores): a
// busy machine makes the run slow, not failed.
const fileTimeoutMs = Number(process.env.FIRMA_TEST_TIMEOUT_MS ?? 20 * 60 * 1000);
const runLimitMs = Number(process.env.FIRMA_TEST_RUN_LIMIT_MS ?? 120 * 60 * 1000);

// Files share a process, FIRMA_TEST_GROUP_SIZE (8) to a group: a process start, the module loading
// and the PDF threads' warm-up are paid once a group instead of once a file, which was most of an
// API file's CPU. A group is one generated entry (scripts/test-groups.mjs) holding one suite per
// file, named by the file, that imports it: the file's tests, and its top-level before/after hooks,
// become that suite's, run one file after another. The runner then checks that every file ran tests
// and that the files' counts add up to node's total. FIRMA_TEST_GROUP_SIZE=1 gives each file a
// process of its own (as before grouping): it must count the same tests per file as the grouped run
// (FIRMA_TEST_COUNTS_FILE=x.json writes them, to compare). 0 runs the bare files, one a process,
// without the suite around them (the total is checked, not each file).
//
// Files marked `firma-test: own-process` (scripts/test-groups.mjs) run alone: the two blob-store
// contract files (src/infra/storage/*-blob-store.test.ts), whose memory test collects garbage every
// 20 ms at a cost that grows with the heap the other files would load. What
// sharing a process does not disturb, and why: env variables (no test sets one; a server takes its
// settings as arguments), ports (every server listens on port 0), the database (a copy per server),
// module-level caches (keyed by their inputs), the PDF threads (one pool per process, as many
// servers already shared one file's process).
const groupSize = Number(process.env.FIRMA_TEST_GROUP_SIZE ?? 8);
const { alone, groups } = groupSize > 0 ? planGroups(root, files, groupSize) : { alone: [], groups: [] };
if (alone.length > 0) console.log(`in a process of their own: ${alone.join(', ')}`);
const entries =
  groupSize > 0
    ? writeGroupEntries(sqliteTemplate, groups, { importOf: testFile, fileTimeoutMs })
    : files.map(testFile);
const countsFile = join(sqliteTemplate, 'test-counts.json');

const child = spawn(
  process.execPath,
  [
    ...loader,
    '--test',
    `--test-concurrency=${concurrency}`,
    // The deadline of a group's process: its files' deadlines together.
    `--test-timeout=${fileTimeoutMs * Math.max(1, Math.max(...groups.map((g) => g.length)))}`,
    '--test-force-exit',
    '--test-reporter=spec',
    '--test-reporter-destination=stdout',
    `--test-reporter=${join(root, 'scripts/file-timing-reporter.mjs')}`,
    '--test-reporter-destination=stdout',
    ...entries,
  ],
  // The file-timing reporter names files as in the repository, not as in the build.
  {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...process.env,
      FIRMA_TEST_SQLITE_TEMPLATE: sqliteTemplate,
      FIRMA_TEST_COUNTS_OUT: countsFile,
      ...(build ? { FIRMA_TEST_BUILD_DIR: build } : {}),
    },
  },
);
for (const signal of ['SIGINT', 'SIGTERM'])
  process.once(signal, () => {
    child.kill(signal);
    removeBuild();
    process.exit(1);
  });
const watchdog = setTimeout(() => {
  console.error(`test run exceeded ${runLimitMs} ms; stopping it`);
  child.kill('SIGKILL');
}, runLimitMs);
watchdog.unref();
child.on('exit', (code, signal) => {
  const counted = checkTestCounts(countsFile, files, { perFileCounted: groupSize > 0 });
  removeBuild();
  process.exit(signal || !counted ? 1 : (code ?? 1));
});
