import type { verificationEn } from './en.js';

export const verificationNl: typeof verificationEn = {
  signUpTitle: 'Maak uw Firma-account aan',
  signUpIntro:
    'Een document dat naar {email} is verzonden, vraagt u zich aan te melden bij Firma. Kies uw naam en een wachtwoord om het account voor dit adres aan te maken.',
  signUpSubmit: 'Mijn account aanmaken',
  signUpDoneTitle: 'Uw account is klaar',
  signUpDone: 'U bent aangemeld. Ga terug naar de ondertekeningspagina en kies Doorgaan om het document te openen.',
};
