import { formatCpf, isValidCpf } from './national-id/brazil-cpf.js';
import { formatRut, isValidRut } from './national-id/chile-rut.js';
import { formatUruguayCi, isValidUruguayCi } from './national-id/uruguay-ci.js';
import { formatCuil, isValidCuil } from '../../lib/tax-id.js';

/**
 * A platform's identity rule: which national ID its signers must carry before a document is sent
 * (the spec's CUIL by default). The recipient's wire member stays `cuil` whatever the rule, so
 * integrations written against the spec keep working; under another rule it holds that rule's ID.
 */
export const IDENTITY_RULES = ['CUIL', 'NONE', 'RUT', 'CI_UY', 'CPF'] as const;
export type IdentityRuleName = (typeof IDENTITY_RULES)[number];
export const DEFAULT_IDENTITY_RULE: IdentityRuleName = 'CUIL';

export interface NationalIdRule {
  name: Exclude<IdentityRuleName, 'NONE'>;
  /** What the ID is called on the certificate and in messages. */
  label: string;
  /** True when the compact form (separators removed, upper case) is a valid ID. */
  isValid(compact: string): boolean;
  /** The compact form as people write it. */
  format(compact: string): string;
  /** What a valid ID looks like, for error messages. */
  shape: string;
}

const NATIONAL_ID_RULES: Record<NationalIdRule['name'], NationalIdRule> = {
  CUIL: {
    name: 'CUIL',
    label: 'CUIL',
    isValid: isValidCuil,
    format: formatCuil,
    shape: '11 digits, a person prefix 20/23/24/25/26/27 and a correct check digit, e.g. 20-12345678-6',
  },
  RUT: {
    name: 'RUT',
    label: 'RUT',
    isValid: isValidRut,
    format: formatRut,
    shape: 'a Chilean RUT: 7 or 8 digits and a mod-11 check digit (0-9 or K), e.g. 12.345.678-5',
  },
  CI_UY: {
    name: 'CI_UY',
    label: 'CI',
    isValid: isValidUruguayCi,
    format: formatUruguayCi,
    shape: 'a Uruguayan CI: up to 7 digits and a check digit, e.g. 1.234.567-2',
  },
  CPF: {
    name: 'CPF',
    label: 'CPF',
    isValid: isValidCpf,
    format: formatCpf,
    shape: 'a Brazilian CPF: 11 digits with two correct check digits, e.g. 529.982.247-25',
  },
};

/** The rule's national ID, or null under NONE (no ID asked for). */
export function nationalIdRule(rule: IdentityRuleName): NationalIdRule | null {
  return rule === 'NONE' ? null : NATIONAL_ID_RULES[rule];
}

/** Separators (spaces, dots, hyphens) removed, letters upper-cased: how every ID is stored. */
export function compactNationalId(input: string): string {
  return input.replace(/[\s.-]/g, '').toUpperCase();
}

/** The rules an ID as sent satisfies (checked once the platform's rule is known: at distribution). */
export function rulesSatisfiedBy(compact: string): NationalIdRule[] {
  return Object.values(NATIONAL_ID_RULES).filter((r) => r.isValid(compact));
}

/** True when `value` (as stored) is a valid ID under `rule`; always true under NONE. */
export function satisfiesIdentityRule(rule: IdentityRuleName, value: string | null): boolean {
  const id = nationalIdRule(rule);
  return id === null || (value !== null && id.isValid(compactNationalId(value)));
}

/** The CLI's spelling (cuil, none, rut, ci-uy, cpf) → the stored name; null when unknown. */
export function parseIdentityRule(text: string): IdentityRuleName | null {
  const name = text.trim().toUpperCase().replace(/-/g, '_');
  return (IDENTITY_RULES as readonly string[]).includes(name) ? (name as IdentityRuleName) : null;
}

/** A stored value read back: anything unknown is the default, so a bad row never loosens the rule. */
export function storedIdentityRule(value: string | null | undefined): IdentityRuleName {
  return (IDENTITY_RULES as readonly string[]).includes(value ?? '')
    ? (value as IdentityRuleName)
    : DEFAULT_IDENTITY_RULE;
}
