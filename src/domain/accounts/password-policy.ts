import { AppError } from '../../errors.js';
import { COMMON_PASSWORDS } from './common-passwords.js';

export const PASSWORD_MIN_LENGTH = 10;
/** argon2 takes any length; a bound keeps a megabyte "password" from being hashed at all. */
export const PASSWORD_MAX_LENGTH = 256;

/**
 * The password policy (NIST SP 800-63B's: length, not composition): at least 10 characters, not
 * the account's e-mail address or its part before the @, not one character repeated, and not a
 * common password.
 * @throws PASSWORD_TOO_WEAK naming `member` in its issue
 */
export function checkPasswordPolicy(password: string, email: string, member = 'password'): void {
  const length = [...password.normalize('NFC')].length;
  const lower = password.toLowerCase();
  const problem =
    length < PASSWORD_MIN_LENGTH
      ? `must be at least ${PASSWORD_MIN_LENGTH} characters long`
      : length > PASSWORD_MAX_LENGTH
        ? `must be at most ${PASSWORD_MAX_LENGTH} characters long`
        : lower === email || lower === email.split('@')[0]
          ? 'must not be your e-mail address'
          : /^(.)\1*$/su.test(password)
            ? 'must not be one character repeated'
            : COMMON_PASSWORDS.has(lower)
              ? 'is one of the most common passwords: choose another'
              : null;
  if (problem)
    throw new AppError('PASSWORD_TOO_WEAK', `The password ${problem}`, {
      issues: [{ message: problem, path: [member] }],
    });
}
