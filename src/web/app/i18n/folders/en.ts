/** The app's words for new documents, folders and the first-run guide, in English (the reference for the other languages). */
export const foldersEn = {};
