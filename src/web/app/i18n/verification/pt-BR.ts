import type { verificationEn } from './en.js';

export const verificationPtBR: typeof verificationEn = {
  signUpTitle: 'Crie sua conta Firma',
  signUpIntro:
    'Um documento enviado para {email} pede que você entre no Firma. Escolha seu nome e uma senha para criar a conta deste endereço.',
  signUpSubmit: 'Criar minha conta',
  signUpDoneTitle: 'Sua conta está pronta',
  signUpDone: 'Você entrou. Volte à página de assinatura e clique em Continuar para abrir o documento.',
};
