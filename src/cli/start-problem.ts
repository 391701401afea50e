import type { Config } from '../config.js';
import { SealError } from '../infra/pdf/seal/index.js';

/**
 * Exit code of a start that failed for a reason the operator fixes in the configuration (a busy
 * port, an address not of this machine, an unusable seal identity, another FIRMA_SECRET_KEY): the code `main.ts` gives
 * configuration errors. `serve --workers` does not restart a node that exits with it.
 */
export const EXIT_CONFIGURATION = 2;

/**
 * One line naming the setting to change, for the failures of a start an operator causes and
 * fixes; null for anything else (reported with its stack, as a bug would be).
 */
export function startProblem(error: unknown, config: Config): string | null {
  if (error instanceof SealError && error.reason === 'IDENTITY_INVALID')
    return `the seal identity cannot be used (check FIRMA_SEAL_P12_PATH and FIRMA_SEAL_P12_PASSWORD): ${error.message}`;
  if (error instanceof SealError && error.reason === 'SECRET_KEY_MISMATCH') return error.message;
  const code = (error as { code?: unknown } | null)?.code;
  const where = `${config.host}:${config.port}`;
  switch (code) {
    case 'EADDRINUSE':
      return `cannot listen on ${where}: PORT ${config.port} is already in use; stop the other process or set PORT to a free port`;
    case 'EACCES':
      return `cannot listen on ${where}: not allowed to use PORT ${config.port} (ports below 1024 need privileges); set PORT to a higher port`;
    case 'EADDRNOTAVAIL':
      return `cannot listen on ${where}: HOST ${config.host} is not an address of this machine; set HOST (0.0.0.0 for every interface)`;
    default:
      return null;
  }
}

/**
 * A failed start: an operator's problem is one line on stderr and EXIT_CONFIGURATION; anything else
 * is rethrown (reported with its stack).
 */
export function refuseStart(error: unknown, config: Config): number {
  const problem = startProblem(error, config);
  if (!problem) throw error;
  process.stderr.write(`firma: ${problem}\n`);
  return EXIT_CONFIGURATION;
}
