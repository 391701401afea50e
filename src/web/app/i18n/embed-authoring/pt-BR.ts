import type { embedAuthoringEn } from './en.js';

/** The embedded editor's words in Brazilian Portuguese. */
export const embedAuthoringPtBR: typeof embedAuthoringEn = {
  ea_newDocument: 'Novo documento',
  ea_newTemplate: 'Novo modelo',
  ea_newIntro: 'Escolha o PDF e um título; depois adicione os destinatários e os campos.',
  ea_file: 'Arquivo PDF',
  ea_title: 'Título',
  ea_create: 'Continuar',
  ea_fileRequired: 'Escolha um arquivo PDF.',
  ea_done: 'Concluir',
  ea_doneHint: 'Tudo é salvo à medida que você avança. Concluir avisa o aplicativo que você terminou.',
  ea_finished: 'Salvo. O aplicativo continua daqui.',
};
