import { AppError, type ErrorCode } from '../../errors.js';

/** One failed check of a request part, its path starting with the part (`body`, `params`, `payload`…). */
export interface FailedCheck {
  message: string;
  path: (string | number)[];
  /** An id beyond the id columns' range (`domain/model/record-id.ts`): it names nothing. */
  idOutOfRange: boolean;
  /** A code of its own (`domain/model/issue-code.ts`), if the schema gave one. */
  code?: ErrorCode;
}

/**
 * The answer to a request that failed its schema: 400 VALIDATION_ERROR listing every issue, except
 * when the only issues are ids beyond the range of the id columns: those name no record, so they
 * get the 404 NOT_FOUND of an unknown id, whichever route and database.
 */
export function validationFailure(checks: FailedCheck[]): AppError {
  const issues = checks.map((c) => ({ message: `${c.path.join('.')}: ${c.message}`, path: c.path }));
  if (checks.length > 0 && checks.every((c) => c.idOutOfRange))
    return new AppError('NOT_FOUND', `${issues.map((i) => i.path.join('.')).join(', ')}: no record has this id`, {
      issues,
    });
  const code = checks[0]?.code;
  if (code && checks.every((c) => c.code === code))
    return new AppError(code, issues.map((i) => i.message).join('; '), { issues });
  return new AppError('VALIDATION_ERROR', 'Input validation failed', { issues });
}
