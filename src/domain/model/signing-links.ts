import { createHash } from 'node:crypto';
import type { RecipientRow } from '../../db/repositories/envelope.repo.js';
import type { Ctx } from '../context.js';
import { randomToken } from '../ids.js';
import { mustAct } from './signing-turn.js';

/** 32 random bytes: 256 bits, well past the 128 required. */
export function newSigningToken(): string {
  return randomToken(32);
}

export function hashSigningToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function signingUrl(ctx: Ctx, token: string): string {
  return `${ctx.config.publicUrl}/sign/${token}`;
}

export interface SigningLink {
  id: number;
  name: string;
  email: string;
  role: RecipientRow['role'];
  signingOrder: number | null;
  token: string;
  signingUrl: string;
}

/**
 * Reads a recipient's signing token for an API answer ('' while none is issued); `open` reads
 * another sealed capability of the same owner (a template's direct-link token).
 */
export interface TokenReveal {
  (r: RecipientRow): string;
  open(sealed: string): string;
}

/**
 * Documenso answers each recipient's signing token to the document's owner, and integrations build
 * embedded signing on it, so Firma does too, for full-scope tokens of the owning platform only:
 * a read-scope token (a dashboard, a reporting job) or a presign token never sees one, and webhooks and logs never
 * carry one (their presenters take no reveal).
 */
export function tokenRevealFor(
  ctx: Ctx,
  principal: { scope: 'read' | 'full'; presign?: unknown; member?: unknown },
): TokenReveal | undefined {
  // A presign token lives in a browser: it acts for the owner but never learns a signer's link;
  // nor does a member in the web app, whose pages never show one.
  if (principal.scope !== 'full' || principal.presign || principal.member) return undefined;
  const open = (sealed: string) => ctx.secrets.open(sealed);
  return Object.assign((r: RecipientRow) => (r.tokenSealed !== null && mustAct(r) ? open(r.tokenSealed) : ''), {
    open,
  });
}

/**
 * One recipient in Documenso's SigningRecipient shape. The token and URL come through `reveal`
 * only, and only for a recipient who must act and has been issued a token: a CC recipient, a
 * recipient of a document not yet distributed, and any recipient answered to a presign or
 * read-scope caller (see tokenRevealFor) get '' for both, the shape Documenso's SDK still
 * validates, so an embedding browser never learns a link that signs as someone else.
 */
function signingRecipient(ctx: Ctx, r: RecipientRow, reveal: TokenReveal | undefined): SigningLink {
  const token = reveal ? reveal(r) : '';
  return {
    id: r.id,
    name: r.name,
    email: r.email,
    role: r.role,
    signingOrder: r.signingOrder,
    token,
    signingUrl: token ? signingUrl(ctx, token) : '',
  };
}

/**
 * The links of every recipient who must act (CC recipients act on nothing and get none), for the
 * redistribute answer, `document/distribute`'s signing URLs and a direct link's visitor.
 */
export function signingLinks(
  ctx: Ctx,
  recipients: RecipientRow[],
  reveal: TokenReveal | undefined,
  only?: Set<number>,
): SigningLink[] {
  return recipients
    .filter((r) => mustAct(r) && r.tokenSealed !== null && (!only || only.has(r.id)))
    .map((r) => signingRecipient(ctx, r, reveal));
}

/**
 * Every recipient of the envelope, CC included, as Documenso answers `envelope/distribute` and
 * `envelope/use`: an integration reads the new recipient ids from it even before the document is
 * sent. Only acting recipients with a token carry one (see signingRecipient).
 */
export function recipientLinks(ctx: Ctx, recipients: RecipientRow[], reveal: TokenReveal | undefined): SigningLink[] {
  return recipients.map((r) => signingRecipient(ctx, r, reveal));
}
