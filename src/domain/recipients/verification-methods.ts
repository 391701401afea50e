import { AppError, type ErrorIssue } from '../../errors.js';

/**
 * Recipient verification (Documenso's `accessAuth` / `actionAuth`, and the envelope's
 * `globalAccessAuth` / `globalActionAuth`). Firma enforces none of these methods yet, and a
 * security option that is stored but not enforced is worse than none: the sender believes the
 * recipient will be checked. So every method is refused (400 AUTH_METHOD_NOT_SUPPORTED) at
 * create, update and distribute until it is enforced; `EXPLICIT_NONE` and empty lists, which
 * ask for nothing, are accepted as in Documenso.
 */

/** Methods Firma enforces today. Grows as verification lands (OTP, access codes). */
const ENFORCED = new Set<string>();
const NO_VERIFICATION = new Set(['EXPLICIT_NONE']);

export interface VerificationRequest {
  path: (string | number)[];
  methods: readonly string[] | null | undefined;
}

export function unenforcedMethods(methods: readonly string[] | null | undefined): string[] {
  return (methods ?? []).filter((m) => !NO_VERIFICATION.has(m) && !ENFORCED.has(m));
}

/** Refuses every request naming a method Firma does not enforce, listing each with its path. */
export function refuseUnenforcedVerification(requests: VerificationRequest[]): void {
  const issues: ErrorIssue[] = [];
  for (const { path, methods } of requests) {
    const refused = unenforcedMethods(methods);
    if (refused.length > 0)
      issues.push({
        path,
        message: `${path.join('.')}: ${refused.join(', ')} cannot be enforced by Firma yet; send [] (or omit it)`,
      });
  }
  if (issues.length > 0) {
    throw new AppError(
      'AUTH_METHOD_NOT_SUPPORTED',
      'Recipient verification methods are not supported yet: Firma refuses them rather than store a check it would not make',
      { issues },
    );
  }
}

/** A recipient's or an envelope's stored auth options (decoded), as verification requests. */
export function storedVerification(
  authOptions: Readonly<Record<string, readonly string[] | undefined>> | null,
  path: (string | number)[],
): VerificationRequest[] {
  if (!authOptions) return [];
  return Object.entries(authOptions).map(([key, methods]) => ({ path: [...path, key], methods }));
}
