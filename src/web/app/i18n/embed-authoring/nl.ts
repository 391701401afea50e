import type { embedAuthoringEn } from './en.js';

/** The embedded editor's words in Dutch. */
export const embedAuthoringNl: typeof embedAuthoringEn = {
  ea_newDocument: 'Nieuw document',
  ea_newTemplate: 'Nieuwe sjabloon',
  ea_newIntro: 'Kies de pdf en een titel; voeg daarna de ontvangers en velden toe.',
  ea_file: 'Pdf-bestand',
  ea_title: 'Titel',
  ea_create: 'Doorgaan',
  ea_fileRequired: 'Kies een pdf-bestand.',
  ea_done: 'Klaar',
  ea_doneHint: 'Alles wordt meteen opgeslagen. Klaar laat de applicatie weten dat u klaar bent.',
  ea_finished: 'Opgeslagen. De applicatie neemt het over.',
};
