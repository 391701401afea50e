import { isAppError } from '../../errors.js';
import type { Ctx } from '../context.js';
import { liveAccountLink } from './account-links.js';

/** Whether the first start's setup link still works (unused, unexpired), without using it. */
export async function checkSetupLink(ctx: Ctx, token: string): Promise<boolean> {
  try {
    await liveAccountLink(ctx, 'SETUP', token);
    return true;
  } catch (error) {
    if (isAppError(error)) return false;
    throw error;
  }
}
