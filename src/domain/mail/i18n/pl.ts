import type { MailDictionary } from './mail-dictionary.js';

export const pl: MailDictionary = {
  greeting: (name) => (name ? `Dzień dobry, ${name},` : 'Dzień dobry,'),
  kinds: {
    signingRequest: {
      subject: (t) => `Prośba o przejrzenie i podpisanie: ${t}`,
      intro: (t) => `Poproszono o Państwa udział w dokumencie „${t}”.`,
      button: 'Otwórz dokument',
    },
    reminder: {
      subject: (t) => `Przypomnienie: prośba o przejrzenie i podpisanie: ${t}`,
      intro: (t) => `Przypominamy, że dokument „${t}” wciąż czeka na Państwa.`,
      button: 'Otwórz dokument',
    },
    completed: {
      subject: (t) => `Ukończono: ${t}`,
      intro: (t) => `Wszyscy podpisali dokument „${t}”. Ostateczny, cyfrowo zapieczętowany dokument jest gotowy.`,
      button: 'Pobierz podpisany dokument',
    },
    rejected: {
      subject: (t) => `Odrzucono: ${t}`,
      intro: (t) => `Dokument „${t}” został odrzucony przez odbiorcę i nie można go już podpisać.`,
      button: 'Zobacz dokument',
    },
    cancelled: {
      subject: (t) => `Anulowano: ${t}`,
      intro: (t) => `Nadawca anulował dokument „${t}”. Nie muszą Państwo robić nic więcej.`,
      button: '',
    },
    recipientSigned: {
      subject: (t) => `Odbiorca zakończył: ${t}`,
      intro: (t) => `Jeden z odbiorców zakończył swoją część dokumentu „${t}”.`,
      button: '',
    },
    recipientRemoved: {
      subject: (t) => `Usunięto z dokumentu: ${t}`,
      intro: (t) =>
        `Nadawca usunął Państwa z dokumentu „${t}”. Link już nie działa i nie muszą Państwo robić nic więcej.`,
      button: '',
    },
    documentPending: {
      subject: (t) => `Oczekiwanie na innych: ${t}`,
      intro: (t) => `Zakończyli Państwo swoją część dokumentu „${t}”. Dokument czeka teraz na pozostałych odbiorców.`,
      button: '',
    },
    senderVerification: {
      subject: (t) => `Kod potwierdzający ${t} jako nadawcę`,
      intro: (t) =>
        `Ktoś poprosił o wysyłanie dokumentów do podpisu z adresu ${t}. Proszę wpisać ten kod, aby potwierdzić, że adres należy do Państwa.`,
      button: '',
    },
    ownerCreated: {
      subject: (t) => `Utworzono dokument: ${t}`,
      intro: (t) => `Na Państwa platformie utworzono dokument „${t}”.`,
      button: '',
    },
    ownerCompleted: {
      subject: (t) => `Ukończono dokument: ${t}`,
      intro: (t) =>
        `Wszyscy uczestnicy dokumentu „${t}” wykonali swoje czynności; końcowy PDF i certyfikat są zapieczętowane i gotowe do pobrania.`,
      button: '',
    },
    ownerRecipientExpired: {
      subject: (t) => `Link do podpisu wygasł: ${t}`,
      intro: (t) =>
        `Link odbiorcy do dokumentu „${t}” wygasł, zanim odbiorca wykonał czynność. Aby go odnowić, proszę wysłać dokument ponownie.`,
      button: '',
    },
    verificationCode: {
      subject: (t) => `Kod weryfikacyjny do dokumentu ${t}`,
      intro: (t) => `Osoba otwierająca dokument „${t}” za pomocą Państwa linku poprosiła o kod weryfikacyjny.`,
      button: '',
    },
    directLinkCode: {
      subject: (t) => `Twój kod do podpisania: ${t}`,
      intro: (t) =>
        `Ktoś poprosił o przesłanie dokumentu „${t}” do podpisu na ten adres e-mail. Wpisz ten kod na stronie, aby potwierdzić, że adres należy do Ciebie.`,
      button: '',
    },
    accountVerification: {
      subject: (t) => `Potwierdzenie adresu e-mail: ${t}`,
      intro: (t) =>
        `Prosimy potwierdzić, że ${t} to Państwa adres, aby dokończyć zakładanie konta w Firma. Link jest ważny przez 24 godziny.`,
      button: 'Potwierdź adres',
    },
    passwordReset: {
      subject: (t) => `Resetowanie hasła do Firma: ${t}`,
      intro: (t) =>
        `Ktoś poprosił o zresetowanie hasła do konta Firma ${t}. Jeśli to Państwo, prosimy wybrać nowe hasło: link działa jeden raz, przez 30 minut. Jeśli nie, prosimy zignorować tę wiadomość; hasło pozostaje bez zmian.`,
      button: 'Wybierz nowe hasło',
    },
    invitation: {
      subject: (t) => `Zaproszenie do zespołu ${t} w Firma`,
      intro: (t) =>
        `Zaproszono Państwa do zespołu „${t}” w Firma, aby wysyłać dokumenty do podpisu i śledzić ich stan. Zaproszenie jest ważne przez 7 dni.`,
      button: 'Przyjmij zaproszenie',
    },
    recipientSignUp: {
      subject: (t) => `Proszę założyć konto Firma dla ${t}`,
      intro: (t) =>
        `Przesłano Państwu dokument do podpisu, który wymaga zalogowania się do konta Firma z adresem ${t}. Proszę użyć tego linku, aby założyć to konto (nie należy ono do żadnego zespołu). Link działa jeden raz, przez 7 dni.`,
      button: 'Załóż moje konto',
    },
  },
  sender: (n) => `Nadawca: ${n}`,
  code: (c) => `Kod: ${c}`,
  codeHint:
    'Kod jest ważny przez 10 minut. Prosimy nikomu go nie udostępniać: Firma nigdy nie poprosi o niego telefonicznie ani e-mailem. Jeśli to nie Państwo o niego prosili, prosimy zignorować tę wiadomość.',
  roles: {
    SIGNER: 'Prosimy o jego podpisanie.',
    APPROVER: 'Prosimy o jego zatwierdzenie.',
    VIEWER: 'Prosimy o zapoznanie się z nim.',
    ASSISTANT: 'Prosimy o wypełnienie przypisanych Państwu pól.',
    CC: 'Otrzymują Państwo kopię.',
  },
  digitalSigner: 'Prosimy o jego podpisanie cyfrowo własnym certyfikatem.',
  reason: 'Podany powód',
  attached: 'Podpisany dokument jest załączony do tej wiadomości.',
  linkHint: 'Jeśli przycisk nie działa, prosimy skopiować ten link do przeglądarki:',
  privacy:
    'Ten link jest osobisty: prosimy go nie przekazywać dalej. Każdy, kto go ma, może działać w Państwa imieniu.',
  footer: 'Wysłane przez Firma, elektroniczne podpisywanie dokumentów.',
  directLinkUsed: (email) =>
    `Utworzony przez bezpośredni link szablonu przez odwiedzającego potwierdzonego jako ${email} (kodem wysłanym na ten adres).`,
};
