/**
 * `Content-Disposition` for a download, per RFC 6266 and RFC 8187: `filename*` carries the real
 * name in UTF-8 (what browsers and `curl -OJ` use), `filename` an ASCII stand-in for old clients.
 * A raw non-ASCII byte in `filename="…"` is what made accented titles arrive as invalid UTF-8.
 */
export function contentDisposition(filename: string): string {
  return `attachment; filename="${asciiFallback(filename)}"; filename*=UTF-8''${encodeRfc8187(filename)}`;
}

/** Accents dropped (Locación → Locacion), anything else outside printable ASCII, `"` and `\` replaced. */
export function asciiFallback(filename: string): string {
  return filename
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/[^\x20-\x7e]|["\\]/g, '_');
}

/** RFC 8187's value-chars: percent-encoded UTF-8 except attr-char (encodeURIComponent leaves `'()*!` too). */
function encodeRfc8187(value: string): string {
  return encodeURIComponent(value).replace(/['()*!]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}
