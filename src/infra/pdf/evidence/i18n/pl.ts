import type { EvidenceDictionary } from './evidence-dictionary.js';
import { plural } from './plural.js';

const L = 'pl';
/** "2 odbiorców": the genitive after a number, which is what every sentence here needs. */
const recipients = (n: number) => `${n} ${plural(L, n, { one: 'odbiorcy', other: 'odbiorców' })}`;

export const pl: EvidenceDictionary = {
  locale: 'pl',
  day: ({ day, month, year }) => `${day} ${month} ${year}`,
  messages: {
    certificateTitle: 'Certyfikat ukończenia',
    auditTrailTitle: 'Ścieżka audytu',
    page: 'Strona {n} z {m}',
    envelope: 'Koperta',
    generated: 'Wygenerowano',

    sectionDocument: 'Dokument',
    sectionItems: 'Pliki',
    sectionRecipients: 'Odbiorcy',
    sectionEvents: 'Przebieg zdarzeń',
    sectionIntegrity: 'Integralność',
    sectionDigitalSignatures: 'Podpisy cyfrowe',
    digitalSigner: 'Podpisujący',
    digitalSubject: 'Właściciel certyfikatu',
    digitalCuil: 'CUIL',
    digitalIssuer: 'Wystawca',
    digitalSerial: 'Numer seryjny',
    digitalTime: 'Podpisano',
    digitalTimeSource: 'Źródło czasu',
    digitalTimeStamped: 'urząd znacznika czasu (znacznik czasu podpisu RFC 3161)',
    digitalTimeClaimed:
      'czas zapisany przez serwer Firma przy przygotowaniu podpisu, objęty podpisem podpisującego; niepoświadczony przez urząd znacznika czasu',
    digitalValidation: 'Weryfikacja',
    digitalValidated:
      'W chwili podpisu: CUIL zgodny z numerem odbiorcy, użycie klucza dopuszczało podpis, certyfikat ważny i wywodzący się od zaufanego urzędu, nieunieważniony ({source})',

    title: 'Tytuł',
    envelopeId: 'ID koperty',
    documentId: 'ID dokumentu',
    status: 'Status',
    created: 'Utworzono',
    sent: 'Wysłano',
    opened: 'Otwarto',
    completed: 'Ukończono',
    signed: 'Podpisano',
    rejected: 'Odrzucono',
    timezone: 'Strefa czasowa',
    timezoneInvalid: 'UTC (skonfigurowana strefa czasowa „{tz}” nie jest rozpoznawana)',
    platform: 'Platforma',
    verifyAt: 'Publiczny adres URL',
    notAvailable: '—',

    rejectedBanner: 'Ten dokument został odrzucony',
    rejectedBy: 'Odrzucony przez: {who}, {when}.',
    rejectedNoDetail: 'Proces podpisywania zakończył się bez wszystkich podpisów.',
    reason: 'Powód',
    noReason: 'Nie podano powodu.',

    itemTitle: 'Plik',
    itemPages: 'Strony',
    itemOriginal: 'SHA-256 oryginału',
    itemFinal: 'SHA-256 zapieczętowanego pliku końcowego',
    itemsAuditNote:
      'SHA-256 pliku końcowego nie może zostać wydrukowany w tym samym pliku; podano go w osobnym certyfikacie ukończenia.',

    email: 'E-mail',
    role: 'Rola',
    cuil: 'CUIL',
    nationalId: 'Krajowy numer identyfikacyjny',
    nationalIdNone: 'niewymagany: platforma nie ma reguły krajowego numeru identyfikacyjnego',
    signingOrder: 'Kolejność podpisywania',
    ip: 'Adres IP',
    userAgent: 'Agent użytkownika',
    signature: 'Podpis',
    signatureDrawn: 'Podpis odręczny (narysowany)',
    signatureTyped: 'Podpis wpisany z klawiatury',
    signatureNone: 'Nie złożono podpisu',
    signatureUnreadable: 'Nie udało się odczytać obrazu podpisu',
    signatureText: 'Tekst podpisu',
    recipientsNone: 'Ten dokument nie ma odbiorców.',

    eventTime: 'Czas (UTC / lokalny)',
    eventEvent: 'Zdarzenie',
    eventActor: 'Wykonawca',
    eventIp: 'Adres IP',
    eventUserAgent: 'Agent użytkownika',
    eventHash: 'SHA-256 wpisu',
    eventsNone: 'Nie zarejestrowano żadnych zdarzeń.',

    chainTitle: 'Łańcuch audytu',
    chainAlgorithm: 'Algorytm',
    chainLength: 'Wpisy',
    chainHead: 'Głowa (hash ostatniego wpisu)',
    chainExplanation:
      'Każdy wpis audytu zawiera hash poprzedniego wpisu, więc zmiana, usunięcie lub przestawienie dowolnego wpisu zmienia wszystkie późniejsze hashe oraz powyższą głowę. Polecenie `firma audit verify {id}` ponownie oblicza łańcuch z zapisanych wpisów i porównuje go z tą głową.',
    sealTitle: 'Pieczęć',
    sealSubject: 'Podmiot certyfikatu',
    sealFingerprint: 'Odcisk SHA-256 certyfikatu',
    sealExplanation:
      'Dokument końcowy i jego certyfikat ukończenia są zapieczętowane cyfrowo tym certyfikatem; każda późniejsza zmiana któregokolwiek z tych plików unieważnia jego pieczęć.',
    sealLaterUpdates:
      'Po pieczęci Firma dołącza dane, dzięki którym podpisy pozostają weryfikowalne przez lata (certyfikaty i odpowiedzi o unieważnieniu dla każdego podpisu: długoterminowa walidacja PAdES), a jeśli skonfigurowano urząd znacznika czasu, także znacznik czasu dokumentu. Te dodatki następują po zapieczętowanych bajtach i nie zmieniają niczego, co obejmuje pieczęć. Dlatego niektóre narzędzia (na przykład pdfsig) zgłaszają, że pieczęć nie obejmuje całego pliku: jest to zamierzone. Walidatory, które badają każdy dodatek (Adobe Reader, pyHanko), oznaczają je jako dozwolone aktualizacje, a `firma audit verify {id}` sprawdza, że po pieczęci nie następuje nic innego.',
  },
  roles: {
    SIGNER: 'Podpisujący',
    APPROVER: 'Zatwierdzający',
    VIEWER: 'Czytający',
    CC: 'Otrzymuje kopię (DW)',
    ASSISTANT: 'Asystent',
  },
  doneByRole: {
    SIGNER: 'Podpisano',
    APPROVER: 'Zatwierdzono',
    VIEWER: 'Wyświetlono',
    CC: 'Ukończono',
    ASSISTANT: 'Ukończono',
  },
  notDoneByRole: {
    SIGNER: 'Nie podpisano',
    APPROVER: 'Nie zatwierdzono',
    VIEWER: 'Nie wyświetlono',
    CC: 'Nie wymaga działania',
    ASSISTANT: 'Nie ukończono',
  },
  envelopeStatus: {
    DRAFT: 'Wersja robocza',
    PENDING: 'W toku (niewiążący)',
    COMPLETED: 'Ukończony',
    REJECTED: 'Odrzucony',
    CANCELLED: 'Anulowany',
  },
  eventTypes: {
    DOCUMENT_CREATED: 'Utworzono dokument',
    DOCUMENT_SENT: 'Wysłano dokument',
    DOCUMENT_OPENED: 'Otwarto dokument',
    DOCUMENT_VIEWED: 'Wyświetlono dokument',
    DOCUMENT_FIELD_INSERTED: 'Wypełniono pole',
    DOCUMENT_FIELD_PREFILLED: 'Pole wstępnie wypełnione przez nadawcę',
    DOCUMENT_FIELD_UNINSERTED: 'Wyczyszczono pole',
    DOCUMENT_RECIPIENT_COMPLETED: 'Odbiorca ukończył',
    DOCUMENT_RECIPIENT_REJECTED: 'Odbiorca odrzucił',
    DOCUMENT_COMPLETED: 'Ukończono dokument',
    DOCUMENT_REJECTED: 'Odrzucono dokument',
    DOCUMENT_SEALED: 'Zapieczętowano dokument',
    EMAIL_SENT: 'Wysłano e-mail',
    DOCUMENT_RESENT: 'Ponownie wysłano prośbę o podpis',
    RECIPIENT_CONSENT_ACCEPTED: 'Zgoda na podpis',
    DOCUMENT_RECIPIENT_DOWNLOADED: 'Pobrano przez odbiorcę',
    DOCUMENT_REMINDER_SENT: 'Wysłano przypomnienie',
    RECIPIENT_EXPIRED: 'Upłynął termin podpisania',
    DOCUMENT_CANCELLED: 'Anulowano dokument',
  },
  fieldNames: {
    SIGNATURE: 'podpis',
    FREE_SIGNATURE: 'podpis',
    INITIALS: 'inicjały',
    NAME: 'imię i nazwisko',
    EMAIL: 'e-mail',
    DATE: 'data',
    TEXT: 'tekst',
    NUMBER: 'liczba',
    RADIO: 'opcja',
    CHECKBOX: 'pole wyboru',
    DROPDOWN: 'lista',
  },
  sentences: {
    quote: (text) => `„${text}”`,
    senderApi: 'Nadawca (API)',
    sender: 'Nadawca',
    aRecipient: 'odbiorca',
    field: (name, id) => `pole „${name}”${id ? ` nr ${id}` : ''}`,
    fieldUnknown: 'pole',
    files: (n) => `${n} ${plural(L, n, { one: 'plikiem', other: 'plikami' })}`,
    fromTemplate: (id) => ` na podstawie szablonu nr ${id}`,
    copyOf: (id) => ` jako kopię ${id}`,
    created: (who, title, from, files) =>
      `${who} utworzył(a) dokument${title ? ` ${title}` : ''}${from}${files ? ` z ${files}` : ''}.`,
    sent: (who, sequential, notified) =>
      `${who} wysłał(a) dokument do podpisu (${sequential ? 'podpisywanie w kolejności' : 'podpisywanie równoległe'}); ${
        notified > 0
          ? `powiadomienie e-mailem dla ${recipients(notified)}`
          : 'nie wysłano e-maila (nadawca sam przekazuje linki)'
      }.`,
    resent: (who, n) => `${who} ponownie wysłał(a) prośbę o podpis do ${recipients(n)}.`,
    opened: (who) => `${who} otworzył(a) dokument.`,
    codeRequested: (who, forSigning) =>
      `${who} poprosił(a) o kod weryfikacyjny e-mailem, ${forSigning ? 'aby podpisać' : 'aby zobaczyć dokument'}.`,
    codeValidated: (who, forSigning) =>
      `${who} potwierdził(a) swoją tożsamość kodem wysłanym e-mailem, ${
        forSigning ? 'przed podpisaniem' : 'aby zobaczyć dokument'
      }.`,
    codeIssuedForSender: (who) => `${who} uzyskał(a) kod weryfikacyjny dla odbiorcy, do przekazania własnym kanałem.`,
    codeValidatedFromSender: (who, forSigning) =>
      `${who} potwierdził(a) swoją tożsamość kodem otrzymanym od nadawcy, ${forSigning ? 'przed podpisaniem' : 'aby zobaczyć dokument'}.`,
    codeFailed: (who, tries) => `${who} wpisał(a) błędny kod weryfikacyjny (${tries}).`,
    cuilConfirmed: (who) => `${who} potwierdził(a) swój numer CUIL.`,
    accessCodeEntered: (who) => `${who} wpisał(a) kod dostępu otrzymany od nadawcy.`,
    cuilWrong: (who, tries) => `${who} wpisał(a) numer CUIL, który nie jest jego/jej numerem (${tries}).`,
    accessCodeWrong: (who, tries) => `${who} wpisał(a) błędny kod dostępu (${tries}).`,
    accountSignedIn: (who) => `${who} zalogował(a) się do swojego konta Firma adresem e-mail odbiorcy.`,
    accountRefused: (who) => `${who} był(a) zalogowany(-a) na inne konto Firma i został(a) odrzucony(-a).`,
    passkeyConfirmed: (who) => `${who} potwierdził(a) kluczem dostępu swojego konta Firma.`,
    passkeyFailed: (who) => `${who} użył(a) klucza dostępu, który nie potwierdził.`,
    accountPasswordEntered: (who) => `${who} wpisał(a) hasło do swojego konta Firma.`,
    accountPasswordWrong: (who, tries) => `${who} wpisał(a) błędne hasło do konta Firma (${tries}).`,
    signUpLinkSent: (who) => `Do ${who} wysłano link do założenia konta Firma.`,
    triesLeft: (n) =>
      n === null
        ? 'nieudana próba'
        : n <= 0
          ? 'brak pozostałych prób'
          : plural(L, n, {
              one: `pozostała ${n} próba`,
              few: `pozostały ${n} próby`,
              other: `pozostało ${n} prób`,
            }),
    signedTyped: (by, typed) => `${by} podpisał(a), wpisując ${typed}.`,
    signedDrawn: (by) => `${by} podpisał(a), rysując swój podpis.`,
    signedUploaded: (by) => `${by} podpisał(a), przesyłając obraz swojego podpisu.`,
    prefilled: (by, field, value) => `${by} wstępnie wypełnił(a) ${field} wartością ${value}.`,
    filled: (by, field, value) =>
      value ? `${by} wypełnił(a) ${field} wartością ${value}.` : `${by} wypełnił(a) ${field}.`,
    cleared: (who, field) => `${who} wyczyścił(a) ${field}.`,
    recipientCompleted: (who, action) =>
      `${who} ${
        action === 'signed'
          ? 'podpisał(a) dokument'
          : action === 'approved'
            ? 'zatwierdził(a) dokument'
            : action === 'viewed'
              ? 'wyświetlił(a) dokument'
              : 'ukończył(a) swoją część'
      }.`,
    recipientRejected: (subject, bySender, reason) =>
      `${subject} odrzucił(a) dokument${bySender ? ' (zarejestrowane przez nadawcę)' : ''}.${reason ? ` Powód: ${reason}.` : ''}`,
    documentCompleted: 'Wszyscy odbiorcy zakończyli; dokument został zapieczętowany.',
    documentRejected: 'Dokument zamknięto jako odrzucony i zapieczętowano.',
    expired: (name) => `Upłynął termin podpisania wyznaczony odbiorcy ${name}.`,
    consentDigital: (who, version, statement) =>
      `${who} wyraził(a) zgodę na podpis cyfrowy własnym certyfikatem (oświadczenie w wersji ${version})${statement ? `: ${statement}` : ''}.`,
    consent: (who, version, statement) =>
      `${who} wyraził(a) zgodę na podpis elektroniczny (oświadczenie w wersji ${version})${statement ? `: ${statement}` : ''}.`,
    downloaded: (who, certificate) =>
      `${who} pobrał(a) ${certificate ? 'certyfikat' : 'podpisany dokument'} przez swój link.`,
    reminder: (name, n) => `Firma wysłała odbiorcy ${name} przypomnienie${n ? ` nr ${n}` : ''} o podpisaniu.`,
    cancelled: (who) => `${who} anulował(a) dokument.`,
    deleted: (who) => `${who} usunął/usunęła dokument.`,
    hashOriginal: 'SHA-256 oryginału',
    hashFinal: 'SHA-256 zapieczętowanego pliku końcowego',
    hashSignatureImage: 'SHA-256 obrazu podpisu',
    hashCertificate: 'SHA-256 certyfikatu ukończenia',
  },
};
