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
      // In order, so `firma send` can give each --field to the --signer before it.
      tokens: true,
      options: {
        json: { type: 'boolean', default: false },
        platform: { type: 'string' },
        environment: { type: 'string' },
        scope: { type: 'string' },
        name: { type: 'string' },
        language: { type: 'string' },
        role: { type: 'string' },
        'expires-in-days': { type: 'string' },
        workers: { type: 'string' },
        url: { type: 'string' },
        events: { type: 'string' },
        secret: { type: 'string' },
        'client-id': { type: 'string' },
        'client-secret': { type: 'string' },
        clear: { type: 'boolean', default: false },
        'identity-rule': { type: 'string' },
        'signer-enters-id': { type: 'string' },
        'embed-white-label': { type: 'string' },
        to: { type: 'string' },
        template: { type: 'string' },
        draft: { type: 'boolean', default: false },
        'dry-run': { type: 'boolean', default: false },
        signer: { type: 'string', multiple: true },
        field: { type: 'string', multiple: true },
        placeholders: { type: 'boolean', default: false },
        title: { type: 'string' },
        email: { type: 'boolean', default: false },
        certificate: { type: 'boolean', default: false },
        out: { type: 'string' },
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
    const { signer: _signer, field: _field, ...values } = parsed.values;
    const ordered = parsed.tokens.flatMap((t) =>
      t.kind === 'option' && (t.name === 'signer' || t.name === 'field') && t.value !== undefined
        ? [{ option: t.name, value: t.value }]
        : [],
    );
    return await (await import('./commands.js')).runAdminCommand(config, parsed.positionals, values, ordered);
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
