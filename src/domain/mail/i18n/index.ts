import type { Language } from '../../../lib/vocabulary/languages.js';
import { de } from './de.js';
import { en } from './en.js';
import { es } from './es.js';
import { fr } from './fr.js';
import { it } from './it.js';
import { ja } from './ja.js';
import { ko } from './ko.js';
import type { MailDictionary } from './mail-dictionary.js';
import { nl } from './nl.js';
import { pl } from './pl.js';
import { ptBR } from './pt-BR.js';
import { zh } from './zh.js';

export type MailLanguage = Language;

/** The mails' words in every language a document can have (`meta.language`). */
export const MAIL_DICTIONARIES: Record<MailLanguage, MailDictionary> = {
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
