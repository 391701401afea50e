import type { verificationEn } from './en.js';

export const verificationEs: typeof verificationEn = {
  signUpTitle: 'Cree su cuenta de Firma',
  signUpIntro:
    'Un documento enviado a {email} le pide iniciar sesión en Firma. Elija su nombre y una contraseña para crear la cuenta de esta dirección.',
  signUpSubmit: 'Crear mi cuenta',
  signUpDoneTitle: 'Su cuenta está lista',
  signUpDone: 'Ya inició sesión. Vuelva a la página de firma y pulse Continuar para abrir el documento.',
};
