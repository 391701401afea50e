/** The app's words for team settings: API tokens, webhooks, sender addresses, branding, in English (the reference for the other languages). */
export const settingsEn = {};
