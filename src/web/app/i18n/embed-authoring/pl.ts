import type { embedAuthoringEn } from './en.js';

/** The embedded editor's words in Polish. */
export const embedAuthoringPl: typeof embedAuthoringEn = {
  ea_newDocument: 'Nowy dokument',
  ea_newTemplate: 'Nowy szablon',
  ea_newIntro: 'Wybierz plik PDF i tytuł, a następnie dodaj odbiorców i pola.',
  ea_file: 'Plik PDF',
  ea_title: 'Tytuł',
  ea_create: 'Dalej',
  ea_fileRequired: 'Wybierz plik PDF.',
  ea_done: 'Gotowe',
  ea_doneHint: 'Wszystko zapisuje się na bieżąco. Gotowe informuje aplikację, że skończyłeś.',
  ea_finished: 'Zapisano. Dalej przejmuje aplikacja.',
};
