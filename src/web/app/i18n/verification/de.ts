import type { verificationEn } from './en.js';

export const verificationDe: typeof verificationEn = {
  signUpTitle: 'Ihr Firma-Konto anlegen',
  signUpIntro:
    'Ein an {email} gesendetes Dokument verlangt eine Anmeldung bei Firma. Wählen Sie Ihren Namen und ein Passwort, um das Konto für diese Adresse anzulegen.',
  signUpSubmit: 'Mein Konto anlegen',
  signUpDoneTitle: 'Ihr Konto ist bereit',
  signUpDone:
    'Sie sind angemeldet. Kehren Sie zur Unterschriftsseite zurück und wählen Sie „Weiter“, um das Dokument zu öffnen.',
};
