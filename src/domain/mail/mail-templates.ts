import { MAIL_DICTIONARIES, type MailLanguage } from './i18n/index.js';
import type { MailBrand } from './mail-brand.js';
import type { MailKind } from './i18n/mail-dictionary.js';

/**
 * The mails Firma sends, in every language a document can have (one dictionary per language in
 * `i18n/`): plain, accessible HTML (one column, real text, a visible link under the button) and an
 * equivalent text part. Every interpolated value is escaped.
 */
export type { MailKind, MailLanguage };

export interface MailContent {
  title: string;
  recipientName: string;
  senderMessage: string | null;
  actionUrl: string | null;
  role: string;
  /** DIGITAL: a signer asked to sign with their own certificate. */
  signatureLevel?: 'ELECTRONIC' | 'DIGITAL';
  reason?: string | null;
  /** A plain extra line (owner notices: who, what). */
  detail?: string | null;
  attached?: boolean;
  /** verificationCode: the one-time code (only in this mail, never stored in clear). */
  code?: string;
  /** Who sent the document (the platform's display name or name); null: Firma alone, said by the footer. */
  senderName?: string | null;
  /** The document's team's colour (button and links) and logo (above the text); HTML part only. */
  brand?: MailBrand;
}

const FIRMA_BLUE = '#1d4ed8';

/** The mails' words in `language`; English for a language no dictionary has (bad stored data). */
export function mailDictionary(language: string) {
  return MAIL_DICTIONARIES[language as MailLanguage] ?? MAIL_DICTIONARIES.en;
}

export function renderMail(
  kind: MailKind,
  language: MailLanguage,
  c: MailContent,
  customSubject?: string | null,
): { subject: string; text: string; html: string } {
  const t = mailDictionary(language);
  const k = t.kinds[kind];
  const roleLine =
    c.signatureLevel === 'DIGITAL' ? t.digitalSigner : ((t.roles as Record<string, string>)[c.role] ?? '');
  const greeting = t.greeting(c.recipientName || '');
  const lines: string[] = [greeting, '', k.intro(c.title)];
  if (c.senderName) lines.push(t.sender(c.senderName));
  const asks = kind === 'signingRequest' || kind === 'reminder';
  if (asks) lines.push(roleLine);
  if (c.code) lines.push('', t.code(c.code), t.codeHint);
  if (c.reason) lines.push('', `${t.reason}: ${c.reason}`);
  if (c.detail) lines.push('', c.detail);
  if (c.senderMessage) lines.push('', c.senderMessage);
  if (c.attached) lines.push('', t.attached);
  if (c.actionUrl && k.button) lines.push('', `${k.button}: ${c.actionUrl}`, '', t.privacy);
  lines.push('', '—', t.footer);

  const p = (s: string) => `<p style="margin:0 0 16px">${escapeHtml(s)}</p>`;
  // The team's colour passed the settings' 4.5:1 check against white; anything else is Firma's blue.
  const accent = c.brand?.color && /^#[0-9a-f]{6}$/.test(c.brand.color) ? c.brand.color : FIRMA_BLUE;
  const logo = c.brand?.logo
    ? `<p style="margin:0 0 24px"><img src="cid:${escapeHtml(c.brand.logo.cid)}" alt="${escapeHtml(c.brand.logo.alt)}" width="${c.brand.logo.width}" height="${c.brand.logo.height}" style="display:block;border:0;height:${c.brand.logo.height}px;width:${c.brand.logo.width}px"></p>`
    : '';
  const button =
    c.actionUrl && k.button
      ? `<p style="margin:24px 0"><a href="${escapeHtml(c.actionUrl)}" style="background:${accent};color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:600;display:inline-block">${escapeHtml(k.button)}</a></p>` +
        p(t.linkHint) +
        `<p style="margin:0 0 16px;word-break:break-all"><a href="${escapeHtml(c.actionUrl)}" style="color:${accent}">${escapeHtml(c.actionUrl)}</a></p>` +
        `<p style="margin:0 0 16px;color:#4b5563;font-size:14px">${escapeHtml(t.privacy)}</p>`
      : '';
  const body = [
    logo,
    p(greeting),
    p(k.intro(c.title)),
    c.senderName ? p(t.sender(c.senderName)) : '',
    asks ? p(roleLine) : '',
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
