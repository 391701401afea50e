#!/usr/bin/env node
// `npm test`: the typecheck and the tests, side by side rather than one after the other. The checks
// run one after another beside the test files, their output held back and printed after the tests'
// so each stays readable; any one failing fails the run.
//
// The linter and the formatting check join them under CI (CI=true, as .ci/run sets) or with
// `--all-checks`; `npm run check` runs the three checks alone. They say whether the code is written
// as the project writes it, not whether Firma works, and a fresh clone's lint costs about 150
// CPU-seconds of the newcomer's five minutes (issue 33), so a newcomer's `npm test` leaves them to CI.
//
// The checks keep caches in node_modules/.cache, so a second run only looks again at what changed:
// tsc's build info (--incremental), eslint's results (--cache, keyed by each file's content) and
// prettier's (--cache). A fresh clone pays the full price once.
import { spawn } from 'node:child_process';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const cache = join(root, 'node_modules/.cache');
const bin = (name) => join(root, 'node_modules/.bin', name);

const allChecks = process.env.CI === 'true' || process.argv.includes('--all-checks');
const testArgs = process.argv.slice(2).filter((a) => a !== '--all-checks');

const TYPECHECKS = [
  {
    name: 'typecheck',
    command: bin('tsc'),
    args: [
      '-p',
      'tsconfig.json',
      '--noEmit',
      '--incremental',
      '--tsBuildInfoFile',
      join(cache, 'firma-tsc.tsbuildinfo'),
    ],
  },
  {
    name: 'typecheck (web app)',
    command: bin('tsc'),
    args: [
      '-p',
      'src/web/app/tsconfig.json',
      '--incremental',
      '--tsBuildInfoFile',
      join(cache, 'firma-tsc-web.tsbuildinfo'),
    ],
  },
];
const STYLE_CHECKS = [
  {
    name: 'lint',
    command: bin('eslint'),
    args: ['.', '--cache', '--cache-strategy', 'content', '--cache-location', join(cache, 'eslint/')],
  },
  { name: 'format', command: 'npm', args: ['run', '--silent', 'format:check'] },
];
const CHECKS = allChecks ? [...TYPECHECKS, ...STYLE_CHECKS] : TYPECHECKS;

/** Runs `command`, resolving to its exit code and everything it wrote. */
function run(command, args, { quiet }) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    let output = '';
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.stderr?.on('data', (chunk) => (output += chunk));
    child.on('error', (error) => resolve({ code: 1, output: output + String(error) }));
    child.on('exit', (code, signal) => resolve({ code: signal ? 1 : (code ?? 1), output }));
  });
}

async function runChecks() {
  const results = [];
  for (const check of CHECKS) {
    const started = Date.now();
    const { code, output } = await run(check.command, check.args, { quiet: true });
    results.push({ ...check, code, output, seconds: (Date.now() - started) / 1000 });
  }
  return results;
}

const [checks, tests] = await Promise.all([
  runChecks(),
  run(process.execPath, [join(root, 'scripts/run-tests.mjs'), ...testArgs], { quiet: false }),
]);

console.log(`\nchecks (run beside the tests${allChecks ? '' : '; lint and format under CI or --all-checks'}):`);
for (const check of checks) {
  console.log(`${check.code === 0 ? '✔' : '✖'} ${check.name} (${check.seconds.toFixed(0)} s)`);
  if (check.code !== 0) console.log(check.output.trimEnd());
}
const failed = [...checks.filter((c) => c.code !== 0).map((c) => c.name), ...(tests.code !== 0 ? ['tests'] : [])];
if (failed.length > 0) console.error(`\nnpm test failed: ${failed.join(', ')}`);
process.exit(failed.length > 0 ? 1 : 0);
