import { Secret, TOTP } from 'otpauth';

/**
 * Time-based one-time passwords (RFC 6238) as every authenticator app reads them: SHA-1, 6 digits,
 * 30-second steps. A code is accepted one step early or late (clock drift), and only for a step
 * after the last one accepted, so a code seen over a shoulder cannot be replayed.
 */
const PERIOD_SECONDS = 30;

function totpOf(secretBase32: string, label = ''): TOTP {
  return new TOTP({
    issuer: 'Firma',
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secretBase32),
  });
}

/** A new 160-bit secret, base32 (what an app asks for when typed by hand). */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The `otpauth://totp/…` URI a QR code carries. */
export function totpUri(secretBase32: string, accountLabel: string): string {
  return totpOf(secretBase32, accountLabel).toString();
}

/**
 * The step a code is valid for (the current one ±1), or null when it is wrong or its step is not
 * after `lastStep`.
 */
export function totpStepOf(secretBase32: string, code: string, now: Date, lastStep: number | null): number | null {
  const token = code.replace(/\s+/g, '');
  if (!/^\d{6}$/.test(token)) return null;
  const delta = totpOf(secretBase32).validate({ token, timestamp: now.getTime(), window: 1 });
  if (delta === null) return null;
  const step = Math.floor(now.getTime() / 1000 / PERIOD_SECONDS) + delta;
  return lastStep !== null && step <= lastStep ? null : step;
}
