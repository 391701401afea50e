import type { embedAuthoringEn } from './en.js';

/** The embedded editor's words in German. */
export const embedAuthoringDe: typeof embedAuthoringEn = {
  ea_newDocument: 'Neues Dokument',
  ea_newTemplate: 'Neue Vorlage',
  ea_newIntro: 'Wählen Sie das PDF und einen Titel; fügen Sie dann Empfänger und Felder hinzu.',
  ea_file: 'PDF-Datei',
  ea_title: 'Titel',
  ea_create: 'Weiter',
  ea_fileRequired: 'Wählen Sie eine PDF-Datei.',
  ea_done: 'Fertig',
  ea_doneHint: 'Alles wird laufend gespeichert. Fertig teilt der Anwendung mit, dass Sie fertig sind.',
  ea_finished: 'Gespeichert. Die Anwendung übernimmt ab hier.',
};
