import { z } from 'zod';
import { findPlatformByName, insertPlatform } from '../../db/repositories/platform.repo.js';
import { AppError } from '../../errors.js';
import type { Ctx } from '../context.js';

export const ZPlatformName = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .regex(/^[\p{L}\p{N}][\p{L}\p{N} ._-]*$/u, 'letters, digits, spaces, dots, dashes and underscores');

/** @throws ALREADY_EXISTS when a platform has that name; VALIDATION_ERROR for a bad name. */
export async function createPlatform(ctx: Ctx, input: { name: string }) {
  const parsed = ZPlatformName.safeParse(input.name);
  if (!parsed.success) {
    throw new AppError('VALIDATION_ERROR', 'Invalid platform name', {
      issues: parsed.error.issues.map((i) => ({ message: i.message, path: ['name'] })),
    });
  }
  const name = parsed.data;
  if (await findPlatformByName(ctx.db, name)) throw new AppError('ALREADY_EXISTS', `Platform "${name}" already exists`);
  return insertPlatform(ctx.db, name, ctx.clock().toISOString());
}
