import type { embedAuthoringEn } from './en.js';

/** The embedded editor's words in French. */
export const embedAuthoringFr: typeof embedAuthoringEn = {
  ea_newDocument: 'Nouveau document',
  ea_newTemplate: 'Nouveau modèle',
  ea_newIntro: 'Choisissez le PDF et un titre ; ajoutez ensuite les destinataires et les champs.',
  ea_file: 'Fichier PDF',
  ea_title: 'Titre',
  ea_create: 'Continuer',
  ea_fileRequired: 'Choisissez un fichier PDF.',
  ea_done: 'Terminer',
  ea_doneHint: 'Tout est enregistré au fur et à mesure. Terminer indique à l’application que vous avez fini.',
  ea_finished: 'Enregistré. L’application prend le relais.',
};
