import type { EvidenceDictionary } from './evidence-dictionary.js';
import { plural } from './plural.js';

const L = 'de';
const recipients = (n: number) => `${n} ${plural(L, n, { one: 'Empfänger', other: 'Empfänger' })}`;

export const de: EvidenceDictionary = {
  locale: 'de',
  day: ({ day, month, year }) => `${day}. ${month} ${year}`,
  messages: {
    certificateTitle: 'Abschlusszertifikat',
    auditTrailTitle: 'Prüfprotokoll',
    page: 'Seite {n} von {m}',
    envelope: 'Umschlag',
    generated: 'Erstellt',

    sectionDocument: 'Dokument',
    sectionItems: 'Dateien',
    sectionRecipients: 'Empfänger',
    sectionEvents: 'Ereignisverlauf',
    sectionIntegrity: 'Integrität',
    sectionDigitalSignatures: 'Digitale Signaturen',
    digitalSigner: 'Unterzeichner',
    digitalSubject: 'Zertifikatsinhaber',
    digitalCuil: 'CUIL',
    digitalIssuer: 'Aussteller',
    digitalSerial: 'Seriennummer',
    digitalTime: 'Unterzeichnet',
    digitalTimeSource: 'Zeitquelle',
    digitalTimeStamped: 'ein Zeitstempeldienst (RFC-3161-Signaturzeitstempel)',
    digitalTimeClaimed:
      'die Zeit, die der Firma-Server bei der Vorbereitung der Signatur festhielt und die die Signatur des Unterzeichners abdeckt; nicht von einem Zeitstempeldienst bestätigt',
    digitalValidation: 'Prüfung',
    digitalValidated:
      'Bei der Unterzeichnung: CUIL stimmte mit der des Empfängers überein, Schlüsselverwendung erlaubte das Signieren, gültig und auf eine vertrauenswürdige Stelle zurückführbar, nicht widerrufen ({source})',

    title: 'Titel',
    envelopeId: 'Umschlag-ID',
    documentId: 'Dokument-ID',
    status: 'Status',
    created: 'Erstellt',
    sent: 'Versendet',
    opened: 'Geöffnet',
    completed: 'Abgeschlossen',
    signed: 'Unterzeichnet',
    rejected: 'Abgelehnt',
    timezone: 'Zeitzone',
    timezoneInvalid: 'UTC (die eingestellte Zeitzone „{tz}“ ist unbekannt)',
    platform: 'Plattform',
    verifyAt: 'Öffentliche URL',
    notAvailable: '—',

    rejectedBanner: 'Dieses Dokument wurde abgelehnt',
    rejectedBy: 'Abgelehnt von {who} am {when}.',
    rejectedNoDetail: 'Der Signaturvorgang endete, ohne dass alle Unterschriften vorliegen.',
    reason: 'Grund',
    noReason: 'Kein Grund angegeben.',

    itemTitle: 'Datei',
    itemPages: 'Seiten',
    itemOriginal: 'SHA-256 des Originals',
    itemFinal: 'SHA-256 der versiegelten Enddatei',
    itemsAuditNote:
      'Der SHA-256 der Enddatei kann nicht in derselben Datei abgedruckt werden; er ist im gesonderten Abschlusszertifikat angegeben.',

    email: 'E-Mail',
    role: 'Rolle',
    cuil: 'CUIL',
    nationalId: 'Nationale ID',
    nationalIdNone: 'nicht verlangt: die Plattform hat keine Regel für eine nationale ID',
    signingOrder: 'Reihenfolge der Unterzeichnung',
    ip: 'IP-Adresse',
    userAgent: 'User-Agent',
    signature: 'Unterschrift',
    signatureDrawn: 'Handgezeichnete Unterschrift',
    signatureTyped: 'Getippte Unterschrift',
    signatureNone: 'Keine Unterschrift geleistet',
    signatureUnreadable: 'Das Bild der Unterschrift konnte nicht gelesen werden',
    signatureText: 'Text der Unterschrift',
    recipientsNone: 'Dieses Dokument hat keine Empfänger.',

    eventTime: 'Zeit (UTC / lokal)',
    eventEvent: 'Ereignis',
    eventActor: 'Handelnde Person',
    eventIp: 'IP-Adresse',
    eventUserAgent: 'User-Agent',
    eventHash: 'SHA-256 des Eintrags',
    eventsNone: 'Es wurden keine Ereignisse aufgezeichnet.',

    chainTitle: 'Prüfkette',
    chainAlgorithm: 'Algorithmus',
    chainLength: 'Einträge',
    chainHead: 'Kopf (Hash des letzten Eintrags)',
    chainExplanation:
      'Jeder Protokolleintrag enthält den Hash des vorherigen Eintrags; wird ein Eintrag geändert, entfernt oder umgestellt, ändern sich alle späteren Hashes und der oben genannte Kopf. Der Befehl `firma audit verify {id}` berechnet die Kette aus den gespeicherten Einträgen neu und vergleicht sie mit diesem Kopf.',
    sealTitle: 'Siegel',
    sealSubject: 'Inhaber des Zertifikats',
    sealFingerprint: 'SHA-256-Fingerabdruck des Zertifikats',
    sealExplanation:
      'Das endgültige Dokument und sein Abschlusszertifikat sind mit diesem Zertifikat digital versiegelt; jede spätere Änderung einer der beiden Dateien macht ihr Siegel ungültig.',
    sealLaterUpdates:
      'Nach dem Siegel fügt Firma die Daten an, die die Signaturen über Jahre prüfbar halten (die Zertifikate und Sperrauskünfte jeder Signatur: PAdES-Langzeitvalidierung) und, wenn ein Zeitstempeldienst eingerichtet ist, einen Dokumentzeitstempel. Diese Ergänzungen folgen auf die versiegelten Bytes und ändern nichts, was das Siegel abdeckt. Deshalb melden manche Werkzeuge (etwa pdfsig), dass das Siegel nicht die ganze Datei abdeckt: Das ist so vorgesehen. Prüfprogramme, die jede Ergänzung untersuchen (Adobe Reader, pyHanko), weisen sie als zulässige Aktualisierungen aus, und `firma audit verify {id}` prüft, dass dem Siegel nichts anderes folgt.',
  },
  roles: {
    SIGNER: 'Unterzeichner',
    APPROVER: 'Genehmiger',
    VIEWER: 'Leser',
    CC: 'Erhält eine Kopie (CC)',
    ASSISTANT: 'Assistent',
  },
  doneByRole: {
    SIGNER: 'Unterzeichnet',
    APPROVER: 'Genehmigt',
    VIEWER: 'Angesehen',
    CC: 'Abgeschlossen',
    ASSISTANT: 'Abgeschlossen',
  },
  notDoneByRole: {
    SIGNER: 'Nicht unterzeichnet',
    APPROVER: 'Nicht genehmigt',
    VIEWER: 'Nicht angesehen',
    CC: 'Keine Handlung erforderlich',
    ASSISTANT: 'Nicht abgeschlossen',
  },
  envelopeStatus: {
    DRAFT: 'Entwurf',
    PENDING: 'Ausstehend (nicht endgültig)',
    COMPLETED: 'Abgeschlossen',
    REJECTED: 'Abgelehnt',
    CANCELLED: 'Storniert',
  },
  eventTypes: {
    DOCUMENT_CREATED: 'Dokument erstellt',
    DOCUMENT_SENT: 'Dokument versendet',
    DOCUMENT_OPENED: 'Dokument geöffnet',
    DOCUMENT_VIEWED: 'Dokument angesehen',
    DOCUMENT_FIELD_INSERTED: 'Feld ausgefüllt',
    DOCUMENT_FIELD_PREFILLED: 'Feld vom Absender vorausgefüllt',
    DOCUMENT_FIELD_UNINSERTED: 'Feld geleert',
    DOCUMENT_RECIPIENT_COMPLETED: 'Empfänger hat abgeschlossen',
    DOCUMENT_RECIPIENT_REJECTED: 'Empfänger hat abgelehnt',
    DOCUMENT_COMPLETED: 'Dokument abgeschlossen',
    DOCUMENT_REJECTED: 'Dokument abgelehnt',
    DOCUMENT_SEALED: 'Dokument versiegelt',
    EMAIL_SENT: 'E-Mail versendet',
    DOCUMENT_RESENT: 'Signaturanfrage erneut gesendet',
    RECIPIENT_CONSENT_ACCEPTED: 'Zustimmung zur Unterzeichnung',
    DOCUMENT_RECIPIENT_DOWNLOADED: 'Von einem Empfänger heruntergeladen',
    DOCUMENT_REMINDER_SENT: 'Erinnerung gesendet',
    RECIPIENT_EXPIRED: 'Frist zur Unterzeichnung abgelaufen',
    DOCUMENT_CANCELLED: 'Dokument storniert',
  },
  fieldNames: {
    SIGNATURE: 'Unterschrift',
    FREE_SIGNATURE: 'Unterschrift',
    INITIALS: 'Initialen',
    NAME: 'Name',
    EMAIL: 'E-Mail',
    DATE: 'Datum',
    TEXT: 'Text',
    NUMBER: 'Zahl',
    RADIO: 'Option',
    CHECKBOX: 'Kontrollkästchen',
    DROPDOWN: 'Liste',
  },
  sentences: {
    quote: (text) => `„${text}“`,
    senderApi: 'Der Absender (API)',
    sender: 'Der Absender',
    aRecipient: 'einem Empfänger',
    field: (name, id) => `das Feld „${name}“${id ? ` Nr. ${id}` : ''}`,
    fieldUnknown: 'Feld',
    files: (n) => `${n} ${plural(L, n, { one: 'Datei', other: 'Dateien' })}`,
    fromTemplate: (id) => ` aus der Vorlage Nr. ${id}`,
    copyOf: (id) => ` als Kopie von ${id}`,
    created: (who, title, from, files) =>
      `${who} hat das Dokument${title ? ` ${title}` : ''}${from} erstellt${files ? `, mit ${files}` : ''}.`,
    sent: (who, sequential, notified) =>
      `${who} hat das Dokument zur Unterzeichnung versendet (${
        sequential ? 'Unterzeichnung in Reihenfolge' : 'Unterzeichnung parallel'
      }); ${
        notified > 0
          ? `${recipients(notified)} per E-Mail benachrichtigt`
          : 'keine E-Mail versendet (der Absender übergibt die Links)'
      }.`,
    resent: (who, n) => `${who} hat die Signaturanfrage erneut an ${recipients(n)} gesendet.`,
    opened: (who) => `${who} hat das Dokument geöffnet.`,
    codeRequested: (who, forSigning) =>
      `${who} hat einen Bestätigungscode per E-Mail angefordert, ${forSigning ? 'um zu unterzeichnen' : 'um das Dokument zu sehen'}.`,
    codeValidated: (who, forSigning) =>
      `${who} hat die eigene Identität mit dem per E-Mail gesendeten Code bestätigt, ${
        forSigning ? 'bevor unterzeichnet wurde' : 'um das Dokument zu sehen'
      }.`,
    codeIssuedForSender: (who) =>
      `${who} hat einen Bestätigungscode für den Empfänger erhalten, um ihn über einen eigenen Kanal zu übermitteln.`,
    codeValidatedFromSender: (who, forSigning) =>
      `${who} hat die eigene Identität mit dem vom Absender erhaltenen Code bestätigt, ${forSigning ? 'bevor unterzeichnet wurde' : 'um das Dokument zu sehen'}.`,
    codeFailed: (who, tries) => `${who} hat einen falschen Bestätigungscode eingegeben (${tries}).`,
    cuilConfirmed: (who) => `${who} hat die eigene CUIL bestätigt.`,
    accessCodeEntered: (who) => `${who} hat den vom Absender erhaltenen Zugangscode eingegeben.`,
    cuilWrong: (who, tries) => `${who} hat eine CUIL eingegeben, die nicht die eigene ist (${tries}).`,
    accessCodeWrong: (who, tries) => `${who} hat einen falschen Zugangscode eingegeben (${tries}).`,
    accountSignedIn: (who) =>
      `${who} hat sich mit der E-Mail-Adresse des Empfängers bei seinem Firma-Konto angemeldet.`,
    accountRefused: (who) => `${who} war bei einem anderen Firma-Konto angemeldet und wurde abgewiesen.`,
    passkeyConfirmed: (who) => `${who} hat mit einem Passkey des Firma-Kontos bestätigt.`,
    passkeyFailed: (who) => `${who} hat einen Passkey verwendet, der nicht bestätigt hat.`,
    accountPasswordEntered: (who) => `${who} hat das Passwort des Firma-Kontos eingegeben.`,
    accountPasswordWrong: (who, tries) => `${who} hat ein falsches Passwort des Firma-Kontos eingegeben (${tries}).`,
    signUpLinkSent: (who) => `An ${who} wurde ein Link zum Anlegen eines Firma-Kontos gesendet.`,
    triesLeft: (n) =>
      n === null
        ? 'Fehlversuch'
        : n <= 0
          ? 'keine Versuche mehr'
          : plural(L, n, { one: `noch ${n} Versuch`, other: `noch ${n} Versuche` }),
    signedTyped: (by, typed) => `${by} hat durch Eintippen von ${typed} unterzeichnet.`,
    signedDrawn: (by) => `${by} hat durch Zeichnen der Unterschrift unterzeichnet.`,
    signedUploaded: (by) => `${by} hat mit einem hochgeladenen Bild der Unterschrift unterzeichnet.`,
    prefilled: (by, field, value) => `${by} hat ${field} mit ${value} vorausgefüllt.`,
    filled: (by, field, value) =>
      value ? `${by} hat ${field} mit ${value} ausgefüllt.` : `${by} hat ${field} ausgefüllt.`,
    cleared: (who, field) => `${who} hat ${field} geleert.`,
    recipientCompleted: (who, action) =>
      `${who} hat ${
        action === 'signed'
          ? 'das Dokument unterzeichnet'
          : action === 'approved'
            ? 'das Dokument genehmigt'
            : action === 'viewed'
              ? 'das Dokument angesehen'
              : 'den eigenen Teil abgeschlossen'
      }.`,
    recipientRejected: (subject, bySender, reason) =>
      `${subject} hat das Dokument abgelehnt${bySender ? ' (vom Absender erfasst)' : ''}.${reason ? ` Grund: ${reason}.` : ''}`,
    documentCompleted: 'Alle Empfänger haben abgeschlossen; das Dokument wurde versiegelt.',
    documentRejected: 'Das Dokument wurde als abgelehnt geschlossen und versiegelt.',
    expired: (name) => `Die Frist zur Unterzeichnung von ${name} ist abgelaufen.`,
    consentDigital: (who, version, statement) =>
      `${who} hat der digitalen Signatur mit dem eigenen Zertifikat zugestimmt (Erklärung Version ${version})${statement ? `: ${statement}` : ''}.`,
    consent: (who, version, statement) =>
      `${who} hat der elektronischen Unterzeichnung zugestimmt (Erklärung Version ${version})${statement ? `: ${statement}` : ''}.`,
    downloaded: (who, certificate) =>
      `${who} hat ${certificate ? 'das Zertifikat' : 'das unterzeichnete Dokument'} über den eigenen Link heruntergeladen.`,
    reminder: (name, n) => `Firma hat ${name} die Erinnerung${n ? ` Nr. ${n}` : ''} zur Unterzeichnung gesendet.`,
    cancelled: (who) => `${who} hat das Dokument storniert.`,
    deleted: (who) => `${who} hat das Dokument gelöscht.`,
    hashOriginal: 'SHA-256 des Originals',
    hashFinal: 'SHA-256 der versiegelten Enddatei',
    hashSignatureImage: 'SHA-256 des Unterschriftsbildes',
    hashCertificate: 'SHA-256 des Abschlusszertifikats',
  },
};
