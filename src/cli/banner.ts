import type { Config } from '../config.js';
import { resolveLogFormat } from '../infra/logger.js';

/**
 * Where the start banner (URLs, the first-start token) goes: stdout beside readable logs, stderr
 * when the logs on stdout are JSON lines, so a log collector reading stdout gets nothing but JSON.
 */
export function printBanner(config: Config, text: string): void {
  const stream = resolveLogFormat(config.logFormat, process.stdout) === 'json' ? process.stderr : process.stdout;
  stream.write(text);
}
