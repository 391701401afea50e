import type { verificationEn } from './en.js';

export const verificationFr: typeof verificationEn = {
  signUpTitle: 'Créez votre compte Firma',
  signUpIntro:
    'Un document envoyé à {email} vous demande de vous connecter à Firma. Choisissez votre nom et un mot de passe pour créer le compte de cette adresse.',
  signUpSubmit: 'Créer mon compte',
  signUpDoneTitle: 'Votre compte est prêt',
  signUpDone: 'Vous êtes connecté. Revenez à la page de signature et cliquez sur Continuer pour ouvrir le document.',
};
