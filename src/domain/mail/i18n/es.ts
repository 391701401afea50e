import type { MailDictionary } from './mail-dictionary.js';

export const es: MailDictionary = {
  greeting: (name) => `${`Hola ${name}`.trim()},`,
  kinds: {
    signingRequest: {
      subject: (t) => `Revisá y firmá: ${t}`,
      intro: (t) => `Te pidieron que intervengas en «${t}».`,
      button: 'Abrir el documento',
    },
    reminder: {
      subject: (t) => `Recordatorio: revisá y firmá: ${t}`,
      intro: (t) => `Te recordamos que «${t}» todavía espera tu intervención.`,
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
      intro: (t) => `El remitente canceló «${t}». No tenés que hacer nada más.`,
      button: '',
    },
    ownerCreated: {
      subject: (t) => `Documento creado: ${t}`,
      intro: (t) => `Se creó «${t}» en tu plataforma.`,
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
      intro: (t) => `El enlace de un destinatario de «${t}» venció antes de que actuara. Redistribuí para renovarlo.`,
      button: '',
    },
    verificationCode: {
      subject: (t) => `Tu código de verificación para ${t}`,
      intro: (t) => `Alguien que abrió «${t}» con tu enlace pidió un código de verificación.`,
      button: '',
    },
    directLinkCode: {
      subject: (t) => `Tu código para firmar ${t}`,
      intro: (t) =>
        `Alguien pidió recibir «${t}» para firmar en esta dirección de correo. Ingresá este código en la página para confirmar que la dirección es tuya.`,
      button: '',
    },
  },
  sender: (n) => `Remitente: ${n}`,
  code: (c) => `Tu código: ${c}`,
  codeHint:
    'Vale por 10 minutos. No lo compartas: Firma nunca te lo va a pedir por teléfono ni por correo. Si no lo pediste, ignorá este mensaje.',
  roles: {
    SIGNER: 'Por favor, firmalo.',
    APPROVER: 'Por favor, aprobalo.',
    VIEWER: 'Por favor, revisalo.',
    ASSISTANT: 'Por favor, completá los campos que te asignaron.',
    CC: 'Recibís una copia.',
  },
  reason: 'Motivo indicado',
  attached: 'El documento firmado va adjunto a este mensaje.',
  linkHint: 'Si el botón no funciona, copiá este enlace en tu navegador:',
  privacy: 'Este enlace es personal: no lo reenvíes. Quien lo tenga puede actuar en tu nombre.',
  footer: 'Enviado por Firma, firma electrónica de documentos.',
  directLinkUsed: (email) =>
    `Lo creó con el enlace directo de la plantilla un visitante confirmado como ${email} (con un código enviado a esa dirección).`,
};
