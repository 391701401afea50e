/**
 * Who an audit entry names and where the request came from. Its own module, below both the writer
 * (append-audit-event.ts) and the stored-JSON decoder (stored-audit.ts), which the entry hash
 * uses: the writer needs the hash, so the decoder must not need the writer.
 */

/** Who did it: an API caller (by token), a member in the web app, a recipient (by id), or Firma itself. */
export type AuditActor =
  | { kind: 'api'; tokenId: string; platformName: string }
  | { kind: 'user'; userId: string; name: string; email: string; platformName: string }
  | { kind: 'recipient'; recipientId: number; name: string; email: string }
  | { kind: 'system' };

/** The request an entry records: the client's address and user agent, when there was one. */
export interface RequestMeta {
  ip: string | null;
  userAgent: string | null;
}
