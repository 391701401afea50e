export type SealErrorReason =
  | 'UNSUPPORTED_PDF'
  | 'SIGNATURE_TOO_LARGE'
  | 'TSA_FAILED'
  | 'IDENTITY_INVALID'
  /** The installation's seal key, kept sealed in the database, does not open with this node's secret key. */
  | 'SECRET_KEY_MISMATCH';

/** Every failure of the seal module surfaces as this, so callers can branch on `reason`. */
export class SealError extends Error {
  override readonly name = 'SealError';

  constructor(
    readonly reason: SealErrorReason,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export function unsupportedPdf(message: string, cause?: unknown): SealError {
  return new SealError(
    'UNSUPPORTED_PDF',
    `cannot seal this PDF: ${message}`,
    cause === undefined ? undefined : { cause },
  );
}
