import { z } from 'zod';
import { AppError } from '../../errors.js';
import { LANGUAGES } from '../../lib/vocabulary/languages.js';

/**
 * The statement a recipient accepts before the final action (sign, approve, confirm viewing,
 * finish assisting). Versioned: the audit entry names the version and keeps the words shown, so a
 * later change of wording never changes what an earlier signer agreed to. One version id per
 * statement text, and one statement per signature level, because the law gives them different
 * value: under Argentina's Ley 25.506 only a firma digital (a licensed certifier's certificate)
 * equals a handwritten signature, so the ELECTRONIC statement claims no such equivalence, and the
 * DIGITAL one is about signing with the signer's own certificate. A new wording is a new version
 * here. The first statement (`2026-11-26`) claimed that an electronic signature binds like a
 * handwritten one; it is no longer accepted (a page loaded before the change is told to reload by
 * CONSENT_REQUIRED and shows the new words).
 */
export type ConsentLevel = 'ELECTRONIC' | 'DIGITAL';
export const CONSENT_VERSIONS = {
  ELECTRONIC: 'electronic-2026-11-28',
  DIGITAL: 'digital-2026-11-28',
} as const satisfies Record<ConsentLevel, string>;
/** The ELECTRONIC statement's current version (the level most recipients sign at). */
export const CONSENT_VERSION = CONSENT_VERSIONS.ELECTRONIC;

/** Every language a document can have: the statement is shown in the page's language. */
export const CONSENT_LANGUAGES = LANGUAGES;
export type ConsentLanguage = (typeof CONSENT_LANGUAGES)[number];

const STATEMENTS: Record<string, { level: ConsentLevel; statements: Record<ConsentLanguage, string> }> = {
  [CONSENT_VERSIONS.ELECTRONIC]: {
    level: 'ELECTRONIC',
    statements: {
      en: 'I agree to sign this document with an electronic signature and that a record of this process (dates, IP address and device) is kept with the document.',
      es: 'Acepto firmar este documento con una firma electrónica y que se conserve un registro de este proceso (fechas, dirección IP y dispositivo) junto con el documento.',
      de: 'Ich bin damit einverstanden, dieses Dokument mit einer elektronischen Signatur zu unterzeichnen und dass ein Protokoll dieses Vorgangs (Zeitpunkte, IP-Adresse und Gerät) zusammen mit dem Dokument aufbewahrt wird.',
      fr: 'J’accepte de signer ce document au moyen d’une signature électronique et qu’un enregistrement de cette procédure (dates, adresse IP et appareil) soit conservé avec le document.',
      it: 'Accetto di firmare questo documento con una firma elettronica e che una registrazione di questa procedura (date, indirizzo IP e dispositivo) sia conservata insieme al documento.',
      nl: 'Ik ga ermee akkoord dit document met een elektronische handtekening te ondertekenen en dat een verslag van dit proces (data, IP-adres en apparaat) bij het document wordt bewaard.',
      pl: 'Wyrażam zgodę na podpisanie tego dokumentu podpisem elektronicznym oraz na przechowywanie wraz z dokumentem zapisu tego procesu (daty, adres IP i urządzenie).',
      'pt-BR':
        'Concordo em assinar este documento com uma assinatura eletrônica e que um registro deste processo (datas, endereço IP e dispositivo) seja mantido junto com o documento.',
      ja: '私は、この文書に電子署名で署名すること、およびこの手続きの記録（日時、IP アドレス、端末）が文書とともに保管されることに同意します。',
      ko: '본인은 이 문서에 전자 서명으로 서명하는 것과 이 절차의 기록(일시, IP 주소 및 기기)이 문서와 함께 보관되는 것에 동의합니다.',
      zh: '本人同意以电子签名方式签署本文件，并同意将本流程的记录（日期、IP 地址和设备）与文件一并保存。',
    },
  },
  [CONSENT_VERSIONS.DIGITAL]: {
    level: 'DIGITAL',
    statements: {
      en: 'I agree to sign this document digitally with my own certificate, using a private key that only I control, and that a record of this process (dates, IP address and device) is kept with the document.',
      es: 'Acepto firmar digitalmente este documento con mi propio certificado, mediante una clave privada que solo yo controlo, y que se conserve un registro de este proceso (fechas, dirección IP y dispositivo) junto con el documento.',
      de: 'Ich bin damit einverstanden, dieses Dokument mit meinem eigenen Zertifikat digital zu signieren, mit einem privaten Schlüssel, über den nur ich verfüge, und dass ein Protokoll dieses Vorgangs (Zeitpunkte, IP-Adresse und Gerät) zusammen mit dem Dokument aufbewahrt wird.',
      fr: 'J’accepte de signer numériquement ce document avec mon propre certificat, au moyen d’une clé privée sous mon seul contrôle, et qu’un enregistrement de cette procédure (dates, adresse IP et appareil) soit conservé avec le document.',
      it: 'Accetto di firmare digitalmente questo documento con il mio certificato, mediante una chiave privata sotto il mio esclusivo controllo, e che una registrazione di questa procedura (date, indirizzo IP e dispositivo) sia conservata insieme al documento.',
      nl: 'Ik ga ermee akkoord dit document digitaal te ondertekenen met mijn eigen certificaat, met een privésleutel die alleen ik beheer, en dat een verslag van dit proces (data, IP-adres en apparaat) bij het document wordt bewaard.',
      pl: 'Wyrażam zgodę na podpisanie tego dokumentu podpisem cyfrowym przy użyciu mojego certyfikatu i klucza prywatnego, nad którym kontrolę mam wyłącznie ja, oraz na przechowywanie wraz z dokumentem zapisu tego procesu (daty, adres IP i urządzenie).',
      'pt-BR':
        'Concordo em assinar digitalmente este documento com meu próprio certificado, usando uma chave privada que só eu controlo, e que um registro deste processo (datas, endereço IP e dispositivo) seja mantido junto com o documento.',
      ja: '私は、私だけが管理する秘密鍵を用いて自分の証明書でこの文書にデジタル署名すること、およびこの手続きの記録（日時、IP アドレス、端末）が文書とともに保管されることに同意します。',
      ko: '본인은 본인만이 관리하는 개인 키를 사용하여 본인의 인증서로 이 문서에 디지털 서명하는 것과 이 절차의 기록(일시, IP 주소 및 기기)이 문서와 함께 보관되는 것에 동의합니다.',
      zh: '本人同意使用仅由本人控制的私钥，以本人的证书对本文件进行数字签名，并同意将本流程的记录（日期、IP 地址和设备）与文件一并保存。',
    },
  },
};

/** The current statement for a signature level, in every language the signing page speaks. */
export function currentConsent(level: ConsentLevel = 'ELECTRONIC'): {
  version: string;
  level: ConsentLevel;
  statements: Record<ConsentLanguage, string>;
} {
  const version = CONSENT_VERSIONS[level];
  return { version, level, statements: { ...STATEMENTS[version]!.statements } };
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
  level: ConsentLevel;
  language: ConsentLanguage;
  statement: string;
}

/**
 * The cheap check made before anything is read: accepted, of a statement version Firma knows
 * (whichever level; `acceptedConsent` checks the level once the recipient is known).
 * @throws CONSENT_REQUIRED (400)
 */
export function assertConsentGiven(input: ConsentInput | undefined): void {
  const level = input ? STATEMENTS[input.version]?.level : undefined;
  acceptedConsent(input, 'en', level ?? 'ELECTRONIC');
}

/**
 * The acceptance the final call must carry: accepted, of the current statement of the recipient's
 * signature level (a DIGITAL signer cannot accept the ELECTRONIC words, nor the other way round).
 * @throws CONSENT_REQUIRED (400)
 */
export function acceptedConsent(
  input: ConsentInput | undefined,
  documentLanguage: string,
  level: ConsentLevel,
): AcceptedConsent {
  const wanted = CONSENT_VERSIONS[level];
  if (!input || input.accepted !== true)
    throw new AppError('CONSENT_REQUIRED', 'Accept the signing statement to finish', {
      issues: [
        {
          message: `send consent: {accepted: true, version: "${wanted}"} after showing the statement of the signing view`,
          path: ['consent'],
        },
      ],
    });
  const known = STATEMENTS[input.version];
  if (!known || known.level !== level)
    throw new AppError(
      'CONSENT_REQUIRED',
      known
        ? `This recipient signs at the ${level} level: accept that statement`
        : 'The statement version accepted is not a current one',
      { issues: [{ message: `the current version is ${wanted}`, path: ['consent', 'version'] }] },
    );
  const language =
    input.language ?? CONSENT_LANGUAGES.find((l): l is ConsentLanguage => l === documentLanguage) ?? 'en';
  return { version: input.version, level, language, statement: known.statements[language] };
}
