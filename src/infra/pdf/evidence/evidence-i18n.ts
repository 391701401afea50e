import type {
  EvidenceEnvelopeStatus,
  EvidenceLanguage,
  EvidenceRole,
  EvidenceSigningStatus,
} from './evidence-types.js';
import type { EvidenceDictionary } from './i18n/evidence-dictionary.js';
import { EVIDENCE_DICTIONARIES } from './i18n/index.js';
import type { MessageKey } from './i18n/en-messages.js';

export type { MessageKey };
export type Messages = Record<MessageKey, string>;

/**
 * Every fixed string of the evidence, per language (one file per language in `i18n/`). Each
 * dictionary is typed with `EvidenceDictionary`, whose message keys come from English, so a key
 * missing in another language is a compile error, not a blank in court.
 */
export function dictionary(language: EvidenceLanguage): EvidenceDictionary {
  // Unknown languages (bad data from a caller) fall back to English rather than printing keys.
  return EVIDENCE_DICTIONARIES[language] ?? EVIDENCE_DICTIONARIES.en;
}

export interface Translator {
  readonly language: EvidenceLanguage;
  /** The message for `key`, with `{name}` placeholders replaced from `vars`. */
  t(key: MessageKey, vars?: Record<string, string | number>): string;
  role(role: EvidenceRole): string;
  recipientStatus(role: EvidenceRole, status: EvidenceSigningStatus): string;
  /** The label of the "done at" time of a recipient (Signed / Approved / Viewed / Rejected). */
  doneLabel(role: EvidenceRole, status: EvidenceSigningStatus): string;
  envelopeStatus(status: EvidenceEnvelopeStatus): string;
  /** Unknown event types are shown as their code: never hide what the audit log says. */
  eventType(type: string): string;
}

export function translator(language: EvidenceLanguage): Translator {
  const lang: EvidenceLanguage = language in EVIDENCE_DICTIONARIES ? language : 'en';
  const d = dictionary(lang);
  const messages = d.messages;
  return {
    language: lang,
    t(key, vars) {
      const text = messages[key];
      if (!vars) return text;
      return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
    },
    role: (role) => d.roles[role] ?? role,
    recipientStatus(role, status) {
      if (status === 'SIGNED') return d.doneByRole[role] ?? status;
      if (status === 'REJECTED') return messages.rejected;
      return d.notDoneByRole[role] ?? status;
    },
    doneLabel(role, status) {
      if (status === 'REJECTED') return messages.rejected;
      return d.doneByRole[role] ?? messages.completed;
    },
    envelopeStatus: (status) => d.envelopeStatus[status] ?? status,
    eventType: (type) => d.eventTypes[type] ?? type,
  };
}
