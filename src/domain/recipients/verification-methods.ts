import { AppError, type ErrorIssue } from '../../errors.js';

/**
 * Recipient verification (Documenso's `accessAuth` / `actionAuth`, and the envelope's
 * `globalAccessAuth` / `globalActionAuth`), with Firma's meaning since Firma has no user accounts:
 * TWO_FACTOR_AUTH is a one-time code mailed to the recipient, EXTERNAL_TWO_FACTOR_AUTH a one-time
 * code the sender asks Firma for (`POST /envelope/recipient/{id}/2fa-code`) and delivers through
 * its own channel (SMS, WhatsApp), PASSWORD an access code the sender sets on the recipient
 * (`accessCode`) and hands over out of band. ACCOUNT and PASSKEY need
 * accounts Firma does not have: a security option stored but not enforced is worse than none (the
 * sender believes the recipient will be checked), so they are refused (400
 * AUTH_METHOD_NOT_SUPPORTED) at create, update and distribute. `EXPLICIT_NONE` and empty lists,
 * which ask for nothing, are accepted as in Documenso.
 */

/** Methods Firma enforces (signing API, `domain/signing/verification-state.ts`). */
const ENFORCED = new Set<string>(['TWO_FACTOR_AUTH', 'EXTERNAL_TWO_FACTOR_AUTH', 'PASSWORD']);
const NO_VERIFICATION = new Set(['EXPLICIT_NONE']);

export type EnforcedMethod = 'TWO_FACTOR_AUTH' | 'EXTERNAL_TWO_FACTOR_AUTH' | 'PASSWORD';

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
        message: `${path.join('.')}: ${refused.join(', ')} cannot be enforced by Firma (it has no user accounts); use TWO_FACTOR_AUTH, EXTERNAL_TWO_FACTOR_AUTH or PASSWORD, or send []`,
      });
  }
  if (issues.length > 0) {
    throw new AppError(
      'AUTH_METHOD_NOT_SUPPORTED',
      'Some recipient verification methods are not supported: Firma refuses them rather than store a check it would not make',
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

export interface EffectiveVerification {
  /** Any one of these opens the content (one of the two kinds of one-time code). */
  access: EnforcedMethod[];
  /** Any one of these allows completing. */
  action: EnforcedMethod[];
}

/**
 * What a recipient must pass, as Documenso derives it: the recipient's own list when it names any
 * method, else the envelope's global one; `EXPLICIT_NONE` in the recipient's action list means
 * none, whatever the global list says. Methods Firma does not enforce never reach here (refused).
 */
export function effectiveVerification(
  recipient: { accessAuth?: readonly string[] | undefined; actionAuth?: readonly string[] | undefined } | null,
  envelope: {
    globalAccessAuth?: readonly string[] | undefined;
    globalActionAuth?: readonly string[] | undefined;
  } | null,
): EffectiveVerification {
  const own = (list: readonly string[] | undefined) => (list && list.length > 0 ? list : undefined);
  const access = own(recipient?.accessAuth) ?? envelope?.globalAccessAuth ?? [];
  const actionList = own(recipient?.actionAuth) ?? envelope?.globalActionAuth ?? [];
  const action = actionList.includes('EXPLICIT_NONE') ? [] : actionList;
  const enforced = (list: readonly string[]) => list.filter((m): m is EnforcedMethod => ENFORCED.has(m));
  return { access: enforced(access), action: enforced(action) };
}
