import type { EvidenceDictionary } from './evidence-dictionary.js';
import { plural } from './plural.js';

const L = 'nl';
const recipients = (n: number) => `${n} ${plural(L, n, { one: 'ontvanger', other: 'ontvangers' })}`;

export const nl: EvidenceDictionary = {
  locale: 'nl',
  day: ({ day, month, year }) => `${day} ${month} ${year}`,
  messages: {
    certificateTitle: 'Certificaat van voltooiing',
    auditTrailTitle: 'Audittrail',
    page: 'Pagina {n} van {m}',
    envelope: 'Envelop',
    generated: 'Gegenereerd',

    sectionDocument: 'Document',
    sectionItems: 'Bestanden',
    sectionRecipients: 'Ontvangers',
    sectionEvents: 'Tijdlijn van gebeurtenissen',
    sectionIntegrity: 'Integriteit',
    sectionDigitalSignatures: 'Digitale handtekeningen',
    digitalSigner: 'Ondertekenaar',
    digitalSubject: 'Houder van het certificaat',
    digitalCuil: 'CUIL',
    digitalIssuer: 'Uitgever',
    digitalSerial: 'Serienummer',
    digitalTime: 'Ondertekend',
    digitalTimeSource: 'Tijdbron',
    digitalTimeStamped: 'een tijdstempelautoriteit (RFC 3161-handtekeningtijdstempel)',
    digitalTimeClaimed:
      'de tijd die de server van Firma vastlegde bij het voorbereiden van de handtekening, gedekt door de handtekening van de ondertekenaar; niet bevestigd door een tijdstempelautoriteit',
    digitalValidation: 'Controle',
    digitalValidated:
      'Bij ondertekening: de CUIL kwam overeen met die van de ontvanger, het sleutelgebruik stond ondertekenen toe, geldig en herleidbaar tot een vertrouwde autoriteit, niet ingetrokken ({source})',

    title: 'Titel',
    envelopeId: 'Envelop-ID',
    documentId: 'Document-ID',
    status: 'Status',
    created: 'Aangemaakt',
    sent: 'Verzonden',
    opened: 'Geopend',
    completed: 'Voltooid',
    signed: 'Ondertekend',
    rejected: 'Geweigerd',
    timezone: 'Tijdzone',
    timezoneInvalid: 'UTC (de ingestelde tijdzone "{tz}" wordt niet herkend)',
    platform: 'Platform',
    verifyAt: 'Openbare URL',
    notAvailable: '—',

    rejectedBanner: 'Dit document is geweigerd',
    rejectedBy: 'Geweigerd door {who} op {when}.',
    rejectedNoDetail: 'Het ondertekeningsproces is beëindigd zonder alle handtekeningen.',
    reason: 'Reden',
    noReason: 'Geen reden opgegeven.',

    itemTitle: 'Bestand',
    itemPages: 'Pagina’s',
    itemOriginal: 'SHA-256 van het origineel',
    itemFinal: 'SHA-256 van het verzegelde eindbestand',
    itemsAuditNote:
      'De SHA-256 van het eindbestand kan niet in datzelfde bestand worden afgedrukt; hij staat in het afzonderlijke certificaat van voltooiing.',

    email: 'E-mail',
    role: 'Rol',
    cuil: 'CUIL',
    nationalId: 'Nationaal identificatienummer',
    nationalIdNone: 'niet vereist: het platform heeft geen regel voor een nationaal identificatienummer',
    signingOrder: 'Volgorde van ondertekening',
    ip: 'IP-adres',
    userAgent: 'User-agent',
    signature: 'Handtekening',
    signatureDrawn: 'Getekende handtekening',
    signatureTyped: 'Getypte handtekening',
    signatureNone: 'Geen handtekening geplaatst',
    signatureUnreadable: 'De afbeelding van de handtekening kon niet worden gelezen',
    signatureText: 'Tekst van de handtekening',
    recipientsNone: 'Dit document heeft geen ontvangers.',

    eventTime: 'Tijd (UTC / lokaal)',
    eventEvent: 'Gebeurtenis',
    eventActor: 'Uitvoerder',
    eventIp: 'IP-adres',
    eventUserAgent: 'User-agent',
    eventHash: 'SHA-256 van de vermelding',
    eventsNone: 'Er zijn geen gebeurtenissen vastgelegd.',

    chainTitle: 'Auditketen',
    chainAlgorithm: 'Algoritme',
    chainLength: 'Vermeldingen',
    chainHead: 'Kop (hash van de laatste vermelding)',
    chainExplanation:
      'Elke auditvermelding bevat de hash van de vorige vermelding, zodat het wijzigen, verwijderen of herschikken van een vermelding alle latere hashes en de kop hierboven verandert. De opdracht `firma audit verify {id}` berekent de keten opnieuw uit de opgeslagen vermeldingen en vergelijkt die met deze kop.',
    sealTitle: 'Zegel',
    sealSubject: 'Houder van het certificaat',
    sealFingerprint: 'SHA-256-vingerafdruk van het certificaat',
    sealExplanation:
      'Het definitieve document en het certificaat van voltooiing zijn met dit certificaat digitaal verzegeld; elke latere wijziging van een van beide bestanden maakt het zegel ongeldig.',
    sealLaterUpdates:
      'Na het zegel voegt Firma de gegevens toe die de handtekeningen jarenlang controleerbaar houden (de certificaten en intrekkingsantwoorden van elke handtekening: PAdES-langetermijnvalidatie) en, als er een tijdstempeldienst is ingesteld, een documenttijdstempel. Deze toevoegingen volgen op de verzegelde bytes en veranderen niets van wat het zegel dekt. Daarom melden sommige hulpmiddelen (zoals pdfsig) dat het zegel niet het hele bestand dekt: dat is zo bedoeld. Validatoren die elke toevoeging onderzoeken (Adobe Reader, pyHanko) melden ze als toegestane wijzigingen, en `firma audit verify {id}` controleert dat er na het zegel niets anders volgt.',
  },
  roles: {
    SIGNER: 'Ondertekenaar',
    APPROVER: 'Goedkeurder',
    VIEWER: 'Lezer',
    CC: 'Ontvangt een kopie (CC)',
    ASSISTANT: 'Assistent',
  },
  doneByRole: {
    SIGNER: 'Ondertekend',
    APPROVER: 'Goedgekeurd',
    VIEWER: 'Bekeken',
    CC: 'Voltooid',
    ASSISTANT: 'Voltooid',
  },
  notDoneByRole: {
    SIGNER: 'Niet ondertekend',
    APPROVER: 'Niet goedgekeurd',
    VIEWER: 'Niet bekeken',
    CC: 'Geen actie vereist',
    ASSISTANT: 'Niet voltooid',
  },
  envelopeStatus: {
    DRAFT: 'Concept',
    PENDING: 'In behandeling (niet definitief)',
    COMPLETED: 'Voltooid',
    REJECTED: 'Geweigerd',
    CANCELLED: 'Geannuleerd',
  },
  eventTypes: {
    DOCUMENT_CREATED: 'Document aangemaakt',
    DOCUMENT_SENT: 'Document verzonden',
    DOCUMENT_OPENED: 'Document geopend',
    DOCUMENT_VIEWED: 'Document bekeken',
    DOCUMENT_FIELD_INSERTED: 'Veld ingevuld',
    DOCUMENT_FIELD_PREFILLED: 'Veld vooraf ingevuld door de afzender',
    DOCUMENT_FIELD_UNINSERTED: 'Veld gewist',
    DOCUMENT_RECIPIENT_COMPLETED: 'Ontvanger heeft voltooid',
    DOCUMENT_RECIPIENT_REJECTED: 'Ontvanger heeft geweigerd',
    DOCUMENT_COMPLETED: 'Document voltooid',
    DOCUMENT_REJECTED: 'Document geweigerd',
    DOCUMENT_SEALED: 'Document verzegeld',
    EMAIL_SENT: 'E-mail verzonden',
    DOCUMENT_RESENT: 'Ondertekeningsverzoek opnieuw verzonden',
    RECIPIENT_CONSENT_ACCEPTED: 'Toestemming voor ondertekening',
    DOCUMENT_RECIPIENT_DOWNLOADED: 'Gedownload door een ontvanger',
    DOCUMENT_REMINDER_SENT: 'Herinnering verzonden',
    RECIPIENT_EXPIRED: 'Ondertekeningstermijn verlopen',
    DOCUMENT_CANCELLED: 'Document geannuleerd',
  },
  fieldNames: {
    SIGNATURE: 'handtekening',
    FREE_SIGNATURE: 'handtekening',
    INITIALS: 'initialen',
    NAME: 'naam',
    EMAIL: 'e-mail',
    DATE: 'datum',
    TEXT: 'tekst',
    NUMBER: 'getal',
    RADIO: 'optie',
    CHECKBOX: 'selectievakje',
    DROPDOWN: 'lijst',
  },
  sentences: {
    quote: (text) => `‘${text}’`,
    senderApi: 'De afzender (API)',
    sender: 'De afzender',
    aRecipient: 'een ontvanger',
    field: (name, id) => `het veld ${name}${id ? ` nr. ${id}` : ''}`,
    fieldUnknown: 'veld',
    files: (n) => `${n} ${plural(L, n, { one: 'bestand', other: 'bestanden' })}`,
    fromTemplate: (id) => ` op basis van sjabloon nr. ${id}`,
    copyOf: (id) => ` als kopie van ${id}`,
    created: (who, title, from, files) =>
      `${who} heeft het document${title ? ` ${title}` : ''}${from} aangemaakt${files ? `, met ${files}` : ''}.`,
    sent: (who, sequential, notified) =>
      `${who} heeft het document ter ondertekening verzonden (${
        sequential ? 'ondertekening op volgorde' : 'gelijktijdige ondertekening'
      }); ${
        notified > 0
          ? `${recipients(notified)} per e-mail op de hoogte gebracht`
          : 'geen e-mail verzonden (de afzender deelt de links zelf uit)'
      }.`,
    resent: (who, n) => `${who} heeft het ondertekeningsverzoek opnieuw naar ${recipients(n)} verzonden.`,
    opened: (who) => `${who} heeft het document geopend.`,
    codeRequested: (who, forSigning) =>
      `${who} heeft per e-mail een verificatiecode aangevraagd ${forSigning ? 'om te ondertekenen' : 'om het document te bekijken'}.`,
    codeValidated: (who, forSigning) =>
      `${who} heeft de eigen identiteit bevestigd met de per e-mail verzonden code ${
        forSigning ? 'vóór het ondertekenen' : 'om het document te bekijken'
      }.`,
    codeIssuedForSender: (who) =>
      `${who} heeft een verificatiecode voor de ontvanger opgevraagd, om via een eigen kanaal te bezorgen.`,
    codeValidatedFromSender: (who, forSigning) =>
      `${who} heeft de eigen identiteit bevestigd met de code van de afzender ${forSigning ? 'vóór het ondertekenen' : 'om het document te bekijken'}.`,
    codeFailed: (who, tries) => `${who} heeft een onjuiste verificatiecode ingevoerd (${tries}).`,
    cuilConfirmed: (who) => `${who} heeft de eigen CUIL bevestigd.`,
    accessCodeEntered: (who) => `${who} heeft de toegangscode van de afzender ingevoerd.`,
    cuilWrong: (who, tries) => `${who} heeft een CUIL ingevoerd die niet de eigen is (${tries}).`,
    accessCodeWrong: (who, tries) => `${who} heeft een onjuiste toegangscode ingevoerd (${tries}).`,
    accountSignedIn: (who) =>
      `${who} heeft zich aangemeld bij het eigen Firma-account met het e-mailadres van de ontvanger.`,
    accountRefused: (who) => `${who} was aangemeld bij een ander Firma-account en is geweigerd.`,
    passkeyConfirmed: (who) => `${who} heeft bevestigd met een passkey van het Firma-account.`,
    passkeyFailed: (who) => `${who} heeft een passkey gebruikt die niet bevestigde.`,
    accountPasswordEntered: (who) => `${who} heeft het wachtwoord van het Firma-account ingevoerd.`,
    accountPasswordWrong: (who, tries) =>
      `${who} heeft een onjuist wachtwoord van het Firma-account ingevoerd (${tries}).`,
    signUpLinkSent: (who) => `Er is een link om een Firma-account aan te maken naar ${who} verzonden.`,
    triesLeft: (n) =>
      n === null
        ? 'mislukte poging'
        : n <= 0
          ? 'geen pogingen meer'
          : plural(L, n, { one: `nog ${n} poging`, other: `nog ${n} pogingen` }),
    signedTyped: (by, typed) => `${by} heeft ondertekend door ${typed} te typen.`,
    signedDrawn: (by) => `${by} heeft ondertekend door de handtekening te tekenen.`,
    signedUploaded: (by) => `${by} heeft ondertekend met een geüploade afbeelding van de handtekening.`,
    prefilled: (by, field, value) => `${by} heeft ${field} vooraf ingevuld met ${value}.`,
    filled: (by, field, value) =>
      value ? `${by} heeft ${field} ingevuld met ${value}.` : `${by} heeft ${field} ingevuld.`,
    cleared: (who, field) => `${who} heeft ${field} gewist.`,
    recipientCompleted: (who, action) =>
      `${who} heeft ${
        action === 'signed'
          ? 'het document ondertekend'
          : action === 'approved'
            ? 'het document goedgekeurd'
            : action === 'viewed'
              ? 'het document bekeken'
              : 'het eigen deel voltooid'
      }.`,
    recipientRejected: (subject, bySender, reason) =>
      `${subject} heeft het document geweigerd${bySender ? ' (vastgelegd door de afzender)' : ''}.${reason ? ` Reden: ${reason}.` : ''}`,
    documentCompleted: 'Alle ontvangers zijn klaar; het document is verzegeld.',
    documentRejected: 'Het document is als geweigerd afgesloten en verzegeld.',
    expired: (name) => `De ondertekeningstermijn van ${name} is verlopen.`,
    consentDigital: (who, version, statement) =>
      `${who} heeft ingestemd met digitale ondertekening met het eigen certificaat (verklaring versie ${version})${statement ? `: ${statement}` : ''}.`,
    consent: (who, version, statement) =>
      `${who} heeft ingestemd met elektronische ondertekening (verklaring versie ${version})${statement ? `: ${statement}` : ''}.`,
    downloaded: (who, certificate) =>
      `${who} heeft ${certificate ? 'het certificaat' : 'het ondertekende document'} via de eigen link gedownload.`,
    reminder: (name, n) => `Firma heeft ${name} herinnering${n ? ` nr. ${n}` : ''} gestuurd om te ondertekenen.`,
    cancelled: (who) => `${who} heeft het document geannuleerd.`,
    deleted: (who) => `${who} heeft het document verwijderd.`,
    hashOriginal: 'SHA-256 van het origineel',
    hashFinal: 'SHA-256 van het verzegelde eindbestand',
    hashSignatureImage: 'SHA-256 van de afbeelding van de handtekening',
    hashCertificate: 'SHA-256 van het certificaat van voltooiing',
  },
};
