/**
 * Argentine identity numbers. A CUIL (persons) and a CUIT (persons and companies) are 11 digits:
 * a 2-digit type prefix, the 8-digit DNI (or a company number) and a mod-11 check digit over the
 * first ten digits with weights 5,4,3,2,7,6,5,4,3,2. Hyphens and spaces are presentation only.
 */
const WEIGHTS = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2];
/** Prefixes of natural persons (20 men, 27 women, 23/24 when the check digit collides, 25/26 older series). */
const PERSON_PREFIXES = new Set(['20', '23', '24', '25', '26', '27']);
/** Plus legal entities (30, 33, 34), valid for a CUIT. */
const CUIT_PREFIXES = new Set([...PERSON_PREFIXES, '30', '33', '34']);

/** Strips presentation characters; returns null unless what remains is exactly 11 digits. */
export function normalizeTaxId(input: string): string | null {
  const digits = input.replace(/[\s.-]/g, '');
  return /^\d{11}$/.test(digits) ? digits : null;
}

export function checkDigitOf(first10: string): number | null {
  const sum = WEIGHTS.reduce((acc, w, i) => acc + w * Number(first10[i]), 0);
  const dv = 11 - (sum % 11);
  if (dv === 11) return 0;
  if (dv === 10) return null; // no valid number exists with this prefix and body
  return dv;
}

function isValid(input: string, prefixes: Set<string>): boolean {
  const digits = normalizeTaxId(input);
  if (!digits || !prefixes.has(digits.slice(0, 2))) return false;
  return checkDigitOf(digits.slice(0, 10)) === Number(digits[10]);
}

export const isValidCuil = (input: string): boolean => isValid(input, PERSON_PREFIXES);
export const isValidCuit = (input: string): boolean => isValid(input, CUIT_PREFIXES);

/** A DNI: 7 or 8 digits, optionally written with dots (12.345.678). */
export function isValidDni(input: string): boolean {
  const trimmed = input.trim();
  return /^(\d{7,8}|\d{1,2}\.\d{3}\.\d{3})$/.test(trimmed);
}

export function formatCuil(digits: string): string {
  return `${digits.slice(0, 2)}-${digits.slice(2, 10)}-${digits.slice(10)}`;
}
