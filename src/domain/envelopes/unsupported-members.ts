import type { z } from 'zod';
import type { ErrorCode } from '../../errors.js';
import { LANGUAGES } from '../../lib/vocabulary/languages.js';
import type { EnvelopeMeta, ZMetaInput } from '../model/envelope-meta.js';
import { reminderSettingsProblem } from '../model/reminder-rules.js';
import { IssueCollector } from './validation-issues.js';

/**
 * Members the API accepts for Documenso compatibility but Firma cannot act on yet. Firma's rule:
 * a member either has its effect or is refused with a specific 400 until it does, never stored
 * and ignored. Each check accepts the member's "off" value (absent, null, [], false, the
 * default) so SDK clients that send defaults keep working. docs/compatibility.md "Accepted but not yet
 * supported" lists them.
 */

type Path = (string | number)[];

/**
 * Languages with mails, a signing page and a certificate; any other would silently be English.
 * Today every language of `meta.language` (the translation tests fail on a missing key); the
 * check stays so a language added to the enum before its translations is refused, not ignored.
 */
export const SUPPORTED_LANGUAGES: ReadonlySet<string> = new Set<string>(LANGUAGES);

type MetaLike = z.output<typeof ZMetaInput> | EnvelopeMeta;

/** Meta members (input or merged stored meta) Firma would not act on. */
export function collectUnsupportedMeta(issues: IssueCollector, path: Path, meta: MetaLike | undefined): void {
  if (!meta) return;
  const add = (code: ErrorCode, member: string, message: string) => issues.add(code, [...path, member], message);
  const reminderProblem = reminderSettingsProblem(meta.reminderSettings);
  if (reminderProblem) add('REMINDER_SETTINGS_INVALID', 'reminderSettings', reminderProblem);
  if (meta.language !== undefined && !SUPPORTED_LANGUAGES.has(meta.language)) {
    add(
      'LANGUAGE_NOT_SUPPORTED',
      'language',
      `mails, the signing page and the certificate exist in ${[...SUPPORTED_LANGUAGES].join(', ')} only`,
    );
  }
}

/** Throws the first unsupported member's code, listing every one, when the request has any. */
export function refuseUnsupported(collect: (issues: IssueCollector) => void): void {
  const issues = new IssueCollector();
  collect(issues);
  issues.throwIfAny('The request uses options Firma does not support yet; they are refused rather than ignored');
}
