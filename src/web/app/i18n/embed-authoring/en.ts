/** The embedded editor's words (Documenso's authoring embeds) in English. */
export const embedAuthoringEn = {
  ea_newDocument: 'New document',
  ea_newTemplate: 'New template',
  ea_newIntro: 'Choose the PDF and a title; then place the recipients and fields.',
  ea_file: 'PDF file',
  ea_title: 'Title',
  ea_create: 'Continue',
  ea_fileRequired: 'Choose a PDF file.',
  ea_done: 'Done',
  ea_doneHint: 'Everything is saved as you go. Done tells the application you are finished.',
  ea_finished: 'Saved. The application takes it from here.',
};
