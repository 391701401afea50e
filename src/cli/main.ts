#!/usr/bin/env node
import { parseArgs } from 'node:util';
import { ConfigError, parseConfig } from '../config.js';
import { AppError } from '../errors.js';
import { runCommand, USAGE } from './commands.js';

/** `firma <command>`: see USAGE. Exit codes: 0 ok, 1 failure, 2 usage or configuration error. */
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
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  if (parsed.values.help || parsed.positionals.length === 0) {
    process.stdout.write(USAGE);
    return parsed.values.help ? 0 : 2;
  }
  let config;
  try {
    config = parseConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      return 2;
    }
    throw error;
  }
  try {
    return await runCommand(config, parsed.positionals, parsed.values);
  } catch (error) {
    if (error instanceof AppError) {
      process.stderr.write(`firma: ${error.message} (${error.code})\n`);
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
