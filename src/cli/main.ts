#!/usr/bin/env node
import { parseArgs } from 'node:util';
import { commandOf, COMMANDS, USAGE } from './usage.js';

/**
 * `firma <command>`: see USAGE. Exit codes: 0 ok, 1 failure, 2 usage or configuration error.
 * Only `node:util` and the usage text load before the command is known: configuration, the
 * server and the database drivers are imported for the command that needs them, so `--help`
 * and a mistyped command answer at once.
 */
async function main(argv: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        json: { type: 'boolean', default: false },
        platform: { type: 'string' },
        environment: { type: 'string' },
        scope: { type: 'string' },
        name: { type: 'string' },
        'expires-in-days': { type: 'string' },
        workers: { type: 'string' },
        url: { type: 'string' },
        events: { type: 'string' },
        secret: { type: 'string' },
        to: { type: 'string' },
        template: { type: 'string' },
        draft: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (error) {
    process.stderr.write(
      `firma: ${(error as Error).message}\nRun "firma --help" for the commands and their options.\n`,
    );
    return 2;
  }
  if (parsed.values.help || parsed.positionals.length === 0) {
    process.stdout.write(USAGE);
    return parsed.values.help ? 0 : 2;
  }
  const command = commandOf(parsed.positionals);
  if (!command) {
    process.stderr.write(
      `firma: unknown command "${parsed.positionals.slice(0, 2).join(' ')}"; the commands are: ${COMMANDS.join(', ')}\n`,
    );
    return 2;
  }

  const { ConfigError, loadDotEnv, parseConfig } = await import('../config.js');
  let config;
  try {
    loadDotEnv();
    config = parseConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      return 2;
    }
    throw error;
  }
  const { AppError } = await import('../errors.js');
  try {
    if (command === 'serve') {
      const { workers } = parsed.values;
      if (typeof workers === 'string') return await (await import('./serve-cluster.js')).serveCluster(config, workers);
      return await (await import('./serve.js')).serve(config);
    }
    if (command === 'worker') return await (await import('./worker-command.js')).runWorker(config);
    return await (await import('./commands.js')).runAdminCommand(config, parsed.positionals, parsed.values);
  } catch (error) {
    if (error instanceof AppError) {
      // A usage mistake is answered in words; a code is for failures a script may tell apart.
      process.stderr.write(
        error.code === 'VALIDATION_ERROR' ? `firma: ${error.message}\n` : `firma: ${error.message} (${error.code})\n`,
      );
      for (const issue of error.issues ?? []) process.stderr.write(`  - ${issue.message}\n`);
      return error.code === 'VALIDATION_ERROR' ? 2 : 1;
    }
    process.stderr.write(`firma: ${(error as Error).stack ?? String(error)}\n`);
    return 1;
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    if (code !== -1) process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`firma: ${String(error)}\n`);
    process.exitCode = 1;
  },
);
