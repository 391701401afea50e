import type { verificationEn } from './en.js';

export const verificationIt: typeof verificationEn = {
  signUpTitle: 'Crei il Suo account Firma',
  signUpIntro:
    'Un documento inviato a {email} richiede l’accesso a Firma. Scelga il Suo nome e una password per creare l’account per questo indirizzo.',
  signUpSubmit: 'Crea il mio account',
  signUpDoneTitle: 'Il Suo account è pronto',
  signUpDone: 'Ha effettuato l’accesso. Torni alla pagina di firma e prema Continua per aprire il documento.',
};
