import { AppError } from '../../errors.js';
import type { SignatureLevel } from './recipient-input.js';

/** Roles whose action can carry the signer's own certificate: the ones that sign or approve. */
const DIGITAL_ROLES: readonly string[] = ['SIGNER', 'APPROVER'];

/**
 * A DIGITAL signature level only makes sense for a recipient who signs or approves: a CC, viewer
 * or assistant has nothing to sign with a certificate. Refused (`SIGNATURE_LEVEL_NOT_ALLOWED`)
 * rather than stored, so a client never believes a viewer will sign digitally.
 */
export function assertSignatureLevelAllowed(
  role: string,
  level: SignatureLevel | undefined,
  path: (string | number)[],
): void {
  if (level === 'DIGITAL' && !DIGITAL_ROLES.includes(role)) {
    throw new AppError('SIGNATURE_LEVEL_NOT_ALLOWED', `A ${role} recipient cannot sign digitally`, {
      issues: [{ message: 'DIGITAL is allowed for SIGNER and APPROVER only', path }],
    });
  }
}
