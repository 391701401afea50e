/**
 * Chile's RUT/RUN: a body of 7 or 8 digits and a check digit (0–9 or K) computed mod 11 over the
 * body read from the right with weights 2,3,4,5,6,7 repeating; 11 gives 0 and 10 gives K. Dots and
 * the hyphen are presentation only (12.345.678-5); it is kept as body and check digit, no separators.
 */
export function rutCheckDigit(body: string): string {
  let sum = 0;
  for (let i = 0; i < body.length; i++) sum += Number(body[body.length - 1 - i]) * (2 + (i % 6));
  const dv = 11 - (sum % 11);
  return dv === 11 ? '0' : dv === 10 ? 'K' : String(dv);
}

export function isValidRut(compact: string): boolean {
  const match = /^(\d{7,8})([0-9K])$/.exec(compact);
  return match !== null && rutCheckDigit(match[1]!) === match[2];
}

/** 12345678K → 12.345.678-K */
export function formatRut(compact: string): string {
  const body = compact.slice(0, -1).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${body}-${compact.slice(-1)}`;
}
