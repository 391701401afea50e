/** The app's words for templates, their direct links, public profile and bulk send, in English (the reference for the other languages). */
export const templatesEn = {};
