/**
 * Brazil's CPF: 11 digits, the last two check digits. Each is mod 11 over the digits before it
 * with weights descending to 2 (10…2, then 11…2): 10 × sum mod 11, where 10 counts as 0. A number
 * of one repeated digit passes that arithmetic but is not issued, so it is refused.
 * Written 529.982.247-25; kept as its 11 digits.
 */
function checkDigit(digits: string): number {
  const top = digits.length + 1;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) sum += Number(digits[i]) * (top - i);
  return ((sum * 10) % 11) % 10;
}

export function isValidCpf(compact: string): boolean {
  if (!/^\d{11}$/.test(compact) || /^(\d)\1{10}$/.test(compact)) return false;
  return (
    checkDigit(compact.slice(0, 9)) === Number(compact[9]) && checkDigit(compact.slice(0, 10)) === Number(compact[10])
  );
}

/** 52998224725 → 529.982.247-25 */
export function formatCpf(compact: string): string {
  return `${compact.slice(0, 3)}.${compact.slice(3, 6)}.${compact.slice(6, 9)}-${compact.slice(9)}`;
}
