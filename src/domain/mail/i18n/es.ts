import type { MailDictionary } from './mail-dictionary.js';

export const es: MailDictionary = {
  greeting: (name) => `${`Hola ${name}`.trim()},`,
  kinds: {
    signingRequest: {
      subject: (t) => `Revise y firme: ${t}`,
      intro: (t) => `Se le pidió que intervenga en «${t}».`,
      button: 'Abrir el documento',
    },
    reminder: {
      subject: (t) => `Recordatorio: revise y firme: ${t}`,
      intro: (t) => `Le recordamos que «${t}» todavía espera su intervención.`,
      button: 'Abrir el documento',
    },
    completed: {
      subject: (t) => `Completado: ${t}`,
      intro: (t) => `Todas las personas firmaron «${t}». El documento final, sellado digitalmente, está listo.`,
      button: 'Descargar el documento firmado',
    },
    rejected: {
      subject: (t) => `Rechazado: ${t}`,
      intro: (t) => `«${t}» fue rechazado por un destinatario y ya no puede firmarse.`,
      button: 'Ver el documento',
    },
    cancelled: {
      subject: (t) => `Cancelado: ${t}`,
      intro: (t) => `El remitente canceló «${t}». No tiene que hacer nada más.`,
      button: '',
    },
    recipientSigned: {
      subject: (t) => `Un destinatario terminó: ${t}`,
      intro: (t) => `Un destinatario completó su parte de «${t}».`,
      button: '',
    },
    recipientRemoved: {
      subject: (t) => `Ya no participa en: ${t}`,
      intro: (t) =>
        `El remitente canceló su participación en «${t}». Su enlace ya no funciona y no tiene que hacer nada más.`,
      button: '',
    },
    documentPending: {
      subject: (t) => `Esperando a los demás: ${t}`,
      intro: (t) => `Completó su parte de «${t}». Ahora espera a los demás destinatarios.`,
      button: '',
    },
    senderVerification: {
      subject: (t) => `Su código para confirmar ${t} como remitente`,
      intro: (t) =>
        `Alguien pidió enviar documentos para firmar desde ${t}. Ingrese este código para confirmar que la dirección es suya.`,
      button: '',
    },
    ownerCreated: {
      subject: (t) => `Documento creado: ${t}`,
      intro: (t) => `Se creó «${t}» en su plataforma.`,
      button: '',
    },
    ownerCompleted: {
      subject: (t) => `Documento completado: ${t}`,
      intro: (t) =>
        `Todos intervinieron en «${t}»; el PDF final y el certificado están sellados y listos para descargar.`,
      button: '',
    },
    ownerRecipientExpired: {
      subject: (t) => `Enlace de firma vencido: ${t}`,
      intro: (t) =>
        `El enlace de un destinatario de «${t}» venció antes de que actuara. Vuelva a distribuirlo para renovarlo.`,
      button: '',
    },
    verificationCode: {
      subject: (t) => `Su código de verificación para ${t}`,
      intro: (t) => `Alguien que abrió «${t}» con su enlace pidió un código de verificación.`,
      button: '',
    },
    directLinkCode: {
      subject: (t) => `Su código para firmar ${t}`,
      intro: (t) =>
        `Alguien pidió recibir «${t}» para firmar en esta dirección de correo. Ingrese este código en la página para confirmar que la dirección es suya.`,
      button: '',
    },
    accountVerification: {
      subject: (t) => `Confirme su dirección de correo: ${t}`,
      intro: (t) =>
        `Confirme que ${t} es su dirección para terminar de configurar su cuenta de Firma. El enlace funciona durante 24 horas.`,
      button: 'Confirmar mi dirección',
    },
    passwordReset: {
      subject: (t) => `Restablezca su contraseña de Firma: ${t}`,
      intro: (t) =>
        `Alguien pidió restablecer la contraseña de la cuenta de Firma ${t}. Si fue usted, elija una nueva: el enlace funciona una sola vez, durante 30 minutos. Si no fue usted, ignore este mensaje; su contraseña no cambia.`,
      button: 'Elegir una contraseña nueva',
    },
    invitation: {
      subject: (t) => `Invitación para unirse a ${t} en Firma`,
      intro: (t) =>
        `Recibió una invitación para unirse al equipo «${t}» en Firma, para enviar documentos a firmar y seguirlos. La invitación funciona durante 7 días.`,
      button: 'Aceptar la invitación',
    },
    recipientSignUp: {
      subject: (t) => `Cree su cuenta de Firma para ${t}`,
      intro: (t) =>
        `Se le envió un documento para firmar que le pide iniciar sesión en una cuenta de Firma con ${t}. Use este enlace para crear esa cuenta (no pertenece a ningún equipo). El enlace funciona una sola vez, durante 7 días.`,
      button: 'Crear mi cuenta',
    },
  },
  sender: (n) => `Remitente: ${n}`,
  code: (c) => `Su código: ${c}`,
  codeHint:
    'Vale por 10 minutos. No lo comparta: Firma nunca se lo va a pedir por teléfono ni por correo. Si no lo pidió, ignore este mensaje.',
  roles: {
    SIGNER: 'Por favor, fírmelo.',
    APPROVER: 'Por favor, apruébelo.',
    VIEWER: 'Por favor, revíselo.',
    ASSISTANT: 'Por favor, complete los campos que se le asignaron.',
    CC: 'Recibe una copia.',
  },
  digitalSigner: 'Por favor, fírmelo digitalmente con su propio certificado.',
  reason: 'Motivo indicado',
  attached: 'El documento firmado va adjunto a este mensaje.',
  linkHint: 'Si el botón no funciona, copie este enlace en su navegador:',
  privacy: 'Este enlace es personal: no lo reenvíe. Quien lo tenga puede actuar en su nombre.',
  footer: 'Enviado por Firma, firma electrónica de documentos.',
  directLinkUsed: (email) =>
    `Lo creó con el enlace directo de la plantilla un visitante confirmado como ${email} (con un código enviado a esa dirección).`,
};
