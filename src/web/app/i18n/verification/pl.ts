import type { verificationEn } from './en.js';

export const verificationPl: typeof verificationEn = {
  signUpTitle: 'Proszę założyć konto Firma',
  signUpIntro:
    'Dokument wysłany na adres {email} wymaga zalogowania się do Firma. Prosimy podać imię i nazwisko oraz hasło, aby założyć konto dla tego adresu.',
  signUpSubmit: 'Załóż moje konto',
  signUpDoneTitle: 'Konto jest gotowe',
  signUpDone: 'Zalogowano. Prosimy wrócić na stronę podpisu i nacisnąć Dalej, aby otworzyć dokument.',
};
