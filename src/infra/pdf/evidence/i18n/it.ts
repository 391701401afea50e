import type { EvidenceDictionary } from './evidence-dictionary.js';
import { plural } from './plural.js';

const L = 'it';
const recipients = (n: number) => `${n} ${plural(L, n, { one: 'destinatario', other: 'destinatari' })}`;

export const it: EvidenceDictionary = {
  locale: 'it',
  day: ({ day, month, year }) => `${day} ${month} ${year}`,
  messages: {
    certificateTitle: 'Certificato di completamento',
    auditTrailTitle: 'Registro di controllo',
    page: 'Pagina {n} di {m}',
    envelope: 'Busta',
    generated: 'Generato',

    sectionDocument: 'Documento',
    sectionItems: 'File',
    sectionRecipients: 'Destinatari',
    sectionEvents: 'Cronologia degli eventi',
    sectionIntegrity: 'Integrità',
    sectionDigitalSignatures: 'Firme digitali',
    digitalSigner: 'Firmatario',
    digitalSubject: 'Titolare del certificato',
    digitalCuil: 'CUIL',
    digitalIssuer: 'Emittente',
    digitalSerial: 'Numero di serie',
    digitalTime: 'Firmato',
    digitalTimeSource: 'Origine dell’ora',
    digitalTimeStamped: 'un’autorità di marcatura temporale (marca temporale RFC 3161 della firma)',
    digitalTimeClaimed:
      'l’ora registrata dal server di Firma alla preparazione della firma, coperta dalla firma del firmatario; non attestata da un’autorità di marcatura temporale',
    digitalValidation: 'Verifica',
    digitalValidated:
      'Alla firma: il CUIL corrispondeva a quello del destinatario, l’uso della chiave consentiva la firma, certificato valido e riconducibile a un’autorità attendibile, non revocato ({source})',

    title: 'Titolo',
    envelopeId: 'ID della busta',
    documentId: 'ID del documento',
    status: 'Stato',
    created: 'Creato',
    sent: 'Inviato',
    opened: 'Aperto',
    completed: 'Completato',
    signed: 'Firmato',
    rejected: 'Rifiutato',
    timezone: 'Fuso orario',
    timezoneInvalid: 'UTC (il fuso orario configurato "{tz}" non è riconosciuto)',
    platform: 'Piattaforma',
    verifyAt: 'URL pubblico',
    notAvailable: '—',

    rejectedBanner: 'Questo documento è stato rifiutato',
    rejectedBy: 'Rifiutato da {who} il {when}.',
    rejectedNoDetail: 'Il processo di firma si è concluso senza tutte le firme.',
    reason: 'Motivo',
    noReason: 'Nessun motivo indicato.',

    itemTitle: 'File',
    itemPages: 'Pagine',
    itemOriginal: 'SHA-256 dell’originale',
    itemFinal: 'SHA-256 del file finale sigillato',
    itemsAuditNote:
      'Lo SHA-256 del file finale non può essere stampato all’interno dello stesso file; è riportato nel certificato di completamento, fornito separatamente.',

    email: 'E-mail',
    role: 'Ruolo',
    cuil: 'CUIL',
    nationalId: 'Identificativo nazionale',
    nationalIdNone: 'non richiesto: la piattaforma non ha una regola di identificativo nazionale',
    signingOrder: 'Ordine di firma',
    ip: 'Indirizzo IP',
    userAgent: 'User agent',
    signature: 'Firma',
    signatureDrawn: 'Firma tracciata a mano',
    signatureTyped: 'Firma digitata',
    signatureNone: 'Nessuna firma apposta',
    signatureUnreadable: 'Non è stato possibile leggere l’immagine della firma',
    signatureText: 'Testo della firma',
    recipientsNone: 'Questo documento non ha destinatari.',

    eventTime: 'Ora (UTC / locale)',
    eventEvent: 'Evento',
    eventActor: 'Autore',
    eventIp: 'Indirizzo IP',
    eventUserAgent: 'User agent',
    eventHash: 'SHA-256 della voce',
    eventsNone: 'Non è stato registrato alcun evento.',

    chainTitle: 'Catena di controllo',
    chainAlgorithm: 'Algoritmo',
    chainLength: 'Voci',
    chainHead: 'Testa (hash dell’ultima voce)',
    chainExplanation:
      'Ogni voce del registro contiene l’hash della voce precedente: modificare, eliminare o riordinare una voce cambia tutti gli hash successivi e la testa indicata sopra. Il comando `firma audit verify {id}` ricalcola la catena dalle voci memorizzate e la confronta con questa testa.',
    sealTitle: 'Sigillo',
    sealSubject: 'Titolare del certificato',
    sealFingerprint: 'Impronta SHA-256 del certificato',
    sealExplanation:
      'Il documento finale e il suo certificato di completamento sono sigillati digitalmente con questo certificato; qualsiasi modifica successiva a uno dei due file ne invalida il sigillo.',
    sealLaterUpdates:
      "Dopo il sigillo, Firma aggiunge i dati che mantengono le firme verificabili per anni (i certificati e le risposte di revoca di ogni firma: validazione a lungo termine PAdES) e, se è configurata un'autorità di marcatura temporale, una marca temporale del documento. Queste aggiunte seguono i byte sigillati e non modificano nulla di ciò che il sigillo copre. Per questo alcuni strumenti (ad esempio pdfsig) segnalano che il sigillo non copre l'intero file: è previsto. I validatori che esaminano ogni aggiunta (Adobe Reader, pyHanko) le indicano come aggiornamenti consentiti, e `firma audit verify {id}` controlla che al sigillo non segua nient'altro.",
  },
  roles: {
    SIGNER: 'Firmatario',
    APPROVER: 'Approvatore',
    VIEWER: 'Lettore',
    CC: 'Riceve una copia (CC)',
    ASSISTANT: 'Assistente',
  },
  doneByRole: {
    SIGNER: 'Firmato',
    APPROVER: 'Approvato',
    VIEWER: 'Visionato',
    CC: 'Completato',
    ASSISTANT: 'Completato',
  },
  notDoneByRole: {
    SIGNER: 'Non firmato',
    APPROVER: 'Non approvato',
    VIEWER: 'Non visionato',
    CC: 'Nessuna azione richiesta',
    ASSISTANT: 'Non completato',
  },
  envelopeStatus: {
    DRAFT: 'Bozza',
    PENDING: 'In corso (non definitivo)',
    COMPLETED: 'Completato',
    REJECTED: 'Rifiutato',
    CANCELLED: 'Annullato',
  },
  eventTypes: {
    DOCUMENT_CREATED: 'Documento creato',
    DOCUMENT_SENT: 'Documento inviato',
    DOCUMENT_OPENED: 'Documento aperto',
    DOCUMENT_VIEWED: 'Documento visionato',
    DOCUMENT_FIELD_INSERTED: 'Campo compilato',
    DOCUMENT_FIELD_PREFILLED: 'Campo precompilato dal mittente',
    DOCUMENT_FIELD_UNINSERTED: 'Campo cancellato',
    DOCUMENT_RECIPIENT_COMPLETED: 'Il destinatario ha completato',
    DOCUMENT_RECIPIENT_REJECTED: 'Il destinatario ha rifiutato',
    DOCUMENT_COMPLETED: 'Documento completato',
    DOCUMENT_REJECTED: 'Documento rifiutato',
    DOCUMENT_SEALED: 'Documento sigillato',
    EMAIL_SENT: 'E-mail inviata',
    DOCUMENT_RESENT: 'Richiesta di firma inviata di nuovo',
    RECIPIENT_CONSENT_ACCEPTED: 'Consenso alla firma',
    DOCUMENT_RECIPIENT_DOWNLOADED: 'Scaricato da un destinatario',
    DOCUMENT_REMINDER_SENT: 'Promemoria inviato',
    RECIPIENT_EXPIRED: 'Termine per la firma scaduto',
    DOCUMENT_CANCELLED: 'Documento annullato',
  },
  fieldNames: {
    SIGNATURE: 'firma',
    FREE_SIGNATURE: 'firma',
    INITIALS: 'iniziali',
    NAME: 'nome',
    EMAIL: 'e-mail',
    DATE: 'data',
    TEXT: 'testo',
    NUMBER: 'numero',
    RADIO: 'opzione',
    CHECKBOX: 'casella di controllo',
    DROPDOWN: 'elenco',
  },
  sentences: {
    quote: (text) => `«${text}»`,
    senderApi: 'Il mittente (API)',
    sender: 'Il mittente',
    aRecipient: 'un destinatario',
    field: (name, id) => `il campo ${name}${id ? ` n. ${id}` : ''}`,
    fieldUnknown: 'campo',
    files: (n) => `${n} file`,
    fromTemplate: (id) => ` dal modello n. ${id}`,
    copyOf: (id) => ` come copia di ${id}`,
    created: (who, title, from, files) =>
      `${who} ha creato il documento${title ? ` ${title}` : ''}${from}${files ? `, con ${files}` : ''}.`,
    sent: (who, sequential, notified) =>
      `${who} ha inviato il documento per la firma (${sequential ? 'firma in ordine' : 'firma in parallelo'}); ${
        notified > 0
          ? `${recipients(notified)} ${plural(L, notified, { one: 'avvisato', other: 'avvisati' })} via e-mail`
          : 'nessuna e-mail inviata (i link li consegna il mittente)'
      }.`,
    resent: (who, n) => `${who} ha inviato di nuovo la richiesta di firma a ${recipients(n)}.`,
    opened: (who) => `${who} ha aperto il documento.`,
    codeRequested: (who, forSigning) =>
      `${who} ha chiesto un codice di verifica via e-mail ${forSigning ? 'per firmare' : 'per vedere il documento'}.`,
    codeValidated: (who, forSigning) =>
      `${who} ha confermato la propria identità con il codice inviato via e-mail ${
        forSigning ? 'prima di firmare' : 'per vedere il documento'
      }.`,
    codeIssuedForSender: (who) =>
      `${who} ha ottenuto un codice di verifica per il destinatario, da consegnare tramite un proprio canale.`,
    codeValidatedFromSender: (who, forSigning) =>
      `${who} ha confermato la propria identità con il codice ricevuto dal mittente ${forSigning ? 'prima di firmare' : 'per vedere il documento'}.`,
    codeFailed: (who, tries) => `${who} ha digitato un codice di verifica errato (${tries}).`,
    cuilConfirmed: (who) => `${who} ha confermato il proprio CUIL.`,
    accessCodeEntered: (who) => `${who} ha inserito il codice di accesso ricevuto dal mittente.`,
    cuilWrong: (who, tries) => `${who} ha digitato un CUIL che non è il proprio (${tries}).`,
    accessCodeWrong: (who, tries) => `${who} ha inserito un codice di accesso errato (${tries}).`,
    accountSignedIn: (who) =>
      `${who} ha effettuato l’accesso al proprio account Firma con l’indirizzo e-mail del destinatario.`,
    accountRefused: (who) => `${who} aveva effettuato l’accesso a un altro account Firma ed è stato respinto.`,
    passkeyConfirmed: (who) => `${who} ha confermato con una passkey del proprio account Firma.`,
    passkeyFailed: (who) => `${who} ha usato una passkey che non ha confermato.`,
    accountPasswordEntered: (who) => `${who} ha inserito la password del proprio account Firma.`,
    accountPasswordWrong: (who, tries) => `${who} ha inserito una password errata dell’account Firma (${tries}).`,
    signUpLinkSent: (who) => `È stato inviato a ${who} un link per creare un account Firma.`,
    triesLeft: (n) =>
      n === null
        ? 'tentativo fallito'
        : n <= 0
          ? 'nessun tentativo rimasto'
          : plural(L, n, { one: `resta ${n} tentativo`, other: `restano ${n} tentativi` }),
    signedTyped: (by, typed) => `${by} ha firmato digitando ${typed}.`,
    signedDrawn: (by) => `${by} ha firmato tracciando la propria firma.`,
    signedUploaded: (by) => `${by} ha firmato caricando un'immagine della propria firma.`,
    prefilled: (by, field, value) => `${by} ha precompilato ${field} con ${value}.`,
    filled: (by, field, value) =>
      value ? `${by} ha compilato ${field} con ${value}.` : `${by} ha compilato ${field}.`,
    cleared: (who, field) => `${who} ha cancellato ${field}.`,
    recipientCompleted: (who, action) =>
      `${who} ${
        action === 'signed'
          ? 'ha firmato il documento'
          : action === 'approved'
            ? 'ha approvato il documento'
            : action === 'viewed'
              ? 'ha visionato il documento'
              : 'ha completato la propria parte'
      }.`,
    recipientRejected: (subject, bySender, reason) =>
      `${subject} ha rifiutato il documento${bySender ? ' (registrato dal mittente)' : ''}.${reason ? ` Motivo: ${reason}.` : ''}`,
    documentCompleted: 'Tutti i destinatari hanno terminato; il documento è stato sigillato.',
    documentRejected: 'Il documento è stato chiuso come rifiutato e sigillato.',
    expired: (name) => `Il termine per la firma di ${name} è scaduto.`,
    consentDigital: (who, version, statement) =>
      `${who} ha accettato di firmare digitalmente con il proprio certificato (dichiarazione versione ${version})${statement ? `: ${statement}` : ''}.`,
    consent: (who, version, statement) =>
      `${who} ha accettato di firmare elettronicamente (dichiarazione versione ${version})${statement ? `: ${statement}` : ''}.`,
    downloaded: (who, certificate) =>
      `${who} ha scaricato ${certificate ? 'il certificato' : 'il documento firmato'} tramite il proprio link.`,
    reminder: (name, n) => `Firma ha inviato a ${name} il promemoria${n ? ` n. ${n}` : ''} per firmare.`,
    cancelled: (who) => `${who} ha annullato il documento.`,
    deleted: (who) => `${who} ha eliminato il documento.`,
    hashOriginal: 'SHA-256 dell’originale',
    hashFinal: 'SHA-256 del file finale sigillato',
    hashSignatureImage: 'SHA-256 dell’immagine della firma',
    hashCertificate: 'SHA-256 del certificato di completamento',
  },
};
