import { z } from 'zod';
import { AppError } from '../../errors.js';

/**
 * The statement a recipient accepts before the final action (sign, approve, confirm viewing,
 * finish assisting). Versioned: the audit entry names the version and keeps the words shown, so a
 * later change of wording never changes what an earlier signer agreed to. A new wording is a new
 * version here; earlier versions stay listed only while a page loaded before the change may still
 * send them (none yet).
 */
export const CONSENT_VERSION = '2026-11-26';

export const CONSENT_LANGUAGES = ['en', 'es'] as const;
export type ConsentLanguage = (typeof CONSENT_LANGUAGES)[number];

const STATEMENTS: Record<string, Record<ConsentLanguage, string>> = {
  [CONSENT_VERSION]: {
    en: 'I agree to sign this document electronically, that my electronic signature is as binding as a handwritten one, and that a record of this process (dates, IP address and device) is kept with the document.',
    es: 'Acepto firmar este documento de forma electrónica, que mi firma electrónica tiene el mismo valor que una manuscrita y que se conserve un registro de este proceso (fechas, dirección IP y dispositivo) junto con el documento.',
  },
};

/** The current statement in every language the signing page speaks. */
export function currentConsent(): { version: string; statements: Record<ConsentLanguage, string> } {
  return { version: CONSENT_VERSION, statements: { ...STATEMENTS[CONSENT_VERSION]! } };
}

export const ZConsentInput = z
  .object({
    accepted: z.boolean().describe('true: the recipient accepted the statement shown'),
    version: z.string().max(40).describe('The statement version shown (`consent.version` of the signing view)'),
    language: z
      .enum(CONSENT_LANGUAGES)
      .optional()
      .describe("The language the statement was shown in; default: the document's language (English unless es)"),
  })
  .strict();
export type ConsentInput = z.infer<typeof ZConsentInput>;

export interface AcceptedConsent {
  version: string;
  language: ConsentLanguage;
  statement: string;
}

/**
 * The acceptance the complete call must carry: accepted, of a known version.
 * @throws CONSENT_REQUIRED (400)
 */
export function acceptedConsent(input: ConsentInput | undefined, documentLanguage: string): AcceptedConsent {
  if (!input || input.accepted !== true)
    throw new AppError('CONSENT_REQUIRED', 'Accept the electronic signature statement to finish', {
      issues: [
        {
          message: `send consent: {accepted: true, version: "${CONSENT_VERSION}"} after showing the statement of the signing view`,
          path: ['consent'],
        },
      ],
    });
  const statements = STATEMENTS[input.version];
  if (!statements)
    throw new AppError('CONSENT_REQUIRED', 'The statement version accepted is not a current one', {
      issues: [{ message: `the current version is ${CONSENT_VERSION}`, path: ['consent', 'version'] }],
    });
  const language = input.language ?? (documentLanguage === 'es' ? 'es' : 'en');
  return { version: input.version, language, statement: statements[language] };
}
