import type { ErrorCode } from '../errors.js';

/**
 * A schema issue that deserves its own error code rather than VALIDATION_ERROR carries it in
 * its params under this key; `http/schemas/validation-failure.ts` answers with it when every
 * issue of the request carries the same one.
 */
export const ISSUE_CODE = 'firma.code';

export const issueParams = (code: ErrorCode) => ({ [ISSUE_CODE]: code });

export function issueCodeOf(issue: { params?: unknown }): ErrorCode | undefined {
  return (issue.params as Record<string, ErrorCode | undefined> | undefined)?.[ISSUE_CODE];
}
