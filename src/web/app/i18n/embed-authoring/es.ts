import type { embedAuthoringEn } from './en.js';

/** The embedded editor's words in Spanish. */
export const embedAuthoringEs: typeof embedAuthoringEn = {
  ea_newDocument: 'Documento nuevo',
  ea_newTemplate: 'Plantilla nueva',
  ea_newIntro: 'Elija el PDF y un título; luego agregue los destinatarios y los campos.',
  ea_file: 'Archivo PDF',
  ea_title: 'Título',
  ea_create: 'Continuar',
  ea_fileRequired: 'Elija un archivo PDF.',
  ea_done: 'Listo',
  ea_doneHint: 'Todo se guarda a medida que avanza. Listo le avisa a la aplicación que terminó.',
  ea_finished: 'Guardado. La aplicación sigue desde aquí.',
};
