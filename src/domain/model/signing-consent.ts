import { z } from 'zod';
import { AppError } from '../../errors.js';
import { LANGUAGES } from '../../lib/vocabulary/languages.js';

/**
 * The statement a recipient accepts before the final action (sign, approve, confirm viewing,
 * finish assisting). Versioned: the audit entry names the version and keeps the words shown, so a
 * later change of wording never changes what an earlier signer agreed to. A new wording is a new
 * version here; earlier versions stay listed only while a page loaded before the change may still
 * send them (none yet).
 */
export const CONSENT_VERSION = '2026-11-26';

/** Every language a document can have: the statement is shown in the page's language. */
export const CONSENT_LANGUAGES = LANGUAGES;
export type ConsentLanguage = (typeof CONSENT_LANGUAGES)[number];

const STATEMENTS: Record<string, Record<ConsentLanguage, string>> = {
  [CONSENT_VERSION]: {
    en: 'I agree to sign this document electronically, that my electronic signature is as binding as a handwritten one, and that a record of this process (dates, IP address and device) is kept with the document.',
    es: 'Acepto firmar este documento de forma electrónica, que mi firma electrónica tiene el mismo valor que una manuscrita y que se conserve un registro de este proceso (fechas, dirección IP y dispositivo) junto con el documento.',
    de: 'Ich bin damit einverstanden, dieses Dokument elektronisch zu unterzeichnen, dass meine elektronische Unterschrift ebenso verbindlich ist wie eine handschriftliche und dass ein Protokoll dieses Vorgangs (Zeitpunkte, IP-Adresse und Gerät) zusammen mit dem Dokument aufbewahrt wird.',
    fr: 'J’accepte de signer ce document électroniquement, que ma signature électronique m’engage au même titre qu’une signature manuscrite et qu’un enregistrement de cette procédure (dates, adresse IP et appareil) soit conservé avec le document.',
    it: 'Accetto di firmare questo documento elettronicamente, che la mia firma elettronica sia vincolante quanto una firma autografa e che una registrazione di questa procedura (date, indirizzo IP e dispositivo) sia conservata insieme al documento.',
    nl: 'Ik ga ermee akkoord dit document elektronisch te ondertekenen, dat mijn elektronische handtekening even bindend is als een handgeschreven handtekening en dat een verslag van dit proces (data, IP-adres en apparaat) bij het document wordt bewaard.',
    pl: 'Wyrażam zgodę na elektroniczne podpisanie tego dokumentu, na to, że mój podpis elektroniczny jest tak samo wiążący jak podpis własnoręczny, oraz na przechowywanie wraz z dokumentem zapisu tego procesu (daty, adres IP i urządzenie).',
    'pt-BR':
      'Concordo em assinar este documento eletronicamente, que minha assinatura eletrônica tem o mesmo valor vinculante de uma assinatura manuscrita e que um registro deste processo (datas, endereço IP e dispositivo) seja mantido junto com o documento.',
    ja: '私は、この文書に電子的に署名すること、私の電子署名が手書きの署名と同等の拘束力を持つこと、およびこの手続きの記録（日時、IP アドレス、端末）が文書とともに保管されることに同意します。',
    ko: '본인은 이 문서에 전자적으로 서명하는 것, 본인의 전자 서명이 자필 서명과 동일한 구속력을 가진다는 것, 그리고 이 절차의 기록(일시, IP 주소 및 기기)이 문서와 함께 보관된다는 것에 동의합니다.',
    zh: '本人同意以电子方式签署本文件，同意本人的电子签名与手写签名具有同等约束力，并同意将本流程的记录（日期、IP 地址和设备）与文件一并保存。',
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
      .describe("The language the statement was shown in; default: the document's language"),
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
  const language =
    input.language ?? CONSENT_LANGUAGES.find((l): l is ConsentLanguage => l === documentLanguage) ?? 'en';
  return { version: input.version, language, statement: statements[language] };
}
