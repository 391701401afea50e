import type { Readable } from 'node:stream';

/** A PDF on its way out: every download (v2, v1, signing, evidence) answers one of these. */
export interface PdfDownload {
  stream: Readable;
  size: number | null;
  filename: string;
}

/** A file name from a title: letters, digits and a few marks kept, the rest replaced, bounded. */
export function safeFilename(title: string): string {
  return (
    title
      .replace(/[^\p{L}\p{N} ._-]+/gu, '_')
      .trim()
      .slice(0, 120) || 'document'
  );
}
