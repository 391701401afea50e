import { setPlatformReminderSettingsByName } from '../../db/repositories/platform.repo.js';
import { AppError } from '../../errors.js';
import type { Ctx } from '../context.js';
import type { ReminderSettings } from '../model/envelope-meta.js';
import { parseReminderPart, reminderSettingsProblem } from '../model/reminder-rules.js';

/**
 * `firma platform set-reminders`: the reminders of the platform's documents that set no
 * `meta.reminderSettings` of their own (a document's own settings, even both disabled, win).
 * `sendAfter` and `repeatEvery` are `3d`, `2w`, `1m` or `off`; `-` as sendAfter removes the default.
 * Applies to recipients sent the document from now on, and to reminders already scheduled when
 * they fall due (turned off, they stop; their interval is read then).
 * @throws VALIDATION_ERROR, REMINDER_SETTINGS_INVALID, NOT_FOUND
 */
export async function setPlatformReminders(
  ctx: Ctx,
  input: { platform: string; sendAfter: string; repeatEvery: string | undefined },
): Promise<ReminderSettings | null> {
  let settings: ReminderSettings | null = null;
  if (input.sendAfter !== '-') {
    const sendAfter = parseReminderPart(input.sendAfter);
    const repeatEvery = parseReminderPart(input.repeatEvery ?? 'off');
    if (!sendAfter || !repeatEvery)
      throw new AppError('VALIDATION_ERROR', 'intervals are <1-365><d|w|m> (days, weeks, months) or off');
    settings = { sendAfter, repeatEvery };
    const problem = reminderSettingsProblem(settings);
    if (problem) throw new AppError('REMINDER_SETTINGS_INVALID', problem);
  }
  if (!(await setPlatformReminderSettingsByName(ctx.db, input.platform, settings)))
    throw new AppError('NOT_FOUND', `platform "${input.platform}" not found`);
  return settings;
}
