import type { EvidenceLanguage } from '../evidence-types.js';
import { ja, ko, zh } from './edit-sentences-asia.js';
import { de, en, es, fr, it, nl, pl, pt } from './edit-sentences-europe.js';
import type { EditSentences, MemberName } from './edit-sentence-shape.js';

/**
 * Sentences for the edits made before sending (recipients, fields, files, attachments, settings)
 * and for the few system entries, in every evidence language. Kept apart from the main dictionaries
 * so each stays short; changed members are named (never valued: the audit entry records names only).
 */
export const EDIT_SENTENCES: Record<EvidenceLanguage, EditSentences> = {
  de,
  en,
  es,
  fr,
  it,
  ja,
  ko,
  nl,
  pl,
  'pt-BR': pt,
  zh,
};

/** Which member name a recorded key is worded as (several keys share one: firstName → name). */
export function memberOf(key: string): MemberName {
  const k = key.replace(/^meta\./, '');
  if (k === 'email' || k === 'role' || k === 'cuil' || k === 'phone' || k === 'title' || k === 'language') return k;
  if (k === 'name' || k === 'firstName' || k === 'lastName') return 'name';
  if (k === 'signingOrder') return 'signingOrder';
  if (k === 'requireCuil') return 'cuil';
  if (k.startsWith('idDocument')) return 'idDocument';
  if (k === 'accessCodeHash' || k === 'accessCode') return 'accessCode';
  if (k === 'signatureLevel') return 'signatureLevel';
  if (k === 'authOptions' || k === 'accessAuth' || k === 'actionAuth') return 'authentication';
  if (k === 'POSITION') return 'position';
  if (k === 'DIMENSION') return 'size';
  if (k === 'order') return 'order';
  if (k === 'folderId') return 'folder';
  if (k === 'subject' || k === 'message') return 'message';
  return 'other';
}
