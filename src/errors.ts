import { ERROR_STATUS } from './error-codes.js';

/**
 * One error model for every API version and the signing page: domain code throws
 * `new AppError(code, message, { issues })`; `http/plugins/error-handler.ts` answers with
 * `ERROR_STATUS[code]` and the body `{ message, code, issues? }`. v1 uses the same table.
 */
export { ERROR_STATUS };

export type ErrorCode = keyof typeof ERROR_STATUS;

export interface ErrorIssue {
  message: string;
  path?: (string | number)[];
}

/** The verification still waiting, as answered with VERIFICATION_REQUIRED. */
export interface VerificationPending {
  stage: 'access' | 'action';
  pending: string[];
}

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly issues: ErrorIssue[] | undefined;
  /** Extra response headers (Retry-After, Allow). */
  readonly headers: Record<string, string> | undefined;
  /** VERIFICATION_REQUIRED: what the recipient must still verify (answered in the body). */
  readonly verification: VerificationPending | undefined;

  constructor(
    code: ErrorCode,
    message: string,
    options: {
      issues?: ErrorIssue[];
      headers?: Record<string, string>;
      cause?: unknown;
      verification?: VerificationPending;
    } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.issues = options.issues;
    this.headers = options.headers;
    this.verification = options.verification;
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}

export const notFound = (what: string): AppError => new AppError('NOT_FOUND', `${what} not found`);

/** Seconds a client is asked to wait when the database is unavailable: long enough for a restart or failover to show. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** The answer to a transient database failure. Names no host, URL or driver detail. */
export const databaseUnavailable = (cause?: unknown): AppError =>
  new AppError('DATABASE_UNAVAILABLE', 'The database is temporarily unavailable; retry shortly', {
    headers: { 'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS) },
    cause,
  });

/** The answer to a blob store that cannot be reached. Names no endpoint or bucket. */
export const storageUnavailable = (): AppError =>
  new AppError('STORAGE_UNAVAILABLE', 'The file store is temporarily unavailable; retry shortly', {
    headers: { 'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS) },
  });

/** The answer to a full disk (blobs or the SQLite file). */
export const storageFull = (): AppError =>
  new AppError('STORAGE_FULL', 'The server is out of storage space; retry later', {
    headers: { 'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS * 6) },
  });
