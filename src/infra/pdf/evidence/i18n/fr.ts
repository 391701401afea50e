import type { EvidenceDictionary } from './evidence-dictionary.js';
import { plural } from './plural.js';

const L = 'fr';
const recipients = (n: number) => `${n} ${plural(L, n, { one: 'destinataire', other: 'destinataires' })}`;

export const fr: EvidenceDictionary = {
  locale: 'fr',
  day: ({ day, month, year }) => `${day} ${month} ${year}`,
  messages: {
    certificateTitle: 'Certificat d’achèvement',
    auditTrailTitle: 'Piste d’audit',
    page: 'Page {n} sur {m}',
    envelope: 'Enveloppe',
    generated: 'Généré le',

    sectionDocument: 'Document',
    sectionItems: 'Fichiers',
    sectionRecipients: 'Destinataires',
    sectionEvents: 'Chronologie des événements',
    sectionIntegrity: 'Intégrité',
    sectionDigitalSignatures: 'Signatures numériques',
    digitalSigner: 'Signataire',
    digitalSubject: 'Titulaire du certificat',
    digitalCuil: 'CUIL',
    digitalIssuer: 'Émetteur',
    digitalSerial: 'Numéro de série',
    digitalTime: 'Signé',
    digitalTimeSource: 'Source de l’heure',
    digitalTimeStamped: 'une autorité d’horodatage (horodatage de signature RFC 3161)',
    digitalTimeClaimed:
      'l’heure enregistrée par le serveur de Firma lors de la préparation de la signature, couverte par la signature du signataire ; non attestée par une autorité d’horodatage',
    digitalValidation: 'Validation',
    digitalValidated:
      'À la signature : le CUIL correspondait à celui du destinataire, l’usage de la clé permettait la signature, certificat valide et rattaché à une autorité de confiance, non révoqué ({source})',

    title: 'Titre',
    envelopeId: 'ID de l’enveloppe',
    documentId: 'ID du document',
    status: 'Statut',
    created: 'Créé',
    sent: 'Envoyé',
    opened: 'Ouvert',
    completed: 'Achevé',
    signed: 'Signé',
    rejected: 'Refusé',
    timezone: 'Fuseau horaire',
    timezoneInvalid: 'UTC (le fuseau horaire configuré « {tz} » n’est pas reconnu)',
    platform: 'Plateforme',
    verifyAt: 'URL publique',
    notAvailable: '—',

    rejectedBanner: 'Ce document a été refusé',
    rejectedBy: 'Refusé par {who} le {when}.',
    rejectedNoDetail: 'La procédure de signature s’est terminée sans toutes les signatures.',
    reason: 'Motif',
    noReason: 'Aucun motif indiqué.',

    itemTitle: 'Fichier',
    itemPages: 'Pages',
    itemOriginal: 'SHA-256 de l’original',
    itemFinal: 'SHA-256 du fichier final scellé',
    itemsAuditNote:
      'Le SHA-256 du fichier final ne peut pas être imprimé dans ce même fichier ; il figure dans le certificat d’achèvement, remis séparément.',

    email: 'E-mail',
    role: 'Rôle',
    cuil: 'CUIL',
    nationalId: 'Identifiant national',
    nationalIdNone: 'non exigé : la plateforme n’a pas de règle d’identifiant national',
    signingOrder: 'Ordre de signature',
    ip: 'Adresse IP',
    userAgent: 'Agent utilisateur',
    signature: 'Signature',
    signatureDrawn: 'Signature manuscrite tracée',
    signatureTyped: 'Signature saisie au clavier',
    signatureNone: 'Aucune signature apposée',
    signatureUnreadable: 'L’image de la signature n’a pas pu être lue',
    signatureText: 'Texte de la signature',
    recipientsNone: 'Ce document n’a aucun destinataire.',

    eventTime: 'Heure (UTC / locale)',
    eventEvent: 'Événement',
    eventActor: 'Auteur',
    eventIp: 'Adresse IP',
    eventUserAgent: 'Agent utilisateur',
    eventHash: 'SHA-256 de l’entrée',
    eventsNone: 'Aucun événement n’a été enregistré.',

    chainTitle: 'Chaîne d’audit',
    chainAlgorithm: 'Algorithme',
    chainLength: 'Entrées',
    chainHead: 'Tête (hash de la dernière entrée)',
    chainExplanation:
      'Chaque entrée d’audit contient le hash de l’entrée précédente : modifier, supprimer ou réordonner une entrée change tous les hashes suivants et la tête indiquée ci-dessus. La commande `firma audit verify {id}` recalcule la chaîne à partir des entrées enregistrées et la compare à cette tête.',
    sealTitle: 'Sceau',
    sealSubject: 'Titulaire du certificat',
    sealFingerprint: 'Empreinte SHA-256 du certificat',
    sealExplanation:
      'Le document final et son certificat d’achèvement sont scellés électroniquement avec ce certificat ; toute modification ultérieure de l’un ou l’autre fichier invalide son sceau.',
    sealLaterUpdates:
      "Après le scellement, Firma ajoute les données qui gardent les signatures vérifiables pendant des années (les certificats et les réponses de révocation de chaque signature : validation à long terme PAdES) et, si une autorité d'horodatage est configurée, un horodatage du document. Ces ajouts suivent les octets scellés et ne modifient rien de ce que couvre le sceau. C'est pourquoi certains outils (pdfsig, par exemple) indiquent que le sceau ne couvre pas tout le fichier : c'est attendu. Les validateurs qui examinent chaque ajout (Adobe Reader, pyHanko) les signalent comme des mises à jour autorisées, et `firma audit verify {id}` vérifie que rien d'autre ne suit le sceau.",
  },
  roles: {
    SIGNER: 'Signataire',
    APPROVER: 'Approbateur',
    VIEWER: 'Lecteur',
    CC: 'Reçoit une copie (CC)',
    ASSISTANT: 'Assistant',
  },
  doneByRole: { SIGNER: 'Signé', APPROVER: 'Approuvé', VIEWER: 'Consulté', CC: 'Achevé', ASSISTANT: 'Achevé' },
  notDoneByRole: {
    SIGNER: 'Non signé',
    APPROVER: 'Non approuvé',
    VIEWER: 'Non consulté',
    CC: 'Aucune action requise',
    ASSISTANT: 'Non achevé',
  },
  envelopeStatus: {
    DRAFT: 'Brouillon',
    PENDING: 'En cours (non définitif)',
    COMPLETED: 'Achevé',
    REJECTED: 'Refusé',
    CANCELLED: 'Annulé',
  },
  eventTypes: {
    DOCUMENT_CREATED: 'Document créé',
    DOCUMENT_SENT: 'Document envoyé',
    DOCUMENT_OPENED: 'Document ouvert',
    DOCUMENT_VIEWED: 'Document consulté',
    DOCUMENT_FIELD_INSERTED: 'Champ rempli',
    DOCUMENT_FIELD_PREFILLED: 'Champ prérempli par l’expéditeur',
    DOCUMENT_FIELD_UNINSERTED: 'Champ effacé',
    DOCUMENT_RECIPIENT_COMPLETED: 'Destinataire a terminé',
    DOCUMENT_RECIPIENT_REJECTED: 'Destinataire a refusé',
    DOCUMENT_COMPLETED: 'Document achevé',
    DOCUMENT_REJECTED: 'Document refusé',
    DOCUMENT_SEALED: 'Document scellé',
    EMAIL_SENT: 'E-mail envoyé',
    DOCUMENT_RESENT: 'Demande de signature renvoyée',
    RECIPIENT_CONSENT_ACCEPTED: 'Consentement à la signature',
    DOCUMENT_RECIPIENT_DOWNLOADED: 'Téléchargé par un destinataire',
    DOCUMENT_REMINDER_SENT: 'Rappel envoyé',
    RECIPIENT_EXPIRED: 'Délai de signature expiré',
    DOCUMENT_CANCELLED: 'Document annulé',
  },
  fieldNames: {
    SIGNATURE: 'signature',
    FREE_SIGNATURE: 'signature',
    INITIALS: 'initiales',
    NAME: 'nom',
    EMAIL: 'e-mail',
    DATE: 'date',
    TEXT: 'texte',
    NUMBER: 'nombre',
    RADIO: 'option',
    CHECKBOX: 'case à cocher',
    DROPDOWN: 'liste',
  },
  sentences: {
    quote: (text) => `« ${text} »`,
    senderApi: 'L’expéditeur (API)',
    sender: 'L’expéditeur',
    aRecipient: 'un destinataire',
    field: (name, id) => `le champ ${name}${id ? ` n° ${id}` : ''}`,
    fieldUnknown: 'champ',
    files: (n) => `${n} ${plural(L, n, { one: 'fichier', other: 'fichiers' })}`,
    fromTemplate: (id) => ` à partir du modèle n° ${id}`,
    copyOf: (id) => ` comme copie de ${id}`,
    created: (who, title, from, files) =>
      `${who} a créé le document${title ? ` ${title}` : ''}${from}${files ? `, avec ${files}` : ''}.`,
    sent: (who, sequential, notified) =>
      `${who} a envoyé le document pour signature (${sequential ? 'signature dans l’ordre' : 'signature en parallèle'}) ; ${
        notified > 0
          ? `${recipients(notified)} ${plural(L, notified, { one: 'prévenu', other: 'prévenus' })} par e-mail`
          : 'aucun e-mail envoyé (l’expéditeur remet les liens)'
      }.`,
    resent: (who, n) => `${who} a renvoyé la demande de signature à ${recipients(n)}.`,
    opened: (who) => `${who} a ouvert le document.`,
    codeRequested: (who, forSigning) =>
      `${who} a demandé un code de vérification par e-mail ${forSigning ? 'pour signer' : 'pour consulter le document'}.`,
    codeValidated: (who, forSigning) =>
      `${who} a confirmé son identité avec le code envoyé par e-mail ${forSigning ? 'avant de signer' : 'pour consulter le document'}.`,
    codeIssuedForSender: (who) =>
      `${who} a obtenu un code de vérification pour le destinataire, à lui remettre par son propre canal.`,
    codeValidatedFromSender: (who, forSigning) =>
      `${who} a confirmé son identité avec le code remis par l’expéditeur ${forSigning ? 'avant de signer' : 'pour consulter le document'}.`,
    codeFailed: (who, tries) => `${who} a saisi un code de vérification erroné (${tries}).`,
    cuilConfirmed: (who) => `${who} a confirmé son CUIL.`,
    accessCodeEntered: (who) => `${who} a saisi le code d’accès remis par l’expéditeur.`,
    cuilWrong: (who, tries) => `${who} a saisi un CUIL qui n’est pas le sien (${tries}).`,
    accessCodeWrong: (who, tries) => `${who} a saisi un code d’accès erroné (${tries}).`,
    accountSignedIn: (who) => `${who} s’est connecté à son compte Firma avec l’adresse e-mail du destinataire.`,
    accountRefused: (who) => `${who} était connecté à un autre compte Firma et a été refusé.`,
    passkeyConfirmed: (who) => `${who} a confirmé avec une clé d’accès de son compte Firma.`,
    passkeyFailed: (who) => `${who} a utilisé une clé d’accès qui n’a pas confirmé.`,
    accountPasswordEntered: (who) => `${who} a saisi le mot de passe de son compte Firma.`,
    accountPasswordWrong: (who, tries) => `${who} a saisi un mot de passe de compte Firma erroné (${tries}).`,
    signUpLinkSent: (who) => `Un lien pour créer un compte Firma a été envoyé à ${who}.`,
    triesLeft: (n) =>
      n === null
        ? 'tentative échouée'
        : n <= 0
          ? 'plus aucune tentative'
          : plural(L, n, { one: `${n} tentative restante`, other: `${n} tentatives restantes` }),
    signedTyped: (by, typed) => `${by} a signé en saisissant ${typed}.`,
    signedDrawn: (by) => `${by} a signé en traçant sa signature.`,
    signedUploaded: (by) => `${by} a signé en téléversant une image de sa signature.`,
    prefilled: (by, field, value) => `${by} a prérempli ${field} avec ${value}.`,
    filled: (by, field, value) => (value ? `${by} a rempli ${field} avec ${value}.` : `${by} a rempli ${field}.`),
    cleared: (who, field) => `${who} a effacé ${field}.`,
    recipientCompleted: (who, action) =>
      `${who} ${
        action === 'signed'
          ? 'a signé le document'
          : action === 'approved'
            ? 'a approuvé le document'
            : action === 'viewed'
              ? 'a consulté le document'
              : 'a terminé sa partie'
      }.`,
    recipientRejected: (subject, bySender, reason) =>
      `${subject} a refusé le document${bySender ? ' (enregistré par l’expéditeur)' : ''}.${reason ? ` Motif : ${reason}.` : ''}`,
    documentCompleted: 'Tous les destinataires ont terminé ; le document a été scellé.',
    documentRejected: 'Le document a été clos comme refusé et scellé.',
    expired: (name) => `Le délai de signature de ${name} a expiré.`,
    consentDigital: (who, version, statement) =>
      `${who} a accepté de signer numériquement avec son propre certificat (déclaration version ${version})${statement ? ` : ${statement}` : ''}.`,
    consent: (who, version, statement) =>
      `${who} a accepté de signer électroniquement (déclaration version ${version})${statement ? ` : ${statement}` : ''}.`,
    downloaded: (who, certificate) =>
      `${who} a téléchargé ${certificate ? 'le certificat' : 'le document signé'} depuis son lien.`,
    reminder: (name, n) => `Firma a envoyé à ${name} le rappel${n ? ` n° ${n}` : ''} pour signer.`,
    cancelled: (who) => `${who} a annulé le document.`,
    deleted: (who) => `${who} a supprimé le document.`,
    hashOriginal: 'SHA-256 de l’original',
    hashFinal: 'SHA-256 du fichier final scellé',
    hashSignatureImage: 'SHA-256 de l’image de la signature',
    hashCertificate: 'SHA-256 du certificat d’achèvement',
  },
};
