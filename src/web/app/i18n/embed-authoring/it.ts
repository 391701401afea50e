import type { embedAuthoringEn } from './en.js';

/** The embedded editor's words in Italian. */
export const embedAuthoringIt: typeof embedAuthoringEn = {
  ea_newDocument: 'Nuovo documento',
  ea_newTemplate: 'Nuovo modello',
  ea_newIntro: 'Scegli il PDF e un titolo; poi aggiungi i destinatari e i campi.',
  ea_file: 'File PDF',
  ea_title: 'Titolo',
  ea_create: 'Continua',
  ea_fileRequired: 'Scegli un file PDF.',
  ea_done: 'Fatto',
  ea_doneHint: 'Tutto viene salvato man mano. Fatto comunica all’applicazione che hai finito.',
  ea_finished: 'Salvato. L’applicazione prosegue da qui.',
};
