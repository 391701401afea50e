import type { EvidenceLanguage } from '../evidence-types.js';
import { de } from './de.js';
import { en } from './en.js';
import { es } from './es.js';
import type { EvidenceDictionary } from './evidence-dictionary.js';
import { fr } from './fr.js';
import { it } from './it.js';
import { ja } from './ja.js';
import { ko } from './ko.js';
import { nl } from './nl.js';
import { pl } from './pl.js';
import { ptBR } from './pt-BR.js';
import { zh } from './zh.js';

/** The evidence's words in every language a document can have (`meta.language`). */
export const EVIDENCE_DICTIONARIES: Record<EvidenceLanguage, EvidenceDictionary> = {
  de,
  en,
  es,
  fr,
  it,
  ja,
  ko,
  nl,
  pl,
  'pt-BR': ptBR,
  zh,
};
