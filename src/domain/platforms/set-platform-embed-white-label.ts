import { setPlatformEmbedWhiteLabelByName } from '../../db/repositories/platform.repo.js';
import { AppError } from '../../errors.js';
import type { Ctx } from '../context.js';

/**
 * `--embed-white-label on|off` as a boolean, checked before anything is written (`platform set`
 * may change other settings in the same command, and bad input changes nothing).
 * @throws VALIDATION_ERROR
 */
export function parseEmbedWhiteLabel(text: string): boolean {
  const value = text.trim().toLowerCase();
  if (value !== 'on' && value !== 'off') throw new AppError('VALIDATION_ERROR', '--embed-white-label takes on or off');
  return value === 'on';
}

/**
 * `firma platform set --embed-white-label on|off`: whether the platform's embedded signing pages
 * (`/embed/*`, Documenso's embed components) apply the `css` and `cssVars` the embedding app puts
 * in the frame's address, as Documenso does only for organisations whose plan allows white-label
 * embedding. Off by default: the page then looks like Firma whatever the embedder asks. Only this
 * platform's row changes; pages already open keep their look until reloaded.
 * @throws NOT_FOUND (unknown platform)
 */
export async function setPlatformEmbedWhiteLabel(
  ctx: Ctx,
  input: { platform: string; on: boolean },
): Promise<{ platform: string; embedWhiteLabel: boolean }> {
  if (!(await setPlatformEmbedWhiteLabelByName(ctx.db, input.platform, input.on ? 1 : 0)))
    throw new AppError('NOT_FOUND', `platform "${input.platform}" not found`);
  return { platform: input.platform, embedWhiteLabel: input.on };
}
