/**
 * The mails Firma sends, in English and Spanish: plain, accessible HTML (one column, real text,
 * a visible link under the button) and an equivalent text part. Every interpolated value is escaped.
 */
export type MailLanguage = 'en' | 'es';
export type MailKind =
  | 'signingRequest'
  | 'reminder'
  | 'completed'
  | 'rejected'
  | 'cancelled'
  | 'ownerCreated'
  | 'ownerCompleted'
  | 'ownerRecipientExpired'
  | 'verificationCode';

export interface MailContent {
  title: string;
  recipientName: string;
  senderMessage: string | null;
  actionUrl: string | null;
  role: string;
  reason?: string | null;
  /** A plain extra line (owner notices: who, what). */
  detail?: string | null;
  attached?: boolean;
  /** verificationCode: the one-time code (only in this mail, never stored in clear). */
  code?: string;
}

const T = {
  en: {
    signingRequest: {
      subject: (t: string) => `Please review and sign: ${t}`,
      intro: (t: string) => `You have been asked to act on “${t}”.`,
      button: 'Open the document',
      hello: 'Hello',
    },
    reminder: {
      subject: (t: string) => `Reminder: please review and sign: ${t}`,
      intro: (t: string) => `A reminder: “${t}” is still waiting for you.`,
      button: 'Open the document',
      hello: 'Hello',
    },
    completed: {
      subject: (t: string) => `Completed: ${t}`,
      intro: (t: string) => `Everyone has signed “${t}”. The final, digitally sealed document is ready.`,
      button: 'Download the signed document',
      hello: 'Hello',
    },
    rejected: {
      subject: (t: string) => `Rejected: ${t}`,
      intro: (t: string) => `“${t}” was rejected by a recipient and can no longer be signed.`,
      button: 'View the document',
      hello: 'Hello',
    },
    cancelled: {
      subject: (t: string) => `Cancelled: ${t}`,
      intro: (t: string) => `The sender cancelled “${t}”. There is nothing more for you to do.`,
      button: '',
      hello: 'Hello',
    },
    ownerCreated: {
      subject: (t: string) => `Document created: ${t}`,
      intro: (t: string) => `“${t}” was created on your platform.`,
      button: '',
      hello: 'Hello',
    },
    ownerCompleted: {
      subject: (t: string) => `Document completed: ${t}`,
      intro: (t: string) =>
        `Everyone has acted on “${t}”; its final PDF and certificate are sealed and ready to download.`,
      button: '',
      hello: 'Hello',
    },
    ownerRecipientExpired: {
      subject: (t: string) => `Signing link expired: ${t}`,
      intro: (t: string) => `A recipient's link to “${t}” expired before they acted. Redistribute to renew it.`,
      button: '',
      hello: 'Hello',
    },
    verificationCode: {
      subject: (t: string) => `Your verification code for ${t}`,
      intro: (t: string) => `Someone opening “${t}” with your link asked for a verification code.`,
      button: '',
      hello: 'Hello',
    },
    code: (c: string) => `Your code: ${c}`,
    codeHint:
      'It is valid for 10 minutes. Never share it: Firma will never ask you for it by phone or mail. If you did not ask for it, ignore this message.',
    roles: {
      SIGNER: 'Please sign it.',
      APPROVER: 'Please approve it.',
      VIEWER: 'Please review it.',
      ASSISTANT: 'Please fill in the fields assigned to you.',
      CC: 'You receive a copy.',
    } as Record<string, string>,
    reason: 'Reason given',
    attached: 'The signed document is attached to this message.',
    linkHint: 'If the button does not work, copy this link into your browser:',
    privacy: 'This link is personal: do not forward it. Anyone who has it can act in your name.',
    footer: 'Sent by Firma, electronic document signing.',
  },
  es: {
    signingRequest: {
      subject: (t: string) => `Revisá y firmá: ${t}`,
      intro: (t: string) => `Te pidieron que intervengas en «${t}».`,
      button: 'Abrir el documento',
      hello: 'Hola',
    },
    reminder: {
      subject: (t: string) => `Recordatorio: revisá y firmá: ${t}`,
      intro: (t: string) => `Te recordamos que «${t}» todavía espera tu intervención.`,
      button: 'Abrir el documento',
      hello: 'Hola',
    },
    completed: {
      subject: (t: string) => `Completado: ${t}`,
      intro: (t: string) => `Todas las personas firmaron «${t}». El documento final, sellado digitalmente, está listo.`,
      button: 'Descargar el documento firmado',
      hello: 'Hola',
    },
    rejected: {
      subject: (t: string) => `Rechazado: ${t}`,
      intro: (t: string) => `«${t}» fue rechazado por un destinatario y ya no puede firmarse.`,
      button: 'Ver el documento',
      hello: 'Hola',
    },
    cancelled: {
      subject: (t: string) => `Cancelado: ${t}`,
      intro: (t: string) => `El remitente canceló «${t}». No tenés que hacer nada más.`,
      button: '',
      hello: 'Hola',
    },
    ownerCreated: {
      subject: (t: string) => `Documento creado: ${t}`,
      intro: (t: string) => `Se creó «${t}» en tu plataforma.`,
      button: '',
      hello: 'Hola',
    },
    ownerCompleted: {
      subject: (t: string) => `Documento completado: ${t}`,
      intro: (t: string) =>
        `Todos intervinieron en «${t}»; el PDF final y el certificado están sellados y listos para descargar.`,
      button: '',
      hello: 'Hola',
    },
    ownerRecipientExpired: {
      subject: (t: string) => `Enlace de firma vencido: ${t}`,
      intro: (t: string) =>
        `El enlace de un destinatario de «${t}» venció antes de que actuara. Redistribuí para renovarlo.`,
      button: '',
      hello: 'Hola',
    },
    verificationCode: {
      subject: (t: string) => `Tu código de verificación para ${t}`,
      intro: (t: string) => `Alguien que abrió «${t}» con tu enlace pidió un código de verificación.`,
      button: '',
      hello: 'Hola',
    },
    code: (c: string) => `Tu código: ${c}`,
    codeHint:
      'Vale por 10 minutos. No lo compartas: Firma nunca te lo va a pedir por teléfono ni por correo. Si no lo pediste, ignorá este mensaje.',
    roles: {
      SIGNER: 'Por favor, firmalo.',
      APPROVER: 'Por favor, aprobalo.',
      VIEWER: 'Por favor, revisalo.',
      ASSISTANT: 'Por favor, completá los campos que te asignaron.',
      CC: 'Recibís una copia.',
    } as Record<string, string>,
    reason: 'Motivo indicado',
    attached: 'El documento firmado va adjunto a este mensaje.',
    linkHint: 'Si el botón no funciona, copiá este enlace en tu navegador:',
    privacy: 'Este enlace es personal: no lo reenvíes. Quien lo tenga puede actuar en tu nombre.',
    footer: 'Enviado por Firma, firma electrónica de documentos.',
  },
};

export function renderMail(
  kind: MailKind,
  language: MailLanguage,
  c: MailContent,
  customSubject?: string | null,
): { subject: string; text: string; html: string } {
  const t = T[language];
  const k = t[kind];
  const lines: string[] = [`${k.hello} ${c.recipientName || ''}`.trim() + ',', '', k.intro(c.title)];
  const asks = kind === 'signingRequest' || kind === 'reminder';
  if (asks) lines.push(t.roles[c.role] ?? '');
  if (c.code) lines.push('', t.code(c.code), t.codeHint);
  if (c.reason) lines.push('', `${t.reason}: ${c.reason}`);
  if (c.detail) lines.push('', c.detail);
  if (c.senderMessage) lines.push('', c.senderMessage);
  if (c.attached) lines.push('', t.attached);
  if (c.actionUrl && k.button) lines.push('', `${k.button}: ${c.actionUrl}`, '', t.privacy);
  lines.push('', '—', t.footer);

  const p = (s: string) => `<p style="margin:0 0 16px">${escapeHtml(s)}</p>`;
  const button =
    c.actionUrl && k.button
      ? `<p style="margin:24px 0"><a href="${escapeHtml(c.actionUrl)}" style="background:#1d4ed8;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:600;display:inline-block">${escapeHtml(k.button)}</a></p>` +
        p(t.linkHint) +
        `<p style="margin:0 0 16px;word-break:break-all"><a href="${escapeHtml(c.actionUrl)}" style="color:#1d4ed8">${escapeHtml(c.actionUrl)}</a></p>` +
        `<p style="margin:0 0 16px;color:#4b5563;font-size:14px">${escapeHtml(t.privacy)}</p>`
      : '';
  const body = [
    p(`${k.hello} ${c.recipientName || ''}`.trim() + ','),
    p(k.intro(c.title)),
    asks ? p(t.roles[c.role] ?? '') : '',
    c.code
      ? `<p style="margin:0 0 16px;font-size:24px;font-weight:700;letter-spacing:4px">${escapeHtml(t.code(c.code))}</p>` +
        p(t.codeHint)
      : '',
    c.reason ? p(`${t.reason}: ${c.reason}`) : '',
    c.detail ? p(c.detail) : '',
    c.senderMessage
      ? `<blockquote style="margin:0 0 16px;padding:8px 16px;border-left:4px solid #d1d5db;white-space:pre-wrap">${escapeHtml(c.senderMessage)}</blockquote>`
      : '',
    c.attached ? p(t.attached) : '',
    button,
  ].join('');
  const subject = (customSubject && kind === 'signingRequest' ? customSubject : k.subject(c.title)).replace(
    /[\r\n]+/g,
    ' ',
  );
  const html =
    `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>` +
    `<body style="margin:0;padding:24px;background:#f3f4f6;font-family:system-ui,-apple-system,Segoe UI,Roboto,Arial,sans-serif;color:#111827;line-height:1.5">` +
    `<main style="max-width:560px;margin:0 auto;background:#ffffff;padding:32px;border-radius:8px">${body}</main>` +
    `<p style="max-width:560px;margin:16px auto 0;color:#6b7280;font-size:12px;text-align:center">${escapeHtml(t.footer)}</p></body></html>`;
  return { subject, text: lines.join('\n'), html };
}

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);
}
