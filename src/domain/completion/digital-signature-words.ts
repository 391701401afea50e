import type { Language } from '../../lib/vocabulary/languages.js';

/**
 * The words of a DIGITAL signer's visible signature and signature dictionary (issue #34), in each
 * of the documents' languages: the field's name ("Firma 1 — …"), the appearance's heading, date
 * and issuer labels, and the /Reason a validator shows.
 */
export interface DigitalSignatureWords {
  field: string;
  signedBy: string;
  date: string;
  issuer: string;
  reason: (name: string, cuil: string) => string;
}

const WORDS: Record<Language, DigitalSignatureWords> = {
  es: {
    field: 'Firma',
    signedBy: 'Firmado digitalmente por',
    date: 'Fecha',
    issuer: 'Emisor',
    reason: (n, c) => `Firma digital de ${n} (CUIL ${c})`,
  },
  en: {
    field: 'Signature',
    signedBy: 'Digitally signed by',
    date: 'Date',
    issuer: 'Issuer',
    reason: (n, c) => `Digital signature of ${n} (CUIL ${c})`,
  },
  de: {
    field: 'Signatur',
    signedBy: 'Digital signiert von',
    date: 'Datum',
    issuer: 'Aussteller',
    reason: (n, c) => `Digitale Signatur von ${n} (CUIL ${c})`,
  },
  fr: {
    field: 'Signature',
    signedBy: 'Signé numériquement par',
    date: 'Date',
    issuer: 'Émetteur',
    reason: (n, c) => `Signature numérique de ${n} (CUIL ${c})`,
  },
  it: {
    field: 'Firma',
    signedBy: 'Firmato digitalmente da',
    date: 'Data',
    issuer: 'Emittente',
    reason: (n, c) => `Firma digitale di ${n} (CUIL ${c})`,
  },
  nl: {
    field: 'Handtekening',
    signedBy: 'Digitaal ondertekend door',
    date: 'Datum',
    issuer: 'Uitgever',
    reason: (n, c) => `Digitale handtekening van ${n} (CUIL ${c})`,
  },
  pl: {
    field: 'Podpis',
    signedBy: 'Podpisano cyfrowo przez',
    date: 'Data',
    issuer: 'Wystawca',
    reason: (n, c) => `Podpis cyfrowy: ${n} (CUIL ${c})`,
  },
  'pt-BR': {
    field: 'Assinatura',
    signedBy: 'Assinado digitalmente por',
    date: 'Data',
    issuer: 'Emissor',
    reason: (n, c) => `Assinatura digital de ${n} (CUIL ${c})`,
  },
  ja: {
    field: '署名',
    signedBy: 'デジタル署名者',
    date: '日付',
    issuer: '発行者',
    reason: (n, c) => `${n} のデジタル署名 (CUIL ${c})`,
  },
  ko: {
    field: '서명',
    signedBy: '디지털 서명자',
    date: '날짜',
    issuer: '발급자',
    reason: (n, c) => `${n}의 디지털 서명 (CUIL ${c})`,
  },
  zh: {
    field: '签名',
    signedBy: '数字签名人',
    date: '日期',
    issuer: '签发者',
    reason: (n, c) => `${n} 的数字签名 (CUIL ${c})`,
  },
};

export function digitalSignatureWords(language: Language): DigitalSignatureWords {
  return WORDS[language] ?? WORDS.es;
}
