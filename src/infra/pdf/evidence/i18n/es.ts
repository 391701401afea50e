import type { EvidenceDictionary } from './evidence-dictionary.js';
import { plural } from './plural.js';

const L = 'es';
const recipients = (n: number) => `${n} ${plural(L, n, { one: 'destinatario', other: 'destinatarios' })}`;

export const es: EvidenceDictionary = {
  locale: 'es',
  day: ({ day, month, year }) => `${day} ${month} ${year}`,
  messages: {
    certificateTitle: 'Certificado de finalización',
    auditTrailTitle: 'Registro de auditoría',
    page: 'Página {n} de {m}',
    envelope: 'Sobre',
    generated: 'Generado',

    sectionDocument: 'Documento',
    sectionItems: 'Archivos',
    sectionRecipients: 'Destinatarios',
    sectionEvents: 'Cronología de eventos',
    sectionIntegrity: 'Integridad',
    sectionDigitalSignatures: 'Firmas digitales',
    digitalSigner: 'Firmante',
    digitalSubject: 'Titular del certificado',
    digitalCuil: 'CUIL',
    digitalIssuer: 'Emisor',
    digitalSerial: 'Número de serie',
    digitalTime: 'Firmado',
    digitalTimeSource: 'Origen de la hora',
    digitalTimeStamped: 'una autoridad de sellado de tiempo (sello de tiempo RFC 3161 de la firma)',
    digitalTimeClaimed:
      'la hora que registró el servidor de Firma al preparar la firma, cubierta por la firma del firmante; no la certifica una autoridad de sellado de tiempo',
    digitalValidation: 'Validación',
    digitalValidated:
      'Al firmar: el CUIL coincidía con el del destinatario, el uso de clave permitía firmar, vigente y emitido por una autoridad de confianza, no revocado ({source})',

    title: 'Título',
    envelopeId: 'ID del sobre',
    documentId: 'ID del documento',
    status: 'Estado',
    created: 'Creado',
    sent: 'Enviado',
    opened: 'Abierto',
    completed: 'Completado',
    signed: 'Firmado',
    rejected: 'Rechazado',
    timezone: 'Zona horaria',
    timezoneInvalid: 'UTC (la zona horaria configurada "{tz}" no es válida)',
    platform: 'Plataforma',
    verifyAt: 'URL pública',
    notAvailable: '—',

    rejectedBanner: 'Este documento fue rechazado',
    rejectedBy: 'Rechazado por {who} el {when}.',
    rejectedNoDetail: 'El proceso de firma terminó sin todas las firmas.',
    reason: 'Motivo',
    noReason: 'No se indicó un motivo.',

    itemTitle: 'Archivo',
    itemPages: 'Páginas',
    itemOriginal: 'SHA-256 del original',
    itemFinal: 'SHA-256 del archivo final sellado',
    itemsAuditNote:
      'El SHA-256 del archivo final no puede imprimirse dentro de ese mismo archivo; figura en el certificado de finalización, que se entrega por separado.',

    email: 'Correo electrónico',
    role: 'Rol',
    cuil: 'CUIL',
    nationalId: 'Documento nacional',
    nationalIdNone: 'no exigido: la plataforma no tiene regla de documento nacional',
    signingOrder: 'Orden de firma',
    ip: 'Dirección IP',
    userAgent: 'Agente de usuario',
    signature: 'Firma',
    signatureDrawn: 'Firma manuscrita digitalizada',
    signatureTyped: 'Firma escrita con teclado',
    signatureNone: 'No se aplicó firma',
    signatureUnreadable: 'No se pudo leer la imagen de la firma',
    signatureText: 'Texto de la firma',
    recipientsNone: 'Este documento no tiene destinatarios.',

    eventTime: 'Hora (UTC / local)',
    eventEvent: 'Evento',
    eventActor: 'Autor',
    eventIp: 'Dirección IP',
    eventUserAgent: 'Agente de usuario',
    eventHash: 'SHA-256 del registro',
    eventsNone: 'No se registraron eventos.',

    chainTitle: 'Cadena de auditoría',
    chainAlgorithm: 'Algoritmo',
    chainLength: 'Registros',
    chainHead: 'Cabeza (hash del último registro)',
    chainExplanation:
      'Cada registro de auditoría contiene el hash del registro anterior, por lo que modificar, eliminar o reordenar cualquier registro cambia todos los hashes posteriores y la cabeza indicada arriba. El comando `firma audit verify {id}` recalcula la cadena a partir de los registros almacenados y la compara con esta cabeza.',
    sealTitle: 'Sello',
    sealSubject: 'Titular del certificado',
    sealFingerprint: 'Huella SHA-256 del certificado',
    sealExplanation:
      'El documento final y su certificado de finalización están sellados digitalmente con este certificado; cualquier modificación posterior de cualquiera de los dos archivos invalida su sello.',
    sealLaterUpdates:
      'Después del sello, Firma agrega los datos que mantienen verificables las firmas durante años (los certificados y las respuestas de revocación de cada firma: validación a largo plazo PAdES) y, si hay una autoridad de sellado de tiempo configurada, un sello de tiempo del documento. Estos agregados van después de los bytes sellados y no modifican nada de lo que el sello cubre. Por eso algunas herramientas (por ejemplo, pdfsig) informan que el sello no cubre todo el archivo: es lo esperado. Los validadores que examinan cada agregado (Adobe Reader, pyHanko) los informan como actualizaciones permitidas, y `firma audit verify {id}` comprueba que nada más siga al sello.',
  },
  roles: {
    SIGNER: 'Firmante',
    APPROVER: 'Aprobador',
    VIEWER: 'Lector',
    CC: 'Recibe copia (CC)',
    ASSISTANT: 'Asistente',
  },
  doneByRole: { SIGNER: 'Firmado', APPROVER: 'Aprobado', VIEWER: 'Visto', CC: 'Completado', ASSISTANT: 'Completado' },
  notDoneByRole: {
    SIGNER: 'Sin firmar',
    APPROVER: 'Sin aprobar',
    VIEWER: 'Sin ver',
    CC: 'No requiere acción',
    ASSISTANT: 'Sin completar',
  },
  envelopeStatus: {
    DRAFT: 'Borrador',
    PENDING: 'Pendiente (no es definitivo)',
    COMPLETED: 'Completado',
    REJECTED: 'Rechazado',
    CANCELLED: 'Cancelado',
  },
  eventTypes: {
    DOCUMENT_CREATED: 'Documento creado',
    DOCUMENT_SENT: 'Documento enviado',
    DOCUMENT_OPENED: 'Documento abierto',
    DOCUMENT_VIEWED: 'Documento visto',
    DOCUMENT_FIELD_INSERTED: 'Campo completado',
    DOCUMENT_FIELD_PREFILLED: 'Campo precompletado por el remitente',
    DOCUMENT_FIELD_UNINSERTED: 'Campo borrado',
    DOCUMENT_RECIPIENT_COMPLETED: 'Destinatario completó',
    DOCUMENT_RECIPIENT_REJECTED: 'Destinatario rechazó',
    DOCUMENT_COMPLETED: 'Documento completado',
    DOCUMENT_REJECTED: 'Documento rechazado',
    DOCUMENT_SEALED: 'Documento sellado',
    EMAIL_SENT: 'Correo enviado',
    DOCUMENT_RESENT: 'Solicitud de firma reenviada',
    RECIPIENT_CONSENT_ACCEPTED: 'Consentimiento para firmar',
    DOCUMENT_RECIPIENT_DOWNLOADED: 'Descarga de un destinatario',
    DOCUMENT_REMINDER_SENT: 'Recordatorio enviado',
    RECIPIENT_EXPIRED: 'Venció el plazo de firma',
    DOCUMENT_CANCELLED: 'Documento cancelado',
  },
  fieldNames: {
    SIGNATURE: 'firma',
    FREE_SIGNATURE: 'firma',
    INITIALS: 'iniciales',
    NAME: 'nombre',
    EMAIL: 'correo electrónico',
    DATE: 'fecha',
    TEXT: 'texto',
    NUMBER: 'número',
    RADIO: 'opción',
    CHECKBOX: 'casilla',
    DROPDOWN: 'lista',
  },
  sentences: {
    quote: (text) => `«${text}»`,
    senderApi: 'El remitente (API)',
    sender: 'El remitente',
    aRecipient: 'un destinatario',
    field: (name, id) => `el campo ${name}${id ? ` n.º ${id}` : ''}`,
    fieldUnknown: 'campo',
    files: (n) => `${n} ${plural(L, n, { one: 'archivo', other: 'archivos' })}`,
    fromTemplate: (id) => ` a partir de la plantilla n.º ${id}`,
    copyOf: (id) => ` como copia de ${id}`,
    created: (who, title, from, files) =>
      `${who} creó el documento${title ? ` ${title}` : ''}${from}${files ? `, con ${files}` : ''}.`,
    sent: (who, sequential, notified) =>
      `${who} envió el documento para firmar (${sequential ? 'firma en orden' : 'firma en paralelo'}); ${
        notified > 0
          ? `se avisó por correo a ${recipients(notified)}`
          : 'sin aviso por correo (los enlaces los entrega el remitente)'
      }.`,
    resent: (who, n) => `${who} volvió a enviar la solicitud de firma a ${recipients(n)}.`,
    opened: (who) => `${who} abrió el documento.`,
    codeRequested: (who, forSigning) =>
      `${who} pidió un código de verificación por correo ${forSigning ? 'para firmar' : 'para ver el documento'}.`,
    codeValidated: (who, forSigning) =>
      forSigning
        ? `${who} confirmó su identidad con el código enviado por correo antes de firmar.`
        : `${who} verificó su identidad con el código enviado por correo para ver el documento.`,
    codeIssuedForSender: (who) =>
      `${who} obtuvo un código de verificación para el destinatario, para entregárselo por su propio canal.`,
    codeValidatedFromSender: (who, forSigning) =>
      `${who} confirmó su identidad con el código que le dio el remitente ${forSigning ? 'antes de firmar' : 'para ver el documento'}.`,
    codeFailed: (who, tries) => `${who} escribió un código de verificación incorrecto (${tries}).`,
    cuilConfirmed: (who) => `${who} confirmó su CUIL.`,
    accessCodeEntered: (who) => `${who} ingresó el código de acceso que le dio el remitente.`,
    cuilWrong: (who, tries) => `${who} escribió un CUIL que no es el suyo (${tries}).`,
    accessCodeWrong: (who, tries) => `${who} ingresó un código de acceso incorrecto (${tries}).`,
    accountSignedIn: (who) => `${who} inició sesión en su cuenta de Firma con la dirección de correo del destinatario.`,
    accountRefused: (who) => `${who} había iniciado sesión en otra cuenta de Firma y fue rechazado.`,
    passkeyConfirmed: (who) => `${who} confirmó con una llave de acceso de su cuenta de Firma.`,
    passkeyFailed: (who) => `${who} usó una llave de acceso que no confirmó.`,
    accountPasswordEntered: (who) => `${who} ingresó la contraseña de su cuenta de Firma.`,
    accountPasswordWrong: (who, tries) => `${who} ingresó una contraseña incorrecta de su cuenta de Firma (${tries}).`,
    signUpLinkSent: (who) => `Se envió a ${who} un enlace para crear una cuenta de Firma.`,
    triesLeft: (n) =>
      n === null
        ? 'intento fallido'
        : n <= 0
          ? 'sin más intentos'
          : plural(L, n, { one: `queda ${n} intento`, other: `quedan ${n} intentos` }),
    signedTyped: (by, typed) => `${by} firmó escribiendo ${typed}.`,
    signedDrawn: (by) => `${by} firmó dibujando su firma.`,
    signedUploaded: (by) => `${by} firmó subiendo una imagen de su firma.`,
    prefilled: (by, field, value) => `${by} precompletó ${field} con ${value}.`,
    filled: (by, field, value) => (value ? `${by} completó ${field} con ${value}.` : `${by} completó ${field}.`),
    cleared: (who, field) => `${who} borró ${field}.`,
    recipientCompleted: (who, action) =>
      `${who} ${
        action === 'signed'
          ? 'firmó el documento'
          : action === 'approved'
            ? 'aprobó el documento'
            : action === 'viewed'
              ? 'vio el documento'
              : 'completó su parte'
      }.`,
    recipientRejected: (subject, bySender, reason) =>
      `${subject} rechazó el documento${bySender ? ' (registrado por el remitente)' : ''}.${reason ? ` Motivo: ${reason}.` : ''}`,
    documentCompleted: 'Todos los destinatarios terminaron; el documento fue sellado.',
    documentRejected: 'El documento se cerró como rechazado y fue sellado.',
    expired: (name) => `Venció el plazo de firma de ${name}.`,
    consentDigital: (who, version, statement) =>
      `${who} aceptó firmar digitalmente con su propio certificado (declaración versión ${version})${statement ? `: ${statement}` : ''}.`,
    consent: (who, version, statement) =>
      `${who} aceptó firmar electrónicamente (declaración versión ${version})${statement ? `: ${statement}` : ''}.`,
    downloaded: (who, certificate) =>
      `${who} descargó ${certificate ? 'el certificado' : 'el documento firmado'} desde su enlace.`,
    reminder: (name, n) => `Firma envió a ${name} el recordatorio${n ? ` n.º ${n}` : ''} de firmar.`,
    cancelled: (who) => `${who} canceló el documento.`,
    deleted: (who) => `${who} eliminó el documento.`,
    hashOriginal: 'SHA-256 del original',
    hashFinal: 'SHA-256 del archivo final sellado',
    hashSignatureImage: 'SHA-256 de la imagen de la firma',
    hashCertificate: 'SHA-256 del certificado de finalización',
  },
};
