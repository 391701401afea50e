/**
 * Uruguay's cédula de identidad: up to 7 digits and a check digit. The body, padded to 7 digits
 * with leading zeros, is weighted 2,9,8,7,6,3,4; the check digit is what brings the sum to a
 * multiple of 10. Written 1.234.567-2; kept as its digits (12345672).
 */
const WEIGHTS = [2, 9, 8, 7, 6, 3, 4];

export function ciCheckDigit(body: string): number {
  const padded = body.padStart(7, '0');
  const sum = WEIGHTS.reduce((acc, w, i) => acc + w * Number(padded[i]), 0);
  return (10 - (sum % 10)) % 10;
}

export function isValidUruguayCi(compact: string): boolean {
  if (!/^\d{7,8}$/.test(compact)) return false;
  return ciCheckDigit(compact.slice(0, -1)) === Number(compact.slice(-1));
}

/** 12345672 → 1.234.567-2 */
export function formatUruguayCi(compact: string): string {
  const body = compact.slice(0, -1).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${body}-${compact.slice(-1)}`;
}
