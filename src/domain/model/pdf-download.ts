import type { Readable } from 'node:stream';

/** A PDF on its way out: every download (v2, v1, signing, evidence) answers one of these. */
export interface PdfDownload {
  stream: Readable;
  size: number | null;
  filename: string;
}

/**
 * A file name from a title, kept as the sender wrote it (accents, dashes, any script) except what
 * no file system or header should get: control and format characters, path separators and the
 * characters Windows reserves; no leading dot; at most 120 characters (whole code points).
 */
export function safeFilename(title: string): string {
  const cleaned = title
    .normalize('NFC')
    .replace(/[\p{C}/\\<>:"|?*]+/gu, '_')
    .replace(/\s+/gu, ' ')
    .replace(/^[\s.]+/u, '')
    .trim();
  return Array.from(cleaned).slice(0, 120).join('').trim() || 'document';
}
